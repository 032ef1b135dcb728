// Property lists, XML and binary (bplist00), to plain JS values. Written for untrusted input:
// bounds-checked, cycle-guarded, no DOMParser (workerd has none).
import { PACKAGE_MESSAGES } from "./messages";
import { PackageError, latin1, utf8 } from "./reader";

export type PlistValue = string | number | bigint | boolean | Date | Uint8Array | null | PlistValue[] | PlistDict;
export type PlistDict = { [key: string]: PlistValue };

const UNREADABLE = PACKAGE_MESSAGES.plistDamaged;
const MAX_DEPTH = 512;
/** Seconds between the Unix epoch and Apple's (2001-01-01T00:00:00Z). */
const APPLE_EPOCH = 978307200;

/** Parses an XML or binary plist; a PackageError for anything else. */
export function parsePlist(bytes: Uint8Array): PlistValue {
  if (bytes.length >= 8 && latin1(bytes.subarray(0, 8)) === "bplist00") return parseBinaryPlist(bytes);
  let text = utf8(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return parseXmlPlist(text);
}

// ---- XML ----

type Cursor = { text: string; at: number };

function parseXmlPlist(text: string): PlistValue {
  const cursor: Cursor = { text, at: 0 };
  skipMisc(cursor);
  let tag = readTag(cursor);
  if (tag.name === "plist" && !tag.closing) {
    if (tag.selfClosing) return null;
    skipMisc(cursor);
    tag = readTag(cursor);
    if (tag.name === "plist" && tag.closing) return null;
    const value = parseXmlValue(cursor, tag, 0);
    skipMisc(cursor);
    const end = readTag(cursor);
    if (end.name !== "plist" || !end.closing) throw new PackageError(UNREADABLE);
    return value;
  }
  // A bare value without the <plist> wrapper is accepted, as Apple's parser does.
  return parseXmlValue(cursor, tag, 0);
}

type Tag = { name: string; closing: boolean; selfClosing: boolean };

function skipMisc(cursor: Cursor): void {
  const { text } = cursor;
  for (;;) {
    while (cursor.at < text.length && /\s/.test(text[cursor.at])) cursor.at++;
    if (text.startsWith("<?", cursor.at)) cursor.at = after(cursor, "?>");
    else if (text.startsWith("<!--", cursor.at)) cursor.at = after(cursor, "-->");
    else if (text.startsWith("<!DOCTYPE", cursor.at)) cursor.at = after(cursor, ">");
    else return;
  }
}

function after(cursor: Cursor, token: string): number {
  const end = cursor.text.indexOf(token, cursor.at);
  if (end < 0) throw new PackageError(UNREADABLE);
  return end + token.length;
}

function readTag(cursor: Cursor): Tag {
  const match = /^<(\/?)([A-Za-z_][\w.-]*)(?:\s[^>]*?)?\s*(\/?)>/.exec(cursor.text.slice(cursor.at, cursor.at + 256));
  if (!match) throw new PackageError(UNREADABLE);
  cursor.at += match[0].length;
  return { name: match[2], closing: match[1] === "/", selfClosing: match[3] === "/" };
}

/** The text content of a leaf element up to its closing tag (entities, CDATA, comments). */
function readText(cursor: Cursor, name: string): string {
  const { text } = cursor;
  let out = "";
  for (;;) {
    const lt = text.indexOf("<", cursor.at);
    if (lt < 0) throw new PackageError(UNREADABLE);
    out += decodeEntities(text.slice(cursor.at, lt));
    cursor.at = lt;
    if (text.startsWith("<![CDATA[", lt)) {
      const end = text.indexOf("]]>", lt);
      if (end < 0) throw new PackageError(UNREADABLE);
      out += text.slice(lt + 9, end);
      cursor.at = end + 3;
    } else if (text.startsWith("<!--", lt)) {
      cursor.at = after(cursor, "-->");
    } else {
      const tag = readTag(cursor);
      if (tag.name !== name || !tag.closing) throw new PackageError(UNREADABLE);
      return out;
    }
  }
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body] ?? whole;
  });
}

function parseXmlValue(cursor: Cursor, tag: Tag, depth: number): PlistValue {
  if (depth > MAX_DEPTH || tag.closing) throw new PackageError(UNREADABLE);
  const leaf = (): string => (tag.selfClosing ? "" : readText(cursor, tag.name));
  switch (tag.name) {
    case "dict": {
      const dict: PlistDict = {};
      if (tag.selfClosing) return dict;
      for (;;) {
        skipMisc(cursor);
        const keyTag = readTag(cursor);
        if (keyTag.name === "dict" && keyTag.closing) return dict;
        if (keyTag.name !== "key" || keyTag.closing) throw new PackageError(UNREADABLE);
        const key = keyTag.selfClosing ? "" : readText(cursor, "key");
        skipMisc(cursor);
        setKey(dict, key, parseXmlValue(cursor, readTag(cursor), depth + 1));
      }
    }
    case "array": {
      const array: PlistValue[] = [];
      if (tag.selfClosing) return array;
      for (;;) {
        skipMisc(cursor);
        const item = readTag(cursor);
        if (item.name === "array" && item.closing) return array;
        array.push(parseXmlValue(cursor, item, depth + 1));
      }
    }
    case "string":
      return leaf();
    case "integer": {
      const text = leaf().trim();
      if (!/^[+-]?(\d+|0x[0-9a-fA-F]+)$/.test(text)) throw new PackageError(UNREADABLE);
      const negative = text.startsWith("-");
      const big = BigInt(text.replace(/^[+-]/, ""));
      const value = negative ? -big : big;
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
    }
    case "real": {
      const text = leaf().trim();
      const value = /^[+-]?inf(inity)?$/i.test(text) ? (text.startsWith("-") ? -Infinity : Infinity) : Number(text);
      if (text === "" || (Number.isNaN(value) && !/^nan$/i.test(text))) throw new PackageError(UNREADABLE);
      return value;
    }
    case "true":
    case "false":
      if (!tag.selfClosing) readText(cursor, tag.name);
      return tag.name === "true";
    case "date": {
      const date = new Date(leaf().trim());
      if (Number.isNaN(date.getTime())) throw new PackageError(UNREADABLE);
      return date;
    }
    case "data":
      return base64Bytes(leaf());
    default:
      throw new PackageError(UNREADABLE);
  }
}

/** Own properties only: a key named "__proto__" must not reach the prototype. */
function setKey(dict: PlistDict, key: string, value: PlistValue): void {
  Object.defineProperty(dict, key, { value, enumerable: true, writable: true, configurable: true });
}

function base64Bytes(text: string): Uint8Array {
  try {
    const binary = atob(text.replace(/\s+/g, ""));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch (error) {
    throw new PackageError(UNREADABLE, { cause: error });
  }
}

// ---- binary (bplist00) ----

function parseBinaryPlist(bytes: Uint8Array): PlistValue {
  if (bytes.length < 8 + 32) throw new PackageError(UNREADABLE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const trailer = bytes.length - 32;
  const offsetSize = bytes[trailer + 6];
  const refSize = bytes[trailer + 7];
  const count = beUint(bytes, trailer + 8, 8);
  const top = beUint(bytes, trailer + 16, 8);
  const tableOffset = beUint(bytes, trailer + 24, 8);
  if (offsetSize < 1 || offsetSize > 8 || refSize < 1 || refSize > 8) throw new PackageError(UNREADABLE);
  if (count < 1 || top >= count || tableOffset < 8 || tableOffset + count * offsetSize > trailer) throw new PackageError(UNREADABLE);

  const offsets: number[] = [];
  for (let i = 0; i < count; i++) {
    const offset = beUint(bytes, tableOffset + i * offsetSize, offsetSize);
    if (offset < 8 || offset >= tableOffset) throw new PackageError(UNREADABLE);
    offsets.push(offset);
  }

  const done = new Map<number, PlistValue>();
  const inProgress = new Set<number>();

  function need(at: number, length: number): void {
    if (length < 0 || at + length > tableOffset) throw new PackageError(UNREADABLE);
  }

  /** The count in a marker's low nibble, or in the int object after it (0xF). */
  function lengthAt(at: number, nibble: number): { length: number; start: number } {
    if (nibble !== 0xf) return { length: nibble, start: at + 1 };
    need(at + 1, 1);
    const marker = bytes[at + 1];
    if (marker >> 4 !== 0x1) throw new PackageError(UNREADABLE);
    const size = 1 << (marker & 0xf);
    if (size > 8) throw new PackageError(UNREADABLE);
    need(at + 2, size);
    return { length: beUint(bytes, at + 2, size), start: at + 2 + size };
  }

  function ref(at: number): number {
    const index = beUint(bytes, at, refSize);
    if (index >= count) throw new PackageError(UNREADABLE);
    return index;
  }

  function object(index: number, depth: number): PlistValue {
    const cached = done.get(index);
    if (cached !== undefined) return cached;
    if (inProgress.has(index) || depth > MAX_DEPTH) throw new PackageError(UNREADABLE);
    inProgress.add(index);
    const value = decode(offsets[index], depth);
    inProgress.delete(index);
    done.set(index, value);
    return value;
  }

  function decode(at: number, depth: number): PlistValue {
    need(at, 1);
    const marker = bytes[at];
    const kind = marker >> 4;
    const nibble = marker & 0xf;
    switch (kind) {
      case 0x0:
        if (marker === 0x00 || marker === 0x0f) return null;
        if (marker === 0x08) return false;
        if (marker === 0x09) return true;
        break;
      case 0x1: {
        const size = 1 << nibble;
        need(at + 1, size);
        if (size <= 4) return beUint(bytes, at + 1, size);
        if (size === 8) return safeBig(view.getBigInt64(at + 1));
        // 16-byte ints hold 64-bit unsigned values in their low half.
        if (size === 16) return safeBig(view.getBigUint64(at + 9));
        break;
      }
      case 0x2:
        if (nibble === 2) {
          need(at + 1, 4);
          return view.getFloat32(at + 1);
        }
        if (nibble === 3) {
          need(at + 1, 8);
          return view.getFloat64(at + 1);
        }
        break;
      case 0x3:
        if (marker === 0x33) {
          need(at + 1, 8);
          return new Date((view.getFloat64(at + 1) + APPLE_EPOCH) * 1000);
        }
        break;
      case 0x4: {
        const { length, start } = lengthAt(at, nibble);
        need(start, length);
        return bytes.slice(start, start + length);
      }
      case 0x5: {
        const { length, start } = lengthAt(at, nibble);
        need(start, length);
        return latin1(bytes.subarray(start, start + length));
      }
      case 0x6: {
        const { length, start } = lengthAt(at, nibble);
        need(start, length * 2);
        let out = "";
        for (let i = 0; i < length; i++) out += String.fromCharCode(view.getUint16(start + i * 2));
        return out;
      }
      case 0x7: {
        // UTF-8 strings (a newer variant): decode as such.
        const { length, start } = lengthAt(at, nibble);
        need(start, length);
        return utf8(bytes.subarray(start, start + length));
      }
      case 0x8:
        // A UID (keyed archives): its integer value.
        need(at + 1, nibble + 1);
        return beUint(bytes, at + 1, nibble + 1);
      case 0xa:
      case 0xc: {
        const { length, start } = lengthAt(at, nibble);
        need(start, length * refSize);
        const array: PlistValue[] = [];
        for (let i = 0; i < length; i++) array.push(object(ref(start + i * refSize), depth + 1));
        return array;
      }
      case 0xd: {
        const { length, start } = lengthAt(at, nibble);
        need(start, length * refSize * 2);
        const dict: PlistDict = {};
        for (let i = 0; i < length; i++) {
          const key = object(ref(start + i * refSize), depth + 1);
          if (typeof key !== "string") throw new PackageError(UNREADABLE);
          setKey(dict, key, object(ref(start + (length + i) * refSize), depth + 1));
        }
        return dict;
      }
    }
    throw new PackageError(UNREADABLE);
  }

  return object(top, 0);
}

function beUint(bytes: Uint8Array, at: number, size: number): number {
  if (at < 0 || at + size > bytes.length) throw new PackageError(UNREADABLE);
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i];
  if (!Number.isSafeInteger(value)) throw new PackageError(UNREADABLE);
  return value;
}

function safeBig(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}
