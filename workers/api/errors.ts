// The one error shape of the API (spec §8): {success:false, message, errors?}.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { VALIDATION_FALLBACK } from "../shared/error-messages";

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
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
