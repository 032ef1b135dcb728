// The API client behind apiCall (api.ts): hono's typed client, the stored token with one silent
// refresh on 401, the answer's checks and the product's messages for a failure (docs/product.md §8).
// Loaded with the first call, so no public page carries it (the profile preloads it: it calls at once).
import { hc } from "hono/client";
import type { ApiType } from "@workers/api";
import { SESSION_EXPIRED_MESSAGE } from "@workers/shared/error-texts";
import type { Locale } from "~/i18n/locale";
import { networkWords } from "~/i18n/vi/network";
import { wordsIn } from "~/i18n/words";
import { type Answer, type ApiClient, ApiError, type ApiOptions, type CallOptions, type FieldErrors } from "./api-base";
import { newIdempotencyKey } from "./idempotency-key";
import { clearSession, REFRESH_ATTEMPT_KEY, readAccessToken, readRefreshToken, saveTokens } from "../accounts/session/session";

/** The page's language, from its <html lang> (English on /en/ pages), for the words said here. */
function pageLocale(): Locale {
  return typeof document !== "undefined" && document.documentElement.lang === "en" ? "en" : "vi";
}

function normaliseErrors(value: unknown): FieldErrors | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((item): item is string => typeof item === "string" && item.trim() !== "");
    if (list.length) errors[field] = list;
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * The message for a response that was not ok; a body that is not JSON names the status. The rules
 * that read a refusal's body (and its field names) come with the first refusal, not with the client:
 * the profile, which preloads the client, is 1 KB lighter. If they cannot be fetched, the network
 * went: the person reads what any call that lost the network says.
 */
export async function errorMessageFromResponse(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return wordsIn(pageLocale(), networkWords).serverError(response.status, response.statusText);
  }
  return import("./refusal-message").then(
    ({ extractErrorMessage }) => extractErrorMessage(body),
    () => wordsIn(pageLocale(), networkWords).networkError,
  );
}

/** The message for a fetch that threw before any response arrived. */
export function networkErrorMessage(error: unknown): string {
  const words = wordsIn(pageLocale(), networkWords);
  if (typeof navigator !== "undefined" && navigator.onLine === false) return words.networkError;
  return error instanceof TypeError ? words.serverUnreachable : words.networkError;
}

/** A request as it goes out, before its token: what apiCall and the token refresh send. */
type Outgoing = { method: string; headers: Record<string, string>; body?: BodyInit; signal?: AbortSignal; keepalive?: boolean };

function outgoing(options: ApiOptions): Outgoing {
  const headers: Record<string, string> = { ...options.headers };
  // FormData and raw bytes go as they are (the browser sets the multipart boundary); the rest is JSON.
  const raw = options.body instanceof FormData || options.body instanceof Blob || options.body instanceof ArrayBuffer;
  if (options.body !== undefined && !raw) headers["Content-Type"] = "application/json";
  return {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : raw ? (options.body as BodyInit) : JSON.stringify(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
  };
}

// ---------------------------------------------------------------- the D1 bookmark

/** The header and the storage key of the newest database state this browser has seen (docs/decisions/0029-read-replicas-and-placement.md). */
const BOOKMARK_HEADER = "x-d1-bookmark";
const BOOKMARK_KEY = "d1_bookmark";

function storedBookmark(): string | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage.getItem(BOOKMARK_KEY);
  } catch {
    return null; // storage refused: reads then start where the server decides
  }
}

/**
 * Keeps the answer's bookmark when it is newer (bookmarks sort oldest to newest), in localStorage so
 * every tab reads at least what any of them wrote: a purchase, then the balance in another tab.
 */
function keepBookmark(response: Response): void {
  const bookmark = response.headers.get(BOOKMARK_HEADER);
  if (!bookmark) return;
  const stored = storedBookmark();
  if (stored !== null && stored >= bookmark) return;
  try {
    window.localStorage.setItem(BOOKMARK_KEY, bookmark);
  } catch {
    // storage refused: nothing to keep
  }
}

async function send(path: string, request: Outgoing, token: string | null): Promise<Response> {
  // The API answers refusals in the page's language (docs/api.md): English on /en/ pages, else Vietnamese.
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": pageLocale(), ...request.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  const bookmark = storedBookmark();
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  try {
    const response = await fetch(path, { method: request.method, headers, body: request.body, signal: request.signal, keepalive: request.keepalive, credentials: "same-origin" });
    keepBookmark(response);
    return response;
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, networkErrorMessage(error));
  }
}

async function failure(response: Response): Promise<ApiError> {
  const message = await errorMessageFromResponse(response.clone());
  const body = (await response.json().catch(() => null)) as { errors?: unknown } | null;
  return new ApiError(response.status, message, normaliseErrors(body?.errors));
}

async function result<T>(response: Response): Promise<T> {
  if (!response.ok) throw await failure(response);
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { success?: boolean } | undefined;
  if (body === undefined) {
    if (response.status === 204) return undefined as T;
    throw new ApiError(response.status, wordsIn(pageLocale(), networkWords).serverError(response.status, response.statusText));
  }
  if (body && body.success === false) throw await failure(response);
  return body as T;
}

// ---------------------------------------------------------------- refresh

let refreshing: Promise<string | null> | null = null;

/** Serialises refreshes across tabs where the browser can (Web Locks): two tabs rotating the same
 *  refresh token would look like token reuse and end the session family. */
async function underRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request("igh-token-refresh", task) : task();
}

/** The Idempotency-Key to rotate `refresh` under: the one kept for it (its answer never came), else a new one, kept. */
function refreshAttemptKey(refresh: string): string {
  const [key, keptFor] = (localStorage.getItem(REFRESH_ATTEMPT_KEY) ?? "").split(" ");
  if (key && keptFor === refresh) return key;
  const fresh = newIdempotencyKey();
  localStorage.setItem(REFRESH_ATTEMPT_KEY, `${fresh} ${refresh}`);
  return fresh;
}

async function rotate(): Promise<string | null> {
  const seen = readRefreshToken();
  return underRefreshLock(async () => {
    const refresh = readRefreshToken();
    if (!refresh) {
      clearSession();
      return null;
    }
    // Another tab rotated while we waited: its new access token is ours too.
    if (refresh !== seen) return readAccessToken();
    // Asked again under the same key until its answer is stored: a lost answer is not reuse.
    const headers = { "Idempotency-Key": refreshAttemptKey(refresh) };
    const response = await send("/api/auth/token/refresh/", outgoing({ method: "POST", body: { refresh }, headers }), null);
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      clearSession();
      return null;
    }
    const body = await result<{ access?: string; refresh?: string }>(response);
    if (!body?.access || !body.refresh) {
      clearSession();
      return null;
    }
    saveTokens(body.access, body.refresh);
    return body.access;
  });
}

/** One refresh at a time in this tab: concurrent 401s share it. Null when the session is over. */
function refreshAccessToken(): Promise<string | null> {
  refreshing ??= rotate().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// ---------------------------------------------------------------- calls

/** Sends `request` to `path` with the stored token when `auth`, refreshing it once on 401. */
async function deliver(path: string, request: Outgoing, auth: boolean | undefined): Promise<Response> {
  let token = auth ? readAccessToken() : null;
  if (auth && !token) {
    token = readRefreshToken() ? await refreshAccessToken() : null;
    if (!token) {
      clearSession();
      throw new ApiError(401, SESSION_EXPIRED_MESSAGE);
    }
  }
  let response = await send(path, request, token);
  if (response.status === 401 && auth) {
    // A concurrent call may already have refreshed; otherwise refresh now (once).
    const current = readAccessToken();
    const next = current && current !== token ? current : await refreshAccessToken();
    if (!next) throw await failure(response);
    response = await send(path, request, next);
  }
  return response;
}

// ---------------------------------------------------------------- the typed client

/** The API's paths end in a slash (the router takes either; the slash is how every caller writes them). */
function withSlash(url: string): string {
  return url.replace(/^([^?]*?)\/?(\?|$)/, "$1/$2");
}

/** apiCall's work (api.ts): the call through hono's typed client, delivered with the token, checked as an answer. */
export async function callApi<R>(call: (api: ApiClient) => Promise<R>, options: CallOptions): Promise<Answer<R>> {
  const client = hc<ApiType>("/", {
    fetch: (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = { ...Object.fromEntries(new Headers(init.headers).entries()), ...options.headers };
      const method = init.method ?? "GET";
      const signal = options.signalStopsReadsOnly && method !== "GET" ? undefined : options.signal;
      const request: Outgoing = { method, headers, body: init.body ?? undefined, signal, keepalive: options.keepalive };
      return deliver(withSlash(String(input)), request, options.auth);
    },
  });
  return result<Answer<R>>((await call(client)) as unknown as Response);
}

/**
 * A file the API answers (the admin's CSV exports), delivered like any call: the stored token, one
 * refresh on 401, and a refusal as an ApiError with its message. Resolves to the response to read.
 */
export async function fetchFile(path: string): Promise<Response> {
  const response = await deliver(path, outgoing({ method: "GET" }), true);
  if (!response.ok) throw await failure(response);
  return response;
}
