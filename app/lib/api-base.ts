// What every page and the lazily loaded API client (api-client.ts) share: the error class, the
// product's messages for a failed answer (docs/product.md §8) and the typed client's types. Pages
// import all of it through api.ts.
import type { ApiType } from "@workers/api";
import type { ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { extractErrorMessage, NETWORK_ERROR, SERVER_UNREACHABLE } from "@workers/shared/error-messages";

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

export type ApiOptions = {
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

export type ApiClient = ReturnType<typeof hc<ApiType>>;

/** What a route answers when it succeeds: its JSON at a 2xx status, without {success: false}. */
export type Answer<R> = R extends ClientResponse<infer Body, infer Status, "json"> ? ([Extract<Status, SuccessStatusCode>] extends [never] ? never : Exclude<Body, { success: false }>) : never;

/** The call options that are not the request itself (hono's client builds path, query and body). */
export type CallOptions = Omit<ApiOptions, "method" | "body"> & {
  /** The signal stops only a read (GET): a change is never cut off half-way (the admin screens). */
  signalStopsReadsOnly?: boolean;
};

