// Reads a chosen IPA/TIPA or DEB in the browser, before any upload (docs/architecture.md#files): the same
// readers the Worker uses, over Blob.slice, so only the zip directory and one entry are read. The
// form fetches this file, and the readers with it (zip, xz, plist, deb), when a package is chosen.
import { packageExtension } from "@workers/shared/catalogue/app-form-fields";
import { authorName, blobReader, developerFromBundleId, readDebControl, readIpaInfo } from "@workers/lib/packages";

export type PackagePreview = {
  name: string;
  version: string;
  developer: string;
  bundle_id: string;
  build_number: string | null;
  minimum_os_version: string | null;
};

/** Null for a file that is not a package; throws a PackageError (Vietnamese) for a broken one. */
export async function previewPackage(file: File): Promise<PackagePreview | null> {
  const ext = packageExtension(file.name);
  if (!ext) return null;
  const reader = blobReader(file);
  if (ext === "deb") {
    const control = await readDebControl(reader);
    return { name: control.Name || control.Package, version: control.Version, developer: authorName(control), bundle_id: control.Package, build_number: null, minimum_os_version: null };
  }
  const info = await readIpaInfo(reader);
  return {
    name: info.app_name,
    version: info.version,
    developer: developerFromBundleId(info.bundle_id),
    bundle_id: info.bundle_id,
    build_number: info.build_number || null,
    minimum_os_version: info.minimum_os_version,
  };
}

/** The 5 s toast after a read (docs/product.md §8 "Apps"). */
export function previewToastText(preview: PackagePreview): string {
  const parts = [`Bundle ID: ${preview.bundle_id || "—"}`];
  if (preview.build_number) parts.push(`Build: ${preview.build_number}`);
  if (preview.minimum_os_version) parts.push(`iOS tối thiểu: ${preview.minimum_os_version}`);
  return `Đã đọc thông tin gói — ${parts.join(" • ")}`;
}
