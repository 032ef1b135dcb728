// The browser's one way to call the API: JSON in and out, the Bearer token when asked, one
// silent token refresh on 401, and failures as an ApiError carrying the docs/product.md §8 message.
// apiCall reaches the routes through hono's typed client, so the answer's type is the route's own
// (workers/api.ts exports ApiType; docs/decisions/0028-typed-api-boundary.md).
import type { ApiType } from "@workers/api";
import type { ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { extractErrorMessage, NETWORK_ERROR, SERVER_UNREACHABLE, SESSION_EXPIRED_MESSAGE } from "@workers/shared/error-messages";
import { clearSession, readAccessToken, readRefreshToken, saveTokens } from "./session";

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | null;

  /** status 0: no answer at all (offline, server unreachable). */
  constructor(status: number, message: string, errors: FieldErrors | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type ApiOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Send the stored access token (and refresh it once on 401). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (logout on the way out). */
  keepalive?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
};

function normaliseErrors(value: unknown): FieldErrors | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((item): item is string => typeof item === "string" && item.trim() !== "");
    if (list.length) errors[field] = list;
  }
  return Object.keys(errors).length ? errors : null;
}

/** The message for a response that was not ok; a body that is not JSON names the status. */
export async function errorMessageFromResponse(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    return extractErrorMessage(JSON.parse(text));
  } catch {
    return `Lỗi server (${response.status}): ${response.statusText}`;
  }
}

/** The message for a fetch that threw before any response arrived. */
export function networkErrorMessage(error: unknown): string {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return NETWORK_ERROR;
  return error instanceof TypeError ? SERVER_UNREACHABLE : NETWORK_ERROR;
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
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
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
    throw new ApiError(response.status, `Lỗi server (${response.status}): ${response.statusText}`);
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
    const response = await send("/api/auth/token/refresh/", outgoing({ method: "POST", body: { refresh } }), null);
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

/** One Idempotency-Key per attempt; crypto.randomUUID needs a secure context, so fall back to random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

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

export type ApiClient = ReturnType<typeof hc<ApiType>>;

/** What a route answers when it succeeds: its JSON at a 2xx status, without {success: false}. */
export type Answer<R> = R extends ClientResponse<infer Body, infer Status, "json"> ? ([Extract<Status, SuccessStatusCode>] extends [never] ? never : Exclude<Body, { success: false }>) : never;

/** The call options that are not the request itself (hono's client builds path, query and body). */
export type CallOptions = Omit<ApiOptions, "method" | "body"> & {
  /** The signal stops only a read (GET): a change is never cut off half-way (the admin screens). */
  signalStopsReadsOnly?: boolean;
};

/** The API's paths end in a slash (the router takes either; the slash is how every caller writes them). */
function withSlash(url: string): string {
  return url.replace(/^([^?]*?)\/?(\?|$)/, "$1/$2");
}

/**
 * A call through hono's typed client, with the stored token, one refresh, errors, abort and
 * keepalive: `apiCall((api) => api.api.cards.detail[":id"].$get({ param: { id } }), { auth: true })`.
 * Resolves to the route's success answer; raw bytes go as `init.body` of the call's second argument.
 */
export async function apiCall<R>(call: (api: ApiClient) => Promise<R>, options: CallOptions = {}): Promise<Answer<R>> {
  // Loaded with the first call, not with the page: no public page carries the client's bytes.
  const { hc: client_ } = await import("hono/client");
  const client = client_<ApiType>("/", {
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
