// The app form's rules (spec §5 "Create app", "Edit app", accept filters and size hints), shared
// by the admin screens and the API so both refuse the same things with the same words.

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
} as const;

/** Spec §5: lower case, only a-z, 0-9, hyphen and underscore kept. */
export function normaliseSlug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_-]/g, "");
}

/** First path segments the store itself uses: an app slug there would be unreachable. */
export const RESERVED_SLUGS = new Set([
  "admin",
  "api",
  "app",
  "auth",
  "assets",
  "dashboard",
  "dev",
  "forgot-password",
  "login",
  "profile",
  "register",
  "repo",
  "reset-password",
]);

export const MAX_LENGTHS = { name: 200, url: 100, version: 50, developer: 100, category: 50, description: 20_000, changelog: 20_000, link: 2_000 } as const;

/** What the file picker offers for each type (spec §5 accept filters). */
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

export function isItmsUrl(value: string): boolean {
  return /^itms-services:\/\/\?/i.test(value) || /^https:\/\/\S+$/i.test(value);
}

export function isTestflightUrl(value: string): boolean {
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
 * The first rule of spec §5 the form breaks, with the fields at fault, or null. Create requires
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
