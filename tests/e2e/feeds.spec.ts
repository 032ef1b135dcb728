// Real clients of the feeds, against the store that Playwright started with the demo data:
// Debian's own apt-get reads the APT repository, and the AltStore source is checked against its
// schema and against what the store's IPA reader finds in the file it points to.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { bytesReader, readIpaInfo } from "../../workers/lib/packages";
import { sourceProblems, sourceSchema } from "../fixtures/altstore-source-schema";

function sha256(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** apt-get confined to a temporary directory: its own sources, lists, cache and (empty) dpkg status. */
function aptGet(root: string, args: string[], cwd = root): string {
  const options = {
    "Dir::State": join(root, "state"),
    "Dir::State::status": join(root, "state", "status"),
    "Dir::Cache": join(root, "cache"),
    "Dir::Etc::SourceList": join(root, "sources.list"),
    "Dir::Etc::SourceParts": "/dev/null",
    "Dir::Etc::Preferences": "/dev/null",
    "Dir::Etc::PreferencesParts": "/dev/null",
    "Dir::Log": root,
    "Debug::NoLocking": "1",
    "Acquire::Languages": "none",
    // The device's architecture (rootless) and the two others the repository carries.
    "APT::Architecture": "iphoneos-arm64",
    "APT::Architectures::": ["iphoneos-arm64", "iphoneos-arm64e", "iphoneos-arm"],
    // As root, apt would hand downloads to the _apt user, who cannot write into our temp dir.
    ...(process.getuid?.() === 0 ? { "APT::Sandbox::User": "root" } : {}),
  };
  const flags = Object.entries(options).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).flatMap((item) => ["-o", `${name}=${item}`]));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/_proxy$/i.test(name))) as NodeJS.ProcessEnv;
  // apt-get must exist (it does on every Debian system): a missing one fails the test, never skips it.
  return execFileSync("apt-get", ["-q", ...flags, ...args], { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function stanzas(packages: string): Record<string, string>[] {
  return packages
    .split(/\n\n+/)
    .filter((block) => block.trim())
    .map((block) => Object.fromEntries(block.split("\n").filter((line) => !line.startsWith(" ")).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()])));
}

test("apt-get updates from /repo/ and downloads packages whose checksums match", async ({ request, baseURL }) => {
  const root = mkdtempSync(join(tmpdir(), "igh-apt-"));
  try {
    mkdirSync(join(root, "state", "lists", "partial"), { recursive: true });
    mkdirSync(join(root, "cache", "archives", "partial"), { recursive: true });
    mkdirSync(join(root, "downloads"));
    writeFileSync(join(root, "state", "status"), "");
    writeFileSync(join(root, "sources.list"), `deb [trusted=yes] ${baseURL}/repo/ ./\n`);

    const update = aptGet(root, ["update"]);
    expect(update).toMatch(/Get:\d+ \S+ \.\/ Release/);
    expect(update).toMatch(/Get:\d+ \S+ \.\/ Packages/);

    // One package of each architecture: rootless (native), roothide and rootful.
    const wanted = { "vn.mekongpixel.noads": "iphoneos-arm64", "vn.thunderarena.skinunlock": "iphoneos-arm64e", "com.hanoidev.fpsunlocker": "iphoneos-arm" };
    aptGet(root, ["download", ...Object.entries(wanted).map(([name, arch]) => `${name}:${arch}`)], join(root, "downloads"));

    const index = stanzas(await (await request.get("/repo/Packages")).text());
    const files = readdirSync(join(root, "downloads"));
    expect(files).toHaveLength(3);
    for (const [name, arch] of Object.entries(wanted)) {
      const file = files.find((candidate) => candidate.startsWith(`${name}_`) && candidate.endsWith(`_${arch}.deb`))!;
      expect(file, name).toBeDefined();
      const bytes = new Uint8Array(readFileSync(join(root, "downloads", file)));
      const stanza = index.find((entry) => entry.Package === name)!;
      expect(stanza.Architecture).toBe(arch);
      expect(sha256(bytes)).toBe(stanza.SHA256);
      expect(createHash("md5").update(bytes).digest("hex")).toBe(stanza.MD5sum);
      expect(bytes.byteLength).toBe(Number(stanza.Size));
      // The very file the app page offers, and a real package to dpkg.
      const app = await (await request.get(`/api/apps/detail-by-url/${new URL(stanza.Depiction).pathname.slice(1)}/`)).json();
      const offered = new Uint8Array(await (await request.get(`/api/apps/${app.data.id}/download/`)).body());
      expect(sha256(offered)).toBe(stanza.SHA256);
      expect(execFileSync("dpkg-deb", ["--field", join(root, "downloads", file), "Package"], { encoding: "utf8" }).trim()).toBe(name);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the AltStore source is valid, and its permissions are what the IPA declares", async ({ request, baseURL }) => {
  const source = sourceSchema.parse(await (await request.get("/altstore.json")).json());
  expect(sourceProblems(source)).toEqual([]);
  expect(source.sourceURL).toBe(`${baseURL}/altstore.json`);
  // The demo's plain and OTA IPAs; TIPA (TrollStore) builds and TestFlight links are not sideloadable here.
  expect(source.apps.map((app) => app.bundleIdentifier).sort()).toEqual(
    ["com.neonasphalt.skylineracer", "com.saigonnightowl.kiemkhach", "io.pixelcellar.dungeonplus", "vn.lotusforge.chienbinhrong", "vn.mekongpixel.cotuong"].sort(),
  );

  for (const app of source.apps) {
    const latest = app.versions[0];
    const ipa = new Uint8Array(await (await request.get(latest.downloadURL)).body());
    const info = await readIpaInfo(bytesReader(ipa));
    expect(info.bundle_id).toBe(app.bundleIdentifier);
    expect([latest.version, latest.buildVersion, latest.minOSVersion, latest.size]).toEqual([info.version, info.build_number, info.minimum_os_version, ipa.byteLength]);
    expect(app.appPermissions).toEqual({ entitlements: info.entitlements, privacy: info.privacy });
  }
  const dragon = source.apps.find((app) => app.bundleIdentifier === "vn.lotusforge.chienbinhrong")!;
  expect(dragon.appPermissions?.entitlements).toContain("com.apple.developer.game-center");
  expect(Object.keys(dragon.appPermissions?.privacy ?? {})).toEqual(["NSMicrophoneUsageDescription", "NSPhotoLibraryAddUsageDescription"]);
});
