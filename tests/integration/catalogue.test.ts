import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bytes, createApp, request, unique } from "../factories";

type Json = { success: boolean; data?: any; message?: string };

async function json(path: string) {
  const response = await request(path);
  return { response, body: (await response.json()) as Json };
}

describe("GET /api/apps/list/", () => {
  it("lists visible apps in the product's envelope and hides failed ones", async () => {
    const visible = await createApp({ name: "Visible", appType: "rootless" });
    const failed = await createApp({ name: "Broken", status: "failed" });
    const { response, body } = await json("/api/apps/list/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(body.success).toBe(true);
    const ids = body.data.map((app: { id: number }) => app.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(failed.id);
  });

  it("fills the product's defaults and makes media URLs absolute", async () => {
    const app = await createApp({ developer: null, bundleIdentifier: null, iconKey: null, media: [{ mediaType: "image", body: bytes(10) }, { mediaType: "video", body: bytes(20) }] });
    await env.FILES.put(`icons/${app.url}.png`, bytes(8));
    const { body } = await json(`/api/apps/detail/${app.id}/`);
    expect(body.data).toMatchObject({
      id: app.id,
      developer: "Unknown",
      download_count: 0,
      minimum_os_version: "14.0",
      bundle_identifier: "com.unknown.app",
      category: "games",
      price: 0,
      currency: "VND",
      status: "active",
      icon: null,
      file: null,
    });
    expect(body.data.screenshots).toHaveLength(2);
    expect(body.data.screenshots[0]).toMatchObject({ media_type: "image", duration: null });
    expect(body.data.screenshots[1]).toMatchObject({ media_type: "video", duration: 5 });
    for (const shot of body.data.screenshots) expect(shot.url).toMatch(/^http:\/\/store\.test\/api\/media\/media\//);
    expect(new Date(body.data.created_at).toISOString()).toBe(body.data.created_at);
  });

  it("links a stored file to the counted download endpoint and an icon to media", async () => {
    const app = await createApp({ file: bytes(64), iconKey: "icons/some-icon.png", developer: "Studio" });
    const { body } = await json(`/api/apps/detail/${app.id}/`);
    expect(body.data.file).toBe(`http://store.test/api/apps/${app.id}/download/`);
    expect(body.data.file_url).toBe(body.data.file);
    expect(body.data.file_size).toBe(64);
    expect(body.data.icon_url).toBe("http://store.test/api/media/icons/some-icon.png");
    expect(body.data.developer).toBe("Studio");
  });
});

describe("app detail lookups", () => {
  it("finds an app by its url slug", async () => {
    const app = await createApp({ url: unique("slug"), testflightUrl: "https://testflight.apple.com/join/abc", appType: "testflight" });
    const { response, body } = await json(`/api/apps/detail-by-url/${app.url}/`);
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({ id: app.id, url: app.url, app_type: "testflight", testflight_url: "https://testflight.apple.com/join/abc" });
  });

  it("answers 404 in the product's shape for unknown or failed apps", async () => {
    const failed = await createApp({ status: "failed" });
    for (const path of ["/api/apps/detail-by-url/no-such-app/", "/api/apps/detail/999999999/", "/api/apps/detail/abc/", `/api/apps/detail/${failed.id}/`]) {
      const { response, body } = await json(path);
      expect(response.status, path).toBe(404);
      expect(body).toEqual({ success: false, code: "app_not_found", message: "Không tìm thấy ứng dụng" });
    }
  });

  it("answers with or without the trailing slash", async () => {
    expect((await request("/api/apps/list")).status).toBe(200);
    expect((await request("/api/apps/list/")).status).toBe(200);
  });

  it("an unknown /api route is a JSON 404", async () => {
    const { response, body } = await json("/api/nothing/here/");
    expect(response.status).toBe(404);
    expect(body).toEqual({ success: false, code: "route_not_found", message: "Không tìm thấy đường dẫn API" });
  });

  it("treats a slug with SQL in it as just text", async () => {
    const { response } = await json(`/api/apps/detail-by-url/${encodeURIComponent("x' OR '1'='1")}/`);
    expect(response.status).toBe(404);
  });
});

describe("security headers", () => {
  it("are on API answers, with a sandboxing policy", async () => {
    const response = await request("/api/apps/list/");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
  });
});

describe("media", () => {
  it("serves icons and screenshots with long caching, but never app files", async () => {
    await env.FILES.put("icons/cache-me.svg", "<svg/>", { httpMetadata: { contentType: "image/svg+xml" } });
    const icon = await request("/api/media/icons/cache-me.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(icon.headers.get("cache-control")).toContain("immutable");
    expect(await icon.text()).toBe("<svg/>");

    await env.FILES.put("files/secret.ipa", "zip");
    expect((await request("/api/media/files/secret.ipa")).status).toBe(404);
    expect((await request("/api/media/icons/../files/secret.ipa")).status).toBe(404);
    expect((await request("/api/media/icons/missing.png")).status).toBe(404);
  });
});

describe("caching and one-tap install", () => {
  it("the catalogue answers with an ETag and 304 when nothing changed, and a new ETag when it did", async () => {
    const first = await request("/api/apps/list/");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await request("/api/apps/list/", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await createApp({ name: "Ứng dụng mới" });
    const changed = await request("/api/apps/list/", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("serves an OTA manifest for a stored IPA and links 'Cài đặt qua Safari' to it", async () => {
    const app = await createApp({ appType: "itms-ipa", file: bytes(100), bundleIdentifier: "vn.test.ota", version: "2.0", name: "OTA <Test>" });
    const { body } = await json(`/api/apps/detail/${app.id}/`);
    expect(body.data.install_url).toBe(`itms-services://?action=download-manifest&url=${encodeURIComponent(`http://store.test/api/apps/${app.id}/manifest.plist`)}`);
    const manifest = await request(`/api/apps/${app.id}/manifest.plist`);
    expect(manifest.headers.get("content-type")).toContain("application/xml");
    const text = await manifest.text();
    expect(text).toContain(`<string>http://store.test/api/apps/${app.id}/download/</string>`);
    expect(text).toContain("<key>bundle-identifier</key><string>vn.test.ota</string>");
    expect(text).toContain("<key>bundle-version</key><string>2.0</string>");
    expect(text).toContain("<string>OTA &lt;Test&gt;</string>");

    const external = await createApp({ appType: "itms-ipa", itmsUrl: "itms-services://?action=download-manifest&url=https://cdn.example/m.plist" });
    expect((await json(`/api/apps/detail/${external.id}/`)).body.data.install_url).toBe("itms-services://?action=download-manifest&url=https://cdn.example/m.plist");
    const testflight = await createApp({ appType: "testflight" });
    expect((await request(`/api/apps/${testflight.id}/manifest.plist`)).status).toBe(404);
  });
});
