// The package readers, shared by the browser (admin form auto-fill) and the Worker (extracted_info).
export { type RangeReader, PackageError, blobReader, bytesReader } from "./reader";
export { type ZipEntry, type ZipMatch, MAX_ENTRY_SIZE, findZipEntry, listZip, readZipEntry } from "./zip";
export { type PlistDict, type PlistValue, parsePlist } from "./plist";
export { type IpaInfo, developerFromBundleId, findAppInfoPlist, readIpaInfo } from "./ipa";
export { type DebControl, authorName, parseControl, readDebControl } from "./deb";
export { type ImageFormat, type MediaFormat, type VideoFormat, MEDIA_EXTENSIONS, SNIFF_BYTES, sniffMedia, videoDuration } from "./media";
export { crc64, sha256, unlzma, unxz } from "./xz";
