// The xz/.lzma decoder (workers/lib/packages/xz.ts) against streams made by the real `xz` and
// `dpkg-deb` (tests/fixtures/packages.ts): decoded bytes must equal the originals exactly, and
// every damaged or oversized input must end in a PackageError.
import { describe, expect, it } from "vitest";
import { hex } from "../../workers/lib/bytes";
import { hasVietnameseLetters } from "../../workers/shared/lang";
import { PackageError, bytesReader, crc64, readDebControl, sha256, unlzma, unxz } from "../../workers/lib/packages";
import { DEB_CONTROL } from "../fixtures/packages";
import { bytes, expectSameBytes, fixture, packageError } from "./packages-helpers";

const LIMIT = 32 * 1024 * 1024;
const encoder = new TextEncoder();

/** The error a decode throws or rejects with; fails the test if it is not a PackageError. */
async function decodeError(decode: () => unknown): Promise<PackageError> {
  let error: unknown;
  try {
    await decode();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(PackageError);
  return error as PackageError;
}

/** gzip data unpacked by the platform's DecompressionStream. */
async function gunzip(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([data.slice()]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

/** One member of an `ar` archive (the DEB's control.tar.*), found by walking the headers. */
function arMember(deb: Uint8Array, name: string): Uint8Array {
  const text = (from: number, to: number) => String.fromCharCode(...deb.subarray(from, to));
  for (let at = 8; at + 60 <= deb.length; ) {
    const size = Number(text(at + 48, at + 58).trim());
    if (text(at, at + 16).trim() === name) return deb.subarray(at + 60, at + 60 + size);
    at += 60 + size + (size % 2);
  }
  throw new Error(`no ${name} in the archive`);
}

describe("unxz", () => {
  const text = bytes("xzText");

  it("decodes text, incompressible bytes and the text again (LZMA2 and stored chunks), byte for byte", async () => {
    const noise = bytes("xzNoise");
    const mixed = new Uint8Array(text.length * 2 + noise.length);
    mixed.set(text);
    mixed.set(noise, text.length);
    mixed.set(text, text.length + noise.length);
    expectSameBytes(await unxz(bytes("xzMixedCrc64"), LIMIT, "a.xz"), mixed);
  });

  it.each(["xzCrc32", "xzCrc64", "xzSha256", "xzNone"])("decodes %s, made by xz --check=…, byte for byte", async (name) => {
    expectSameBytes(await unxz(bytes(name), LIMIT, name), text);
  });

  it.each(["xzBlocks", "xzExtreme", "xzLiteralBits"])("decodes %s (several blocks, -9e, lc=0 lp=2 pb=0)", async (name) => {
    expectSameBytes(await unxz(bytes(name), LIMIT, name), text);
  });

  it("the fixtures carry the check types they are named for", () => {
    // Byte 7 of the stream header is the check type: 1 CRC32, 4 CRC64, 0x0A SHA-256, 0 none.
    expect([bytes("xzCrc32")[7], bytes("xzCrc64")[7], bytes("xzSha256")[7], bytes("xzNone")[7]]).toEqual([0x01, 0x04, 0x0a, 0x00]);
  });

  it("decodes concatenated streams with stream padding, and refuses padding not a multiple of 4", async () => {
    const one = bytes("xzCrc32");
    const two = new Uint8Array(one.length * 2 + 8);
    two.set(one);
    two.set(one, one.length + 8);
    const out = await unxz(two, LIMIT, "a.xz");
    expect(out.length).toBe(text.length * 2);
    expectSameBytes(out.subarray(text.length), text);
    expect((await decodeError(() => unxz(two.subarray(0, one.length + 3), LIMIT, "a.xz"))).message).toBe("Không giải nén được a.xz (phần đệm sau stream sai)");
  });

  it("refuses the BCJ and delta filters by name", async () => {
    expect((await decodeError(() => unxz(bytes("xzX86"), LIMIT, "control.tar.xz"))).message).toBe(
      "Không giải nén được control.tar.xz: bộ lọc xz BCJ x86 chưa được hỗ trợ (chỉ hỗ trợ LZMA2)",
    );
    expect((await decodeError(() => unxz(bytes("xzDelta"), LIMIT, "control.tar.xz"))).message).toBe(
      "Không giải nén được control.tar.xz: bộ lọc xz Delta chưa được hỗ trợ (chỉ hỗ trợ LZMA2)",
    );
  });

  it("stops at the output limit: exactly the size passes, one byte less is refused", async () => {
    expectSameBytes(await unxz(bytes("xzBlocks"), text.length, "a.xz"), text);
    expect((await decodeError(() => unxz(bytes("xzBlocks"), text.length - 1, "a.xz"))).message).toMatch(/^a\.xz quá lớn khi giải nén/);
  });

  it("refuses what is not xz", async () => {
    expect((await decodeError(() => unxz(bytes("random"), LIMIT, "a.xz"))).message).toBe("Không giải nén được a.xz (không phải định dạng xz)");
    expect((await decodeError(() => unxz(new Uint8Array(0), LIMIT, "a.xz"))).message).toBe("Không giải nén được a.xz (dữ liệu bị cắt cụt)");
  });

  it("says why in English too: the refusal carries its declared message, the reason inside it", async () => {
    expect((await decodeError(() => unxz(bytes("random"), LIMIT, "a.xz"))).said.in("en")).toBe("Could not decompress a.xz (not in the xz format)");
    const damaged = bytes("xzCrc64");
    damaged[damaged.length - 1] ^= 0x80;
    const said = (await decodeError(() => unxz(damaged, LIMIT, "a.xz"))).said;
    expect(said.in("en")).toMatch(/^Could not decompress a\.xz \(/);
    expect(hasVietnameseLetters(said.in("en"))).toBe(false);
  });

  // Every byte of an .xz with a check is covered by a CRC, the check, or a must-be-zero rule,
  // so any flipped bit anywhere must be caught. The header, first block header and the tail
  // (check, index, footer) are tried byte by byte, the LZMA2 data at spread-out positions.
  it.each(["xzCrc32", "xzCrc64", "xzSha256", "xzBlocks"])("refuses %s with any flipped byte", async (name) => {
    const original = bytes(name);
    const positions = new Set<number>();
    for (let i = 0; i < 32; i++) positions.add(i);
    for (let i = original.length - 64; i < original.length; i++) positions.add(i);
    for (let i = 0; i < 40; i++) positions.add(Math.floor((original.length * (i + 0.5)) / 40));
    const reasons = new Set<string>();
    for (const at of positions) {
      const copy = original.slice();
      copy[at] ^= at % 2 ? 0x01 : 0x80;
      reasons.add((await decodeError(() => unxz(copy, LIMIT, name))).message);
    }
    // The failures name what went wrong, not one catch-all message.
    expect(reasons.size).toBeGreaterThan(4);
    for (const reason of reasons) expect(reason).toMatch(new RegExp(`^Không giải nén được ${name} \\(`));
  });

  it("names the check that caught damage LZMA could not see", async () => {
    // The middle of the mixed stream lies inside a stored chunk (64 KiB of raw random bytes
    // from ~64 KiB on): a flipped byte there decodes fine, and only the CRC64 tells.
    const mixed = bytes("xzMixedCrc64");
    mixed[Math.floor(mixed.length / 2)] ^= 0xff;
    expect((await decodeError(() => unxz(mixed, LIMIT, "a.xz"))).message).toBe("Không giải nén được a.xz (CRC64 của dữ liệu sai)");
    // One block: the check field ends 24 bytes from the end (12 of index, 12 of footer).
    for (const [name, check] of [
      ["xzCrc32", "CRC32"],
      ["xzSha256", "SHA-256"],
    ]) {
      const data = bytes(name);
      data[data.length - 25] ^= 0x01;
      expect((await decodeError(() => unxz(data, LIMIT, "a.xz"))).message).toBe(`Không giải nén được a.xz (${check} của dữ liệu sai)`);
    }
  });

  it.each(["xzCrc32", "xzNone", "xzBlocks"])("refuses %s cut short anywhere", async (name) => {
    const original = bytes(name);
    const n = original.length;
    for (const length of [0, 1, 6, 12, 13, 24, 100, n >> 2, n >> 1, n - 100, n - 13, n - 12, n - 4, n - 1]) {
      await decodeError(() => unxz(original.subarray(0, length), LIMIT, name));
    }
  });
});

describe("unlzma (legacy .lzma)", () => {
  const text = bytes("xzText");

  it("decodes xz --format=lzma (unknown size, end marker)", () => {
    const data = bytes("lzmaAlone");
    expect(hex(data.subarray(5, 13))).toBe("ffffffffffffffff");
    expectSameBytes(unlzma(data, LIMIT, "a.lzma"), text);
  });

  it("decodes a header with the size written, and refuses a wrong size", async () => {
    const data = bytes("lzmaAlone");
    new DataView(data.buffer).setUint32(5, text.length, true);
    new DataView(data.buffer).setUint32(9, 0, true);
    expectSameBytes(unlzma(data, LIMIT, "a.lzma"), text);
    new DataView(data.buffer).setUint32(5, text.length - 1, true);
    await decodeError(() => unlzma(data, LIMIT, "a.lzma"));
    new DataView(data.buffer).setUint32(5, text.length + 1, true);
    await decodeError(() => unlzma(data, LIMIT, "a.lzma"));
    // A size above the limit is refused before decoding anything.
    new DataView(data.buffer).setUint32(9, 1, true);
    expect((await decodeError(() => unlzma(data, LIMIT, "a.lzma"))).message).toBe("a.lzma quá lớn khi giải nén (giới hạn 32 MB)");
  });

  it("refuses cut-short and oversized .lzma data", async () => {
    const data = bytes("lzmaAlone");
    for (const length of [0, 12, 13, 18, data.length >> 1, data.length - 1]) await decodeError(() => unlzma(data.subarray(0, length), LIMIT, "a.lzma"));
    expect((await decodeError(() => unlzma(data, text.length - 1, "a.lzma"))).message).toMatch(/^a\.lzma quá lớn khi giải nén/);
  });
});

describe("checks", () => {
  it("CRC64 and SHA-256 match their standard check values", async () => {
    // CRC-64/XZ of "123456789" is 0x995DC9BBDF1939FA, stored little-endian.
    expect(hex(crc64(encoder.encode("123456789")))).toBe("fa3919dfbbc95d99");
    expect(hex(await sha256(new Uint8Array(0)))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hex(await sha256(encoder.encode("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // 56 bytes: the length no longer fits the first block, so padding spills into a second.
    expect(hex(await sha256(encoder.encode("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });
});

describe("readDebControl with control.tar.xz", () => {
  it.each([
    ["debXz", "control.tar.xz"],
    ["debDefault", "control.tar.xz"],
    ["debXz9", "control.tar.xz"],
    ["debXz0", "control.tar.xz"],
    ["deb", "control.tar.gz"],
  ])("reads %s (%s) exactly as dpkg-deb wrote it", async (name, member) => {
    const deb = bytes(name);
    const control = await readDebControl(bytesReader(deb));
    expect(control.control).toBe(DEB_CONTROL);
    expect(control).toMatchObject({ Package: "com.lotusforge.lotushook", Version: "1.2.3-1", Author: "Nguyễn Văn A <a@lotusforge.example>" });
    // The member is the compression asked for (the default is xz), and unpacks to dpkg-deb's own control.tar.
    // The gzip one (the plain "deb") is unpacked by the platform's own gunzip and matches the control.tar
    // dpkg-deb gave for the xz build of the same tweak.
    const packed = arMember(deb, member);
    const unpacked = member.endsWith(".xz") ? await unxz(packed, LIMIT, member) : await gunzip(packed);
    expectSameBytes(unpacked, bytes(name === "deb" ? "debXzControlTar" : `${name}ControlTar`));
  });

  it("reads control.tar.lzma", async () => {
    const deb = bytes("debLzma");
    expectSameBytes(unlzma(arMember(deb, "control.tar.lzma"), LIMIT, "control.tar.lzma"), bytes("debXzControlTar"));
    expect((await readDebControl(bytesReader(deb))).control).toBe(DEB_CONTROL);
  });

  it("reads a control.tar.xz of several LZMA2 chunks, with a very long Description", async () => {
    const deb = bytes("debBig");
    const tar = await unxz(arMember(deb, "control.tar.xz"), LIMIT, "control.tar.xz");
    expect(tar.length).toBe(Number(fixture("debBigControlTarSize")));
    expect(hex(await sha256(tar))).toBe(fixture("debBigControlTarSha256"));
    const control = await readDebControl(bytesReader(deb));
    const expected = new TextDecoder().decode(bytes("debBigControl"));
    expect(control.control).toBe(expected);
    expect(control.Description.split("\n")).toHaveLength(801);
    expect(control.Description.startsWith("Mô tả rất dài\n")).toBe(true);
  });

  it("refuses an xz bomb at the 32 MB cap", async () => {
    expect((await packageError(readDebControl(bytesReader(bytes("debXzBomb")))))).toMatchObject({
      message: "control.tar.xz quá lớn khi giải nén (giới hạn 32 MB)",
    });
  });

  it("refuses a DEB whose control.tar.xz is damaged or cut short", async () => {
    const deb = bytes("debXz");
    const packed = arMember(deb, "control.tar.xz");
    const start = packed.byteOffset;
    for (const at of [start + 20, start + Math.floor(packed.length / 2), start + packed.length - 30]) {
      const copy = deb.slice();
      copy[at] ^= 0x10;
      expect((await packageError(readDebControl(bytesReader(copy)))).message).toMatch(/^Không giải nén được control\.tar\.xz \(/);
    }
    // Shorten the member in its ar header, so the archive stays well-formed around it.
    const header = start - 60;
    const shorter = deb.slice();
    const size = String(packed.length - 7).padEnd(10, " ");
    for (let i = 0; i < 10; i++) shorter[header + 48 + i] = size.charCodeAt(i);
    expect((await packageError(readDebControl(bytesReader(shorter)))).message).toMatch(/^Không giải nén được control\.tar\.xz \(/);
  });
});
