// The IPA and DEB readers against real packages built by zip, plistutil and dpkg-deb
// (tests/fixtures/packages.ts), read the way the Worker and the browser will: in ranges.
import { describe, expect, it } from "vitest";
import {
  type RangeReader,
  PackageError,
  blobReader,
  bytesReader,
  developerFromBundleId,
  listZip,
  parseControl,
  parsePlist,
  readDebControl,
  readIpaInfo,
  readZipEntry,
} from "../../workers/lib/packages";
import { crc32, hex } from "../../workers/lib/bytes";
import { BIG_IPA_FILLER, DEB_CONTROL } from "../fixtures/packages";
import { bytes, packageError } from "./packages-helpers";

/** Wraps a reader to count what is actually read. */
function counting(reader: RangeReader): RangeReader & { bytesRead: number; reads: number } {
  const counted = {
    size: reader.size,
    bytesRead: 0,
    reads: 0,
    async read(offset: number, length: number) {
      counted.bytesRead += length;
      counted.reads++;
      return reader.read(offset, length);
    },
  };
  return counted;
}

const encoder = new TextEncoder();

describe("readIpaInfo", () => {
  it("reads a deflated XML Info.plist and skips a framework's Info.plist", async () => {
    const reader = bytesReader(bytes("xmlDeflated"));
    const entries = await listZip(reader);
    expect(entries[0].name).toBe("Payload/Lotus.app/Frameworks/Helper.framework/Info.plist");
    expect(entries.find((e) => e.name === "Payload/Lotus.app/Info.plist")?.method).toBe(8);

    const info = await readIpaInfo(reader);
    expect(info).toEqual({
      app_name: "Lotus Saga",
      bundle_id: "com.lotusforge.game",
      version: "1.4.2",
      build_number: "142",
      minimum_os_version: "15.0",
      privacy: { NSCameraUsageDescription: "Chụp ảnh đại diện & <quét> mã" },
      entitlements: [],
    });
    expect(developerFromBundleId(info.bundle_id)).toBe("Lotusforge");
  });

  it("reads a stored (method 0) Info.plist through a Blob, as the browser does", async () => {
    const data = bytes("xmlStored");
    const entries = await listZip(bytesReader(data));
    expect(entries.find((e) => e.name === "Payload/Lotus.app/Info.plist")?.method).toBe(0);
    const info = await readIpaInfo(blobReader(new Blob([data])));
    expect(info.bundle_id).toBe("com.lotusforge.game");
    expect(info.app_name).toBe("Lotus Saga");
  });

  it("reads an archive with ZIP64 end records", async () => {
    const data = bytes("zip64");
    // The classic EOCD has its offset saturated; only the ZIP64 record tells the truth.
    const text = hex(data.subarray(data.length - 100));
    expect(text).toContain("504b0607");
    expect((await readIpaInfo(bytesReader(data))).version).toBe("1.4.2");
  });

  it("reads a binary Info.plist with privacy strings and UTF-16 text", async () => {
    const info = await readIpaInfo(bytesReader(bytes("binary")));
    expect(info).toEqual({
      app_name: "Rồng Vàng",
      bundle_id: "vn.goldstudio.rongvang",
      version: "2.0.1",
      build_number: "20001",
      minimum_os_version: "14.0",
      privacy: { NSMicrophoneUsageDescription: "Voice chat", NSPhotoLibraryUsageDescription: "Lưu ảnh chụp màn hình" },
      entitlements: [],
    });
    expect(developerFromBundleId(info.bundle_id)).toBe("Goldstudio");
  });

  it("lists the entitlements of an embedded.mobileprovision", async () => {
    const info = await readIpaInfo(bytesReader(bytes("provision")));
    expect(info.bundle_id).toBe("vn.iosgamehack.prov");
    expect(info.entitlements.sort()).toEqual(["application-identifier", "com.apple.developer.team-identifier", "get-task-allow", "keychain-access-groups"]);
  });

  it("reads a 20 MB IPA touching only a few KiB", async () => {
    const data = bytes("big");
    expect(data.length).toBeGreaterThan(BIG_IPA_FILLER);
    const reader = counting(blobReader(new Blob([data])));
    const info = await readIpaInfo(reader);
    expect(info).toMatchObject({ app_name: "Big", bundle_id: "com.bigstudio.big", version: "3.1.4", build_number: "314", minimum_os_version: "16.0" });
    // The tail search (64 KiB + 22) dominates; the 20 MB entry is never read.
    expect(reader.bytesRead).toBeLessThan(256 * 1024);
    expect(reader.reads).toBeLessThanOrEqual(5);
    console.log(`big IPA (${data.length} bytes): ${reader.bytesRead} bytes read in ${reader.reads} reads`);
  });

  it("refuses what is not an IPA, in Vietnamese", async () => {
    expect((await packageError(readIpaInfo(bytesReader(bytes("random"))))).message).toBe("Tệp không phải IPA hợp lệ");
    expect((await packageError(readIpaInfo(bytesReader(new Uint8Array(3))))).message).toBe("Tệp không phải IPA hợp lệ");
    expect((await packageError(readIpaInfo(bytesReader(bytes("noPayload"))))).message).toBe("Không tìm thấy Info.plist trong IPA");
    expect((await packageError(readIpaInfo(bytesReader(bytes("deb"))))).message).toBe("Tệp không phải IPA hợp lệ");
  });

  it("refuses an unreadable Info.plist", async () => {
    const zip = storedZip([{ name: "Payload/X.app/Info.plist", data: encoder.encode("<plist><dict><key>a</key></plist>") }]);
    expect((await packageError(readIpaInfo(bytesReader(zip)))).message).toMatch(/^Không đọc được Info.plist/);
  });
});

describe("readZipEntry", () => {
  it("finds entries by name or predicate and checks the CRC", async () => {
    const reader = bytesReader(bytes("xmlDeflated"));
    const byName = await readZipEntry(reader, "Payload/Lotus.app/Info.plist");
    const byPredicate = await readZipEntry(reader, (e) => e.name.endsWith("Helper.framework/Info.plist"));
    expect(new TextDecoder().decode(byName)).toContain("<string>com.lotusforge.game</string>");
    expect(new TextDecoder().decode(byPredicate)).toContain("com.lotusforge.helper");
    expect(await readZipEntry(reader, "missing")).toBeUndefined();

    const zip = storedZip([{ name: "a.txt", data: encoder.encode("hello") }]);
    zip[zip.indexOf(0x68)] ^= 1; // flip a bit of the data: "hello" -> "iello"
    expect((await packageError(readZipEntry(bytesReader(zip), "a.txt"))).message).toMatch(/CRC/);
  });

  it("refuses encrypted entries and entries too large to inflate", async () => {
    const encrypted = storedZip([{ name: "s.txt", data: encoder.encode("secret"), flags: 1 }]);
    expect((await packageError(readZipEntry(bytesReader(encrypted), "s.txt"))).message).toMatch(/mã hoá/);
    const reader = bytesReader(bytes("big"));
    expect((await packageError(readZipEntry(reader, "Payload/Big.app/Big"))).message).toMatch(/quá lớn/);
  });

  it("decodes CP437 names and UTF-8 flagged names", async () => {
    const zip = storedZip([
      { name: new Uint8Array([0x63, 0x61, 0x66, 0x82]), data: new Uint8Array(0) },
      { name: encoder.encode("Trò chơi.txt"), data: new Uint8Array(0), flags: 0x800 },
    ]);
    expect((await listZip(bytesReader(zip))).map((e) => e.name)).toEqual(["café", "Trò chơi.txt"]);
  });
});

describe("parsePlist", () => {
  it("reads every binary type plistutil writes", () => {
    const value = parsePlist(bytes("binaryPlist")) as Record<string, unknown>;
    expect(value).toMatchObject({
      LSRequiresIPhoneOS: true,
      UIStatusBarHidden: false,
      Score: 1.5,
      BigNumber: 4294967296,
      Negative: -42,
      CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ["AppIcon60x60", "AppIcon76x76"] } },
    });
    expect((value.BuildTimestamp as Date).toISOString()).toBe("2024-05-06T07:08:09.000Z");
    expect(new TextDecoder().decode(value.Blob as Uint8Array)).toBe("hello");
  });

  it("reads XML scalars, empty containers, entities and CDATA", () => {
    const xml = `<?xml version="1.0"?><!-- c --><plist version="1.0"><dict>
      <key>i</key><integer>-7</integer><key>h</key><integer>0x10</integer><key>big</key><integer>18446744073709551615</integer>
      <key>r</key><real>2.5</real><key>t</key><true/><key>f</key><false/>
      <key>d</key><date>2020-01-02T03:04:05Z</date><key>data</key><data>
        aGVs
        bG8=
      </data><key>s</key><string>a &amp; b &#x1F600; <![CDATA[<raw>]]></string><key>e</key><string/>
      <key>a</key><array/><key>o</key><dict/><key>__proto__</key><string>own</string></dict></plist>`;
    const value = parsePlist(encoder.encode(xml)) as Record<string, unknown>;
    expect(value).toMatchObject({ i: -7, h: 16, big: 18446744073709551615n, r: 2.5, t: true, f: false, s: "a & b 😀 <raw>", e: "", a: [], o: {} });
    expect((value.d as Date).toISOString()).toBe("2020-01-02T03:04:05.000Z");
    expect(new TextDecoder().decode(value.data as Uint8Array)).toBe("hello");
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toBe("own");
  });

  it("refuses broken plists, cycles and out-of-range refs", () => {
    expect(() => parsePlist(encoder.encode("not a plist"))).toThrow(PackageError);
    expect(() => parsePlist(encoder.encode("<plist><dict><key>a</key><integer>x</integer></dict></plist>"))).toThrow(PackageError);
    // Object 0: an array holding object 0.
    expect(() => parsePlist(bplist([[0xa1, 0x00]], 0))).toThrow(PackageError);
    // Object 0: an array holding object 5, of 1.
    expect(() => parsePlist(bplist([[0xa1, 0x05]], 0))).toThrow(PackageError);
    // A string claiming more bytes than the file has.
    expect(() => parsePlist(bplist([[0x5f, 0x10, 0xff, 0x41]], 0))).toThrow(PackageError);
    // Sane: a dict {"k": 1} built the same way.
    expect(parsePlist(bplist([[0xd1, 0x01, 0x02], [0x51, 0x6b], [0x10, 0x01]], 0))).toEqual({ k: 1 });
  });
});

describe("readDebControl", () => {
  it("reads the control fields of a dpkg-deb package, control.tar only", async () => {
    const data = bytes("deb");
    const reader = counting(bytesReader(data));
    const control = await readDebControl(reader);
    expect(control).toMatchObject({
      Package: "com.lotusforge.lotushook",
      Name: "Lotus Hook",
      Version: "1.2.3-1",
      Architecture: "iphoneos-arm64",
      Maintainer: "Lotus Forge <dev@lotusforge.example>",
      Author: "Nguyễn Văn A <a@lotusforge.example>",
      Section: "Tweaks",
      Depends: "firmware (>= 15.0), mobilesubstrate (>= 0.9.7000) | ellekit,\npreferenceloader",
      Description: "Vô hạn tiền cho Lotus\nMở khoá mọi màn chơi.\n\nChỉ dùng cho jailbreak rootless.",
    });
    expect(control.fields.Icon).toBe("https://repo.example/icons/lotushook.png");
    expect(control.control).toBe(DEB_CONTROL);
    expect(reader.bytesRead).toBeLessThan(data.length);
  });

  it("refuses what is not a DEB, control.tar.zst and other compressions", async () => {
    expect((await packageError(readDebControl(bytesReader(bytes("random"))))).message).toBe("Tệp không phải DEB hợp lệ");
    expect((await packageError(readDebControl(bytesReader(bytes("xmlDeflated"))))).message).toBe("Tệp không phải DEB hợp lệ");
    expect((await packageError(readDebControl(bytesReader(bytes("debZstd"))))).message).toBe(
      "Định dạng control.tar.zst (zstd) chưa được hỗ trợ: hãy đóng gói DEB bằng xz hoặc gzip (dpkg-deb -Zxz hoặc -Zgzip)",
    );
    const bz2 = encoder.encode("!<arch>\ndebian-binary   0           0     0     100644  4         `\n2.0\ncontrol.tar.bz2 0           0     0     100644  4         `\nBZh9");
    expect((await packageError(readDebControl(bytesReader(bz2)))).message).toBe(
      "Định dạng control.tar.bz2 chưa được hỗ trợ (chỉ hỗ trợ control.tar.xz, control.tar.gz, control.tar.lzma và control.tar)",
    );
    const empty = encoder.encode("!<arch>\ndebian-binary   0           0     0     100644  4         `\n2.0\n");
    expect((await packageError(readDebControl(bytesReader(empty)))).message).toBe("Không tìm thấy tệp control trong DEB");
  });

  it("parses continuation lines and the ' .' blank line", () => {
    expect(parseControl("Package: a\nDescription: short\n long one\n .\n two\nSection: x\n")).toEqual({ Package: "a", Description: "short\nlong one\n\ntwo", Section: "x" });
  });
});

describe("damaged packages", () => {
  it("fail with a PackageError only, never a crash", async () => {
    let seed = 20240506;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (const name of ["xmlDeflated", "binary", "deb", "debXz"]) {
      const original = bytes(name);
      for (let n = 0; n < 150; n++) {
        const copy = original.slice();
        // Damage the directories at the end and the headers at the start.
        for (let k = 0; k < 3; k++) {
          const at = random() < 0.5 ? copy.length - 1 - Math.floor(random() * Math.min(copy.length, 400)) : Math.floor(random() * Math.min(copy.length, 2048));
          copy[at] = random() < 0.3 ? 0xff : Math.floor(random() * 256);
        }
        for (const read of [readIpaInfo, readDebControl]) {
          await read(bytesReader(copy)).catch((error: unknown) => {
            if (!(error instanceof PackageError)) throw error;
          });
        }
      }
    }
  });
});

describe("crc32", () => {
  it("matches the standard check value", () => {
    expect(crc32(encoder.encode("123456789"))).toBe(0xcbf43926);
  });
});

/** A hand-made stored zip, for cases no tool will write (bad CRC, encryption flag, CP437). */
function storedZip(files: { name: Uint8Array | string; data: Uint8Array; flags?: number }[]): Uint8Array {
  const locals: number[] = [];
  const central: number[] = [];
  const le = (value: number, size: number) => Array.from({ length: size }, (_, i) => Math.floor(value / 2 ** (8 * i)) & 0xff);
  for (const file of files) {
    const name = typeof file.name === "string" ? encoder.encode(file.name) : file.name;
    const crc = crc32(file.data);
    const offset = locals.length;
    const common = [...le(20, 2), ...le(file.flags ?? 0, 2), ...le(0, 2), ...le(0, 4), ...le(crc, 4), ...le(file.data.length, 4), ...le(file.data.length, 4), ...le(name.length, 2), ...le(0, 2)];
    locals.push(...le(0x04034b50, 4), ...common, ...name, ...file.data);
    central.push(...le(0x02014b50, 4), ...le(20, 2), ...common, ...le(0, 2), ...le(0, 2), ...le(0, 2), ...le(0, 4), ...le(offset, 4), ...name);
  }
  const eocd = [...le(0x06054b50, 4), ...le(0, 4), ...le(files.length, 2), ...le(files.length, 2), ...le(central.length, 4), ...le(locals.length, 4), ...le(0, 2)];
  return new Uint8Array([...locals, ...central, ...eocd]);
}

/** A hand-made bplist00 from raw objects (1-byte offsets and refs). */
function bplist(objects: number[][], top: number): Uint8Array {
  const body = [...encoder.encode("bplist00")];
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body.push(...object);
  }
  const tableOffset = body.length;
  body.push(...offsets);
  const be8 = (value: number) => [0, 0, 0, 0, 0, 0, 0, value];
  body.push(0, 0, 0, 0, 0, 0, 1, 1, ...be8(objects.length), ...be8(top), ...be8(tableOffset));
  return new Uint8Array(body);
}
