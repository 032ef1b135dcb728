// The one error shape of the API (docs/product.md §8): {success:false, message, errors?}.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DomainErrorKind, FieldErrors } from "../errors";
import { VALIDATION_FALLBACK } from "@workers/shared/error-messages";

export type { FieldErrors };

/** The HTTP status of each kind of refusal a service may throw. */
export const DOMAIN_STATUS: Record<DomainErrorKind, ContentfulStatusCode> = {
  validation: 400,
  insufficient_funds: 402,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** A refusal the HTTP layer makes itself (auth, routing, transport); rules throw the domain errors of platform/errors.ts. The browser's ApiError (app/lib/api.ts) is the other side's one class. */
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

export const MESSAGES = {
  notFound: "Không tìm thấy đường dẫn API",
  appNotFound: "Không tìm thấy ứng dụng",
  fileNotFound: "Ứng dụng này chưa có tệp để tải xuống",
  invalidData: VALIDATION_FALLBACK,
  serverError: "Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau.",
  methodNotAllowed: "Phương thức không được hỗ trợ",
} as const;

export function errorBody(message: string, errors?: FieldErrors) {
  return errors ? { success: false as const, message, errors } : { success: false as const, message };
}
