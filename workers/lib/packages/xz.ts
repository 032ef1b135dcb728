// An .xz and legacy .lzma decoder in plain TypeScript, for control.tar.xz inside DEBs
// (dpkg-deb's default). DecompressionStream knows only gzip/deflate, and the readers must run
// the same in workerd and in the browser, so this is written out here.
//
// Formats: "The .xz File Format" 1.1.0 (container, LZMA2 filter) and Igor Pavlov's LZMA
// specification (range coder, LZMA symbols). Only what a package needs is supported: the
// LZMA2 filter alone (no BCJ/delta pre-filters), checks none/CRC32/CRC64/SHA-256 (all verified).
// The whole output is kept in memory (it is capped), so the LZMA dictionary is simply the
// output written since the last dictionary reset: no circular buffer.
import type { Message } from "../../shared/message";
import { PACKAGE_MESSAGES as M } from "./messages";
import { PackageError, tooLargeMessage, u32 } from "./reader";
import { crc32 } from "../bytes";

/** Decodes a whole .xz file (concatenated streams and stream padding included). */
export async function unxz(bytes: Uint8Array, limit: number, what: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const out = new Output(limit, what);
    let pos = 0;
    for (;;) {
      pos = await decodeStream(bytes, pos, out, what);
      // Stream padding: null bytes in multiples of four, then the end or another stream.
      const padStart = pos;
      while (pos < bytes.length && bytes[pos] === 0) pos++;
      if ((pos - padStart) % 4 !== 0) throw new Corrupt(M.paddingAfterStream);
      if (pos === bytes.length) return out.bytes();
    }
  } catch (error) {
    throw described(error, what);
  }
}

/** Decodes a legacy .lzma ("LZMA_Alone") file: a 13-byte header, then raw LZMA. */
export function unlzma(bytes: Uint8Array, limit: number, what: string): Uint8Array {
  try {
    if (bytes.length < 13) throw new Corrupt(M.dataCutShort);
    const props = lzmaProps(bytes[0]);
    const dictSize = u32(bytes, 1);
    // An all-ones size means "unknown": the data then ends with an end marker.
    const sizeKnown = !(u32(bytes, 5) === 0xffffffff && u32(bytes, 9) === 0xffffffff);
    const size = u32(bytes, 5) + u32(bytes, 9) * 0x100000000;
    if (sizeKnown && size > limit) throw new PackageError(tooLargeMessage(what, limit));
    const out = new Output(limit, what);
    const lzma = new LzmaDecoder(out, dictSize);
    lzma.resetDictionary();
    lzma.setProperties(props);
    lzma.resetState();
    const rc = new RangeDecoder(bytes, 13, bytes.length);
    // With a known size the encoder may still have written an end marker after it.
    lzma.decode(rc, sizeKnown ? size : Infinity, sizeKnown ? "optional" : "required");
    if (!rc.finished()) throw new Corrupt(M.lzmaDamaged);
    if (rc.position !== bytes.length) throw new Corrupt(M.dataAfterLzma);
    return out.bytes();
  } catch (error) {
    throw described(error, what);
  }
}

/** Damaged data, described for the admin; turned into a PackageError naming the file. */
class Corrupt extends Error {
  constructor(readonly reason: Message) {
    super(reason.in("vi"));
  }
}

/** A Corrupt as the PackageError naming the file; any other error as it is. */
function described(error: unknown, what: string): unknown {
  return error instanceof Corrupt ? new PackageError(M.cannotDecompressBecause(what, error.reason)) : error;
}

/** The decoded bytes, grown as needed but never beyond the limit (an xz bomb stops here). */
class Output {
  buffer: Uint8Array<ArrayBuffer>;
  length = 0;

  constructor(
    private readonly limit: number,
    private readonly what: string,
  ) {
    this.buffer = new Uint8Array(Math.min(limit, 64 * 1024));
  }

  /** Room for `count` more bytes; callers write into `buffer` (which may be replaced) afterwards. */
  reserve(count: number): void {
    const needed = this.length + count;
    if (needed > this.limit) throw new PackageError(tooLargeMessage(this.what, this.limit));
    if (needed <= this.buffer.length) return;
    const grown = new Uint8Array(Math.min(this.limit, Math.max(needed, this.buffer.length * 2)));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  bytes(): Uint8Array<ArrayBuffer> {
    return this.buffer.slice(0, this.length);
  }
}

// ---- The .xz container ----

const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
const FOOTER_MAGIC = [0x59, 0x5a]; // "YZ"
const CHECK_NONE = 0x00;
const CHECK_CRC32 = 0x01;
const CHECK_CRC64 = 0x04;
const CHECK_SHA256 = 0x0a;
const FILTER_LZMA2 = 0x21;
const FILTER_NAMES: Record<number, string> = {
  0x03: "Delta",
  0x04: "BCJ x86",
  0x05: "BCJ PowerPC",
  0x06: "BCJ IA-64",
  0x07: "BCJ ARM",
  0x08: "BCJ ARM-Thumb",
  0x09: "BCJ SPARC",
  0x0a: "BCJ ARM64",
  0x0b: "BCJ RISC-V",
};

/** A bounds-checked cursor: running off the end means the file was cut short. */
class Cursor {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
    readonly end: number,
  ) {}

  byte(): number {
    if (this.pos >= this.end) throw new Corrupt(M.dataCutShort);
    return this.bytes[this.pos++];
  }

  take(count: number): Uint8Array {
    if (this.end - this.pos < count) throw new Corrupt(M.dataCutShort);
    this.pos += count;
    return this.bytes.subarray(this.pos - count, this.pos);
  }

  /** The format's variable-length integer: 7 bits per byte, low first, at most 9 bytes. */
  vli(): number {
    let value = 0;
    for (let i = 0; i < 9; i++) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** (7 * i);
      if ((b & 0x80) === 0) {
        // A trailing zero byte would be a second spelling of the same number: not allowed.
        if (i > 0 && b === 0) throw new Corrupt(M.badVli);
        if (!Number.isSafeInteger(value)) throw new Corrupt(M.sizeBeyondLimit);
        return value;
      }
    }
    throw new Corrupt(M.badVli);
  }
}

type IndexRecord = { unpaddedSize: number; uncompressedSize: number };

/** One stream: header, blocks, index, footer. Returns the position after the footer. */
async function decodeStream(bytes: Uint8Array, start: number, out: Output, what: string): Promise<number> {
  const input = new Cursor(bytes, start, bytes.length);
  const header = input.take(12);
  if (!XZ_MAGIC.every((b, i) => header[i] === b)) {
    throw new Corrupt(start === 0 ? M.notXz : M.dataAfterXz);
  }
  if (crc32(header.subarray(6, 8)) !== u32(header, 8)) throw new Corrupt(M.streamHeaderCrc);
  // Stream flags: the first byte and the high nibble of the second are reserved (zero).
  if (header[6] !== 0 || header[7] & 0xf0) throw new Corrupt(M.streamFlags);
  const check = header[7];
  if (check !== CHECK_NONE && check !== CHECK_CRC32 && check !== CHECK_CRC64 && check !== CHECK_SHA256) {
    throw new PackageError(M.xzCheck(what, `0x${check.toString(16)}`));
  }
  const checkSize = check === CHECK_NONE ? 0 : check === CHECK_CRC32 ? 4 : check === CHECK_CRC64 ? 8 : 32;

  const records: IndexRecord[] = [];
  // A block header's first byte is never 0; a 0 there is the index indicator.
  while (input.pos < input.end && bytes[input.pos] !== 0) {
    records.push(await decodeBlock(input, out, check, checkSize, what));
  }

  const indexStart = input.pos;
  input.byte(); // the indicator
  if (input.vli() !== records.length) throw new Corrupt(M.indexCount);
  for (const record of records) {
    if (input.vli() !== record.unpaddedSize || input.vli() !== record.uncompressedSize) {
      throw new Corrupt(M.indexRecords);
    }
  }
  skipPadding(input, input.pos - indexStart);
  const indexSize = input.pos - indexStart + 4;
  if (crc32(bytes.subarray(indexStart, input.pos)) !== u32(input.take(4), 0)) throw new Corrupt(M.indexCrc);

  const footer = input.take(12);
  if (crc32(footer.subarray(4, 10)) !== u32(footer, 0)) throw new Corrupt(M.footerCrc);
  // The footer repeats the index size (in 4-byte units, minus one) and the header's flags.
  if ((u32(footer, 4) + 1) * 4 !== indexSize) throw new Corrupt(M.footerIndexSize);
  if (footer[8] !== header[6] || footer[9] !== header[7]) throw new Corrupt(M.footerFlags);
  if (footer[10] !== FOOTER_MAGIC[0] || footer[11] !== FOOTER_MAGIC[1]) throw new Corrupt(M.noEndMark);
  return input.pos;
}

/** One block: header, LZMA2 data, padding, check. Returns its index record. */
async function decodeBlock(input: Cursor, out: Output, check: number, checkSize: number, what: string): Promise<IndexRecord> {
  const headerStart = input.pos;
  const headerSize = (input.bytes[headerStart] + 1) * 4;
  const header = input.take(headerSize);
  if (crc32(header.subarray(0, headerSize - 4)) !== u32(header, headerSize - 4)) throw new Corrupt(M.blockHeaderCrc);

  const fields = new Cursor(input.bytes, headerStart + 2, headerStart + headerSize - 4);
  const flags = header[1];
  if (flags & 0x3c) throw new Corrupt(M.blockFlags);
  const declaredCompressed = flags & 0x40 ? fields.vli() : undefined;
  const declaredUncompressed = flags & 0x80 ? fields.vli() : undefined;
  const filters: { id: number; props: Uint8Array }[] = [];
  const filterCount = (flags & 0x03) + 1;
  for (let i = 0; i < filterCount; i++) {
    const id = fields.vli();
    const propsSize = fields.vli();
    filters.push({ id, props: fields.take(propsSize) });
  }
  // BCJ and delta rewrite LZMA2's output; we decode LZMA2 only, so refuse them by name.
  const other = filters.find((filter) => filter.id !== FILTER_LZMA2);
  if (other || filters.length !== 1) {
    const name = other ? (FILTER_NAMES[other.id] ?? `0x${other.id.toString(16)}`) : M.lzma2Repeated;
    throw new PackageError(M.xzFilter(what, name));
  }
  if (filters[0].props.length !== 1) throw new Corrupt(M.lzma2Props);
  const dictSize = lzma2DictionarySize(filters[0].props[0]);
  while (fields.pos < fields.end) if (fields.byte() !== 0) throw new Corrupt(M.blockHeaderPadding);

  const dataStart = input.pos;
  const outStart = out.length;
  decodeLzma2(input, out, dictSize);
  const compressedSize = input.pos - dataStart;
  const uncompressedSize = out.length - outStart;
  if (declaredCompressed !== undefined && declaredCompressed !== compressedSize) throw new Corrupt(M.blockCompressedSize);
  if (declaredUncompressed !== undefined && declaredUncompressed !== uncompressedSize) throw new Corrupt(M.blockUncompressedSize);
  skipPadding(input, compressedSize);

  const stored = input.take(checkSize);
  const data = out.buffer.subarray(outStart, out.length);
  if (check === CHECK_CRC32 && crc32(data) !== u32(stored, 0)) throw new Corrupt(M.dataCrc32);
  if (check === CHECK_CRC64 && !equalBytes(crc64(data), stored)) throw new Corrupt(M.dataCrc64);
  if (check === CHECK_SHA256 && !equalBytes(await sha256(data), stored)) throw new Corrupt(M.dataSha256);
  return { unpaddedSize: headerSize + compressedSize + checkSize, uncompressedSize };
}

/** Null bytes up to the next multiple of four, counted from a field of `length` bytes. */
function skipPadding(input: Cursor, length: number): void {
  for (let i = length; i % 4 !== 0; i++) if (input.byte() !== 0) throw new Corrupt(M.padding);
}

function lzma2DictionarySize(byte: number): number {
  if (byte > 40) throw new Corrupt(M.lzma2DictionarySize);
  // 40 means 4 GiB - 1; otherwise 2 or 3 times a power of two, from 4 KiB.
  return byte === 40 ? 0xffffffff : (2 | (byte & 1)) * 2 ** ((byte >>> 1) + 11);
}

/**
 * LZMA2: a sequence of chunks, each either stored bytes or LZMA data of a known size, with
 * flags saying what to reset (dictionary, LZMA state, lc/lp/pb). Ends with a 0x00 byte.
 */
function decodeLzma2(input: Cursor, out: Output, dictSize: number): void {
  const lzma = new LzmaDecoder(out, dictSize);
  let needDictionaryReset = true;
  let needProperties = true;
  for (;;) {
    const control = input.byte();
    if (control === 0x00) return;
    if (control >= 0xe0 || control === 0x01) {
      lzma.resetDictionary();
      needDictionaryReset = false;
      needProperties = true; // after a dictionary reset the next LZMA chunk must set lc/lp/pb
    } else if (needDictionaryReset) {
      throw new Corrupt(M.lzma2NoReset);
    }

    if (control >= 0x80) {
      const unpacked = (control & 0x1f) * 0x10000 + input.byte() * 256 + input.byte() + 1;
      const packed = input.byte() * 256 + input.byte() + 1;
      if (control >= 0xc0) {
        lzma.setProperties(lzmaProps(input.byte()));
        needProperties = false;
      } else if (needProperties) {
        throw new Corrupt(M.lzma2NoProps);
      }
      if (control >= 0xa0) lzma.resetState();
      if (input.end - input.pos < packed) throw new Corrupt(M.dataCutShort);
      const rc = new RangeDecoder(input.bytes, input.pos, input.pos + packed);
      lzma.decode(rc, out.length + unpacked, "never");
      // A chunk must use exactly its compressed bytes and leave the range coder finished.
      if (rc.position !== input.pos + packed || !rc.finished()) throw new Corrupt(M.lzma2BlockDamaged);
      input.pos += packed;
    } else if (control <= 0x02) {
      // Stored bytes: they join the dictionary like decoded ones.
      const size = input.byte() * 256 + input.byte() + 1;
      const data = input.take(size);
      out.reserve(size);
      out.buffer.set(data, out.length);
      out.length += size;
    } else {
      throw new Corrupt(M.lzma2Control);
    }
  }
}

// ---- LZMA ----

type LzmaProps = { lc: number; lp: number; pb: number };

/** lc/lp/pb packed as (pb * 5 + lp) * 9 + lc; like xz we require lc + lp <= 4. */
function lzmaProps(byte: number): LzmaProps {
  if (byte >= 9 * 5 * 5) throw new Corrupt(M.lzmaProps);
  const lc = byte % 9;
  const lp = Math.floor(byte / 9) % 5;
  const pb = Math.floor(byte / 45);
  if (lc + lp > 4) throw new Corrupt(M.lzmaPropsUnsupported);
  return { lc, lp, pb };
}

/**
 * The binary range decoder. Probabilities are 11-bit; after each bit the range is
 * renormalised (kept >= 2^24) by shifting in one more input byte. Numbers stay unsigned:
 * range and code are below 2^32 and every product below fits a double exactly.
 */
class RangeDecoder {
  private range = 0xffffffff;
  private code: number;
  position: number;

  constructor(
    private readonly bytes: Uint8Array,
    start: number,
    private readonly end: number,
  ) {
    if (end - start < 5) throw new Corrupt(M.dataCutShort);
    if (bytes[start] !== 0) throw new Corrupt(M.lzmaDamaged);
    this.code = u32be(bytes, start + 1);
    this.position = start + 5;
    if (this.code === this.range) throw new Corrupt(M.lzmaDamaged);
  }

  /** The encoder's flush leaves the code at zero: anything else means damage. */
  finished(): boolean {
    return this.code === 0;
  }

  private normalize(): void {
    if (this.range < 0x1000000) {
      if (this.position >= this.end) throw new Corrupt(M.dataCutShort);
      this.range *= 256;
      this.code = this.code * 256 + this.bytes[this.position++];
    }
  }

  bit(probs: Uint16Array, index: number): number {
    const prob = probs[index];
    const bound = (this.range >>> 11) * prob;
    let bit: number;
    if (this.code < bound) {
      this.range = bound;
      probs[index] = prob + ((2048 - prob) >>> 5);
      bit = 0;
    } else {
      this.range -= bound;
      this.code -= bound;
      probs[index] = prob - (prob >>> 5);
      bit = 1;
    }
    this.normalize();
    return bit;
  }

  /** Bits with a fixed probability of one half (the middle bits of long distances). */
  direct(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) {
      this.range = this.range >>> 1;
      let bit = 0;
      if (this.code >= this.range) {
        this.code -= this.range;
        bit = 1;
      }
      if (this.code >= this.range) throw new Corrupt(M.lzmaDamaged);
      value = value * 2 + bit;
      this.normalize();
    }
    return value;
  }

  /** A `count`-bit symbol, high bit first, on a binary tree of probabilities at `offset`. */
  tree(probs: Uint16Array, offset: number, count: number): number {
    let m = 1;
    for (let i = 0; i < count; i++) m = m * 2 + this.bit(probs, offset + m);
    return m - (1 << count);
  }

  /** The same tree read low bit first. */
  reverseTree(probs: Uint16Array, offset: number, count: number): number {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < count; i++) {
      const bit = this.bit(probs, offset + m);
      m = m * 2 + bit;
      symbol |= bit << i;
    }
    return symbol;
  }
}

const PROB_INIT = 1024; // one half, in 11 bits
const STATES = 12;
const POS_STATES_MAX = 16;
const END_MARKER = 0xffffffff;
const MATCH_MIN_LEN = 2;

/** Match lengths: 2-9 (low), 10-17 (mid) per position state, or 18-273 (high). */
class LengthDecoder {
  readonly choice = new Uint16Array(2);
  readonly low = new Uint16Array(POS_STATES_MAX << 3);
  readonly mid = new Uint16Array(POS_STATES_MAX << 3);
  readonly high = new Uint16Array(256);

  reset(): void {
    for (const probs of [this.choice, this.low, this.mid, this.high]) probs.fill(PROB_INIT);
  }

  decode(rc: RangeDecoder, posState: number): number {
    if (rc.bit(this.choice, 0) === 0) return MATCH_MIN_LEN + rc.tree(this.low, posState << 3, 3);
    if (rc.bit(this.choice, 1) === 0) return MATCH_MIN_LEN + 8 + rc.tree(this.mid, posState << 3, 3);
    return MATCH_MIN_LEN + 16 + rc.tree(this.high, 0, 8);
  }
}

/**
 * The LZMA decoder's state, kept across LZMA2 chunks: the 12-state machine, the last four
 * distances (reps) and the adaptive probabilities. Writes into `out`; the dictionary is the
 * output from `dictionaryStart` on.
 */
class LzmaDecoder {
  private lc = 0;
  private lp = 0;
  private pb = 0;
  private literal = new Uint16Array(0x300);
  private readonly isMatch = new Uint16Array(STATES << 4);
  private readonly isRep = new Uint16Array(STATES);
  private readonly isRepG0 = new Uint16Array(STATES);
  private readonly isRepG1 = new Uint16Array(STATES);
  private readonly isRepG2 = new Uint16Array(STATES);
  private readonly isRep0Long = new Uint16Array(STATES << 4);
  private readonly posSlot = new Uint16Array(4 << 6); // 6-bit slot, per length class 0..3
  private readonly posSpecial = new Uint16Array(1 + 128 - 14); // distances 4..127's low bits
  private readonly align = new Uint16Array(16); // the low 4 bits of distances >= 128
  private readonly matchLength = new LengthDecoder();
  private readonly repLength = new LengthDecoder();
  private state = 0;
  private rep0 = 0;
  private rep1 = 0;
  private rep2 = 0;
  private rep3 = 0;
  private dictionaryStart = 0;
  private readonly dictionaryLimit: number;

  constructor(
    private readonly out: Output,
    dictSize: number,
  ) {
    // Like xz, treat dictionaries below 4 KiB as 4 KiB; no encoder reaches further back.
    this.dictionaryLimit = Math.max(dictSize, 4096);
  }

  resetDictionary(): void {
    this.dictionaryStart = this.out.length;
  }

  setProperties({ lc, lp, pb }: LzmaProps): void {
    this.lc = lc;
    this.lp = lp;
    this.pb = pb;
    this.literal = new Uint16Array(0x300 << (lc + lp));
  }

  resetState(): void {
    this.state = 0;
    this.rep0 = this.rep1 = this.rep2 = this.rep3 = 0;
    for (const probs of [this.literal, this.isMatch, this.isRep, this.isRepG0, this.isRepG1, this.isRepG2, this.isRep0Long, this.posSlot, this.posSpecial, this.align]) {
      probs.fill(PROB_INIT);
    }
    this.matchLength.reset();
    this.repLength.reset();
  }

  /**
   * Decodes symbols until the output reaches `end`. "never": LZMA2, the size is exact and no
   * end marker exists; "required": .lzma of unknown size, which ends at the marker;
   * "optional": .lzma of known size, which may still carry a marker after its last byte.
   */
  decode(rc: RangeDecoder, end: number, endMarker: "never" | "optional" | "required"): void {
    const out = this.out;
    const pbMask = (1 << this.pb) - 1;
    for (;;) {
      const atEnd = out.length >= end;
      // A finished range coder cannot hold a marker: its next bit would be a 0 (a literal).
      if (atEnd && (endMarker !== "optional" || rc.finished())) return;
      const available = out.length - this.dictionaryStart;
      const posState = available & pbMask;
      const state = this.state;

      if (rc.bit(this.isMatch, (state << 4) + posState) === 0) {
        if (atEnd) throw new Corrupt(M.lzmaTooLong);
        this.decodeLiteral(rc, available);
        this.state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }

      let length: number;
      if (rc.bit(this.isRep, state) === 0) {
        // A new match: its length, then its distance, which joins the reps.
        length = this.matchLength.decode(rc, posState);
        this.state = state < 7 ? 7 : 10;
        const distance = this.decodeDistance(rc, length);
        if (distance === END_MARKER) {
          // With a known size, a marker anywhere but right after the last byte is damage.
          if (endMarker === "never" || (endMarker === "optional" && !atEnd)) throw new Corrupt(M.lzmaDamaged);
          return; // the caller checks that the range coder finished here
        }
        this.rep3 = this.rep2;
        this.rep2 = this.rep1;
        this.rep1 = this.rep0;
        this.rep0 = distance;
      } else {
        // A repeated distance: rep0 (maybe a single byte: "short rep"), rep1, rep2 or rep3.
        if (available === 0) throw new Corrupt(M.lzmaDamaged);
        if (rc.bit(this.isRepG0, state) === 0) {
          if (rc.bit(this.isRep0Long, (state << 4) + posState) === 0) {
            if (atEnd) throw new Corrupt(M.lzmaTooLong);
            this.state = state < 7 ? 9 : 11;
            this.copy(1);
            continue;
          }
        } else {
          let distance: number;
          if (rc.bit(this.isRepG1, state) === 0) {
            distance = this.rep1;
          } else {
            if (rc.bit(this.isRepG2, state) === 0) {
              distance = this.rep2;
            } else {
              distance = this.rep3;
              this.rep3 = this.rep2;
            }
            this.rep2 = this.rep1;
          }
          this.rep1 = this.rep0;
          this.rep0 = distance;
        }
        length = this.repLength.decode(rc, posState);
        this.state = state < 7 ? 8 : 11;
      }
      if (out.length + length > end) throw new Corrupt(M.lzmaTooLong);
      this.copy(length);
    }
  }

  /** A literal byte; right after a match it is coded against the byte at rep0 ("matched"). */
  private decodeLiteral(rc: RangeDecoder, available: number): void {
    const out = this.out;
    const previous = available > 0 ? out.buffer[out.length - 1] : 0;
    const litState = ((available & ((1 << this.lp) - 1)) << this.lc) + (previous >>> (8 - this.lc));
    const base = litState * 0x300;
    const probs = this.literal;
    let symbol = 1;
    if (this.state >= 7) {
      let matchByte = out.buffer[out.length - this.rep0 - 1];
      // While the decoded bits agree with the match byte's, use the "matched" probabilities.
      while (symbol < 0x100) {
        const matchBit = (matchByte >>> 7) & 1;
        matchByte <<= 1;
        const bit = rc.bit(probs, base + ((1 + matchBit) << 8) + symbol);
        symbol = (symbol << 1) | bit;
        if (bit !== matchBit) break;
      }
    }
    while (symbol < 0x100) symbol = (symbol << 1) | rc.bit(probs, base + symbol);
    out.reserve(1);
    out.buffer[out.length++] = symbol - 0x100;
  }

  /** A match distance: a 6-bit slot, then extra bits (modelled, direct, and the aligned low 4). */
  private decodeDistance(rc: RangeDecoder, length: number): number {
    const lengthClass = Math.min(length - MATCH_MIN_LEN, 3);
    const slot = rc.tree(this.posSlot, lengthClass << 6, 6);
    if (slot < 4) return slot;
    const extraBits = (slot >>> 1) - 1;
    let distance = (2 | (slot & 1)) * 2 ** extraBits;
    if (slot < 14) {
      distance += rc.reverseTree(this.posSpecial, distance - slot, extraBits);
    } else {
      distance += rc.direct(extraBits - 4) * 16;
      distance += rc.reverseTree(this.align, 0, 4);
    }
    return distance;
  }

  /** Copies `length` bytes from rep0 + 1 back; overlapping copies repeat the pattern. */
  private copy(length: number): void {
    const distance = this.rep0 + 1;
    if (distance > this.out.length - this.dictionaryStart || distance > this.dictionaryLimit) {
      throw new Corrupt(M.lzmaDistance);
    }
    const out = this.out;
    out.reserve(length);
    const buffer = out.buffer;
    let at = out.length;
    if (distance >= length) {
      buffer.copyWithin(at, at - distance, at - distance + length);
    } else {
      for (let i = 0; i < length; i++, at++) buffer[at] = buffer[at - distance];
    }
    out.length += length;
  }
}

// ---- Checks ----

function u32be(b: Uint8Array, at: number): number {
  return b[at] * 0x1000000 + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

let crc64Tables: [Uint32Array, Uint32Array] | undefined;

/** CRC-64/XZ (ECMA-182 polynomial, reflected), as the 8 little-endian bytes xz stores. */
export function crc64(bytes: Uint8Array): Uint8Array {
  // 64-bit values as two 32-bit halves: plain numbers cannot hold 64 bits, and BigInt is slow.
  const POLY_HI = 0xc96c5795;
  const POLY_LO = 0xd7870f42;
  if (!crc64Tables) {
    const hiTable = new Uint32Array(256);
    const loTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let hi = 0;
      let lo = n;
      for (let k = 0; k < 8; k++) {
        const carry = lo & 1;
        lo = ((lo >>> 1) | (hi << 31)) >>> 0;
        hi = hi >>> 1;
        if (carry) {
          hi = (hi ^ POLY_HI) >>> 0;
          lo = (lo ^ POLY_LO) >>> 0;
        }
      }
      hiTable[n] = hi;
      loTable[n] = lo;
    }
    crc64Tables = [hiTable, loTable];
  }
  const [hiTable, loTable] = crc64Tables;
  let hi = 0xffffffff;
  let lo = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    const index = (lo ^ bytes[i]) & 0xff;
    lo = (((lo >>> 8) | (hi << 24)) ^ loTable[index]) >>> 0;
    hi = ((hi >>> 8) ^ hiTable[index]) >>> 0;
  }
  hi = ~hi >>> 0;
  lo = ~lo >>> 0;
  const result = new Uint8Array(8);
  for (let i = 0; i < 4; i++) {
    result[i] = (lo >>> (8 * i)) & 0xff;
    result[4 + i] = (hi >>> (8 * i)) & 0xff;
  }
  return result;
}

/** SHA-256 by WebCrypto (asynchronous, so the .xz decoder awaits each block's check). */
export async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}
