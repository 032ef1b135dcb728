// What every page and the lazily loaded API client (api-client.ts) share: the error class and the
// typed client's types. Pages import it through api.ts.
import type { ApiType } from "@workers/api";
import type { ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";

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

export type ApiClient = ReturnType<typeof hc<ApiType>>;

/** What a route answers when it succeeds: its JSON at a 2xx status, without {success: false}. */
export type Answer<R> = R extends ClientResponse<infer Body, infer Status, "json"> ? ([Extract<Status, SuccessStatusCode>] extends [never] ? never : Exclude<Body, { success: false }>) : never;

/** The call options that are not the request itself (hono's client builds path, query and body). */
export type CallOptions = Omit<ApiOptions, "method" | "body"> & {
  /** The signal stops only a read (GET): a change is never cut off half-way (the admin screens). */
  signalStopsReadsOnly?: boolean;
};
