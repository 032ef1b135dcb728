// The admin screens' data path (routes/admin.tsx and its children load and save in
// clientLoader/clientAction). The guard lives once, in the layout's clientLoader; the server
// checks every admin call again, so this only keeps others off the screen.
import { redirectTo } from "../ui/forms/redirect-response";
import { ADMIN_MESSAGES, type AdminVerdict, adminVerdict } from "./admin";
import { type Answer, type ApiClient, ApiError, apiCall, type CallOptions, type FieldErrors } from "../platform/api";
import { SESSION_EXPIRED_MESSAGE } from "@workers/shared/error-texts";
import { SECOND_FACTOR_REQUIRED_MESSAGE } from "@workers/shared/refusals/words";
import { loginPathFor } from "../accounts/session/login-path";
import { tokenHasSecondFactor } from "../accounts/session/second-factor";
import { clearSession, readAccessToken, STORAGE_KEYS } from "../accounts/session/session";
import { toast } from "../ui/toast";

function here(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

function rawUser(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    return null;
  }
}

/** "second_factor": an admin whose sign-in did not pass the second factor (issue #15). */
type StoredVerdict = AdminVerdict | "second_factor";

/** Where an admin without the second factor goes: the profile's Bảo mật section (enrol, or sign in again). */
const SECURITY_PATH = "/profile/security";

function storedVerdict(): StoredVerdict {
  const token = readAccessToken();
  const verdict = adminVerdict(token, rawUser());
  return verdict === "admin" && !tokenHasSecondFactor(token) ? "second_factor" : verdict;
}

/** Where someone without an admin session goes: the dashboard when signed in, else the login. */
function awayFrom(request: Request, verdict: StoredVerdict): Response {
  if (verdict === "second_factor") return redirectTo(SECURITY_PATH);
  return redirectTo(verdict === "denied" ? "/dashboard" : loginPathFor(here(request)));
}

/** The layout's guard: throws a redirect, with the product's message, unless the stored session is an admin's. */
export function requireAdminSession(request: Request): void {
  const verdict = storedVerdict();
  if (verdict === "admin") return;
  if (verdict === "denied") toast.error(ADMIN_MESSAGES.accessDenied);
  else if (verdict === "second_factor") toast.error(SECOND_FACTOR_REQUIRED_MESSAGE);
  else {
    if (verdict === "invalid") clearSession();
    toast.error(verdict === "login" ? ADMIN_MESSAGES.loginRequired : ADMIN_MESSAGES.invalidSession);
  }
  throw awayFrom(request, verdict);
}

/**
 * An admin API call from a child route's clientLoader or clientAction, through the typed client
 * (app/platform/api.ts apiCall): the answer's type is the route's own. The layout's guard runs
 * alongside, not before, a child's loader: without an admin session the call is not sent and the
 * same redirect is thrown silently (the layout has already said why).
 */
export function adminCall<R>(request: Request, call: (api: ApiClient) => Promise<R>, options: Omit<CallOptions, "auth" | "signal" | "signalStopsReadsOnly"> = {}): Promise<Answer<R>> {
  const verdict = storedVerdict();
  if (verdict !== "admin") throw awayFrom(request, verdict);
  // A read stops when its navigation is replaced; a change is never cut off half-way, so it
  // happens on the server or not, and its toast says which, even if the screen moved on.
  return apiCall(call, { ...options, signal: request.signal, signalStopsReadsOnly: true, auth: true });
}

/**
 * A failed admin call: a redirect goes on; 401 (the session could not be refreshed) and 403 throw the same redirects
 * as the guard; anything else is returned as the message to show.
 */
export function adminCallFailure(error: unknown, request: Request, fallback: string): string {
  if (error instanceof Response) throw error; // adminCall's redirect
  if (error instanceof ApiError && error.status === 401) {
    clearSession();
    toast.error(SESSION_EXPIRED_MESSAGE);
    throw redirectTo(loginPathFor(here(request)));
  }
  if (error instanceof ApiError && error.status === 403 && error.message === SECOND_FACTOR_REQUIRED_MESSAGE) {
    toast.error(SECOND_FACTOR_REQUIRED_MESSAGE);
    throw redirectTo(SECURITY_PATH);
  }
  if (error instanceof ApiError && error.status === 403) {
    toast.error(ADMIN_MESSAGES.accessDenied);
    throw redirectTo("/dashboard");
  }
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export type ActionFailed = { ok: false; error: string; errors: FieldErrors | null };
/** What an admin clientAction answers: done (with what the call returned), or refused with the message shown. */
export type ActionResult<T = null> = { ok: true; data: T } | ActionFailed;

/**
 * The failure of an admin clientAction: the message in a red toast (optionally reworded, e.g.
 * 'Lỗi khi thêm keys: …') and returned with the server's field errors. A form that shows those
 * errors itself (`shownInForm`) is the one place a refusal carrying them is told: no toast too
 * (told once, issue 53 item 4).
 */
export function actionFailure(error: unknown, request: Request, fallback: string, format?: (message: string) => string, { shownInForm = false } = {}): ActionFailed {
  const message = adminCallFailure(error, request, fallback);
  const shown = format ? format(message) : message;
  const errors = error instanceof ApiError ? error.errors : null;
  if (!(shownInForm && errors && Object.keys(errors).length > 0)) toast.error(shown);
  return { ok: false, error: shown, errors };
}

/** A clientAction's JSON body (forms that carry more than strings submit with encType application/json). */
export async function jsonBody<T>(request: Request): Promise<T> {
  return (await request.json()) as T;
}
