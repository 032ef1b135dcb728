// The buyer's guard for routes that load and save in clientLoader/clientAction (the profile): the
// route guard of docs/product.md §2 and the "session expired" path of docs/product.md §4, as redirects thrown before
// anything renders. The server checks every call again; this only keeps visitors off the screen.
import { redirectTo } from "../../ui/forms/redirect-response";
import { ApiError } from "../../platform/api";
import { requestLocale } from "~/i18n/locale";
import { sessionWords } from "~/i18n/vi/session";
import { wordsIn } from "~/i18n/words";
import { SESSION_EXPIRED_REDIRECT_MS } from "./auth";
import { loginPathFor } from "./login-path";
import { clearSession, readAccessToken } from "./session";
import { toast } from "../../ui/toast";

/** The page a load or action ran for (without the `?index` Remix adds to an index route's action address). */
function here(request: Request): string {
  const url = new URL(request.url);
  if (url.searchParams.get("index") !== "") return url.pathname + url.search;
  url.searchParams.delete("index");
  return url.pathname + (url.searchParams.size ? `?${url.searchParams}` : "");
}

/** Throws the redirect (replacing this entry, as the guard always did) to /login?redirect={path and query} unless a session is stored. */
export function requireSession(request: Request): void {
  if (!readAccessToken()) throw redirectTo(loginPathFor(here(request)), { replace: true });
}

// Loaders of one page run side by side: several failing calls end the session with one toast.
let ending: Promise<never> | null = null;

/**
 * A 401 the API could not recover from (the refresh failed too): forget the session, say so, and
 * after 1.5 s throw the redirect to /login with this page as the way back. A top-up's creation
 * says it in the wallet's words, 2 s (docs/product.md §8 "Wallet").
 */
export function sessionEnded(request: Request, { message = wordsIn(requestLocale(request), sessionWords).expired, delayMs = SESSION_EXPIRED_REDIRECT_MS } = {}): Promise<never> {
  ending ??= (async () => {
    clearSession();
    toast.error(message);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    ending = null;
    throw redirectTo(loginPathFor(here(request)), { replace: true });
  })();
  return ending;
}

export function isSessionOver(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
