// What an uploaded image or video really is, from its first bytes, and how long a video runs.
// An upload's name and Content-Type are only claims; these readers decide what we store and
// serve (a GIF named .png is refused, an HTML page named .mp4 too).
import { PACKAGE_MESSAGES } from "./messages";
import { type RangeReader, PackageError, latin1, readExactly } from "./reader";

type ImageFormat = { kind: "image"; type: "png" | "jpeg" | "gif" | "webp"; contentType: string };
export type VideoFormat = { kind: "video"; type: "mp4" | "mov" | "webm" | "avi"; contentType: string };
export type MediaFormat = ImageFormat | VideoFormat;

/** How many leading bytes `sniffMedia` needs. */
export const SNIFF_BYTES = 16;

export function sniffMedia(head: Uint8Array): MediaFormat | null {
  const ascii = latin1(head.subarray(0, SNIFF_BYTES));
  if (ascii.startsWith("\x89PNG\r\n\x1a\n")) return { kind: "image", type: "png", contentType: "image/png" };
  if (ascii.startsWith("\xff\xd8\xff")) return { kind: "image", type: "jpeg", contentType: "image/jpeg" };
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return { kind: "image", type: "gif", contentType: "image/gif" };
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return { kind: "image", type: "webp", contentType: "image/webp" };
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "AVI ") return { kind: "video", type: "avi", contentType: "video/x-msvideo" };
  if (ascii.startsWith("\x1a\x45\xdf\xa3")) return { kind: "video", type: "webm", contentType: "video/webm" };
  if (ascii.slice(4, 8) === "ftyp") {
    const brand = ascii.slice(8, 12);
    return brand === "qt  "
      ? { kind: "video", type: "mov", contentType: "video/quicktime" }
      : { kind: "video", type: "mp4", contentType: "video/mp4" };
  }
  return null;
}

/** The file name endings each format may carry. */
export const MEDIA_EXTENSIONS: Record<MediaFormat["type"], string[]> = {
  png: ["png"],
  jpeg: ["jpg", "jpeg"],
  gif: ["gif"],
  webp: ["webp"],
  mp4: ["mp4", "m4v", "mov"],
  mov: ["mov", "mp4"],
  webm: ["webm"],
  avi: ["avi"],
};

const UNKNOWN_DURATION = PACKAGE_MESSAGES.unknownDuration;

/** A video's running time in seconds, read from its container header with a few ranged reads. */
export async function videoDuration(reader: RangeReader, format: VideoFormat): Promise<number> {
  const seconds =
    format.type === "webm" ? await webmDuration(reader) : format.type === "avi" ? await aviDuration(reader) : await mp4Duration(reader);
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) throw new PackageError(UNKNOWN_DURATION);
  return seconds;
}

// MP4/MOV: top-level boxes up to `moov`, then its `mvhd` (timescale and duration).
async function mp4Duration(reader: RangeReader): Promise<number | null> {
  const moov = await findBox(reader, 0, reader.size, "moov");
  if (!moov) return null;
  const mvhd = await findBox(reader, moov.body, moov.end, "mvhd");
  if (!mvhd) return null;
  const head = await readExactly(reader, mvhd.body, Math.min(32, mvhd.end - mvhd.body), "mvhd");
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head[0] === 1) {
    if (head.byteLength < 32) return null;
    const timescale = view.getUint32(20);
    const duration = view.getUint32(24) * 2 ** 32 + view.getUint32(28);
    return timescale ? duration / timescale : null;
  }
  if (head.byteLength < 20) return null;
  const timescale = view.getUint32(12);
  return timescale ? view.getUint32(16) / timescale : null;
}

async function findBox(reader: RangeReader, start: number, end: number, type: string): Promise<{ body: number; end: number } | null> {
  let at = start;
  for (let boxes = 0; at + 8 <= end && boxes < 1024; boxes++) {
    const header = await readExactly(reader, at, Math.min(16, end - at), "box");
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    let size = view.getUint32(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.byteLength < 16) return null;
      size = view.getUint32(8) * 2 ** 32 + view.getUint32(12);
      headerSize = 16;
    } else if (size === 0) {
      size = end - at; // runs to the end of its parent
    }
    if (size < headerSize || at + size > end) return null;
    if (latin1(header.subarray(4, 8)) === type) return { body: at + headerSize, end: at + size };
    at += size;
  }
  return null;
}

// WebM/Matroska: EBML elements down Segment → Info → TimecodeScale and Duration. Info sits near
// the start in files written by encoders; 256 KiB covers the header and the seek head.
const WEBM_HEAD = 256 * 1024;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

async function webmDuration(reader: RangeReader): Promise<number | null> {
  const bytes = await readExactly(reader, 0, Math.min(WEBM_HEAD, reader.size), "WebM header");
  let at = 0;
  // Skip the EBML header element, then enter the Segment.
  const ebml = ebmlElement(bytes, at);
  if (!ebml || ebml.size < 0) return null;
  at = ebml.body + ebml.size;
  const segment = ebmlElement(bytes, at);
  if (!segment || segment.id !== SEGMENT) return null;
  at = segment.body;
  while (at < bytes.byteLength) {
    const element = ebmlElement(bytes, at);
    if (!element || element.size < 0) return null;
    if (element.id === INFO) return webmInfoDuration(bytes, element.body, Math.min(bytes.byteLength, element.body + element.size));
    at = element.body + element.size;
  }
  return null;
}

function webmInfoDuration(bytes: Uint8Array, start: number, end: number): number | null {
  let scale = 1_000_000;
  let duration: number | null = null;
  for (let at = start; at < end; ) {
    const element = ebmlElement(bytes, at);
    if (!element || element.size < 0 || element.body + element.size > end) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset + element.body, element.size);
    if (element.id === TIMECODE_SCALE) {
      scale = 0;
      for (let i = 0; i < element.size; i++) scale = scale * 256 + bytes[element.body + i];
    } else if (element.id === DURATION) {
      duration = element.size === 4 ? view.getFloat32(0) : element.size === 8 ? view.getFloat64(0) : null;
    }
    at = element.body + element.size;
  }
  return duration === null ? null : (duration * scale) / 1e9;
}

/** One EBML element: its id (with marker bits) and the size of its body (-1: unknown, as live recordings write). */
function ebmlElement(bytes: Uint8Array, at: number): { id: number; body: number; size: number } | null {
  const id = vint(bytes, at, true);
  if (!id) return null;
  const size = vint(bytes, at + id.length, false);
  if (!size) return null;
  return { id: id.value, body: at + id.length + size.length, size: size.value };
}

function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | null {
  if (at >= bytes.byteLength) return null;
  const first = bytes[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.byteLength) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  if (!keepMarker && allOnes) return { value: -1, length }; // "unknown size"
  return { value, length };
}

// AVI: the main header `avih` (microseconds per frame and total frames) right after hdrl.
async function aviDuration(reader: RangeReader): Promise<number | null> {
  const bytes = await readExactly(reader, 0, Math.min(4096, reader.size), "AVI header");
  const at = latin1(bytes).indexOf("avih");
  if (at < 0 || at + 8 + 20 > bytes.byteLength) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset + at + 8, 20);
  const microsPerFrame = view.getUint32(0, true);
  const frames = view.getUint32(16, true);
  return (microsPerFrame * frames) / 1e6;
}
