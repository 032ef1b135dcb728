// A zip reader that touches only the End Of Central Directory, the central directory and the one
// entry asked for, through ranged reads: never the whole archive (IPAs run to 500 MB).
import { crc32 } from "../bytes";
import type { Message } from "../../shared/message";
import { PACKAGE_MESSAGES as M } from "./messages";
import { type RangeReader, PackageError, decompress, latin1, readExactly, u16, u32, u64, utf8 } from "./reader";

export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
  isDirectory: boolean;
};

export type ZipMatch = string | ((entry: ZipEntry) => boolean);

/** Inflating more than this for one entry is refused (a plist or a provisioning profile is small). */
const MAX_ENTRY_SIZE = 8 * 1024 * 1024;
/** A central directory beyond this is not an app package we want to read (it is read whole). */
const MAX_CENTRAL_DIRECTORY = 32 * 1024 * 1024;
/** Entries beyond this are refused before the directory is read (big games hold tens of thousands). */
const MAX_ZIP_ENTRIES = 100_000;

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** Not a valid IPA, because of `why`. */
const notZip = (why: Message) => new PackageError(M.because(M.notIpa, why));

/** Lists every entry of the central directory. */
export async function listZip(reader: RangeReader): Promise<ZipEntry[]> {
  const { entries: count, cdOffset, cdSize } = await readEndOfCentralDirectory(reader);
  if (cdSize > MAX_CENTRAL_DIRECTORY) throw new PackageError(M.zipDirectoryTooLarge);
  const cd = await readExactly(reader, cdOffset, cdSize, M.zipDirectory);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cd.length || u32(cd, at) !== CENTRAL_SIG) throw notZip(M.zipDirectoryDamaged);
    const flags = u16(cd, at + 8);
    const nameLength = u16(cd, at + 28);
    const extraLength = u16(cd, at + 30);
    const commentLength = u16(cd, at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > cd.length) throw notZip(M.zipDirectoryDamaged);
    const nameBytes = cd.subarray(at + 46, at + 46 + nameLength);
    const name = flags & 0x800 ? utf8(nameBytes) : cp437(nameBytes);
    let uncompressedSize = u32(cd, at + 24);
    let compressedSize = u32(cd, at + 20);
    let localHeaderOffset = u32(cd, at + 42);
    // ZIP64 extended information: present only for the fields saturated in the header.
    const extra = cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let e = 0; e + 4 <= extra.length; ) {
      const id = u16(extra, e);
      const size = u16(extra, e + 2);
      if (id === 0x0001) {
        let f = e + 4;
        const fieldEnd = Math.min(e + 4 + size, extra.length);
        if (uncompressedSize === 0xffffffff && f + 8 <= fieldEnd) {
          uncompressedSize = u64(extra, f);
          f += 8;
        }
        if (compressedSize === 0xffffffff && f + 8 <= fieldEnd) {
          compressedSize = u64(extra, f);
          f += 8;
        }
        if (localHeaderOffset === 0xffffffff && f + 8 <= fieldEnd) {
          localHeaderOffset = u64(extra, f);
          f += 8;
        }
      }
      e += 4 + size;
    }
    entries.push({
      name,
      method: u16(cd, at + 10),
      flags,
      crc32: u32(cd, at + 16),
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
      encrypted: (flags & 0x1) !== 0,
      isDirectory: name.endsWith("/"),
    });
    at = end;
  }
  return entries;
}

/** The first entry whose name equals `match` (or that `match` accepts). */
function findZipEntry(entries: ZipEntry[], match: ZipMatch): ZipEntry | undefined {
  return entries.find(typeof match === "string" ? (entry) => entry.name === match : match);
}

/**
 * Reads one entry's bytes through its local header, inflating and checking the CRC-32.
 * `target` is an entry from listZip, or a name/predicate (the directory is then listed first).
 * Answers undefined when no entry matches.
 */
export async function readZipEntry(reader: RangeReader, target: ZipEntry | ZipMatch, options: { maxSize?: number } = {}): Promise<Uint8Array | undefined> {
  const entry = typeof target === "object" ? target : findZipEntry(await listZip(reader), target);
  if (!entry) return undefined;
  const maxSize = options.maxSize ?? MAX_ENTRY_SIZE;
  if (entry.encrypted) throw new PackageError(M.encrypted(entry.name));
  if (entry.uncompressedSize > maxSize) throw new PackageError(M.entryTooLarge(entry.name));
  if (entry.method !== 0 && entry.method !== 8) throw new PackageError(M.compression(entry.name, entry.method));
  // The compressed size is read into memory whole, so it is judged before the read: deflate never
  // grows data by more than a few bytes per block, and a stored entry is its own size.
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) throw notZip(M.wrongSize(entry.name));
  if (entry.compressedSize > deflateBound(entry.uncompressedSize)) throw new PackageError(M.entryTooLarge(entry.name));

  const local = await readExactly(reader, entry.localHeaderOffset, 30, M.zipEntryHeader);
  if (u32(local, 0) !== LOCAL_SIG) throw notZip(M.entryHeaderDamaged(entry.name));
  // The local header's own name and extra lengths decide where the data starts.
  const dataOffset = entry.localHeaderOffset + 30 + u16(local, 26) + u16(local, 28);
  const raw = await readExactly(reader, dataOffset, entry.compressedSize, entry.name);

  let data: Uint8Array;
  if (entry.method === 0) {
    data = raw;
  } else {
    data = await decompress(raw, "deflate-raw", maxSize, entry.name);
  }
  if (data.byteLength !== entry.uncompressedSize) throw notZip(M.wrongSize(entry.name));
  if (crc32(data) !== entry.crc32) throw notZip(M.wrongCrc(entry.name));
  return data;
}

/** The most bytes a deflate stream of `size` bytes can take (generous: 1/256 plus 1 KiB). */
function deflateBound(size: number): number {
  return size + Math.ceil(size / 256) + 1024;
}

type EndOfCentralDirectory = { entries: number; cdOffset: number; cdSize: number };

async function readEndOfCentralDirectory(reader: RangeReader): Promise<EndOfCentralDirectory> {
  if (reader.size < EOCD_SIZE) throw new PackageError(M.notIpa);
  const tailLength = Math.min(reader.size, EOCD_SIZE + MAX_COMMENT);
  const tailOffset = reader.size - tailLength;
  const tail = await readExactly(reader, tailOffset, tailLength, M.zipEnd);
  // Search backwards: the EOCD is last, and its comment length must reach (at most) the end.
  let eocd = -1;
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (u32(tail, at) === EOCD_SIG && at + EOCD_SIZE + u16(tail, at + 20) <= tail.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new PackageError(M.notIpa);
  if (u16(tail, eocd + 4) !== 0 && u16(tail, eocd + 4) !== 0xffff) throw notZip(M.zipMultiPart);
  let entries = u16(tail, eocd + 10);
  let cdSize = u32(tail, eocd + 12);
  let cdOffset = u32(tail, eocd + 16);

  // ZIP64: a locator sits just before the EOCD and points at the ZIP64 EOCD record.
  const locatorAt = eocd - 20;
  const locatorAbsolute = tailOffset + locatorAt;
  let locator: Uint8Array | undefined;
  if (locatorAt >= 0) locator = tail.subarray(locatorAt, eocd);
  else if (locatorAbsolute >= 0) locator = await readExactly(reader, locatorAbsolute, 20, "ZIP64");
  if (locator && u32(locator, 0) === ZIP64_LOCATOR_SIG) {
    const recordOffset = u64(locator, 8);
    const record = await readExactly(reader, recordOffset, 56, "ZIP64");
    if (u32(record, 0) !== ZIP64_EOCD_SIG) throw notZip(M.zip64Damaged);
    entries = u64(record, 32);
    cdSize = u64(record, 40);
    cdOffset = u64(record, 48);
  } else if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    throw notZip(M.zip64Missing);
  }
  if (cdOffset + cdSize > reader.size) throw notZip(M.directoryOutside);
  if (entries > MAX_ZIP_ENTRIES) throw new PackageError(M.tooManyZipEntries);
  // Every central record is at least 46 bytes: a count beyond that is a lie, not a loop to run.
  if (entries * 46 > cdSize) throw notZip(M.zipDirectoryDamaged);
  return { entries, cdOffset, cdSize };
}

// IBM code page 437: the zip default when the UTF-8 flag (bit 11) is not set.
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

function cp437(bytes: Uint8Array): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) ascii = false;
  if (ascii) return latin1(bytes);
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += bytes[i] < 0x80 ? String.fromCharCode(bytes[i]) : CP437_HIGH[bytes[i] - 0x80];
  return out;
}
