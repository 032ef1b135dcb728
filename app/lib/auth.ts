// The session as screens use it: who is logged in, logout, and the "session expired" path of
// docs/product.md §4. The route guard itself is in session-route.ts (the profile layout's clientLoader).
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { SESSION_EXPIRED_MESSAGE } from "@workers/shared/error-messages";
import { apiCall } from "./api";
import { loginPathFor } from "./redirects";
import { clearSession, readRefreshToken, readStoredUser, subscribeSession, type SessionUser } from "./session";
import { toast } from "./toast";

export const SESSION_EXPIRED_REDIRECT_MS = 1500;

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

/**
 * What a protected screen does on a 401 it cannot recover from (docs/product.md §4 "Session"): forget the
 * session, say so, and go to /login after 1.5 s. Several failing calls produce one toast.
 */
export function useSessionExpired(message: string = SESSION_EXPIRED_MESSAGE, delayMs: number = SESSION_EXPIRED_REDIRECT_MS): () => void {
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
    toast.error(message);
    pending.current = setTimeout(() => navigate(loginPathFor(here), { replace: true }), delayMs);
  }, [navigate, here, message, delayMs]);
}
