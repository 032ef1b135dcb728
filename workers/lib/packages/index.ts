// The package readers, shared by the browser (admin form auto-fill) and the Worker (extracted_info).
export { type RangeReader, PackageError, blobReader, bytesReader } from "./reader";
export { listZip, readZipEntry } from "./zip";
export { parsePlist } from "./plist";
export { type IpaInfo, developerFromBundleId, readIpaInfo } from "./ipa";
export { type DebControl, authorName, parseControl, readDebControl } from "./deb";
export { type MediaFormat, type VideoFormat, MEDIA_EXTENSIONS, SNIFF_BYTES, sniffMedia, videoDuration } from "./media";
export { crc64, sha256, unlzma, unxz } from "./xz";
