// vitest globalSetup: builds real packages with real tools (Info-ZIP `zip`, libplist's `plistutil`,
// `dpkg-deb`) in a temp dir, in Node, and hands them to the tests (which run in workerd, where
// there is no child_process) as base64 through `provide`/`inject`.
// Debian packages needed: zip, libplist-utils, dpkg, xz-utils.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  interface ProvidedContext {
    packageFixtures: Record<string, string>;
  }
}

/** The big IPA: 20 MB of incompressible, stored data ahead of Info.plist. */
export const BIG_IPA_FILLER = 20 * 1024 * 1024;

export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), "igh-packages-"));
  try {
    project.provide("packageFixtures", buildFixtures(root));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return () => {};
}

function buildFixtures(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const take = (name: string, file: string): void => {
    out[name] = readFileSync(file).toString("base64");
  };

  // An IPA whose XML Info.plist is deflated; a framework's Info.plist is added FIRST, so a
  // reader that takes the first match would pick it.
  const xml = dir(root, "xml");
  write(xml, "Payload/Lotus.app/Frameworks/Helper.framework/Info.plist", xmlPlist({ CFBundleIdentifier: "com.lotusforge.helper", CFBundleName: "Helper", CFBundleShortVersionString: "9.9" }));
  write(xml, "Payload/Lotus.app/Info.plist", xmlPlist(lotusInfo()));
  write(xml, "Payload/Lotus.app/Lotus", randomBytes(4096));
  run(xml, "zip", ["-q", "-X", "-9", "app.ipa", "Payload/Lotus.app/Frameworks/Helper.framework/Info.plist"]);
  run(xml, "zip", ["-q", "-X", "-9", "-r", "app.ipa", "Payload"]);
  take("xmlDeflated", join(xml, "app.ipa"));
  // The same files, every entry stored (method 0).
  run(xml, "zip", ["-q", "-X", "-0", "-r", "stored.ipa", "Payload"]);
  take("xmlStored", join(xml, "stored.ipa"));
  // The same again with forced ZIP64 records (locator + ZIP64 EOCD, saturated EOCD fields).
  run(xml, "zip", ["-q", "-X", "-fz", "-r", "zip64.ipa", "Payload"]);
  take("zip64", join(xml, "zip64.ipa"));

  // A binary Info.plist (bplist00, made by plistutil) with privacy strings and a UTF-16 name.
  const bin = dir(root, "bin");
  write(bin, "Info.xml", xmlPlist(binaryInfo()));
  mkdirSync(join(bin, "Payload/Rong Vang.app"), { recursive: true });
  run(bin, "plistutil", ["-i", "Info.xml", "-o", "Payload/Rong Vang.app/Info.plist", "-f", "bin"]);
  out.binaryPlist = readFileSync(join(bin, "Payload/Rong Vang.app/Info.plist")).toString("base64");
  run(bin, "zip", ["-q", "-X", "-r", "app.ipa", "Payload"]);
  take("binary", join(bin, "app.ipa"));

  // An embedded.mobileprovision: DER-ish bytes around an XML plist with Entitlements.
  const prov = dir(root, "prov");
  write(prov, "Payload/Prov.app/Info.plist", xmlPlist({ CFBundleIdentifier: "vn.iosgamehack.prov", CFBundleName: "Prov", CFBundleShortVersionString: "2.0", CFBundleVersion: "200" }));
  const profile = xmlPlist({
    AppIDName: "Prov",
    Entitlements: { "application-identifier": "ABCDE12345.vn.iosgamehack.prov", "get-task-allow": true, "keychain-access-groups": ["ABCDE12345.*"], "com.apple.developer.team-identifier": "ABCDE12345" },
    TeamName: "Lotus Forge",
  });
  write(prov, "Payload/Prov.app/embedded.mobileprovision", Buffer.concat([Buffer.from([0x30, 0x82, 0x1f, 0x3c, 0x06, 0x09]), randomBytes(200), Buffer.from(profile), randomBytes(1500)]));
  run(prov, "zip", ["-q", "-X", "-r", "app.ipa", "Payload"]);
  take("provision", join(prov, "app.ipa"));

  // Error cases: a zip without Payload, and random bytes.
  const bad = dir(root, "bad");
  write(bad, "readme.txt", "not an app\n");
  write(bad, "Info.plist", xmlPlist({ CFBundleIdentifier: "com.example.loose" }));
  run(bad, "zip", ["-q", "-X", "nopayload.zip", "readme.txt", "Info.plist"]);
  take("noPayload", join(bad, "nopayload.zip"));
  out.random = randomBytes(64 * 1024).toString("base64");

  // A large IPA: the filler is stored (incompressible anyway), Info.plist comes after it.
  const big = dir(root, "big");
  write(big, "Payload/Big.app/Big", randomBytes(BIG_IPA_FILLER));
  write(big, "Payload/Big.app/Info.plist", xmlPlist({ CFBundleIdentifier: "com.bigstudio.big", CFBundleName: "Big", CFBundleShortVersionString: "3.1.4", CFBundleVersion: "314", MinimumOSVersion: "16.0" }));
  run(big, "zip", ["-q", "-X", "-0", "app.ipa", "Payload/Big.app/Big", "Payload/Big.app/Info.plist"]);
  take("big", join(big, "app.ipa"));

  // A rootless tweak, control.tar.gz, with Depends and a multi-line Description.
  const deb = dir(root, "deb");
  write(deb, "pkg/DEBIAN/control", DEB_CONTROL);
  write(deb, "pkg/var/jb/Library/MobileSubstrate/DynamicLibraries/LotusHook.plist", "{ Filter = { Bundles = ( \"com.lotusforge.game\" ); }; }\n");
  write(deb, "pkg/var/jb/Library/MobileSubstrate/DynamicLibraries/LotusHook.dylib", randomBytes(8192));
  write(deb, "pkg/DEBIAN/postinst", "#!/bin/sh\nexit 0\n");
  chmodSync(join(deb, "pkg/DEBIAN/postinst"), 0o755);
  chmodSync(join(deb, "pkg/DEBIAN"), 0o755);
  run(deb, "dpkg-deb", ["--root-owner-group", "-Zgzip", "--build", "pkg", "tweak.deb"]);
  take("deb", join(deb, "tweak.deb"));
  // The same tweak as dpkg-deb compresses it: its default (xz), xz at both ends of the level
  // range, and zstd (refused). Each comes with dpkg-deb's own uncompressed control.tar.
  const builds: [string, string[]][] = [
    ["debXz", ["-Zxz"]],
    ["debDefault", []],
    ["debXz9", ["-Zxz", "-z9"]],
    ["debXz0", ["-Zxz", "-z0"]],
    ["debZstd", ["-Zzstd"]],
  ];
  for (const [name, args] of builds) {
    run(deb, "dpkg-deb", ["--root-owner-group", ...args, "--build", "pkg", `${name}.deb`]);
    take(name, join(deb, `${name}.deb`));
    if (name !== "debZstd") out[`${name}ControlTar`] = run(deb, "dpkg-deb", ["--ctrl-tarfile", `${name}.deb`]).toString("base64");
  }
  // control.tar.lzma (legacy "alone" format), which dpkg-deb no longer writes, put together by
  // hand around dpkg-deb's control.tar and data.tar; and an xz bomb: 40 MiB of zeros (a few KiB
  // packed) as control.tar.xz, over the 32 MiB cap.
  writeFileSync(join(deb, "control.tar"), run(deb, "dpkg-deb", ["--ctrl-tarfile", "debXz.deb"]));
  const dataTar = run(deb, "dpkg-deb", ["--fsys-tarfile", "debXz.deb"]);
  const controlLzma = run(deb, "xz", ["--format=lzma", "-c", "control.tar"]);
  out.debLzma = arArchive([["debian-binary", Buffer.from("2.0\n")], ["control.tar.lzma", controlLzma], ["data.tar", dataTar]]).toString("base64");
  write(deb, "zeros", Buffer.alloc(40 * 1024 * 1024));
  const bomb = run(deb, "xz", ["-c", "zeros"]);
  out.debXzBomb = arArchive([["debian-binary", Buffer.from("2.0\n")], ["control.tar.xz", bomb], ["data.tar", dataTar]]).toString("base64");

  // A control.tar.xz spanning several LZMA2 chunks (a chunk packs at most 64 KiB; this makes
  // three): a long Description and ~450 KB of maintainer scripts of varied text, random hex
  // keeping it from packing small, so long-distance matches, reps and literals all get exercised.
  const bigDeb = dir(root, "big-deb");
  const random = seeded(7);
  const description = Array.from({ length: 800 }, () => ` ${sentence(random, 8 + Math.floor(random() * 8))}`).join("\n");
  const bigControl = DEB_CONTROL.replace(/^Description: .*\n( .*\n)*/m, `Description: Mô tả rất dài\n${description}\n`);
  write(bigDeb, "pkg/DEBIAN/control", bigControl);
  write(bigDeb, "pkg/usr/share/doc/big/README", "big\n");
  const script = (lines: number) =>
    "#!/bin/sh\nset -e\n" + Array.from({ length: lines }, (_, i) => `echo "${sentence(random, 6)} ${i} ${hex(random, 32)}" >> /tmp/log.${i % 7}\n`).join("") + "exit 0\n";
  write(bigDeb, "pkg/DEBIAN/postinst", script(3000));
  write(bigDeb, "pkg/DEBIAN/prerm", script(1500));
  for (const file of ["postinst", "prerm"]) chmodSync(join(bigDeb, "pkg/DEBIAN", file), 0o755);
  chmodSync(join(bigDeb, "pkg/DEBIAN"), 0o755);
  run(bigDeb, "dpkg-deb", ["--root-owner-group", "-Zxz", "--build", "pkg", "big.deb"]);
  take("debBig", join(bigDeb, "big.deb"));
  out.debBigControl = Buffer.from(bigControl).toString("base64");
  // The 600 KB control.tar itself is too big to ship; its size and SHA-256 pin it exactly.
  const bigTar = run(bigDeb, "dpkg-deb", ["--ctrl-tarfile", "big.deb"]);
  out.debBigControlTarSize = String(bigTar.length);
  out.debBigControlTarSha256 = createHash("sha256").update(bigTar).digest("hex");

  // Raw xz streams made by the xz command. The mixed payload is text, incompressible bytes,
  // then the text again: stored LZMA2 chunks for the random part, matches reaching back
  // ~220 KB for the repeat. The variants (checks, blocks, options) pack the text alone, to
  // keep the fixtures small: they all travel to workerd in one 32 MiB message.
  const xz = dir(root, "xz");
  const text = Array.from({ length: 1500 }, () => sentence(random, 7)).join("\n");
  write(xz, "text", text);
  const noise = randomBytes(150 * 1024);
  write(xz, "mixed", Buffer.concat([Buffer.from(text), noise, Buffer.from(text)]));
  take("xzText", join(xz, "text"));
  out.xzNoise = noise.toString("base64"); // the test rebuilds "mixed" from text and noise
  out.xzMixedCrc64 = run(xz, "xz", ["-c", "--check=crc64", "mixed"]).toString("base64");
  const streams: [string, string[]][] = [
    ["xzCrc32", ["--check=crc32"]],
    ["xzCrc64", ["--check=crc64"]],
    ["xzSha256", ["--check=sha256"]],
    ["xzNone", ["--check=none"]],
    ["xzBlocks", ["--block-size=16384"]],
    ["xzExtreme", ["-9e"]],
    ["xzLiteralBits", ["--lzma2=preset=6,lc=0,lp=2,pb=0"]],
    ["xzX86", ["--x86", "--lzma2"]],
    ["xzDelta", ["--delta=dist=4", "--lzma2"]],
    ["lzmaAlone", ["--format=lzma"]],
  ];
  for (const [name, args] of streams) out[name] = run(xz, "xz", ["-c", ...args, "text"]).toString("base64");

  return out;
}

/** An `ar` archive the way dpkg-deb writes one: names padded to 16 characters, no "/" ending. */
function arArchive(members: [string, Buffer][]): Buffer {
  const parts = [Buffer.from("!<arch>\n")];
  for (const [name, data] of members) {
    const header = name.padEnd(16) + "0".padEnd(12) + "0".padEnd(6) + "0".padEnd(6) + "100644".padEnd(8) + String(data.length).padEnd(10) + "`\n";
    parts.push(Buffer.from(header, "latin1"), data);
    if (data.length % 2) parts.push(Buffer.from("\n")); // members start on even offsets
  }
  return Buffer.concat(parts);
}

/** A deterministic PRNG (xorshift32), so the big fixtures are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

const WORDS = "vô hạn tiền vàng rồng màn chơi mở khoá lotus hook tweak substrate ellekit rootless jailbreak firmware cấp độ nhân vật sức mạnh tốc độ the and of game player level unlock coins gems".split(" ");

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => {
    const word = WORDS[Math.floor(random() * WORDS.length)];
    return random() < 0.15 ? `${word}${Math.floor(random() * 10000)}` : word;
  }).join(" ");
}

function hex(random: () => number, length: number): string {
  return Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join("");
}

export const DEB_CONTROL = `Package: com.lotusforge.lotushook
Name: Lotus Hook
Version: 1.2.3-1
Architecture: iphoneos-arm64
Maintainer: Lotus Forge <dev@lotusforge.example>
Author: Nguyễn Văn A <a@lotusforge.example>
Section: Tweaks
Depends: firmware (>= 15.0), mobilesubstrate (>= 0.9.7000) | ellekit,
 preferenceloader
Description: Vô hạn tiền cho Lotus
 Mở khoá mọi màn chơi.
 .
 Chỉ dùng cho jailbreak rootless.
Icon: https://repo.example/icons/lotushook.png
`;

function lotusInfo(): Record<string, unknown> {
  return {
    CFBundleDisplayName: "Lotus Saga",
    CFBundleName: "Lotus",
    CFBundleIdentifier: "com.lotusforge.game",
    CFBundleShortVersionString: "1.4.2",
    CFBundleVersion: "142",
    MinimumOSVersion: "15.0",
    NSCameraUsageDescription: "Chụp ảnh đại diện & <quét> mã",
    UIRequiredDeviceCapabilities: ["arm64"],
    UIDeviceFamily: [1, 2],
  };
}

function binaryInfo(): Record<string, unknown> {
  return {
    CFBundleName: "Rồng Vàng",
    CFBundleIdentifier: "vn.goldstudio.rongvang",
    CFBundleShortVersionString: "2.0.1",
    CFBundleVersion: "20001",
    NSPhotoLibraryUsageDescription: "Lưu ảnh chụp màn hình",
    NSMicrophoneUsageDescription: "Voice chat",
    LSRequiresIPhoneOS: true,
    UIStatusBarHidden: false,
    BuildTimestamp: new Date("2024-05-06T07:08:09Z"),
    Score: 1.5,
    BigNumber: 4294967296,
    Negative: -42,
    Blob: Buffer.from("hello"),
    CFBundleIcons: { CFBundlePrimaryIcon: { CFBundleIconFiles: ["AppIcon60x60", "AppIcon76x76"] } },
  };
}

function xmlPlist(value: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n${xmlValue(value)}\n</plist>\n`;
}

function xmlValue(value: unknown): string {
  if (typeof value === "string") return `<string>${escapeXml(value)}</string>`;
  if (typeof value === "boolean") return value ? "<true/>" : "<false/>";
  if (typeof value === "number") return Number.isInteger(value) ? `<integer>${value}</integer>` : `<real>${value}</real>`;
  if (value instanceof Date) return `<date>${value.toISOString().replace(/\.\d{3}Z$/, "Z")}</date>`;
  if (Buffer.isBuffer(value)) return `<data>${(value as Buffer).toString("base64")}</data>`;
  if (Array.isArray(value)) return `<array>${value.map(xmlValue).join("")}</array>`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `<dict>\n${entries.map(([k, v]) => `\t<key>${escapeXml(k)}</key>\n\t${xmlValue(v)}\n`).join("")}</dict>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function dir(root: string, name: string): string {
  const path = join(root, name);
  mkdirSync(path, { recursive: true });
  return path;
}

function write(base: string, path: string, content: string | Buffer): void {
  mkdirSync(dirname(join(base, path)), { recursive: true });
  writeFileSync(join(base, path), content);
}

/** Runs a tool; returns what it wrote to stdout. */
function run(cwd: string, command: string, args: string[]): Buffer {
  try {
    return execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LC_ALL: "C.UTF-8" } });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new Error(`package fixtures need \`${command}\`: apt-get install -y zip libplist-utils dpkg xz-utils`);
    }
    throw error;
  }
}
