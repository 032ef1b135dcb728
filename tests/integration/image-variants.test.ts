// Icons and screenshots are served at the size they are shown (issue #27 item 12,
// docs/decisions/0036-image-variants.md): the Worker makes WebP copies when an app is saved, the
// API lists their widths, /api/media serves them, and they go when their image goes.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appMedia, apps } from "../../workers/db/schema";
import { db, request, unique, staffAuthorization as admin, uploadFile as file, multipartForm as form } from "../factories";
import { photoPng, png } from "../fixtures/media";

type Body = Record<string, any>;


async function send(method: string, path: string, token: string, body?: FormData | object | Uint8Array) {
  const headers: Record<string, string> = { Authorization: token };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Uint8Array) payload = body as BodyInit;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await request(path, { method, headers, body: payload });
  return { status: response.status, body: (await response.json()) as Body };
}

async function upload(token: string, bytes: Uint8Array, filename: string, kind: "icon" | "media") {
  const started = await send("POST", "/api/uploads/", token, { filename, size: bytes.byteLength, kind });
  const { upload_id } = started.body;
  await send("PUT", `/api/uploads/${upload_id}/parts/1/`, token, bytes);
  return send("POST", `/api/uploads/${upload_id}/complete/`, token);
}

/** A TestFlight app needs no package: only the icon and screenshots matter here. */
const basics = () => ({
  name: "Ảnh Nhẹ",
  description: "Ứng dụng thử ảnh",
  version: "1.0",
  url: unique("anh"),
  app_type: "testflight",
  testflight_url: "https://testflight.apple.com/join/abc",
});

/** Eight copies of large images go through the local Images binding (sharp, in another process). */
const RESIZING_MS = 30_000;

const path = (url: string) => new URL(url).pathname;

async function fetched(url: string) {
  const response = await request(path(url));
  return { status: response.status, type: response.headers.get("Content-Type"), cache: response.headers.get("Cache-Control"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

const isWebp = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes.subarray(0, 4)) === "RIFF" && new TextDecoder("latin1").decode(bytes.subarray(8, 12)) === "WEBP";

describe("image copies at the shown sizes", () => {
  it("makes WebP copies of a 1024 px icon and a screenshot, far lighter, and the API and /api/media offer them", async () => {
    const token = await admin();
    const icon = await photoPng(1024, 1024);
    const shot = await photoPng(750, 1334, 2);
    const created = await send("POST", "/api/apps/create/", token, form({ ...basics(), icon: file(icon, "icon.png"), screenshots: file(shot, "shot.png") }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const app = created.body.data;
    expect(app).toMatchObject({ icon_width: 1024, icon_height: 1024, icon_variants: [64, 96, 128, 192, 288] });
    // 1080 px would be wider than the screenshot itself: not made.
    expect(app.screenshots).toMatchObject([{ media_type: "image", width: 750, height: 1334, variants: [180, 360, 720] }]);

    const original = await fetched(app.icon_url);
    expect(original.bytes.byteLength).toBe(icon.byteLength);
    for (const width of [64, 192]) {
      const copy = await fetched(`${app.icon_url}.w${width}.webp`);
      expect(copy.status).toBe(200);
      expect(copy.type).toBe("image/webp");
      expect(copy.cache).toBe("public, max-age=31536000, immutable");
      expect(isWebp(copy.bytes)).toBe(true);
      expect(copy.bytes.byteLength).toBeLessThan(icon.byteLength / 10);
    }
    const thumb = await fetched(`${app.screenshots[0].url}.w180.webp`);
    expect(thumb.type).toBe("image/webp");
    expect(thumb.bytes.byteLength).toBeLessThan(shot.byteLength / 10);

    // The public records say the same: the list's card and the app page.
    const list = (await (await request("/api/apps/list/")).json()) as Body;
    expect(list.data.find((item: Body) => item.id === app.id)).toMatchObject({ icon_width: 1024, icon_variants: [64, 96, 128, 192, 288] });
  }, RESIZING_MS);

  it("makes them from a multipart upload too", async () => {
    const token = await admin();
    const icon = await upload(token, await photoPng(512, 512, 3), "icon.png", "icon");
    const shot = await upload(token, await photoPng(400, 300, 4), "wide.png", "media");
    const created = await send("POST", "/api/apps/create/", token, form({ ...basics(), icon_key: icon.body.key, screenshot_keys: shot.body.key }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ icon_width: 512, icon_variants: [64, 96, 128, 192, 288] });
    expect(created.body.data.screenshots).toMatchObject([{ width: 400, height: 300, variants: [180, 360] }]);
    expect(await env.FILES.head(`${icon.body.key}.w288.webp`)).not.toBeNull();
  }, RESIZING_MS);

  it("keeps no copies of an icon no wider than a card, and shows an image the binding cannot read as it is", async () => {
    const token = await admin();
    const small = await send("POST", "/api/apps/create/", token, form({ ...basics(), icon: file(await photoPng(60, 60, 5), "small.png") }));
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(small.body.data).toMatchObject({ icon_width: 60, icon_height: 60, icon_variants: [] });

    // A PNG signature and nothing decodable behind it: accepted as before, served as it is.
    const unreadable = await send("POST", "/api/apps/create/", token, form({ ...basics(), icon: file(png(), "odd.png"), screenshots: file(png(), "odd-shot.png") }));
    expect(unreadable.status, JSON.stringify(unreadable.body)).toBe(201);
    expect(unreadable.body.data).toMatchObject({ icon_width: null, icon_variants: [] });
    expect(unreadable.body.data.screenshots).toMatchObject([{ width: null, height: null, variants: [] }]);
    expect((await fetched(unreadable.body.data.icon_url)).status).toBe(200);
  });

  it("deletes the copies with the icon they were made from, and with the app", async () => {
    const token = await admin();
    const created = await send("POST", "/api/apps/create/", token, form({ ...basics(), icon: file(await photoPng(300, 300, 6), "a.png"), screenshots: file(await photoPng(400, 800, 7), "s.png") }));
    const app = created.body.data;
    const [row] = await db.select().from(apps).where(eq(apps.id, app.id));
    const firstIcon = row.iconKey!;
    expect(await env.FILES.head(`${firstIcon}.w64.webp`)).not.toBeNull();

    const replaced = await send("PATCH", `/api/apps/update/${app.id}/`, token, form({ icon: file(await photoPng(256, 256, 8), "b.png") }));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await env.FILES.head(`${firstIcon}.w64.webp`)).toBeNull();
    const [after] = await db.select().from(apps).where(eq(apps.id, app.id));
    expect(after.iconVariants).toEqual([64, 96, 128, 192]);

    const [media] = await db.select().from(appMedia).where(eq(appMedia.appId, app.id));
    expect(await env.FILES.head(`${media.objectKey}.w360.webp`)).not.toBeNull();
    expect((await send("DELETE", `/api/apps/delete/${app.id}/`, token)).status).toBe(200);
    expect(await env.FILES.head(`${after.iconKey}.w64.webp`)).toBeNull();
    expect(await env.FILES.head(`${media.objectKey}.w360.webp`)).toBeNull();
  }, RESIZING_MS);
});

describe("attacks on the copies", () => {
  it("an admin naming another app's icon copy as an upload key is refused", async () => {
    const token = await admin();
    const first = await send("POST", "/api/apps/create/", token, form({ ...basics(), icon: file(await photoPng(256, 256, 9), "a.png") }));
    const [row] = await db.select().from(apps).where(eq(apps.id, first.body.data.id));
    const taken = await send("POST", "/api/apps/create/", token, form({ ...basics(), icon_key: `${row.iconKey}.w64.webp` }));
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ success: false, message: "Tệp đã tải lên không tồn tại, chưa hoàn tất hoặc đã được dùng" });
  });

  it("a copy sent with the form is not taken: the copies are the server's own", async () => {
    const token = await admin();
    const forged = new TextEncoder().encode("<svg onload=alert(1)>");
    const created = await send(
      "POST",
      "/api/apps/create/",
      token,
      form({ ...basics(), icon: file(await photoPng(256, 256, 10), "a.png"), icon_variants: "64", "icon.w64.webp": file(forged, "icon.w64.webp") }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const copy = await fetched(`${created.body.data.icon_url}.w64.webp`);
    expect(isWebp(copy.bytes)).toBe(true);
  });

  it("a visitor asking for a width never made gets nothing: nothing is resized on request", async () => {
    const token = await admin();
    const created = await send("POST", "/api/apps/create/", token, form({ ...basics(), icon: file(await photoPng(256, 256, 11), "a.png") }));
    const odd = await request(`${path(created.body.data.icon_url)}.w77.webp`);
    expect(odd.status).toBe(404);
    expect(await odd.json()).toMatchObject({ success: false });
  });
});
