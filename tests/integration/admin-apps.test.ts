// The admin catalogue API against the real Worker: create/update/delete with form parts and
// with multipart uploads to R2, the content checks, the IPA preview, and the cron's cleanup.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { appMedia, appReleases, apps, uploads } from "../../workers/db/schema";
import { crc32 } from "../../workers/lib/bytes";
import { runScheduledJobs } from "../../workers/scheduled";
import { PART_SIZE } from "../../workers/catalogue/uploads";
import { db, request, unique, staffAuthorization as admin, uploadFile as file, multipartForm as form } from "../factories";
import { concat, gif, mp4, png, webm } from "../fixtures/media";

type Body = Record<string, any>;
const fixtures = inject("packageFixtures");

function fixture(name: string): Uint8Array<ArrayBuffer> {
  const binary = atob(fixtures[name]);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}


async function send(method: string, path: string, token: string, body?: FormData | object | ArrayBuffer | Uint8Array) {
  const headers: Record<string, string> = { Authorization: token };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof ArrayBuffer || body instanceof Uint8Array) payload = body as BodyInit;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await request(path, { method, headers, body: payload });
  return { status: response.status, body: (await response.json()) as Body };
}

const basics = () => ({ name: "Lotus Saga Mod", description: "Mod vô hạn tiền", version: "1.4.2", url: unique("lotus") });

async function objectCount(prefix: string): Promise<number> {
  return (await env.FILES.list({ prefix })).objects.length;
}

async function upload(token: string, bytes: Uint8Array, filename: string, kind: "app_file" | "icon" | "media") {
  const started = await send("POST", "/api/uploads/", token, { filename, size: bytes.byteLength, content_type: "application/octet-stream", kind });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { upload_id, part_size } = started.body;
  for (let n = 1, at = 0; at < bytes.byteLength; n++, at += part_size) {
    const part = await send("PUT", `/api/uploads/${upload_id}/parts/${n}/`, token, bytes.slice(at, at + part_size));
    expect(part.status, JSON.stringify(part.body)).toBe(200);
  }
  return send("POST", `/api/uploads/${upload_id}/complete/`, token);
}

describe("creating apps", () => {
  it("creates an IPA app from form parts, reads the IPA, and shows it in the public catalogue at once", async () => {
    const token = await admin();
    const fields = { ...basics(), version: "", developer: "" };
    const created = await send("POST", "/api/apps/create/", token, form({
      ...fields,
      url: `  ${fields.url.toUpperCase()}!! `,
      app_type: "ipa",
      icon: file(png(), "icon.png", "image/png"),
      file: file(fixture("xmlDeflated"), "Lotus.ipa"),
      screenshots: [file(png(), "shot1.png"), file(mp4(12), "play.mp4"), file(webm(8), "clip.webm")],
    }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe("App created successfully!");
    const app = created.body.data;
    expect(app.url).toBe(fields.url.toLowerCase()); // spaces and "!" dropped, lower case
    expect(app.extracted_info).toMatchObject({ auto_filled: true, bundle_id: "com.lotusforge.game", build_number: "142", minimum_os_version: "15.0", version: "1.4.2", final_name: "Lotus Saga Mod" });
    expect(app).toMatchObject({ version: "1.4.2", developer: "Lotusforge", bundle_identifier: "com.lotusforge.game", minimum_os_version: "15.0", build_number: "142" });
    expect(app.screenshots.map((s: Body) => [s.media_type, s.duration])).toEqual([["image", null], ["video", 12], ["video", 8]]);

    const [row] = await db.select().from(apps).where(eq(apps.id, app.id));
    expect(row.packageInfo).toEqual({ privacy: { NSCameraUsageDescription: "Chụp ảnh đại diện & <quét> mã" }, entitlements: [] });
    expect(row.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    const releases = await db.select().from(appReleases).where(eq(appReleases.appId, app.id));
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({ version: "1.4.2", buildNumber: "142", fileKey: row.fileKey, fileSha256: row.fileSha256 });

    const list = (await (await request("/api/apps/list/")).json()) as Body;
    expect(list.data.some((item: Body) => item.id === app.id)).toBe(true);
    const page = await request(`/${app.url}`);
    expect(await page.text()).toContain("Lotus Saga Mod");
    const download = await request(`/api/apps/${app.id}/download/`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(fixture("xmlDeflated"));
    const icon = await request(new URL(app.icon).pathname);
    expect(icon.headers.get("Content-Type")).toBe("image/png");
  });

  it("refuses what docs/product.md §5 refuses, with its words, and stores nothing", async () => {
    const token = await admin();
    const before = await db.select().from(apps);
    const objectsBefore = (await env.FILES.list()).objects.length;
    const cases: [Record<string, string | File>, string][] = [
      // (A blank name or version is filled from an IPA or DEB; without one it stays missing.)
      [{ ...basics(), name: "", app_type: "testflight", testflight_url: "https://testflight.apple.com/join/x", icon: file(png(), "i.png") }, "Vui lòng điền đầy đủ thông tin bắt buộc!"],
      [{ ...basics(), app_type: "ipa", file: file(fixture("xmlDeflated"), "a.ipa") }, "Vui lòng điền đầy đủ thông tin bắt buộc!"],
      [{ ...basics(), app_type: "itms-ipa", icon: file(png(), "i.png") }, "Vui lòng upload IPA file hoặc nhập ITMS URL!"],
      [{ ...basics(), app_type: "testflight", icon: file(png(), "i.png") }, "Vui lòng nhập TestFlight URL!"],
      [{ ...basics(), app_type: "rootless", icon: file(png(), "i.png") }, "Vui lòng upload file ứng dụng!"],
      [{ ...basics(), app_type: "rootless", icon: file(png(), "i.png"), file: file(fixture("xmlDeflated"), "a.ipa") }, "Loại ứng dụng này cần tệp .deb"],
      [{ ...basics(), url: "admin", app_type: "testflight", testflight_url: "https://testflight.apple.com/join/abc", icon: file(png(), "i.png") }, "Đường dẫn (url) này trùng với một trang của cửa hàng"],
      [{ ...basics(), app_type: "testflight", testflight_url: "javascript:alert(1)", icon: file(png(), "i.png") }, "TestFlight URL phải là liên kết https://testflight.apple.com/…"],
      [{ ...basics(), app_type: "bogus", icon: file(png(), "i.png") }, "Loại ứng dụng không hợp lệ"],
      // Content, not names: a zip without Payload, random bytes named .ipa, a GIF named .png, HTML named .mp4.
      [{ ...basics(), app_type: "ipa", icon: file(png(), "i.png"), file: file(fixture("noPayload"), "a.ipa") }, "Tệp IPA không hợp lệ: Không tìm thấy Info.plist trong IPA"],
      [{ ...basics(), app_type: "ipa", icon: file(png(), "i.png"), file: file(fixture("random"), "a.ipa") }, "Tệp IPA không hợp lệ"],
      [{ ...basics(), app_type: "rootless", icon: file(png(), "i.png"), file: file(fixture("xmlDeflated"), "a.deb") }, "Tệp DEB không hợp lệ"],
      [{ ...basics(), app_type: "ipa", icon: file(gif(), "i.png"), file: file(fixture("xmlDeflated"), "a.ipa") }, "Tệp i.png không đúng định dạng như tên tệp"],
      [{ ...basics(), app_type: "ipa", icon: file(new TextEncoder().encode("<svg onload=alert(1)>"), "i.svg"), file: file(fixture("xmlDeflated"), "a.ipa") }, "Icon phải là ảnh PNG, JPG, GIF hoặc WebP"],
      [{ ...basics(), app_type: "ipa", icon: file(png(), "i.png"), file: file(fixture("xmlDeflated"), "a.ipa"), screenshots: file(new TextEncoder().encode("<html>hi</html>"), "v.mp4") }, "Ảnh/video phải là PNG, JPG, GIF, WebP, MP4, MOV, AVI hoặc WebM"],
      [{ ...basics(), app_type: "ipa", icon: file(png(), "i.png"), file: file(fixture("xmlDeflated"), "a.ipa"), screenshots: file(mp4(31), "long.mp4") }, "Video dài quá 30 giây"],
      [{ ...basics(), app_type: "ipa", icon: file(png(3 * 1024 * 1024), "big.png"), file: file(fixture("xmlDeflated"), "a.ipa") }, "Icon vượt quá giới hạn 2MB"],
      [{ ...basics(), app_type: "ipa", icon: file(png(), "i.png"), file: file(fixture("xmlDeflated"), "a.ipa"), screenshots: file(png(6 * 1024 * 1024), "huge.png") }, "Ảnh vượt quá giới hạn 5MB"],
    ];
    for (const [fields, message] of cases) {
      const response = await send("POST", "/api/apps/create/", token, form(fields));
      expect(response.status, message).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.message, JSON.stringify(fields.app_type)).toContain(message);
    }
    expect(await db.select().from(apps)).toHaveLength(before.length);
    expect((await env.FILES.list()).objects.length).toBe(objectsBefore);
  });

  it("refuses a slug already taken and removes the files it wrote", async () => {
    const token = await admin();
    const fields = { ...basics(), app_type: "testflight", testflight_url: "https://testflight.apple.com/join/AbCd" };
    expect((await send("POST", "/api/apps/create/", token, form({ ...fields, icon: file(png(), "i.png") }))).status).toBe(201);
    const icons = await objectCount("icons/");
    const again = await send("POST", "/api/apps/create/", token, form({ ...fields, name: "Khác", icon: file(png(), "i.png") }));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Đường dẫn (url) này đã được sử dụng");
    expect(again.body.errors.url).toEqual(["Đường dẫn (url) này đã được sử dụng"]);
    expect(await objectCount("icons/")).toBe(icons);
  });

  it("creates a rootless tweak and keeps its control fields for the APT repository", async () => {
    const token = await admin();
    const created = await send("POST", "/api/apps/create/", token, form({ ...basics(), name: "", version: "", app_type: "rootless", icon: file(png(), "i.png"), file: file(fixture("deb"), "hook.deb") }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Lotus Hook", version: "1.2.3-1", bundle_identifier: "com.lotusforge.lotushook", app_type: "rootless" });
    expect(created.body.data.extracted_info.deb_control).toMatchObject({ Package: "com.lotusforge.lotushook", Architecture: "iphoneos-arm64" });
    const [row] = await db.select().from(apps).where(eq(apps.id, created.body.data.id));
    expect((row.packageInfo as Body).deb_control.Depends).toContain("mobilesubstrate");

    // dpkg-deb's default, control.tar.xz, reads the same.
    const xz = await send("POST", "/api/apps/create/", token, form({ ...basics(), name: "", version: "", app_type: "roothide", icon: file(png(), "i.png"), file: file(fixture("debXz"), "hook-xz.deb") }));
    expect(xz.status, JSON.stringify(xz.body)).toBe(201);
    expect(xz.body.data).toMatchObject({ name: "Lotus Hook", version: "1.2.3-1", developer: "Nguyễn Văn A" });
  });
});

describe("multipart uploads", () => {
  it("takes an IPA larger than one request body in parts, checks it, and an app uses it by key", async () => {
    const token = await admin();
    // A real zip: Info.plist, then 105 MiB stored filler; bigger than a Worker's 100 MB request body.
    const ipa = bigIpa(105 * 1024 * 1024);
    const done = await upload(token, ipa, "Huge.ipa", "app_file");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ success: true, size: ipa.byteLength, info: { bundle_id: "vn.example.huge", version: "9.0" } });
    expect(Math.ceil(ipa.byteLength / PART_SIZE)).toBeGreaterThan(12);

    const icon = await upload(token, png(), "icon.png", "icon");
    const clip = await upload(token, webm(20), "clip.webm", "media");
    const created = await send("POST", "/api/apps/create/", token, form({ ...basics(), app_type: "ipa", file_key: done.body.key, icon_key: icon.body.key, screenshot_keys: clip.body.key }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ file_size: ipa.byteLength, bundle_identifier: "vn.example.huge" });
    expect(created.body.data.screenshots).toMatchObject([{ media_type: "video", duration: 20 }]);
    const [row] = await db.select().from(uploads).where(eq(uploads.objectKey, done.body.key));
    expect(row.status).toBe("attached");

    // An attached upload can't be taken by a second app.
    const second = await send("POST", "/api/apps/create/", token, form({ ...basics(), app_type: "ipa", file_key: done.body.key, icon: file(png(), "i.png") }));
    expect(second.status).toBe(400);
    expect(second.body.message).toBe("Tệp đã tải lên không tồn tại, chưa hoàn tất hoặc đã được dùng");

    const range = await request(`/api/apps/${created.body.data.id}/download/`, { headers: { Range: `bytes=${ipa.byteLength - 16}-` } });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(ipa.slice(ipa.byteLength - 16));
  }, 120_000);

  it("refuses oversized and mislabelled uploads before and after the bytes, keeping nothing", async () => {
    const token = await admin();
    const tooBig = await send("POST", "/api/uploads/", token, { filename: "a.ipa", size: 500 * 1024 * 1024 + 1, kind: "app_file" });
    expect(tooBig).toMatchObject({ status: 400, body: { message: "Tệp IPA vượt quá giới hạn 500MB" } });
    const debTooBig = await send("POST", "/api/uploads/", token, { filename: "a.deb", size: 100 * 1024 * 1024 + 1, kind: "app_file" });
    expect(debTooBig.body.message).toBe("Tệp DEB vượt quá giới hạn 100MB");
    const videoTooBig = await send("POST", "/api/uploads/", token, { filename: "a.mp4", size: 50 * 1024 * 1024 + 1, kind: "media" });
    expect(videoTooBig.body.message).toBe("Video vượt quá giới hạn 50MB");
    const exe = await send("POST", "/api/uploads/", token, { filename: "a.exe", size: 10, kind: "app_file" });
    expect(exe.body.message).toBe("Tệp ứng dụng phải là .ipa, .tipa hoặc .deb");
    const badKind = await send("POST", "/api/uploads/", token, { filename: "a.ipa", size: 10, kind: "other" });
    expect(badKind.status).toBe(400);

    // Named .ipa, but random bytes: the complete step reads it and throws it away.
    const uploadsBefore = (await db.select().from(uploads)).length;
    const filesBefore = await objectCount("files/");
    const lying = await upload(token, fixture("random"), "fake.ipa", "app_file");
    expect(lying.status).toBe(400);
    expect(lying.body.message).toContain("Tệp IPA không hợp lệ");
    expect((await db.select().from(uploads)).length).toBe(uploadsBefore);
    expect(await objectCount("files/")).toBe(filesBefore);

    // A part of the wrong size, a part out of range, completing with parts missing.
    const started = await send("POST", "/api/uploads/", token, { filename: "x.ipa", size: PART_SIZE + 10, kind: "app_file" });
    const id = started.body.upload_id;
    expect((await send("PUT", `/api/uploads/${id}/parts/1/`, token, new Uint8Array(10))).body.message).toBe(`Phần này phải có đúng ${PART_SIZE} byte`);
    expect((await send("PUT", `/api/uploads/${id}/parts/3/`, token, new Uint8Array(10))).body.message).toBe("Số thứ tự phần không hợp lệ");
    expect((await send("PUT", `/api/uploads/${id}/parts/2/`, token, new Uint8Array(10))).status).toBe(200);
    expect((await send("POST", `/api/uploads/${id}/complete/`, token)).body.message).toBe("Còn thiếu phần: 1");
    // Another admin can't touch it.
    expect((await send("PUT", `/api/uploads/${id}/parts/2/`, await admin(), new Uint8Array(10))).status).toBe(404);
  });

  it("the cron removes uploads never finished or never used once they expire", async () => {
    const token = await admin();
    const unused = await upload(token, png(), "icon.png", "icon");
    const started = await send("POST", "/api/uploads/", token, { filename: "half.ipa", size: 100, kind: "app_file" });
    expect(await env.FILES.head(unused.body.key)).not.toBeNull();
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const report = await runScheduledJobs(env, later);
    expect(report.abandonedUploads).toBeGreaterThanOrEqual(2);
    expect(await env.FILES.head(unused.body.key)).toBeNull();
    expect(await db.select().from(uploads).where(eq(uploads.id, started.body.upload_id))).toEqual([]);
  });
});

describe("updating and deleting apps", () => {
  it("keeps the file and icon when left blank, appends media, records a release per new build", async () => {
    const token = await admin();
    const created = await send("POST", "/api/apps/create/", token, form({ ...basics(), app_type: "ipa", icon: file(png(), "i.png"), file: file(fixture("xmlDeflated"), "a.ipa"), screenshots: file(png(), "1.png") }));
    const app = created.body.data;
    const edited = await send("PUT", `/api/apps/update/${app.id}/`, token, form({ name: "Tên mới", url: app.url, version: "1.5", description: "Mới", app_type: "ipa", screenshots: file(png(), "2.png") }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe("Cập nhật ứng dụng thành công!");
    expect(edited.body.data).toMatchObject({ name: "Tên mới", version: "1.5", file: app.file, icon: app.icon, file_size: app.file_size });
    expect(edited.body.data.screenshots).toHaveLength(2);
    expect(edited.body.data.extracted_info).toEqual({ auto_filled: false });
    expect(edited.body.data.releases).toHaveLength(1);

    // A new build: another release, newest first; the type can't take a DEB.
    const rebuilt = await send("PUT", `/api/apps/update/${app.id}/`, token, form({ version: "2.0", file: file(fixture("binary"), "b.ipa"), remove_screenshots: String(app.screenshots[0].id) }));
    expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(200);
    expect(rebuilt.body.data.releases.map((r: Body) => r.version)).toEqual(["2.0", "1.4.2"]);
    expect(rebuilt.body.data.screenshots).toHaveLength(1);
    expect(await env.FILES.head(new URL(app.screenshots[0].url).pathname.replace("/api/media/", ""))).toBeNull();
    const wrong = await send("PUT", `/api/apps/update/${app.id}/`, token, form({ file: file(fixture("deb"), "x.deb") }));
    expect(wrong.body.message).toBe("Loại ứng dụng này cần tệp .ipa");
    const blank = await send("PUT", `/api/apps/update/${app.id}/`, token, form({ name: "  " }));
    expect(blank.body.message).toBe("Vui lòng điền đầy đủ thông tin bắt buộc!");
    expect(blank.body.errors).toEqual({ name: ["Trường này là bắt buộc"] });

    const missing = await send("PUT", "/api/apps/update/99999999/", token, form({ name: "x" }));
    expect(missing).toMatchObject({ status: 404, body: { message: "Không tìm thấy ứng dụng" } });
  });

  it("an admin sees failed apps; visitors don't; delete removes the row, its media and every file", async () => {
    const token = await admin();
    const created = await send("POST", "/api/apps/create/", token, form({ ...basics(), status: "failed", app_type: "ipa", icon: file(png(), "i.png"), file: file(fixture("xmlDeflated"), "a.ipa"), screenshots: file(png(), "1.png") }));
    const app = created.body.data;
    const adminList = await send("GET", "/api/apps/admin/list/", token);
    expect(adminList.body.data.some((item: Body) => item.id === app.id && item.status === "failed")).toBe(true);
    expect(((await (await request("/api/apps/list/")).json()) as Body).data.some((item: Body) => item.id === app.id)).toBe(false);
    await send("PUT", `/api/apps/update/${app.id}/`, token, form({ status: "active", file: file(fixture("binary"), "b.ipa") }));
    const [row] = await db.select().from(apps).where(eq(apps.id, app.id));
    const releaseKeys = (await db.select().from(appReleases).where(eq(appReleases.appId, app.id))).map((r) => r.fileKey!);
    const mediaKeys = (await db.select().from(appMedia).where(eq(appMedia.appId, app.id))).map((m) => m.objectKey!);
    const keys = [row.iconKey!, ...releaseKeys, ...mediaKeys];
    expect(keys).toHaveLength(4);

    const deleted = await send("DELETE", `/api/apps/delete/${app.id}/`, token);
    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: "Đã xóa ứng dụng thành công!" } });
    expect(await db.select().from(apps).where(eq(apps.id, app.id))).toEqual([]);
    expect(await db.select().from(appMedia).where(eq(appMedia.appId, app.id))).toEqual([]);
    for (const key of keys) expect(await env.FILES.head(key), key).toBeNull();
    expect((await request(`/${app.url}`)).status).toBe(404);
    expect((await send("DELETE", `/api/apps/delete/${app.id}/`, token)).status).toBe(404);
  });

  it("every change shows on the next request to the cached pages, feeds and catalogue API", async () => {
    const token = await admin();
    const fields = basics();
    const inList = async () => ((await (await request("/api/apps/list/")).json()) as Body).data.find((item: Body) => item.url === fields.url);
    const inSource = async () => ((await (await request("/altstore.json")).json()) as Body).apps.find((item: Body) => item.bundleIdentifier === "vn.rongstudio.cache");
    // Prime the edge copies.
    expect(await inList()).toBeUndefined();
    expect((await request(`/${fields.url}`)).status).toBe(404);
    await request("/");

    const created = await send("POST", "/api/apps/create/", token, form({ ...fields, app_type: "ipa", icon: file(png(), "i.png"), file: file(bigIpa(1024, "vn.rongstudio.cache"), "a.ipa") }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await inList())?.name).toBe(fields.name);
    expect(await (await request("/")).text()).toContain(fields.name);
    expect(await (await request(`/${fields.url}`)).text()).toContain(fields.name);
    expect((await inSource())?.name).toBe(fields.name);

    await send("PUT", `/api/apps/update/${created.body.data.id}/`, token, form({ name: "Tên đã đổi" }));
    expect((await inList())?.name).toBe("Tên đã đổi");
    expect(await (await request(`/${fields.url}`)).text()).toContain("Tên đã đổi");
    expect((await inSource())?.name).toBe("Tên đã đổi");

    await send("DELETE", `/api/apps/delete/${created.body.data.id}/`, token);
    expect(await inList()).toBeUndefined();
    expect((await request(`/${fields.url}`)).status).toBe(404);
    expect(await (await request("/")).text()).not.toContain("Tên đã đổi");
    expect(await inSource()).toBeUndefined();
  });

  it("previews an IPA without storing it", async () => {
    const token = await admin();
    const before = (await env.FILES.list()).objects.length;
    const preview = await send("POST", "/api/apps/preview-ipa/", token, form({ ipa_file: file(fixture("binary"), "r.ipa") }));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ bundle_id: expect.any(String), version: expect.any(String), build_number: expect.any(String), minimum_os_version: expect.any(String), app_name: expect.any(String) });
    const bad = await send("POST", "/api/apps/preview-ipa/", token, form({ ipa_file: file(fixture("random"), "r.ipa") }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Tệp IPA không hợp lệ");
    expect((await env.FILES.list()).objects.length).toBe(before);
  });
});

/** A stored-method zip: Payload/Huge.app/Info.plist then a filler of `fillerSize` bytes. */
function bigIpa(fillerSize: number, bundleId = "vn.example.huge"): Uint8Array {
  const plist = new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>${bundleId}</string><key>CFBundleName</key><string>Huge</string><key>CFBundleShortVersionString</key><string>9.0</string><key>CFBundleVersion</key><string>90</string></dict></plist>`,
  );
  const filler = new Uint8Array(fillerSize);
  for (let i = 0; i < fillerSize; i += 4096) filler[i] = i & 0xff;
  const entries = [
    { name: "Payload/Huge.app/Info.plist", data: plist },
    { name: "Payload/Huge.app/Huge", data: filler },
  ];
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const crc = crc32(entry.data);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 10, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, entry.data.length, true);
    lv.setUint32(22, entry.data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 10, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, entry.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, entry.data);
    centrals.push(central);
    offset += local.length + entry.data.length;
  }
  const centralSize = centrals.reduce((sum, c) => sum + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  return concat(...locals, ...centrals, end);
}
