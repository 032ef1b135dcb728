// Who is logged in and logging out: what the header needs of the session, on every page. The
// "session expired" path, which the header does not need, stays in auth.ts.
import { useEffect, useState } from "react";
import { apiCall } from "../../platform/api";
import { clearSession, readRefreshToken, readStoredUser, subscribeSession, type SessionUser } from "./session";

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

/** Ends the session here and on the server. The server call may fail: the browser forgets anyway. */
export function logout() {
  const refresh = readRefreshToken();
  clearSession();
  if (refresh) {
    apiCall((api) => api.api.auth.logout.$post({ json: { refresh } }), { keepalive: true }).catch(() => {
      // the session is already gone from this browser
    });
  }
}
