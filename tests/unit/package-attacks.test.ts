// Hostile package files (issue #13, item 15): an admin upload or a file picked in the browser is
// third-party bytes. Each file below is built here, byte by byte, and lies in its headers about a
// size; the readers must refuse it with a PackageError before asking for the lied-about bytes.
import { describe, expect, it } from "vitest";
import { type RangeReader, readDebControl, readIpaInfo, readZipEntry } from "../../workers/lib/packages";
import { packageError } from "./packages-helpers";

const GB = 1024 * 1024 * 1024;
/** More than any one read of a reader should ever ask for: beyond this a Worker runs out of memory. */
const HUGE_READ = 64 * 1024 * 1024;

/**
 * A file of `size` bytes that exists only where `parts` put bytes (zeros elsewhere), like a
 * large R2 object. A read beyond HUGE_READ stands for the out-of-memory it would be: it fails
 * with a plain Error, which is not a refusal the store can show an admin.
 */
function hostileFile(size: number, parts: [offset: number, bytes: Uint8Array][]): RangeReader & { largestRead: number } {
  const file = {
    size,
    largestRead: 0,
    async read(offset: number, length: number) {
      file.largestRead = Math.max(file.largestRead, length);
      if (length > HUGE_READ) throw new Error(`out of memory: asked for ${length} bytes at once`);
      const out = new Uint8Array(length);
      for (const [at, bytes] of parts) {
        const from = Math.max(at, offset);
        const to = Math.min(at + bytes.length, offset + length);
        if (from < to) out.set(bytes.subarray(from - at, to - at), from - offset);
      }
      return out;
    },
  };
  return file;
}

/** Little-endian fields, written in order. */
function le(...fields: [value: number, bytes: 2 | 4 | 8][]): Uint8Array {
  const out = new Uint8Array(fields.reduce((sum, [, bytes]) => sum + bytes, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [value, bytes] of fields) {
    if (bytes === 2) view.setUint16(at, value, true);
    else if (bytes === 4) view.setUint32(at, value, true);
    else view.setBigUint64(at, BigInt(value), true);
    at += bytes;
  }
  return out;
}

function join(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ascii = (text: string) => new TextEncoder().encode(text);
const INFO_PLIST = ascii("Payload/Evil.app/Info.plist");

/** A central directory record for INFO_PLIST (deflated, as Info.plist is). */
function centralRecord(compressedSize: number, uncompressedSize: number, localHeaderOffset: number): Uint8Array {
  return join(
    le([0x02014b50, 4], [20, 2], [20, 2], [0, 2], [8, 2], [0, 2], [0, 2], [0, 4], [compressedSize, 4], [uncompressedSize, 4]),
    le([INFO_PLIST.length, 2], [0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [localHeaderOffset, 4]),
    INFO_PLIST,
  );
}

function localHeader(compressedSize: number, uncompressedSize: number): Uint8Array {
  return join(le([0x04034b50, 4], [20, 2], [0, 2], [8, 2], [0, 2], [0, 2], [0, 4], [compressedSize, 4], [uncompressedSize, 4], [INFO_PLIST.length, 2], [0, 2]), INFO_PLIST);
}

function endOfCentralDirectory(entries: number, cdSize: number, cdOffset: number): Uint8Array {
  return le([0x06054b50, 4], [0, 2], [0, 2], [entries, 2], [entries, 2], [cdSize, 4], [cdOffset, 4], [0, 2]);
}

/** ZIP64 end record + locator + a saturated classic end record, as the last bytes of a file of `size`. */
function zip64Tail(size: number, entries: number, cdSize: number, cdOffset: number): [number, Uint8Array] {
  const tailLength = 56 + 20 + 22;
  const recordAt = size - tailLength;
  const record = le([0x06064b50, 4], [44, 8], [45, 2], [45, 2], [0, 4], [0, 4], [entries, 8], [entries, 8], [cdSize, 8], [cdOffset, 8]);
  const locator = le([0x07064b50, 4], [0, 4], [recordAt, 8], [1, 4]);
  return [recordAt, join(record, locator, endOfCentralDirectory(0xffff, 0xffffffff, 0xffffffff))];
}

describe("attack: hostile zip (IPA) headers", () => {
  it("an Info.plist that claims 4 GB compressed (and 1 KB inflated) is refused before any of it is read", async () => {
    const size = 4.5 * GB;
    const claimed = 0xfffffff0; // ~4 GB, still a plain 32-bit field
    const cdOffset = 1024 * 1024;
    const cd = centralRecord(claimed, 1024, 0);
    const file = hostileFile(size, [
      [0, localHeader(claimed, 1024)],
      [cdOffset, cd],
      [size - 22, endOfCentralDirectory(1, cd.length, cdOffset)],
    ]);
    const error = await packageError(readIpaInfo(file));
    expect(error.message).toMatch(/Info\.plist.*quá lớn/);
    expect(file.largestRead).toBeLessThan(16 * 1024 * 1024);

    // The same through readZipEntry with a caller's own limit.
    const direct = hostileFile(size, [[0, localHeader(claimed, 10)]]);
    const entry = { name: "Payload/Evil.app/Info.plist", method: 8, flags: 0, crc32: 0, compressedSize: claimed, uncompressedSize: 10, localHeaderOffset: 0, encrypted: false, isDirectory: false };
    expect((await packageError(readZipEntry(direct, entry, { maxSize: 64 * 1024 }))).message).toMatch(/quá lớn/);
    expect(direct.largestRead).toBeLessThan(1024 * 1024);
  });

  it("a central directory that claims 1,000,000 entries is refused before it is read", async () => {
    const entries = 1_000_000;
    const cdSize = entries * 46; // consistent with the smallest record, so only the count can tell
    const size = cdSize + 4096;
    const file = hostileFile(size, [zip64Tail(size, entries, cdSize, 0)]);
    const error = await packageError(readIpaInfo(file));
    expect(error.message).toMatch(/quá nhiều mục/);
    expect(file.largestRead).toBeLessThan(1024 * 1024);
  });

  it("a central directory of 60 MB is refused before it is read", async () => {
    const cdSize = 60 * 1024 * 1024;
    const size = cdSize + 4096;
    const file = hostileFile(size, [[size - 22, endOfCentralDirectory(1000, cdSize, 0)]]);
    const error = await packageError(readIpaInfo(file));
    expect(error.message).toMatch(/Mục lục của tệp zip quá lớn/);
    expect(file.largestRead).toBeLessThan(1024 * 1024);
  });
});

describe("attack: hostile ar (DEB) headers", () => {
  /** One ar member header: name (16), mtime (12), uid (6), gid (6), mode (8), size (10), "`\n". */
  function arHeader(name: string, size: number): Uint8Array {
    return ascii(`${name.padEnd(16)}${"0".padEnd(12)}${"0".padEnd(6)}${"0".padEnd(6)}${"100644".padEnd(8)}${String(size).padEnd(10)}\`\n`);
  }

  it("a BSD long name '#1/999999999' is refused before the name is read", async () => {
    const size = 2 * GB;
    const file = hostileFile(size, [[0, join(ascii("!<arch>\n"), arHeader("#1/999999999", 1_000_000_000))]]);
    const error = await packageError(readDebControl(file));
    expect(error.message).toMatch(/tên mục.*quá dài/i);
    expect(file.largestRead).toBeLessThan(64 * 1024);
  });

  it("a BSD long name longer than its member is refused", async () => {
    const file = hostileFile(4096, [[0, join(ascii("!<arch>\n"), arHeader("#1/200", 100))]]);
    expect((await packageError(readDebControl(file))).message).toMatch(/DEB/);
  });
});
