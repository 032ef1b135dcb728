import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appReleases, apps, fileDigests } from "../../workers/db/schema";
import { catalogueChanged } from "../../workers/catalogue/catalogue-cache";
import { hex } from "../../workers/lib/bytes";
import { sourceProblems, sourceSchema } from "../fixtures/altstore-source-schema";
import { MESSAGES } from "../../workers/platform/http/api-errors";
import { bytes, createApp, db, request, unique } from "../factories";
import { send } from "../requests";

const DAY = 24 * 60 * 60 * 1000;

async function digest(algorithm: "MD5" | "SHA-256", data: Uint8Array): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest(algorithm, new Uint8Array(data))));
}

async function changed() {
  await catalogueChanged(env, new Request("http://store.test/"));
}

async function downloads(id: number) {
  return (await db.select({ count: apps.downloadCount }).from(apps).where(eq(apps.id, id)))[0].count;
}

/** A stored build in R2 and its app_releases row. */
async function release(appId: number, values: { version: string; build?: string; body: Uint8Array; daysAgo: number; minOs?: string; changelog?: string; fileKey?: string }) {
  const fileKey = values.fileKey ?? `files/${unique("build")}.ipa`;
  if (!values.fileKey) await env.FILES.put(fileKey, values.body);
  const [row] = await db
    .insert(appReleases)
    .values({
      appId,
      version: values.version,
      buildNumber: values.build ?? null,
      fileKey,
      fileSize: values.body.byteLength,
      minimumOsVersion: values.minOs ?? null,
      changelog: values.changelog ?? null,
      createdAt: new Date(Date.now() - values.daysAgo * DAY),
    })
    .returning();
  return row;
}

async function source() {
  const response = await request("/altstore.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return sourceSchema.parse(await response.json());
}

describe("GET /altstore.json (AltStore / SideStore source)", () => {
  it("is valid against the source schema, with one listing per bundle identifier and each version once", async () => {
    const bundle = `vn.test.${unique("b").replace(/-/g, "")}`;
    const current = bytes(1200);
    const first = await createApp({
      name: "Rồng Test",
      appType: "ipa",
      bundleIdentifier: bundle,
      developer: "Studio Một",
      description: "Game nhập vai thử nghiệm.\nDòng thứ hai của mô tả.",
      version: "2.0",
      buildNumber: "200",
      minimumOsVersion: "15.0",
      file: current,
      packageInfo: { privacy: { NSCameraUsageDescription: "Quét mã QR" }, entitlements: ["application-identifier", "get-task-allow"] },
      media: [
        { mediaType: "image", body: bytes(30) },
        { mediaType: "video", body: bytes(40) },
      ],
    });
    const old = bytes(700);
    const oldRelease = await release(first.id, { version: "1.0", build: "100", body: old, daysAgo: 10, minOs: "14.0", changelog: "Bản đầu tiên" });
    await release(first.id, { version: "2.0", build: "200", body: current, daysAgo: 1, fileKey: first.fileKey!, changelog: "Thêm menu" });
    // Another listing of the same app (OTA type), no release row: its current file is a version.
    const second = await createApp({ appType: "itms-ipa", bundleIdentifier: bundle, version: "1.5", buildNumber: "150", file: bytes(900), updatedAt: new Date(Date.now() - 5 * DAY) });
    // The same version string again, older: AltStore would refuse the source, so it is left out.
    await release(second.id, { version: "2.0", body: bytes(10), daysAgo: 3 });
    // Never in the source: TrollStore builds, TestFlight links, hidden apps, apps without a bundle id or a file.
    const tipa = await createApp({ appType: "tipa", bundleIdentifier: `${bundle}.tipa`, file: bytes(50) });
    const failed = await createApp({ appType: "ipa", bundleIdentifier: `${bundle}.failed`, file: bytes(50), status: "failed" });
    const noBundle = await createApp({ appType: "ipa", bundleIdentifier: null, file: bytes(50) });
    const noFile = await createApp({ appType: "ipa", bundleIdentifier: `${bundle}.nofile` });
    await changed();

    const feed = await source();
    expect(sourceProblems(feed)).toEqual([]);
    expect(feed).toMatchObject({ name: env.SITE_NAME, identifier: "test.store", sourceURL: "http://store.test/altstore.json" });
    const listed = feed.apps.filter((app) => app.bundleIdentifier.startsWith(bundle));
    expect(listed.map((app) => app.bundleIdentifier)).toEqual([bundle]);
    for (const hidden of [tipa, failed, noBundle, noFile]) {
      expect(JSON.stringify(feed)).not.toContain(`/api/apps/${hidden.id}/`);
    }

    const app = listed[0];
    expect(app).toMatchObject({
      name: "Rồng Test",
      developerName: "Studio Một",
      subtitle: "Game nhập vai thử nghiệm.",
      localizedDescription: "Game nhập vai thử nghiệm.\nDòng thứ hai của mô tả.",
      appPermissions: { entitlements: ["application-identifier", "get-task-allow"], privacy: { NSCameraUsageDescription: "Quét mã QR" } },
      version: "2.0",
      downloadURL: `http://store.test/api/apps/${first.id}/download/`,
      size: 1200,
    });
    expect(app.screenshotURLs).toEqual([expect.stringMatching(/^http:\/\/store\.test\/api\/media\/media\/.+\.png$/)]);
    expect(app.iconURL).toMatch(/^http:\/\/store\.test\//);
    expect(app.versions.map((version) => [version.version, version.buildVersion, version.size, version.minOSVersion])).toEqual([
      ["2.0", "200", 1200, "15.0"],
      ["1.5", "150", 900, "14.0"],
      ["1.0", "100", 700, "14.0"],
    ]);
    expect(app.versions[0].localizedDescription).toBe("Thêm menu");
    expect(app.versions[2]).toMatchObject({ localizedDescription: "Bản đầu tiên", date: new Date(oldRelease.createdAt).toISOString().replace(/\.\d{3}Z$/, "Z") });
    expect(app.versions[1].downloadURL).toBe(`http://store.test/api/apps/${second.id}/download/`);
    expect(app.versions[2].downloadURL).toBe(`http://store.test/api/apps/${first.id}/releases/${oldRelease.id}/download/`);

    // Every version downloads its own build, and each download counts for its app.
    const expected = [current, bytes(900), old];
    for (const [index, version] of app.versions.entries()) {
      const response = await request(version.downloadURL);
      expect(response.status, version.version).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(expected[index]);
    }
    expect(await downloads(first.id)).toBe(2);
    expect(await downloads(second.id)).toBe(1);
  });

  it("answers 404 for a build of a hidden app, of another app, or an unknown one", async () => {
    const app = await createApp({ appType: "ipa", bundleIdentifier: `vn.test.${unique("h").replace(/-/g, "")}`, file: bytes(20) });
    const other = await createApp({ appType: "ipa", file: bytes(20) });
    const build = await release(app.id, { version: "0.9", body: bytes(15), daysAgo: 2 });
    expect((await request(`/api/apps/${other.id}/releases/${build.id}/download/`)).status).toBe(404);
    expect((await request(`/api/apps/${app.id}/releases/99999999/download/`)).status).toBe(404);
    await db.update(apps).set({ status: "failed" }).where(eq(apps.id, app.id));
    const hidden = await request(`/api/apps/${app.id}/releases/${build.id}/download/`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ success: false, code: "file_not_found", message: "Ứng dụng này chưa có tệp để tải xuống" });
  });
});

type Stanza = Record<string, string>;

/** Debian control stanzas back into fields (continuation lines joined with "\n", " ." as an empty line). */
function parseStanzas(text: string): Stanza[] {
  return text
    .split(/\n\n+/)
    .filter((block) => block.trim())
    .map((block) => {
      const fields: Stanza = {};
      let last = "";
      for (const line of block.split("\n")) {
        if (line.startsWith(" ")) fields[last] += `\n${line.slice(1) === "." ? "" : line.slice(1)}`;
        else {
          last = line.slice(0, line.indexOf(":"));
          fields[last] = line.slice(line.indexOf(":") + 1).trim();
        }
      }
      return fields;
    });
}

/** The checksum lines of one section of Release: name → [hash, size]. */
function releaseSection(release: string, section: string): Map<string, [string, number]> {
  const lines = release.split("\n");
  const start = lines.indexOf(`${section}:`);
  const entries = new Map<string, [string, number]>();
  for (const line of lines.slice(start + 1)) {
    const match = /^ ([0-9a-f]+) (\d+) (\S+)$/.exec(line);
    if (!match) break;
    entries.set(match[3], [match[1], Number(match[2])]);
  }
  return entries;
}

async function gunzip(data: Uint8Array<ArrayBuffer>): Promise<string> {
  return new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}

describe("the APT repository under /repo/", () => {
  it("indexes every DEB app from its control fields, with a Release that checksums the indexes", async () => {
    const name = unique("pkg").toLowerCase().replace(/[^a-z0-9]/g, "");
    const rootlessFile = bytes(3000);
    const rootless = await createApp({
      name: "Chặn Quảng Cáo",
      appType: "rootless",
      bundleIdentifier: `vn.test.${name}`,
      version: "1.2.3",
      file: rootlessFile,
      fileName: `vn.test.${name}_1.2.3_iphoneos-arm64.deb`,
      fileSha256: await digest("SHA-256", rootlessFile),
      packageInfo: {
        deb_control: {
          Package: `vn.test.${name}`,
          Name: "Chặn Quảng Cáo",
          Version: "1.2.3",
          Architecture: "iphoneos-arm64",
          Maintainer: "Mekong Pixel <support@mekongpixel.example>",
          Description: "Chặn quảng cáo\nDòng thứ hai\n\nĐoạn mới",
          Depends: "mobilesubstrate (>= 0.9.5000), firmware (>= 15.0)",
          Section: "Tweaks",
          "X-Custom": "giữ nguyên",
          Depiction: "https://old.example/depiction",
          Filename: "bogus.deb",
          "Bad Name": "dropped",
        },
      },
    });
    // A control file with an architecture that is none of the three: the app type decides.
    const roothide = await createApp({
      appType: "roothide",
      bundleIdentifier: `vn.test.${name}.hide`,
      file: bytes(100),
      fileSha256: await digest("SHA-256", bytes(100)),
      packageInfo: { deb_control: { Package: `vn.test.${name}.hide`, Version: "0.1", Architecture: "arm64" } },
    });
    // No control fields at all (a tweak added before the reader existed).
    const rootfull = await createApp({ appType: "rootfull", bundleIdentifier: `vn.test.${name}.full`, version: "3.0", file: bytes(64), fileSha256: await digest("SHA-256", bytes(64)) });
    const hidden = await createApp({ appType: "rootless", bundleIdentifier: `vn.test.${name}.failed`, status: "failed", file: bytes(10), packageInfo: { deb_control: { Package: `vn.test.${name}.failed` } } });

    const changedAt = await catalogueChanged(env, new Request("http://store.test/"));
    const release = await (await request("/repo/Release")).text();
    const packagesResponse = await request("/repo/Packages");
    expect(packagesResponse.headers.get("content-type")).toBe("text/plain; charset=UTF-8");
    const packagesBytes = new Uint8Array(await packagesResponse.arrayBuffer());
    const packagesGz = new Uint8Array(await (await request("/repo/Packages.gz")).arrayBuffer());

    expect(release).toMatch(/^Origin: iOS Game Hack\nLabel: iOS Game Hack\nSuite: stable\n/);
    expect(release).toContain("Architectures: iphoneos-arm64 iphoneos-arm iphoneos-arm64e\n");
    // Dated by the last catalogue change, so every colo and every rebuild writes the same file.
    expect(release).toContain(`\nDate: ${new Date(changedAt).toUTCString().replace("GMT", "UTC")}\n`);
    const md5 = releaseSection(release, "MD5Sum");
    const sha256 = releaseSection(release, "SHA256");
    expect([...sha256.keys()]).toEqual(["Packages", "Packages.gz"]);
    expect(sha256.get("Packages")).toEqual([await digest("SHA-256", packagesBytes), packagesBytes.byteLength]);
    expect(sha256.get("Packages.gz")).toEqual([await digest("SHA-256", packagesGz), packagesGz.byteLength]);
    expect(md5.get("Packages")).toEqual([await digest("MD5", packagesBytes), packagesBytes.byteLength]);
    expect(md5.get("Packages.gz")).toEqual([await digest("MD5", packagesGz), packagesGz.byteLength]);
    const packages = new TextDecoder().decode(packagesBytes);
    expect(await gunzip(packagesGz)).toBe(packages);

    const stanzas = parseStanzas(packages);
    const byPackage = new Map(stanzas.map((stanza) => [stanza.Package, stanza]));
    expect(byPackage.has(`vn.test.${name}.failed`)).toBe(false);
    expect(packages).not.toContain(`/pool/${hidden.id}/`);

    const tweak = byPackage.get(`vn.test.${name}`)!;
    expect(Object.keys(tweak).slice(0, 3)).toEqual(["Package", "Version", "Architecture"]);
    expect(tweak).toMatchObject({
      Version: "1.2.3",
      Architecture: "iphoneos-arm64",
      Name: "Chặn Quảng Cáo",
      Maintainer: "Mekong Pixel <support@mekongpixel.example>",
      Description: "Chặn quảng cáo\nDòng thứ hai\n\nĐoạn mới",
      Depends: "mobilesubstrate (>= 0.9.5000), firmware (>= 15.0)",
      Section: "Tweaks",
      "X-Custom": "giữ nguyên",
      Depiction: `http://store.test/${rootless.url}`,
      Size: "3000",
      MD5sum: await digest("MD5", rootlessFile),
      SHA256: await digest("SHA-256", rootlessFile),
    });
    expect(tweak.Filename).toBe(`pool/${rootless.id}/${tweak.SHA256.slice(0, 16)}/vn.test.${name}_1.2.3_iphoneos-arm64.deb`);
    expect(tweak).not.toHaveProperty("Bad Name");
    expect(packages).toContain(" Dòng thứ hai\n .\n Đoạn mới\n");

    expect(byPackage.get(`vn.test.${name}.hide`)).toMatchObject({ Architecture: "iphoneos-arm64e", Version: "0.1" });
    expect(byPackage.get(`vn.test.${name}.full`)).toMatchObject({ Architecture: "iphoneos-arm", Version: "3.0", Name: rootfull.name, Depiction: `http://store.test/${rootfull.url}` });
    expect(roothide.id).toBeGreaterThan(0);

    // The .deb that Filename names: the same bytes, and a download counted for the app.
    const deb = await request(`/repo/${tweak.Filename}`);
    expect(deb.status).toBe(200);
    expect(deb.headers.get("content-type")).toBe("application/vnd.debian.binary-package");
    expect(new Uint8Array(await deb.arrayBuffer())).toEqual(rootlessFile);
    expect(await downloads(rootless.id)).toBe(1);
    // A Filename from an index written for other content is not this file.
    expect((await request(`/repo/pool/${rootless.id}/0000000000000000/x.deb`)).status).toBe(404);
    expect((await request(`/repo/pool/${hidden.id}/0000000000000000/x.deb`)).status).toBe(404);
  });

  it("hashes a file R2 has no MD5 for (a multipart upload) once, and fills a missing SHA-256", async () => {
    const key = `files/${unique("multi")}.deb`;
    const upload = await env.FILES.createMultipartUpload(key);
    const content = bytes(6000);
    const part = await upload.uploadPart(1, content);
    await upload.complete([part]);
    expect((await env.FILES.head(key))!.checksums.md5).toBeUndefined();
    const packageName = `vn.test.${unique("mp").toLowerCase().replace(/[^a-z0-9]/g, "")}`;
    const app = await createApp({ appType: "rootless", fileKey: key, fileSize: content.byteLength, packageInfo: { deb_control: { Package: packageName, Version: "1.0" } } });

    const stanza = parseStanzas(await (await request("/repo/Packages")).text()).find((item) => item.Package === packageName)!;
    const sha = await digest("SHA-256", content);
    expect(stanza).toMatchObject({ SHA256: sha, MD5sum: await digest("MD5", content), Size: "6000" });
    expect((await db.select({ sha: apps.fileSha256 }).from(apps).where(eq(apps.id, app.id)))[0].sha).toBe(sha);
    expect(await db.select().from(fileDigests).where(eq(fileDigests.sha256, sha))).toEqual([{ sha256: sha, md5: stanza.MD5sum }]);
    const deb = await request(`/repo/${stanza.Filename}`);
    expect(new Uint8Array(await deb.arrayBuffer())).toEqual(content);
  });

  it("answers 404 for index files it does not serve", async () => {
    for (const path of ["/repo/InRelease", "/repo/Release.gpg", "/repo/Packages.xz", "/repo/Packages.bz2"]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ success: false, code: "file_not_found", message: "Không tìm thấy tệp" });
    }
  });
});

describe("a feed's error", () => {
  it("answers as the API does: a refusal keeps its status, and a failure is a 500 naming the id its log line carries", async () => {
    const content = bytes(500);
    const packageName = `vn.test.${unique("fail").toLowerCase().replace(/[^a-z0-9]/g, "")}`;
    await createApp({ appType: "rootless", file: content, fileSha256: await digest("SHA-256", content), packageInfo: { deb_control: { Package: packageName, Version: "1.0" } } });
    const stanza = parseStanzas(await (await request("/repo/Packages")).text()).find((item) => item.Package === packageName)!;

    // R2 fails while the .deb is read: the store's 500, with the id, in the API's shape.
    const failingFiles = new Proxy(env.FILES, {
      get: (target, property) => (property === "get" ? () => Promise.reject(new Error("R2 is down")) : Reflect.get(target, property).bind(target)),
    });
    const failed = await send(`/repo/${stanza.Filename}`, { env: { ...env, FILES: failingFiles } });
    expect(failed.status).toBe(500);
    const body = (await failed.json()) as { success: boolean; message: string; error_id: string };
    expect(body.success).toBe(false);
    expect(body.message).toBe(`${MESSAGES.serverError} Mã lỗi: ${body.error_id}`);
    expect(body.error_id).toMatch(/\S/);
  });
});
