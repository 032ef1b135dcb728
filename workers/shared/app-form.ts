// The app form's rules (docs/product.md §5 "Create app", "Edit app"), shared by the admin screens and
// the API so both refuse the same things with the same words. What the form shows (types, slugs,
// lengths, accept filters and size hints) is catalogue/app-form-fields.ts.
import { extensionOf, isAppType, MEDIA_TYPES, type PackageExtension, packageExtension, packageExtensionsFor } from "./catalogue/app-form-fields";
import type { UploadKind } from "./enums";
import { count } from "./english/format";
import { defineMessages, type Message, type Said } from "./message";

const TRY_LATER = { vi: "Vui lòng thử lại sau!", en: "Please try again later!" };

export const APP_FORM_MESSAGES = defineMessages({
  required: { code: "app_required", vi: "Vui lòng điền đầy đủ thông tin bắt buộc!", en: "Please fill in all the required fields!" },
  needItms: { code: "app_need_itms", vi: "Vui lòng upload IPA file hoặc nhập ITMS URL!", en: "Please upload an IPA file or enter an ITMS URL!" },
  needTestflight: { code: "app_need_testflight", vi: "Vui lòng nhập TestFlight URL!", en: "Please enter a TestFlight URL!" },
  needFile: { code: "app_need_file", vi: "Vui lòng upload file ứng dụng!", en: "Please upload the app file!" },
  requiredField: { code: "required", vi: "Trường này là bắt buộc", en: "This field is required" },
  slugTaken: { code: "app_slug_taken", vi: "Đường dẫn (url) này đã được sử dụng", en: "This address (url) is already in use" },
  slugReserved: { code: "app_slug_reserved", vi: "Đường dẫn (url) này trùng với một trang của cửa hàng", en: "This address (url) is one of the store's own pages" },
  badType: { code: "app_bad_type", vi: "Loại ứng dụng không hợp lệ", en: "Invalid app type" },
  badItmsUrl: { code: "app_bad_itms_url", vi: "ITMS URL phải bắt đầu bằng itms-services:// hoặc https://", en: "The ITMS URL must start with itms-services:// or https://" },
  badTestflightUrl: { code: "app_bad_testflight_url", vi: "TestFlight URL phải là liên kết https://testflight.apple.com/…", en: "The TestFlight URL must be a https://testflight.apple.com/… link" },
  badPrice: { code: "app_bad_price", vi: "Giá phải là số nguyên không âm", en: "The price must be a whole number, zero or more" },
  tooLong: { code: "too_long", vi: (max: number) => `Tối đa ${max} ký tự`, en: (max: number) => `At most ${count(max, "character")}` },
  created: { code: "app_created", vi: "App created successfully!", en: "App created successfully!" },
  updated: { code: "app_updated", vi: "Cập nhật ứng dụng thành công!", en: "App updated successfully!" },
  updateFailed: { code: "app_update_failed", vi: (message?: string) => `Lỗi khi cập nhật ứng dụng: ${message || TRY_LATER.vi}`, en: (message?: string) => `Could not update the app: ${message || TRY_LATER.en}` },
  // What updateFailed says without a reason.
  tryLater: { code: "try_later", vi: TRY_LATER.vi, en: TRY_LATER.en },
  deleted: { code: "app_deleted", vi: "Đã xóa ứng dụng thành công!", en: "App deleted successfully!" },
  notFound: { code: "app_not_found", vi: "Không tìm thấy ứng dụng", en: "App not found" },
  nothingToUpdate: { code: "nothing_to_update", vi: "Không có thông tin nào để cập nhật", en: "There is nothing to update" },
  badMinVersion: { code: "app_bad_min_version", vi: "Phiên bản tối thiểu chỉ gồm chữ số và dấu chấm, ví dụ 1.2.3", en: "The minimum version may only contain digits and dots, for example 1.2.3" },
});

const MB = 1024 * 1024;
/** docs/product.md §9 upload limits, in bytes (and seconds for video). */
const UPLOAD_LIMITS = { ipa: 500 * MB, tipa: 500 * MB, deb: 100 * MB, icon: 2 * MB, image: 5 * MB, video: 50 * MB } as const;
const MAX_VIDEO_SECONDS = 30;

/** docs/product.md §9: a video runs at most 30 s, counted in whole seconds (the form and the upload check alike). */
export function isVideoTooLong(seconds: number): boolean {
  return Math.round(seconds) > MAX_VIDEO_SECONDS;
}

/** First path segments the store itself uses: an app slug there would be unreachable. */
const RESERVED_SLUGS = new Set([
  "admin",
  "api",
  "app",
  "auth",
  "assets",
  "dashboard",
  "dev",
  "en",
  "forgot-password",
  "login",
  "profile",
  "register",
  "repo",
  "reset-password",
  "unsubscribe",
]);

function isItmsUrl(value: string): boolean {
  return /^itms-services:\/\/\?/i.test(value) || /^https:\/\/\S+$/i.test(value);
}

function isTestflightUrl(value: string): boolean {
  return /^https:\/\/testflight\.apple\.com\/\S+$/i.test(value);
}

export type AppFormFacts = {
  name: string;
  description: string;
  version: string;
  url: string;
  app_type: string;
  itms_url: string;
  testflight_url: string;
  /** An icon is chosen now or the app already has one. */
  hasIcon: boolean;
  /** A package of the right kind is chosen now or the app already has one. */
  hasPackage: boolean;
};

export type FormProblem = { message: Message; errors: Record<string, Message[]> };

/**
 * The first rule of docs/product.md §5 the form breaks, with the fields at fault, or null. Create requires
 * an icon; edit keeps the existing one. The type decides what must accompany it.
 */
export function appFormProblem(facts: AppFormFacts, mode: "create" | "edit"): FormProblem | null {
  const required: (keyof AppFormFacts)[] = mode === "create" ? ["name", "description", "version", "url"] : ["name", "url", "version", "description", "app_type"];
  const missing: string[] = required.filter((field) => !String(facts[field]).trim());
  if (mode === "create" && !facts.hasIcon) missing.push("icon");
  if (missing.length) return { message: APP_FORM_MESSAGES.required, errors: Object.fromEntries(missing.map((field) => [field, [APP_FORM_MESSAGES.requiredField]])) };
  if (!isAppType(facts.app_type)) return { message: APP_FORM_MESSAGES.badType, errors: { app_type: [APP_FORM_MESSAGES.badType] } };
  if (RESERVED_SLUGS.has(facts.url)) return { message: APP_FORM_MESSAGES.slugReserved, errors: { url: [APP_FORM_MESSAGES.slugReserved] } };
  if (facts.itms_url && !isItmsUrl(facts.itms_url)) return { message: APP_FORM_MESSAGES.badItmsUrl, errors: { itms_url: [APP_FORM_MESSAGES.badItmsUrl] } };
  if (facts.testflight_url && !isTestflightUrl(facts.testflight_url)) {
    return { message: APP_FORM_MESSAGES.badTestflightUrl, errors: { testflight_url: [APP_FORM_MESSAGES.badTestflightUrl] } };
  }
  if (facts.app_type === "testflight") {
    return facts.testflight_url ? null : { message: APP_FORM_MESSAGES.needTestflight, errors: { testflight_url: [APP_FORM_MESSAGES.needTestflight] } };
  }
  if (facts.app_type === "itms-ipa") {
    return facts.hasPackage || facts.itms_url ? null : { message: APP_FORM_MESSAGES.needItms, errors: { file: [APP_FORM_MESSAGES.needItms] } };
  }
  return facts.hasPackage ? null : { message: APP_FORM_MESSAGES.needFile, errors: { file: [APP_FORM_MESSAGES.needFile] } };
}

// ---------------------------------------------------------------- files

export const FILE_MESSAGES = defineMessages({
  appFileType: { code: "file_app_file_type", vi: "Tệp ứng dụng phải là .ipa, .tipa hoặc .deb", en: "The app file must be an .ipa, .tipa or .deb file" },
  appFileForType: { code: "file_app_file_for_type", vi: (extensions: string) => `Loại ứng dụng này cần tệp ${extensions}`, en: (extensions: string) => `This app type needs a ${extensions} file` },
  // `what` is one of the six below, said in the reader's language.
  tooBig: { code: "file_too_big", vi: (what: Said, limit: string) => `${what} vượt quá giới hạn ${limit}`, en: (what: Said, limit: string) => `${what} is over the ${limit} limit` },
  ipa: { code: "file_ipa", vi: "Tệp IPA", en: "The IPA file" },
  tipa: { code: "file_tipa", vi: "Tệp TIPA", en: "The TIPA file" },
  deb: { code: "file_deb", vi: "Tệp DEB", en: "The DEB file" },
  image: { code: "file_image", vi: "Ảnh", en: "The image" },
  icon: { code: "file_icon", vi: "Icon", en: "The icon" },
  video: { code: "file_video", vi: "Video", en: "The video" },
  empty: { code: "file_empty", vi: "Tệp trống", en: "The file is empty" },
  iconType: { code: "file_icon_type", vi: "Icon phải là ảnh PNG, JPG, GIF hoặc WebP", en: "The icon must be a PNG, JPG, GIF or WebP image" },
  mediaType: { code: "file_media_type", vi: "Ảnh/video phải là PNG, JPG, GIF, WebP, MP4, MOV, AVI hoặc WebM", en: "Images and videos must be PNG, JPG, GIF, WebP, MP4, MOV, AVI or WebM" },
  notWhatItClaims: { code: "file_not_what_it_claims", vi: (filename: string) => `Tệp ${filename} không đúng định dạng như tên tệp`, en: (filename: string) => `The file ${filename} is not in the format its name says` },
  // The reason is a package reader's message (workers/lib/packages/messages.ts), said in the same language.
  badPackage: { code: "file_bad_package", vi: (what: string, reason: Said) => `Tệp ${what} không hợp lệ: ${reason}`, en: (what: string, reason: Said) => `Invalid ${what} file: ${reason}` },
  videoTooLong: { code: "file_video_too_long", vi: `Video dài quá ${MAX_VIDEO_SECONDS} giây`, en: "The video is longer than 30 seconds" },
});

/** What to say when a chosen package does not fit the type. */
export function packageMismatchMessage(type: string): Message {
  return FILE_MESSAGES.appFileForType(packageExtensionsFor(type).map((ext) => `.${ext}`).join(", "));
}

/** The Content-Type we store for a package. */
export function packageContentType(ext: PackageExtension): string {
  return ext === "deb" ? "application/vnd.debian.binary-package" : "application/octet-stream";
}

const limitLabel = (bytes: number) => `${bytes / MB}MB`;

/**
 * What can be told from a name and a size before any byte is sent: the form refuses at once and
 * the upload API refuses early, so no one sends 600 MB to learn it was too big.
 */
export function declaredFile(kind: UploadKind, filename: string, size: number): { ok: true; contentType: string } | { ok: false; message: Message } {
  if (!Number.isSafeInteger(size) || size <= 0) return { ok: false, message: FILE_MESSAGES.empty };
  if (kind === "app_file") {
    const ext = packageExtension(filename);
    if (!ext) return { ok: false, message: FILE_MESSAGES.appFileType };
    if (size > UPLOAD_LIMITS[ext]) return { ok: false, message: FILE_MESSAGES.tooBig(FILE_MESSAGES[ext], limitLabel(UPLOAD_LIMITS[ext])) };
    return { ok: true, contentType: packageContentType(ext) };
  }
  const type = MEDIA_TYPES[extensionOf(filename)];
  if (!type || (kind === "icon" && type.kind === "video")) return { ok: false, message: kind === "icon" ? FILE_MESSAGES.iconType : FILE_MESSAGES.mediaType };
  const limit = kind === "icon" ? UPLOAD_LIMITS.icon : type.kind === "video" ? UPLOAD_LIMITS.video : UPLOAD_LIMITS.image;
  const label = kind === "icon" ? FILE_MESSAGES.icon : type.kind === "video" ? FILE_MESSAGES.video : FILE_MESSAGES.image;
  if (size > limit) return { ok: false, message: FILE_MESSAGES.tooBig(label, limitLabel(limit)) };
  return { ok: true, contentType: type.contentType };
}
