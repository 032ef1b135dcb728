// What the catalogue's rules say that the shared app-form rules (workers/shared/app-form.ts) do
// not, each message declared once with its code and both its texts (workers/shared/message.ts).
import { count, number } from "../shared/english/format";
import { defineMessages, type Said } from "../shared/message";

/** The parts a list of missing ones names, "…" past ten. */
const listed = (missing: number[]) => `${missing.slice(0, 10).join(", ")}${missing.length > 10 ? "…" : ""}`;

/** The chunked upload (uploads.ts). */
export const UPLOAD_MESSAGES = defineMessages({
  notFound: { code: "upload_not_found", vi: "Không tìm thấy phiên tải lên (có thể đã hết hạn)", en: "Upload not found (it may have expired)" },
  notUploading: { code: "upload_not_uploading", vi: "Phiên tải lên đã hoàn tất hoặc đã bị hủy", en: "This upload has already been completed or cancelled" },
  badPart: { code: "upload_part_invalid", vi: "Số thứ tự phần không hợp lệ", en: "Invalid part number" },
  badPartSize: {
    code: "upload_part_size",
    vi: (expected: number) => `Phần này phải có đúng ${expected} byte`,
    en: (expected: number) => `This part must be exactly ${count(expected, "byte")}`,
  },
  missingParts: {
    code: "upload_missing_parts",
    vi: (missing: number[]) => `Còn thiếu phần: ${listed(missing)}`,
    en: (missing: number[]) => `Parts still missing: ${listed(missing)}`,
  },
  unusable: { code: "upload_unusable", vi: "Tệp đã tải lên không tồn tại, chưa hoàn tất hoặc đã được dùng", en: "The uploaded file does not exist, is not finished or has already been used" },
  // The upload's start (schemas/uploads.ts).
  nameMissing: { code: "upload_name_missing", vi: "Thiếu tên tệp", en: "The file name is missing" },
  nameTooLong: { code: "upload_name_too_long", vi: "Tên tệp quá dài", en: "The file name is too long" },
  badSize: { code: "upload_size_invalid", vi: "Kích thước tệp không hợp lệ", en: "Invalid file size" },
  badKind: { code: "upload_kind_invalid", vi: "Loại tệp tải lên không hợp lệ (app_file, icon, media)", en: "Invalid upload kind (app_file, icon, media)" },
  wrongKind: { code: "upload_wrong_kind", vi: "Tệp đã tải lên không đúng loại cho trường này", en: "The uploaded file is not the right kind for this field" },
});

/** The admin's app form and the IPA preview (app-admin.ts, routes/admin-apps.ts). */
export const APP_ADMIN_MESSAGES = defineMessages({
  pricingNotOfApp: { code: "pricing_not_of_app", vi: "Bảng giá này không thuộc ứng dụng", en: "This key pricing is not this app's" },
  oneFile: { code: "one_file", vi: "Chỉ được gửi một tệp ứng dụng", en: "Only one app file may be sent" },
  oneIcon: { code: "one_icon", vi: "Chỉ được gửi một icon", en: "Only one icon may be sent" },
  tooManyMedia: { code: "too_many_media", vi: (max: number) => `Tối đa ${max} ảnh/video mỗi lần`, en: (max: number) => `At most ${number(max)} images or videos at a time` },
  uploadInUse: { code: "upload_in_use", vi: "Tệp đã tải lên đang được dùng cho ứng dụng khác", en: "The uploaded file is already used by another app" },
  chooseIpa: { code: "choose_ipa", vi: "Vui lòng chọn tệp IPA", en: "Please choose an IPA file" },
  // The reason is a package reader's message (workers/lib/packages/messages.ts), said in the same language.
  badIpa: { code: "ipa_invalid", vi: (reason: Said) => `Tệp IPA không hợp lệ: ${reason}`, en: (reason: Said) => `Invalid IPA file: ${reason}` },
});
