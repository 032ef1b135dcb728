// The app form's rules (docs/product.md §5 "Create app", "Edit app", accept filters and size hints), shared
// by the admin screens and the API so both refuse the same things with the same words.
import type { UploadKind } from "./enums";
import { foldText } from "./search";

export const APP_TYPES = ["ipa", "itms-ipa", "testflight", "tipa", "roothide", "rootless", "rootfull"] as const;
export type AppTypeName = (typeof APP_TYPES)[number];

export const APP_FORM_MESSAGES = {
  required: "Vui lòng điền đầy đủ thông tin bắt buộc!",
  needItms: "Vui lòng upload IPA file hoặc nhập ITMS URL!",
  needTestflight: "Vui lòng nhập TestFlight URL!",
  needFile: "Vui lòng upload file ứng dụng!",
  requiredField: "Trường này là bắt buộc",
  slugTaken: "Đường dẫn (url) này đã được sử dụng",
  slugReserved: "Đường dẫn (url) này trùng với một trang của cửa hàng",
  badType: "Loại ứng dụng không hợp lệ",
  badItmsUrl: "ITMS URL phải bắt đầu bằng itms-services:// hoặc https://",
  badTestflightUrl: "TestFlight URL phải là liên kết https://testflight.apple.com/…",
  badPrice: "Giá phải là số nguyên không âm",
  tooLong: (max: number) => `Tối đa ${max} ký tự`,
  created: "App created successfully!",
  updated: "Cập nhật ứng dụng thành công!",
  updateFailed: (message?: string) => `Lỗi khi cập nhật ứng dụng: ${message || "Vui lòng thử lại sau!"}`,
  deleted: "Đã xóa ứng dụng thành công!",
  notFound: "Không tìm thấy ứng dụng",
  nothingToUpdate: "Không có thông tin nào để cập nhật",
  badMinVersion: "Phiên bản tối thiểu chỉ gồm chữ số và dấu chấm, ví dụ 1.2.3",
} as const;

const MB = 1024 * 1024;
/** docs/product.md §9 upload limits, in bytes (and seconds for video). */
const UPLOAD_LIMITS = { ipa: 500 * MB, tipa: 500 * MB, deb: 100 * MB, icon: 2 * MB, image: 5 * MB, video: 50 * MB } as const;
const MAX_VIDEO_SECONDS = 30;

/** docs/product.md §9: a video runs at most 30 s, counted in whole seconds (the form and the upload check alike). */
export function isVideoTooLong(seconds: number): boolean {
  return Math.round(seconds) > MAX_VIDEO_SECONDS;
}

/** docs/product.md §5: lower case, only a-z, 0-9, hyphen and underscore kept. */
export function normaliseSlug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_-]/g, "");
}

/** A slug suggested from a name: Vietnamese marks dropped, spaces to hyphens, then the rule above. */
export function slugFromName(name: string): string {
  const plain = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[đĐ]/g, "d");
  return normaliseSlug(plain.trim().replace(/\s+/g, "-")).replace(/-+/g, "-").slice(0, 100);
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

export const MAX_LENGTHS = { name: 200, url: 100, version: 50, developer: 100, category: 50, description: 20_000, changelog: 20_000, link: 2_000, announcement: 280 } as const;

/** What the file picker offers for each type (docs/product.md §5 accept filters). */
export function packageAccept(type: string): string {
  if (type === "ipa" || type === "itms-ipa") return ".ipa";
  if (type === "tipa") return ".tipa";
  if (type === "rootless" || type === "rootfull" || type === "roothide") return ".deb";
  return ".ipa,.deb,.tipa";
}

export function packageHint(type: string): string {
  if (type === "rootless" || type === "rootfull" || type === "roothide") return "DEB tối đa 100MB";
  if (type === "tipa") return "TIPA tối đa 500MB";
  return "IPA tối đa 500MB";
}

export const ICON_ACCEPT = "image/*";
export const ICON_HINT = "Tối đa 2MB (PNG, JPG, GIF)";
export const MEDIA_ACCEPT = "image/*,video/mp4,video/quicktime,video/x-msvideo,video/webm,.mp4,.mov,.avi,.webm";
export const MEDIA_HINT = "Ảnh tối đa 5MB mỗi ảnh, video tối đa 50MB và 30 giây";

export function isAppType(value: string): value is AppTypeName {
  return (APP_TYPES as readonly string[]).includes(value);
}

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

export type FormProblem = { message: string; errors: Record<string, string[]> };

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

export type PackageExtension = "ipa" | "tipa" | "deb";

export const FILE_MESSAGES = {
  appFileType: "Tệp ứng dụng phải là .ipa, .tipa hoặc .deb",
  appFileForType: (extensions: string) => `Loại ứng dụng này cần tệp ${extensions}`,
  tooBig: (what: string, limit: string) => `${what} vượt quá giới hạn ${limit}`,
  empty: "Tệp trống",
  iconType: "Icon phải là ảnh PNG, JPG, GIF hoặc WebP",
  mediaType: "Ảnh/video phải là PNG, JPG, GIF, WebP, MP4, MOV, AVI hoặc WebM",
  notWhatItClaims: (filename: string) => `Tệp ${filename} không đúng định dạng như tên tệp`,
  badPackage: (what: string, reason: string) => `Tệp ${what} không hợp lệ: ${reason}`,
  videoTooLong: `Video dài quá ${MAX_VIDEO_SECONDS} giây`,
} as const;

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot < 0 ? "" : filename.slice(dot + 1).toLowerCase();
}

/** The package a file name promises, by its ending. */
export function packageExtension(filename: string): PackageExtension | null {
  const ext = extensionOf(filename);
  return ext === "ipa" || ext === "tipa" || ext === "deb" ? ext : null;
}

/** The package endings each app type accepts (docs/product.md §5 accept filters). */
function packageExtensionsFor(type: string): PackageExtension[] {
  if (type === "ipa" || type === "itms-ipa") return ["ipa"];
  if (type === "tipa") return ["tipa"];
  if (type === "testflight") return [];
  return ["deb"];
}

/** A package fits the type by its ending: an IPA app cannot carry a DEB. */
export function packageFits(type: string, filename: string | null | undefined): boolean {
  const ext = filename ? packageExtension(filename) : null;
  return ext !== null && packageExtensionsFor(type).includes(ext);
}

/** What to say when a chosen package does not fit the type. */
export function packageMismatchMessage(type: string): string {
  return FILE_MESSAGES.appFileForType(packageExtensionsFor(type).map((ext) => `.${ext}`).join(", "));
}

/** The Content-Type we store for a package. */
export function packageContentType(ext: PackageExtension): string {
  return ext === "deb" ? "application/vnd.debian.binary-package" : "application/octet-stream";
}

/** Image and video endings, and the Content-Type stored for each (the content must agree). */
const MEDIA_TYPES: Record<string, { kind: "image" | "video"; contentType: string }> = {
  png: { kind: "image", contentType: "image/png" },
  jpg: { kind: "image", contentType: "image/jpeg" },
  jpeg: { kind: "image", contentType: "image/jpeg" },
  gif: { kind: "image", contentType: "image/gif" },
  webp: { kind: "image", contentType: "image/webp" },
  mp4: { kind: "video", contentType: "video/mp4" },
  m4v: { kind: "video", contentType: "video/mp4" },
  mov: { kind: "video", contentType: "video/quicktime" },
  webm: { kind: "video", contentType: "video/webm" },
  avi: { kind: "video", contentType: "video/x-msvideo" },
};

export function mediaKindOf(filename: string): "image" | "video" | null {
  return MEDIA_TYPES[extensionOf(filename)]?.kind ?? null;
}

const limitLabel = (bytes: number) => `${bytes / MB}MB`;

/**
 * What can be told from a name and a size before any byte is sent: the form refuses at once and
 * the upload API refuses early, so no one sends 600 MB to learn it was too big.
 */
export function declaredFile(kind: UploadKind, filename: string, size: number): { ok: true; contentType: string } | { ok: false; message: string } {
  if (!Number.isSafeInteger(size) || size <= 0) return { ok: false, message: FILE_MESSAGES.empty };
  if (kind === "app_file") {
    const ext = packageExtension(filename);
    if (!ext) return { ok: false, message: FILE_MESSAGES.appFileType };
    if (size > UPLOAD_LIMITS[ext]) return { ok: false, message: FILE_MESSAGES.tooBig(`Tệp ${ext.toUpperCase()}`, limitLabel(UPLOAD_LIMITS[ext])) };
    return { ok: true, contentType: packageContentType(ext) };
  }
  const type = MEDIA_TYPES[extensionOf(filename)];
  if (!type || (kind === "icon" && type.kind === "video")) return { ok: false, message: kind === "icon" ? FILE_MESSAGES.iconType : FILE_MESSAGES.mediaType };
  const limit = kind === "icon" ? UPLOAD_LIMITS.icon : type.kind === "video" ? UPLOAD_LIMITS.video : UPLOAD_LIMITS.image;
  const label = kind === "icon" ? "Icon" : type.kind === "video" ? "Video" : "Ảnh";
  if (size > limit) return { ok: false, message: FILE_MESSAGES.tooBig(label, limitLabel(limit)) };
  return { ok: true, contentType: type.contentType };
}

/** Case- and accent-insensitive match on name, developer or bundle id. */
export function matchesSearch(app: { name: string; developer?: string | null; bundle_identifier?: string | null }, query: string): boolean {
  const needle = foldText(query.trim());
  return !needle || [app.name, app.developer, app.bundle_identifier].some((value) => foldText(value ?? "").includes(needle));
}
