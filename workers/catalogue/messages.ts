// What the catalogue's rules say that the shared app-form rules (workers/shared/app-form.ts) do
// not: pure text, so the rules, the routes and the English twin (workers/i18n/en/) share one home.

/** The chunked upload (uploads.ts). */
export const UPLOAD_MESSAGES = {
  notFound: "Không tìm thấy phiên tải lên (có thể đã hết hạn)",
  notUploading: "Phiên tải lên đã hoàn tất hoặc đã bị hủy",
  badPart: "Số thứ tự phần không hợp lệ",
  badPartSize: (expected: number) => `Phần này phải có đúng ${expected} byte`,
  missingParts: (missing: number[]) => `Còn thiếu phần: ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? "…" : ""}`,
  unusable: "Tệp đã tải lên không tồn tại, chưa hoàn tất hoặc đã được dùng",
  wrongKind: "Tệp đã tải lên không đúng loại cho trường này",
} as const;

/** The admin's app form and the IPA preview (app-admin.ts, routes/admin-apps.ts). */
export const APP_ADMIN_MESSAGES = {
  oneFile: "Chỉ được gửi một tệp ứng dụng",
  oneIcon: "Chỉ được gửi một icon",
  tooManyMedia: (max: number) => `Tối đa ${max} ảnh/video mỗi lần`,
  uploadInUse: "Tệp đã tải lên đang được dùng cho ứng dụng khác",
  chooseIpa: "Vui lòng chọn tệp IPA",
  badIpa: (reason: string) => `Tệp IPA không hợp lệ: ${reason}`,
} as const;
