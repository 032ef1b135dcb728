// The session as screens use it: who is logged in (session-user.ts, with logout) and the
// "session expired" path of docs/product.md §4. The route guard itself is in session-route.ts (the profile layout's clientLoader).
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { sessionWords } from "~/i18n/vi/session";
import { useWords } from "~/i18n/words";
import { loginPathFor } from "./login-path";
import { clearSession } from "./session";
import { toast } from "../../ui/toast";

export { useSessionUser } from "./session-user";

export const SESSION_EXPIRED_REDIRECT_MS = 1500;

/**
 * What a protected screen does on a 401 it cannot recover from (docs/product.md §4 "Session"): forget the
 * session, say so (by default in the page's language), and go to /login after 1.5 s (the sign-in in
 * the page's language, loginPathFor). Several failing calls produce one toast.
 */
export function useSessionExpired(message?: string, delayMs: number = SESSION_EXPIRED_REDIRECT_MS): () => void {
  const words = useWords(sessionWords);
  const said = message ?? words.expired;
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  return useCallback(() => {
    if (pending.current) return;
    clearSession();
    toast.error(said);
    pending.current = setTimeout(() => navigate(loginPathFor(here), { replace: true }), delayMs);
  }, [navigate, here, said, delayMs]);
}
