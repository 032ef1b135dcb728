// vitest globalSetup: builds real packages with real tools (Info-ZIP `zip`, libplist's `plistutil`,
// `dpkg-deb`) in a temp dir, in Node, and hands them to the tests (which run in workerd, where
// there is no child_process) as base64 through `provide`/`inject`.
// Debian packages needed: zip, libplist-utils, dpkg.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
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
  // dpkg-deb's default (xz): refused with a clear message for now.
  run(deb, "dpkg-deb", ["--root-owner-group", "-Zxz", "--build", "pkg", "tweak-xz.deb"]);
  take("debXz", join(deb, "tweak-xz.deb"));

  return out;
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

function run(cwd: string, command: string, args: string[]): void {
  try {
    execFileSync(command, args, { cwd, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_ALL: "C.UTF-8" } });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      throw new Error(`package fixtures need \`${command}\`: apt-get install -y zip libplist-utils dpkg`);
    }
    throw error;
  }
}
