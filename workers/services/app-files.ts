// The rules for files an admin uploads (spec §9): which kinds, how big, and what their content
// must be. One place for both ways a file arrives (a part of the create/update form, or a
// multipart upload to R2), so both refuse the same files with the same words.
import type { AppType, UploadKind } from "../db/schema";
import {
  type DebControl,
  type IpaInfo,
  type MediaFormat,
  MEDIA_EXTENSIONS,
  PackageError,
  type RangeReader,
  readDebControl,
  readIpaInfo,
  SNIFF_BYTES,
  sniffMedia,
  videoDuration,
} from "../lib/packages";
import { ApiError } from "../api/errors";

const MB = 1024 * 1024;
export const UPLOAD_LIMITS = { ipa: 500 * MB, tipa: 500 * MB, deb: 100 * MB, icon: 2 * MB, image: 5 * MB, video: 50 * MB } as const;
export const MAX_VIDEO_SECONDS = 30;

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

/** The package a file name promises, by its ending. */
export function packageExtension(filename: string): PackageExtension | null {
  const ext = extensionOf(filename);
  return ext === "ipa" || ext === "tipa" || ext === "deb" ? ext : null;
}

/** The package endings each app type accepts (spec §5 accept filters). */
export function packageExtensionsFor(type: AppType): PackageExtension[] {
  if (type === "ipa" || type === "itms-ipa") return ["ipa"];
  if (type === "tipa") return ["tipa"];
  if (type === "testflight") return [];
  return ["deb"];
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot < 0 ? "" : filename.slice(dot + 1).toLowerCase();
}

/** The Content-Type we store for a package. */
export function packageContentType(ext: PackageExtension): string {
  return ext === "deb" ? "application/vnd.debian.binary-package" : "application/octet-stream";
}

const LIMIT_LABEL = (bytes: number) => `${bytes / MB}MB`;

/**
 * What can be told from a name and a size before any byte arrives: the upload API refuses early,
 * so an admin doesn't send 600 MB to learn it was too big. Returns the stored Content-Type.
 */
export function checkDeclaredFile(kind: UploadKind, filename: string, size: number): string {
  if (!Number.isSafeInteger(size) || size <= 0) throw new ApiError(400, FILE_MESSAGES.empty);
  if (kind === "app_file") {
    const ext = packageExtension(filename);
    if (!ext) throw new ApiError(400, FILE_MESSAGES.appFileType);
    if (size > UPLOAD_LIMITS[ext]) throw new ApiError(400, FILE_MESSAGES.tooBig(`Tệp ${ext.toUpperCase()}`, LIMIT_LABEL(UPLOAD_LIMITS[ext])));
    return packageContentType(ext);
  }
  const type = mediaTypeByExtension(extensionOf(filename));
  if (!type || (kind === "icon" && type.kind === "video")) throw new ApiError(400, kind === "icon" ? FILE_MESSAGES.iconType : FILE_MESSAGES.mediaType);
  const limit = kind === "icon" ? UPLOAD_LIMITS.icon : type.kind === "video" ? UPLOAD_LIMITS.video : UPLOAD_LIMITS.image;
  const label = kind === "icon" ? "Icon" : type.kind === "video" ? "Video" : "Ảnh";
  if (size > limit) throw new ApiError(400, FILE_MESSAGES.tooBig(label, LIMIT_LABEL(limit)));
  return type.contentType;
}

function mediaTypeByExtension(ext: string): { kind: "image" | "video"; contentType: string } | null {
  for (const [type, extensions] of Object.entries(MEDIA_EXTENSIONS)) {
    if (!extensions.includes(ext)) continue;
    const sample = SAMPLE_FORMATS[type as MediaFormat["type"]];
    return { kind: sample.kind, contentType: sample.contentType };
  }
  return null;
}

const SAMPLE_FORMATS: Record<MediaFormat["type"], { kind: "image" | "video"; contentType: string }> = {
  png: { kind: "image", contentType: "image/png" },
  jpeg: { kind: "image", contentType: "image/jpeg" },
  gif: { kind: "image", contentType: "image/gif" },
  webp: { kind: "image", contentType: "image/webp" },
  mp4: { kind: "video", contentType: "video/mp4" },
  mov: { kind: "video", contentType: "video/quicktime" },
  webm: { kind: "video", contentType: "video/webm" },
  avi: { kind: "video", contentType: "video/x-msvideo" },
};

export type CheckedPackage = {
  kind: "app_file";
  extension: PackageExtension;
  contentType: string;
  ipa: IpaInfo | null;
  deb: DebControl | null;
};
export type CheckedMedia = { kind: "icon" | "media"; format: MediaFormat; contentType: string; duration: number | null };
export type CheckedFile = CheckedPackage | CheckedMedia;

/**
 * Reads enough of the file to know it is what it claims: an IPA/TIPA is a zip with
 * Payload/*.app/Info.plist, a DEB an ar archive with a control file, an image or video has the
 * signature of its format (and a video runs at most 30 s). Throws a 400 ApiError otherwise.
 */
export async function checkFileContent(kind: UploadKind, filename: string, reader: RangeReader): Promise<CheckedFile> {
  checkDeclaredFile(kind, filename, reader.size);
  if (kind === "app_file") {
    const extension = packageExtension(filename)!;
    const what = extension.toUpperCase();
    try {
      if (extension === "deb") return { kind, extension, contentType: packageContentType(extension), ipa: null, deb: await readDebControl(reader) };
      return { kind, extension, contentType: packageContentType(extension), ipa: await readIpaInfo(reader), deb: null };
    } catch (error) {
      if (error instanceof PackageError) throw new ApiError(400, FILE_MESSAGES.badPackage(what, error.message));
      throw error;
    }
  }
  const format = sniffMedia(await reader.read(0, Math.min(SNIFF_BYTES, reader.size)));
  if (!format || (kind === "icon" && format.kind === "video")) throw new ApiError(400, kind === "icon" ? FILE_MESSAGES.iconType : FILE_MESSAGES.mediaType);
  if (!MEDIA_EXTENSIONS[format.type].includes(extensionOf(filename))) throw new ApiError(400, FILE_MESSAGES.notWhatItClaims(filename));
  let duration: number | null = null;
  if (format.kind === "video") {
    try {
      duration = await videoDuration(reader, format);
    } catch (error) {
      if (error instanceof PackageError) throw new ApiError(400, error.message);
      throw error;
    }
    if (Math.round(duration) > MAX_VIDEO_SECONDS) throw new ApiError(400, FILE_MESSAGES.videoTooLong);
  }
  return { kind, format, contentType: format.contentType, duration: duration === null ? null : Math.round(duration) };
}

/** The package's own facts kept on the app: privacy strings and entitlements, or the DEB control fields. */
export function packageInfoOf(file: CheckedPackage): Record<string, unknown> {
  if (file.deb) return { deb_control: file.deb.fields };
  return { privacy: file.ipa?.privacy ?? {}, entitlements: file.ipa?.entitlements ?? [] };
}
