// The one error shape of the API (docs/product.md §8): {success:false, message, errors?}, built in
// Vietnamese; workers/i18n/refusals.ts adds its code and, for an English reader, its English.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorText, logEvent, requestId } from "../../lib/log";
import { ConfigError } from "../config";
import { DomainError, type DomainErrorKind, type FieldErrors, InsufficientFundsError, RateLimitedError } from "../errors";
import { VALIDATION_FALLBACK } from "../../shared/error-messages";

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
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

const SERVER_ERROR = "Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau.";

/** The HTTP layer's own words (its English twin: workers/i18n/en/platform.ts). */
export const MESSAGES = {
  notFound: "Không tìm thấy đường dẫn API",
  appNotFound: "Không tìm thấy ứng dụng",
  fileNotFound: "Ứng dụng này chưa có tệp để tải xuống",
  feedFileNotFound: "Không tìm thấy tệp",
  invalidData: VALIDATION_FALLBACK,
  serverError: SERVER_ERROR,
  serverErrorWithId: (id: string) => `${SERVER_ERROR} Mã lỗi: ${id}`,
  methodNotAllowed: "Phương thức không được hỗ trợ",
  bodyTooLarge: "Nội dung yêu cầu quá lớn.",
  formTooLarge: "Tệp quá lớn để gửi kèm biểu mẫu (tối đa 90 MB). Vui lòng tải tệp lên từng phần rồi lưu lại.",
  tooManyRequests: "Quá nhiều yêu cầu. Vui lòng thử lại sau.",
  misconfigured: "Máy chủ chưa được cấu hình đúng. Vui lòng thử lại sau.",
  down: "Cửa hàng đang tạm thời gián đoạn. Vui lòng thử lại sau ít phút.",
} as const;

export function errorBody(message: string, errors?: FieldErrors) {
  return errors ? { success: false as const, message, errors } : { success: false as const, message };
}

/** A refusal as the API answers it: status, the error shape, and any headers (Retry-After). */
export type ErrorAnswer = { status: ContentfulStatusCode; body: Record<string, unknown>; headers?: Record<string, string> };

/**
 * What every router answers for an error it did not answer itself (the API, the feeds and the key
 * check), in Vietnamese: the refusal's own status and message, else a 500 whose id is the one the
 * log line carries. The routers answer it through refusalAnswer (workers/i18n/refusals.ts).
 */
export function errorAnswer(error: Error, request: Request): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.status, body: errorBody(error.message, error.errors), headers: error.headers };
  if (error instanceof InsufficientFundsError) {
    // The product's purchase answer says how much is missing.
    return { status: 402, body: { ...errorBody(error.message), error: "insufficient_balance", required: error.required, current: error.current } };
  }
  if (error instanceof DomainError) {
    const headers = error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return { status: DOMAIN_STATUS[error.kind], body: errorBody(error.message, error.errors), headers };
  }
  if (error instanceof HTTPException) {
    return { status: error.status as ContentfulStatusCode, body: errorBody(error.status === 404 ? MESSAGES.notFound : error.message || MESSAGES.invalidData) };
  }
  // The id the person sees is the one the log line carries, so the owner can find it.
  const id = requestId(request);
  logEvent("error", error instanceof ConfigError ? "store_misconfigured" : "internal_error", { error: errorText(error), stack: error instanceof Error ? error.stack?.slice(0, 2000) : undefined }, request);
  return { status: 500, body: { ...errorBody(MESSAGES.serverErrorWithId(id)), error_id: id } };
}
