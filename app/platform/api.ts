// The browser's one way to call the API: JSON in and out, the Bearer token when asked, one
// silent token refresh on 401, and failures as an ApiError carrying the docs/product.md §8 message.
// apiCall reaches the routes through hono's typed client, so the answer's type is the route's own
// (workers/api.ts exports ApiType; docs/decisions/0028-typed-api-boundary.md). Pages load only
// this module and api-base.ts; the client itself (api-client.ts) comes with the first call.
import type { Answer, ApiClient, CallOptions } from "./api-base";

export { type Answer, type ApiClient, ApiError, type CallOptions, type FieldErrors } from "./api-base";
export { newIdempotencyKey } from "./idempotency-key";

/**
 * A call through hono's typed client, with the stored token, one refresh, errors, abort and
 * keepalive: `apiCall((api) => api.api.cards.detail[":id"].$get({ param: { id } }), { auth: true })`.
 * Resolves to the route's success answer; raw bytes go as `init.body` of the call's second argument.
 */
export async function apiCall<R>(call: (api: ApiClient) => Promise<R>, options: CallOptions = {}): Promise<Answer<R>> {
  // Loaded with the first call, not with the page: no public page carries the client's bytes.
  const { callApi } = await import("./api-client");
  return callApi(call, options);
}

/** A file the API answers, fetched with the stored token (api-client.ts fetchFile): a link could not carry it. */
export async function apiFile(path: string): Promise<Response> {
  const { fetchFile } = await import("./api-client");
  return fetchFile(path);
}
