// The one error shape of the API (docs/product.md §8): {success:false, message, errors?}, its texts
// declared Messages (or, until every text is declared, Vietnamese texts); workers/platform/http/refusals.ts
// adds its code and renders it in the reader's language.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorText, logEvent, requestId } from "../../lib/log";
import { ConfigError } from "../config";
import { DomainError, type DomainErrorKind, type FieldErrors, InsufficientFundsError, RateLimitedError } from "../errors";
import { ACCESS_DENIED_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE, VALIDATION_FALLBACK } from "../../shared/error-messages";
import { FALLBACK_ERROR, NETWORK_ERROR, SERVER_UNREACHABLE } from "../../shared/error-texts";
import { defineMessages, type Message, type Said, textOf } from "../../shared/message";

export type { FieldErrors };

/** The HTTP status of each kind of refusal a service may throw. */
const DOMAIN_STATUS: Record<DomainErrorKind, ContentfulStatusCode> = {
  validation: 400,
  insufficient_funds: 402,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** A refusal the HTTP layer makes itself (auth, routing, transport); rules throw the domain errors of platform/errors.ts. The browser's ApiError (app/platform/api.ts) is the other side's one class. */
export class HttpError extends Error {
  /** The declared message, when the refusal carries one. */
  readonly said: Message | undefined;

  constructor(
    readonly status: ContentfulStatusCode,
    message: Said,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(textOf(message));
    this.said = typeof message === "string" ? undefined : message;
  }
}

const SERVER_ERROR = { vi: "Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau.", en: "Something went wrong on our server. Please try again later." };

/**
 * The HTTP layer's own words. Those the screens show too (workers/shared/error-messages.ts,
 * error-texts.ts: a page loads their Vietnamese, not this module) are said from there.
 */
export const MESSAGES = defineMessages({
  notFound: { code: "route_not_found", vi: "Không tìm thấy đường dẫn API", en: "This API address does not exist" },
  appNotFound: { code: "app_not_found", vi: "Không tìm thấy ứng dụng", en: "App not found" },
  fileNotFound: { code: "file_not_found", vi: "Ứng dụng này chưa có tệp để tải xuống", en: "This app has no file to download yet" },
  feedFileNotFound: { code: "file_not_found", vi: "Không tìm thấy tệp", en: "File not found" },
  invalidData: { code: "validation_failed", vi: VALIDATION_FALLBACK, en: "Some of the details are not valid. Please check them and try again." },
  serverError: { code: "server_error", vi: SERVER_ERROR.vi, en: SERVER_ERROR.en },
  serverErrorWithId: { code: "server_error", vi: (id: string) => `${SERVER_ERROR.vi} Mã lỗi: ${id}`, en: (id: string) => `${SERVER_ERROR.en} Error id: ${id}` },
  methodNotAllowed: { code: "method_not_allowed", vi: "Phương thức không được hỗ trợ", en: "This method is not supported" },
  bodyTooLarge: { code: "body_too_large", vi: "Nội dung yêu cầu quá lớn.", en: "The request is too large." },
  formTooLarge: {
    code: "body_too_large",
    vi: "Tệp quá lớn để gửi kèm biểu mẫu (tối đa 90 MB). Vui lòng tải tệp lên từng phần rồi lưu lại.",
    en: "The file is too large to send with the form (90 MB at most). Please upload it in parts, then save.",
  },
  tooManyRequests: { code: "rate_limited", vi: "Quá nhiều yêu cầu. Vui lòng thử lại sau.", en: "Too many requests. Please try again later." },
  misconfigured: { code: "store_misconfigured", vi: "Máy chủ chưa được cấu hình đúng. Vui lòng thử lại sau.", en: "The server is not set up correctly. Please try again later." },
  down: { code: "store_unavailable", vi: "Cửa hàng đang tạm thời gián đoạn. Vui lòng thử lại sau ít phút.", en: "The store is temporarily unavailable. Please try again in a few minutes." },
  // A body or a query the validator (validate.ts) cannot read, named under the field it concerns.
  bodyNotJson: { code: "body_not_json", vi: "Nội dung yêu cầu phải là JSON hợp lệ", en: "The request body must be valid JSON" },
  bodyNotForm: { code: "body_not_form", vi: "Nội dung yêu cầu phải là multipart/form-data", en: "The request body must be multipart/form-data" },
  parameterRepeated: { code: "parameter_repeated", vi: "Tham số này chỉ được gửi một lần", en: "This parameter may only be sent once" },
  badIdempotencyKey: { code: "idempotency_key_invalid", vi: "Idempotency-Key không hợp lệ", en: "Invalid Idempotency-Key" },
  accessDenied: { code: "access_denied", vi: ACCESS_DENIED_MESSAGE, en: "Access Denied: You do not have permission to view this page" },
  /** An admin's session that did not pass the second factor (the admin screens send it to enrolment). */
  secondFactorRequired: {
    code: "second_factor_required",
    vi: SECOND_FACTOR_REQUIRED_MESSAGE,
    en: "Admin accounts need two-factor authentication. Please turn it on or enter your code to continue.",
  },
  // The screens' one-line failures (docs/product.md §8): a failed call the browser could not read,
  // reach or get an answer to.
  unknownError: { code: "unknown_error", vi: FALLBACK_ERROR, en: "Something unexpected went wrong. Please try again." },
  networkError: { code: "network_error", vi: NETWORK_ERROR, en: "Network error. Please check your internet connection and try again." },
  serverUnreachable: { code: "server_unreachable", vi: SERVER_UNREACHABLE, en: "Could not reach the server. Please try again later." },
});

export function errorBody(message: Said, errors?: FieldErrors) {
  return errors ? { success: false as const, message, errors } : { success: false as const, message };
}

/** A refusal as the API answers it: status, the error shape, and any headers (Retry-After). */
export type ErrorAnswer = { status: ContentfulStatusCode; body: Record<string, unknown>; headers?: Record<string, string> };

/**
 * What every router answers for an error it did not answer itself (the API, the feeds and the key
 * check), in Vietnamese: the refusal's own status and message, else a 500 whose id is the one the
 * log line carries. The routers answer it through refusalAnswer (refusals.ts).
 */
export function errorAnswer(error: Error, request: Request): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.status, body: errorBody(error.said ?? error.message, error.errors), headers: error.headers };
  if (error instanceof InsufficientFundsError) {
    // The product's purchase answer says how much is missing.
    return { status: 402, body: { ...errorBody(error.said ?? error.message), error: "insufficient_balance", required: error.required, current: error.current } };
  }
  if (error instanceof DomainError) {
    const headers = error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return { status: DOMAIN_STATUS[error.kind], body: errorBody(error.said ?? error.message, error.errors), headers };
  }
  if (error instanceof HTTPException) {
    return { status: error.status as ContentfulStatusCode, body: errorBody(error.status === 404 ? MESSAGES.notFound : error.message || MESSAGES.invalidData) };
  }
  // The id the person sees is the one the log line carries, so the owner can find it.
  const id = requestId(request);
  logEvent("error", error instanceof ConfigError ? "store_misconfigured" : "internal_error", { error: errorText(error), stack: error instanceof Error ? error.stack?.slice(0, 2000) : undefined }, request);
  return { status: 500, body: { ...errorBody(MESSAGES.serverErrorWithId(id)), error_id: id } };
}
