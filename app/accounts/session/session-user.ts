// Who is logged in: what the header needs of the session, on every page. Logging out (logout.ts)
// comes with the header's menus, and the "session expired" path, which the header does not need,
// stays in auth.ts.
import { useEffect, useState } from "react";
import { readStoredUser, subscribeSession, type SessionUser } from "./session";

/**
 * The stored user, following changes in this tab and others (browser-only: local storage).
 * Undefined on the server and until hydrated, null when nobody is logged in.
 */
export function useSessionUser(): SessionUser | null | undefined {
  const [user, setUser] = useState<SessionUser | null>();
  useEffect(() => {
    const update = () => setUser(readStoredUser());
    update();
    return subscribeSession(update);
  }, []);
  return user;
}
