// What the app form shows and the API reads the same way (docs/product.md §5): the app types, the
// url slug, the fields' lengths, the files' endings, accept filters and size hints. The rules that
// refuse a form or a file, and their messages, are ../app-form.ts: the form fetches them when it
// checks, so it opens without their words.
import { defineMessages } from "../message";

export const APP_TYPES = ["ipa", "itms-ipa", "testflight", "tipa", "roothide", "rootless", "rootfull"] as const;
export type AppTypeName = (typeof APP_TYPES)[number];

/** docs/product.md §5: lower case, only a-z, 0-9, hyphen and underscore kept. */
export function normaliseSlug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_-]/g, "");
}

/** A slug suggested from a name: Vietnamese marks dropped, spaces to hyphens, then the rule above. */
export function slugFromName(name: string): string {
  const plain = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[đĐ]/g, "d");
  return normaliseSlug(plain.trim().replace(/\s+/g, "-")).replace(/-+/g, "-").slice(0, 100);
}

export const MAX_LENGTHS = { name: 200, url: 100, version: 50, developer: 100, category: 50, description: 20_000, changelog: 20_000, link: 2_000, announcement: 280 } as const;

/** What the file picker offers for each type (docs/product.md §5 accept filters). */
export function packageAccept(type: string): string {
  if (type === "ipa" || type === "itms-ipa") return ".ipa";
  if (type === "tipa") return ".tipa";
  if (type === "rootless" || type === "rootfull" || type === "roothide") return ".deb";
  return ".ipa,.deb,.tipa";
}

/** The size hints under the form's file pickers (docs/product.md §5). */
export const APP_FORM_HINTS = defineMessages({
  deb: { code: "hint_deb", vi: "DEB tối đa 100MB", en: "DEB, up to 100MB" },
  tipa: { code: "hint_tipa", vi: "TIPA tối đa 500MB", en: "TIPA, up to 500MB" },
  ipa: { code: "hint_ipa", vi: "IPA tối đa 500MB", en: "IPA, up to 500MB" },
  icon: { code: "hint_icon", vi: "Tối đa 2MB (PNG, JPG, GIF)", en: "Up to 2MB (PNG, JPG, GIF)" },
  media: { code: "hint_media", vi: "Ảnh tối đa 5MB mỗi ảnh, video tối đa 50MB và 30 giây", en: "Images up to 5MB each, videos up to 50MB and 30 seconds" },
});

// The admin's screens are Vietnamese only: they show the hints in Vietnamese.
export function packageHint(type: string): string {
  if (type === "rootless" || type === "rootfull" || type === "roothide") return APP_FORM_HINTS.deb.in("vi");
  if (type === "tipa") return APP_FORM_HINTS.tipa.in("vi");
  return APP_FORM_HINTS.ipa.in("vi");
}

export const ICON_ACCEPT = "image/*";
export const ICON_HINT = APP_FORM_HINTS.icon.in("vi");
export const MEDIA_ACCEPT = "image/*,video/mp4,video/quicktime,video/x-msvideo,video/webm,.mp4,.mov,.avi,.webm";
export const MEDIA_HINT = APP_FORM_HINTS.media.in("vi");

export function isAppType(value: string): value is AppTypeName {
  return (APP_TYPES as readonly string[]).includes(value);
}

export type PackageExtension = "ipa" | "tipa" | "deb";

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
export function packageExtensionsFor(type: string): PackageExtension[] {
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

/** Image and video endings, and the Content-Type stored for each (the content must agree). */
export const MEDIA_TYPES: Record<string, { kind: "image" | "video"; contentType: string }> = {
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
