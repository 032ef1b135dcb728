// The buyer's guard for routes that load and save in clientLoader/clientAction (the profile): the
// route guard of docs/product.md §2 and the "session expired" path of docs/product.md §4, as redirects thrown before
// anything renders. The server checks every call again; this only keeps visitors off the screen.
import { redirectTo } from "../forms/redirect-response";
import { ApiError } from "../api";
import { SESSION_EXPIRED_MESSAGE } from "@workers/shared/error-messages";
import { SESSION_EXPIRED_REDIRECT_MS } from "./auth";
import { loginPathFor } from "./redirects";
import { clearSession, readAccessToken } from "./session";
import { toast } from "../toast";

function here(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Throws the redirect (replacing this entry, as the guard always did) to /login?redirect={path and query} unless a session is stored. */
export function requireSession(request: Request): void {
  if (!readAccessToken()) throw redirectTo(loginPathFor(here(request)), { replace: true });
}

// Loaders of one page run side by side: several failing calls end the session with one toast.
let ending: Promise<never> | null = null;

/**
 * A 401 the API could not recover from (the refresh failed too): forget the session, say so, and
 * after 1.5 s throw the redirect to /login with this page as the way back.
 */
export function sessionEnded(request: Request): Promise<never> {
  ending ??= (async () => {
    clearSession();
    toast.error(SESSION_EXPIRED_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, SESSION_EXPIRED_REDIRECT_MS));
    ending = null;
    throw redirectTo(loginPathFor(here(request)), { replace: true });
  })();
  return ending;
}

export function isSessionOver(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
