import { describe, expect, it } from "vitest";
import { keyPricing, keyTypes, licenseKeys } from "../../workers/db/schema";
import { createApp, db, request, unique } from "../factories";
import { eq } from "drizzle-orm";

async function page(path: string) {
  const response = await request(path, { headers: { Accept: "text/html" } });
  return { response, html: await response.text() };
}

describe("server-rendered pages", () => {
  it("the home page has the catalogue in its first HTML, in Vietnamese, with a nonce-based CSP", async () => {
    const app = await createApp({ name: `Game ${unique()}`, appType: "tipa" });
    const hidden = await createApp({ name: `Hidden ${unique()}`, status: "failed" });
    const { response, html } = await page("/");
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="vi"');
    expect(html).toContain("<title>iOS Game Hack</title>");
    expect(html).toContain('name="description"');
    expect(html).toContain(app.name);
    expect(html).toContain(`href="/${app.url}"`);
    expect(html).not.toContain(hidden.name);
    expect(html).toContain("Cập nhật lần cuối");
    expect(html).toContain("https://t.me/iosgamehack");
    expect(html).toContain("https://zalo.me/");

    const csp = response.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    // Every inline script carries this response's nonce.
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("the home grid comes in pages of 24, newest first, each page its own link", async () => {
    // 25 fresh apps updated "in the future" sort first, whatever other tests created.
    const base = Date.now() + 3_600_000;
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await createApp({ name: `Trang ${unique()}`, updatedAt: new Date(base + i * 1000) }));
    const first = await page("/");
    const second = await page("/?page=2");
    for (const app of made.slice(1)) expect(first.html).toContain(`href="/${app.url}"`);
    expect(first.html).not.toContain(`href="/${made[0].url}"`);
    expect(second.html).toContain(`href="/${made[0].url}"`);
    expect(first.html).toMatch(/Trang 1 \/ \d+/);
    expect(first.html).toContain('href="/?page=2"');
    expect(second.html).toContain('rel="prev"');
    // Nonsense asks for page 1; a page past the end says so and links home.
    expect((await page("/?page=abc")).html).toContain(`href="/${made[24].url}"`);
    expect((await page("/?page=99999")).html).toContain("Trang này không có ứng dụng nào.");
  });

  it("each page gets a fresh nonce", async () => {
    const first = (await request("/")).headers.get("content-security-policy");
    const second = (await request("/")).headers.get("content-security-policy");
    expect(first).not.toBe(second);
  });

  it("the app page renders by slug, by id and at /app/{id}", async () => {
    const app = await createApp({
      name: `Skyline ${unique()}`,
      version: "4.2.0",
      changelog: "Tính năng A\n\nTính năng B\n",
      description: "Mô tả dài của ứng dụng",
      appType: "ipa",
      downloadCount: 1234,
    });
    for (const path of [`/${app.url}`, `/${app.id}`, `/app/${app.id}`]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(html).toContain(`<title>${app.name} 4.2.0 | iOS Game Hack</title>`);
      expect(html).toContain("Mô tả dài của ứng dụng");
      expect(html).toContain("Tính năng A");
      expect(html).toContain("Tính năng B");
      expect(html).toContain("1.234");
      expect(html).toContain("Tải xuống IPA");
      expect(html).toContain("Trang chủ");
    }
  });

  it("the button text follows the app type", async () => {
    const testflight = await createApp({ appType: "testflight", testflightUrl: "https://testflight.apple.com/join/xyz" });
    const itms = await createApp({ appType: "itms-ipa", itmsUrl: "itms-services://?action=download-manifest&url=https://x.test/m.plist" });
    const deb = await createApp({ appType: "roothide" });
    expect((await page(`/${testflight.url}`)).html).toContain("Mở TestFlight");
    expect((await page(`/${testflight.url}`)).html).toContain('href="https://testflight.apple.com/join/xyz"');
    expect((await page(`/${itms.url}`)).html).toContain("Cài đặt qua Safari");
    expect((await page(`/${deb.url}`)).html).toContain("Tải xuống ROOTHIDE");
  });

  it("shows the app's key prices read-only with their stock states", async () => {
    const app = await createApp();
    const types = await db.select().from(keyTypes);
    const byName = Object.fromEntries(types.map((type) => [type.name, type.id]));
    await db.insert(keyPricing).values([
      { appId: app.id, keyTypeId: byName["1day"], price: 20000 },
      { appId: app.id, keyTypeId: byName["7days"], price: 50000, isActive: false },
      { appId: app.id, keyTypeId: byName.lifetime, price: 350000 },
    ]);
    await db.insert(licenseKeys).values(Array.from({ length: 3 }, (_, index) => ({ appId: app.id, keyTypeId: byName["1day"], keyCode: `K-${index}` })));
    const { html } = await page(`/${app.url}`);
    expect(html).toContain("Mua key");
    expect(html).toMatch(/20\.000.₫/);
    expect(html).toContain("Sắp hết (còn 3)");
    expect(html).toContain("Tạm dừng");
    expect(html).toContain("Hết hàng");
    // Active options first, then by price: 1 day, lifetime, then the paused 7 days.
    expect(html.indexOf("20.000")).toBeLessThan(html.indexOf("350.000"));
    expect(html.indexOf("350.000")).toBeLessThan(html.indexOf("50.000"));
    await db.delete(licenseKeys).where(eq(licenseKeys.appId, app.id));
  });

  it("an unknown app is a 404 page with a link home", async () => {
    for (const path of ["/khong-ton-tai", "/app/99999999", "/app/abc"]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(404);
      expect(html).toContain("Không tìm thấy ứng dụng");
      expect(html).toContain('href="/"');
    }
  });

  it("an unknown deeper path is a 404 page too", async () => {
    const { response, html } = await page("/a/b/c");
    expect(response.status).toBe(404);
    expect(html).toContain("Không tìm thấy trang");
  });
});
