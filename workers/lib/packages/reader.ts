// Ranged reads over a package file, and the shared helpers of the package readers. Pure: runs in
// the browser (Blob.slice) and in workerd (the Worker wraps an R2 ranged get itself).
import type { Message, Said } from "../../shared/message";
import { PACKAGE_MESSAGES } from "./messages";

/** A file we can read in pieces without holding it whole. */
export type RangeReader = {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
};

/** A reader's failure: `said`, its declared message, in the reader's language where it is answered; `message` in Vietnamese. */
export class PackageError extends Error {
  constructor(
    readonly said: Message,
    options?: { cause?: unknown },
  ) {
    super(said.in("vi"), options);
    this.name = "PackageError";
  }
}

/** A reader over a Blob or File: only the slices asked for are ever read. */
export function blobReader(blob: Blob): RangeReader {
  return {
    size: blob.size,
    async read(offset, length) {
      checkRange(blob.size, offset, length);
      return new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer());
    },
  };
}

/** A reader over bytes already in memory (tests, small uploads). */
export function bytesReader(bytes: Uint8Array): RangeReader {
  return {
    size: bytes.byteLength,
    async read(offset, length) {
      checkRange(bytes.byteLength, offset, length);
      return bytes.subarray(offset, offset + length);
    },
  };
}

/** Reads exactly `length` bytes or fails: a short read means a truncated or lying archive. */
export async function readExactly(reader: RangeReader, offset: number, length: number, what: Said): Promise<Uint8Array> {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > reader.size) {
    throw new PackageError(PACKAGE_MESSAGES.cutShort(what));
  }
  if (length === 0) return new Uint8Array(0);
  const bytes = await reader.read(offset, length);
  if (bytes.byteLength !== length) throw new PackageError(PACKAGE_MESSAGES.shortRead(what));
  return bytes;
}

function checkRange(size: number, offset: number, length: number): void {
  if (offset < 0 || length < 0 || offset + length > size) throw new RangeError(`read(${offset}, ${length}) outside a file of ${size} bytes`);
}

/** Runs bytes through a DecompressionStream, refusing output beyond `limit` (zip bombs). */
export async function decompress(bytes: Uint8Array, format: "deflate-raw" | "gzip", limit: number, what: string): Promise<Uint8Array> {
  const stream = new Blob([bytes as BufferSource]).stream().pipeThrough(new DecompressionStream(format));
  const streamReader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await streamReader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await streamReader.cancel().catch(() => {});
        throw new PackageError(tooLargeMessage(what, limit));
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof PackageError) throw error;
    throw new PackageError(PACKAGE_MESSAGES.cannotDecompress(what), { cause: error });
  }
  return concat(chunks, total);
}

/** The refusal for output beyond a decompression limit, the same for every format. */
export function tooLargeMessage(what: string, limit: number): Message {
  return PACKAGE_MESSAGES.tooLargeUnpacked(what, Math.round(limit / 1048576));
}

function concat(chunks: Uint8Array[], total = chunks.reduce((sum, c) => sum + c.byteLength, 0)): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Little-endian readers; u64 becomes a Number and must stay exact. */
export function u16(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8);
}

export function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 0x1000000;
}

export function u64(b: Uint8Array, at: number): number {
  const value = u32(b, at) + u32(b, at + 4) * 0x100000000;
  if (!Number.isSafeInteger(value)) throw new PackageError(PACKAGE_MESSAGES.beyondLimit);
  return value;
}

export function latin1(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += String.fromCharCode(bytes[i]);
  return out;
}

export function utf8(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}
