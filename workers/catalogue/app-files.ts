// The checks for files an admin uploads (docs/product.md §9): the declared name and size (rules in
// workers/shared/app-form.ts, which the form applies too) and what their content must be. One place for both ways a file arrives (a part of the create/update form, or a
// multipart upload to R2), so both refuse the same files with the same words.
import { declaredFile, FILE_MESSAGES, isVideoTooLong, packageContentType } from "../shared/app-form";
import { extensionOf, type PackageExtension, packageExtension } from "../shared/catalogue/app-form-fields";
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
import { ValidationError } from "../platform/errors";
import type { UploadKind } from "../shared/enums";

/** The declared name and size, judged before any byte arrives; returns the Content-Type to store. */
export function checkDeclaredFile(kind: UploadKind, filename: string, size: number): string {
  const verdict = declaredFile(kind, filename, size);
  if (!verdict.ok) throw new ValidationError(verdict.message);
  return verdict.contentType;
}

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
 * signature of its format (and a video runs at most 30 s). Throws a ValidationError otherwise.
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
      if (error instanceof PackageError) throw new ValidationError(FILE_MESSAGES.badPackage(what, error.said));
      throw error;
    }
  }
  const format = sniffMedia(await reader.read(0, Math.min(SNIFF_BYTES, reader.size)));
  if (!format || (kind === "icon" && format.kind === "video")) throw new ValidationError(kind === "icon" ? FILE_MESSAGES.iconType : FILE_MESSAGES.mediaType);
  if (!MEDIA_EXTENSIONS[format.type].includes(extensionOf(filename))) throw new ValidationError(FILE_MESSAGES.notWhatItClaims(filename));
  let duration: number | null = null;
  if (format.kind === "video") {
    try {
      duration = await videoDuration(reader, format);
    } catch (error) {
      if (error instanceof PackageError) throw new ValidationError(error.said);
      throw error;
    }
    if (isVideoTooLong(duration)) throw new ValidationError(FILE_MESSAGES.videoTooLong);
  }
  return { kind, format, contentType: format.contentType, duration: duration === null ? null : Math.round(duration) };
}

/** The package's own facts kept on the app: privacy strings and entitlements, or the DEB control fields. */
export function packageInfoOf(file: CheckedPackage): Record<string, unknown> {
  if (file.deb) return { deb_control: file.deb.fields };
  return { privacy: file.ipa?.privacy ?? {}, entitlements: file.ipa?.entitlements ?? [] };
}
