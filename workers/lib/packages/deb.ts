// A .deb's control fields: walk the `ar` members' headers with ranged reads, read only
// control.tar.*, unpack it and parse ./control. data.tar (the bulk) is never read.
import { PACKAGE_MESSAGES as M } from "./messages";
import { type RangeReader, PackageError, decompress, latin1, readExactly, utf8 } from "./reader";
import { unlzma, unxz } from "./xz";

export type DebControl = {
  Package: string;
  Name: string;
  Version: string;
  Architecture: string;
  Maintainer: string;
  Author: string;
  Description: string;
  Depends: string;
  Section: string;
  /** Every field as written in the file (names in their original case). */
  fields: Record<string, string>;
  /** The control file's raw text, for the APT `Packages` index later. */
  control: string;
};

const AR_MAGIC = "!<arch>\n";
const AR_HEADER = 60;
/** control.tar is a few KiB; maintainer scripts might make it bigger, but not this big. */
const MAX_CONTROL_ARCHIVE = 16 * 1024 * 1024;
const MAX_CONTROL_TAR = 32 * 1024 * 1024;
const MAX_MEMBERS = 64;
/** A BSD long name (`#1/<length>`) is read before anything else of its member: real ones are short. */
const MAX_AR_NAME = 1024;

export async function readDebControl(reader: RangeReader): Promise<DebControl> {
  if (reader.size < AR_MAGIC.length || latin1(await readExactly(reader, 0, AR_MAGIC.length, M.fileHeader)) !== AR_MAGIC) {
    throw new PackageError(M.notDeb);
  }
  const member = await findControlMember(reader);
  if (!member) throw new PackageError(M.noControl);
  if (member.size > MAX_CONTROL_ARCHIVE) throw new PackageError(M.memberTooLarge(member.name));

  const tar = await unpackControl(await readExactly(reader, member.offset, member.size, member.name), member.name);

  const controlBytes = findTarFile(tar, "control");
  if (!controlBytes) throw new PackageError(M.noControl);
  const control = utf8(controlBytes);
  const fields = parseControl(control);
  const field = (name: string): string => {
    const key = Object.keys(fields).find((k) => k.toLowerCase() === name.toLowerCase());
    return key ? fields[key] : "";
  };
  if (!field("Package")) throw new PackageError(M.noPackageField);
  return {
    Package: field("Package"),
    Name: field("Name") || field("Package"),
    Version: field("Version"),
    Architecture: field("Architecture"),
    Maintainer: field("Maintainer"),
    Author: field("Author") || field("Maintainer"),
    Description: field("Description"),
    Depends: field("Depends"),
    Section: field("Section"),
    fields,
    control,
  };
}

/** control.tar as dpkg-deb may compress it: xz (its default), gzip, none, or legacy lzma. */
async function unpackControl(data: Uint8Array, name: string): Promise<Uint8Array> {
  switch (name) {
    case "control.tar":
      return data;
    case "control.tar.gz":
      return decompress(data, "gzip", MAX_CONTROL_TAR, name);
    case "control.tar.xz":
      return unxz(data, MAX_CONTROL_TAR, name);
    case "control.tar.lzma":
      return unlzma(data, MAX_CONTROL_TAR, name);
    case "control.tar.zst":
      // A zstd decoder is a project of its own; dpkg-deb -Zxz or -Zgzip makes a readable package.
      throw new PackageError(M.zstd);
    default:
      throw new PackageError(M.controlFormat(name));
  }
}

type ArMember = { name: string; offset: number; size: number };

/** Walks member headers (60 bytes each) until control.tar*; GNU and BSD long names. */
async function findControlMember(reader: RangeReader): Promise<ArMember | undefined> {
  let at = AR_MAGIC.length;
  let longNames = "";
  for (let i = 0; i < MAX_MEMBERS && at + AR_HEADER <= reader.size; i++) {
    const header = latin1(await readExactly(reader, at, AR_HEADER, M.arHeader));
    if (header.slice(58, 60) !== "`\n") throw new PackageError(M.notDeb);
    const sizeText = header.slice(48, 58).trim();
    if (!/^\d+$/.test(sizeText)) throw new PackageError(M.notDeb);
    let size = Number(sizeText);
    let offset = at + AR_HEADER;
    let name = header.slice(0, 16).trimEnd();
    if (name === "//") {
      // The GNU long-name table: names ending in "/\n", referenced as "/<offset>".
      longNames = latin1(await readExactly(reader, offset, Math.min(size, 65536), M.arNameTable));
    } else if (/^\/\d+$/.test(name)) {
      const start = Number(name.slice(1));
      const end = longNames.indexOf("\n", start);
      name = longNames.slice(start, end < 0 ? undefined : end);
    } else if (/^#1\/\d+$/.test(name)) {
      // BSD: the name's length is given, and the name opens the member's data.
      const length = Number(name.slice(3));
      if (length > MAX_AR_NAME) throw new PackageError(M.because(M.notDeb, M.arNameTooLong));
      if (length > size) throw new PackageError(M.because(M.notDeb, M.arNameLonger));
      name = latin1(await readExactly(reader, offset, length, M.arName)).replace(/\0+$/, "");
      offset += length;
      size -= length;
    }
    name = name.replace(/\/$/, "");
    if (offset + size > reader.size || size < 0) throw new PackageError(M.because(M.notDeb, M.fileCutShort));
    if (i === 0 && name !== "debian-binary") throw new PackageError(M.notDeb);
    if (name.startsWith("control.tar")) return { name, offset, size };
    if (name.startsWith("data.tar")) return undefined;
    at = offset + size + ((offset + size) % 2); // members start on even offsets
  }
  return undefined;
}

/** A regular file from a ustar/GNU/pax tar, by path ("./control" and "control" alike). */
function findTarFile(tar: Uint8Array, path: string): Uint8Array | undefined {
  const wanted = normalisePath(path);
  let at = 0;
  let longName: string | undefined;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return undefined; // end of archive
    if (!checksumOk(header)) throw new PackageError(M.because(M.noControl, M.controlTarDamaged));
    const size = tarSize(header.subarray(124, 136));
    const type = String.fromCharCode(header[156] || 0x30);
    const dataStart = at + 512;
    if (dataStart + size > tar.length) throw new PackageError(M.because(M.noControl, M.controlTarCutShort));
    const data = tar.subarray(dataStart, dataStart + size);
    if (type === "L") {
      longName = cString(data);
    } else if (type === "x") {
      longName = paxPath(utf8(data)) ?? longName;
    } else {
      let name = cString(header.subarray(0, 100));
      if (latin1(header.subarray(257, 262)) === "ustar") {
        const prefix = cString(header.subarray(345, 500));
        if (prefix) name = `${prefix}/${name}`;
      }
      name = longName ?? name;
      longName = undefined;
      if ((type === "0" || type === "7") && normalisePath(name) === wanted) return data;
    }
    at = dataStart + Math.ceil(size / 512) * 512;
  }
  return undefined;
}

function normalisePath(path: string): string {
  return path.replace(/^(\.\/|\/)+/, "");
}

function cString(bytes: Uint8Array): string {
  const nul = bytes.indexOf(0);
  return utf8(nul < 0 ? bytes : bytes.subarray(0, nul));
}

function tarSize(field: Uint8Array): number {
  // GNU base-256 for sizes beyond 8 GiB: high bit set on the first byte.
  if (field[0] & 0x80) {
    let value = field[0] & 0x7f;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i];
    return value;
  }
  const text = cString(field).trim();
  if (text && !/^[0-7]+$/.test(text)) throw new PackageError(M.because(M.noControl, M.controlTarDamaged));
  return text ? parseInt(text, 8) : 0;
}

function checksumOk(header: Uint8Array): boolean {
  const stored = cString(header.subarray(148, 156)).trim();
  if (!/^[0-7]+$/.test(stored)) return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
  return sum === parseInt(stored, 8);
}

function paxPath(records: string): string | undefined {
  for (const line of records.split("\n")) {
    const match = /^\d+ path=(.*)$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * RFC 822 style fields: "Name: value", continuation lines start with a space or tab, and a
 * continuation line of " ." is an empty line (Debian policy 5.6.13 for Description).
 */
export function parseControl(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let current: string | undefined;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.startsWith("#")) continue;
    if (/^[ \t]/.test(line)) {
      if (!current) continue;
      const body = line.slice(1);
      fields[current] += `\n${body.trim() === "." ? "" : body}`;
      continue;
    }
    if (line.trim() === "") {
      // One stanza in a control file: a blank line ends it.
      if (current) break;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    current = line.slice(0, colon).trim();
    Object.defineProperty(fields, current, { value: line.slice(colon + 1).trim(), enumerable: true, writable: true, configurable: true });
  }
  for (const key of Object.keys(fields)) fields[key] = fields[key].replace(/\s+$/, "");
  return fields;
}

/** "Name <mail@host>" → "Name": who made the package, as the form's developer. */
export function authorName(control: Pick<DebControl, "Author" | "Maintainer">): string {
  return (control.Author || control.Maintainer).replace(/\s*<[^>]*>\s*$/, "").trim();
}
