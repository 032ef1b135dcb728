// What an IPA says about itself: Info.plist of the app bundle, and the entitlements of its
// provisioning profile. Reads only the zip's directory and those two entries.
import { type PlistDict, type PlistValue, parsePlist } from "./plist";
import { PACKAGE_MESSAGES } from "./messages";
import { type RangeReader, PackageError, latin1 } from "./reader";
import { type ZipEntry, listZip, readZipEntry } from "./zip";

export type IpaInfo = {
  app_name: string;
  bundle_id: string;
  version: string;
  build_number: string;
  minimum_os_version: string;
  privacy: Record<string, string>;
  entitlements: string[];
};

const DEFAULT_MINIMUM_OS = "14.0";
/** A provisioning profile is a few KiB to a few hundred; anything bigger is not one. */
const MAX_PROVISION_SIZE = 2 * 1024 * 1024;

/** Reads the app's Info.plist (XML or binary) and its entitlements. */
export async function readIpaInfo(reader: RangeReader): Promise<IpaInfo> {
  const entries = await listZip(reader);
  const infoEntry = findAppInfoPlist(entries);
  if (!infoEntry) throw new PackageError(PACKAGE_MESSAGES.noInfoPlist);
  const appDir = infoEntry.name.slice(0, -"Info.plist".length);

  const infoBytes = await readZipEntry(reader, infoEntry);
  let info: PlistValue;
  try {
    info = parsePlist(infoBytes!);
  } catch (error) {
    throw new PackageError(PACKAGE_MESSAGES.infoPlistUnreadable, { cause: error });
  }
  if (!isDict(info)) throw new PackageError(PACKAGE_MESSAGES.infoPlistNotDict);

  const provision = entries.find((entry) => entry.name === `${appDir}embedded.mobileprovision`);
  const entitlements = provision ? await readEntitlements(reader, provision) : [];

  const bundleName = appDir.slice("Payload/".length, -".app/".length);
  const build = text(info.CFBundleVersion);
  return {
    app_name: text(info.CFBundleDisplayName) || text(info.CFBundleName) || bundleName,
    bundle_id: text(info.CFBundleIdentifier),
    version: text(info.CFBundleShortVersionString) || build,
    build_number: build,
    minimum_os_version: text(info.MinimumOSVersion) || DEFAULT_MINIMUM_OS,
    privacy: privacyDescriptions(info),
    entitlements,
  };
}

/** The product's developer guess: the bundle id's second segment, capitalised. */
export function developerFromBundleId(bundleId: string): string {
  const segment = bundleId.trim().split(".")[1] ?? "";
  return segment ? segment[0].toUpperCase() + segment.slice(1) : "";
}

/** `Payload/<Name>.app/Info.plist`, exactly one level under Payload (never a framework's). */
function findAppInfoPlist(entries: ZipEntry[]): ZipEntry | undefined {
  const candidates = entries.filter((entry) => /^Payload\/[^/]+\.app\/Info\.plist$/.test(entry.name));
  // Several apps in one Payload is odd; take a stable choice, the first by name.
  return candidates.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[0];
}

function privacyDescriptions(info: PlistDict): Record<string, string> {
  const privacy: Record<string, string> = {};
  for (const [key, value] of Object.entries(info)) {
    if (/^NS\w*UsageDescription$/.test(key) && typeof value === "string") privacy[key] = value;
  }
  return privacy;
}

/**
 * The profile is CMS (PKCS#7) signed DER around an XML plist; we do not verify the signature,
 * only lift the plist out. A profile we cannot read yields no entitlements rather than an error.
 */
async function readEntitlements(reader: RangeReader, entry: ZipEntry): Promise<string[]> {
  try {
    const bytes = await readZipEntry(reader, entry, { maxSize: MAX_PROVISION_SIZE });
    const plist = extractEmbeddedPlist(bytes!);
    if (!plist) return [];
    const profile = parsePlist(plist);
    if (!isDict(profile) || !isDict(profile.Entitlements)) return [];
    return Object.keys(profile.Entitlements);
  } catch (error) {
    if (error instanceof PackageError) return [];
    throw error;
  }
}

/** The bytes from `<?xml` to the end of `</plist>`, found in a binary envelope. */
function extractEmbeddedPlist(bytes: Uint8Array): Uint8Array | undefined {
  const haystack = latin1(bytes);
  const start = haystack.indexOf("<?xml");
  if (start < 0) return undefined;
  const end = haystack.indexOf("</plist>", start);
  if (end < 0) return undefined;
  return bytes.subarray(start, end + "</plist>".length);
}

function isDict(value: PlistValue | undefined): value is PlistDict {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
}

function text(value: PlistValue | undefined): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return "";
}
