import { crc32, deflateSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { createIpa } from "../../scripts/demo/ipa.mjs";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, signIn, toast } from "./support";

// Issue #27 item 12 (docs/decisions/0036-image-variants.md): an admin uploads a large icon; the home
// card, 64 px wide, is sent a copy near its size, not the upload; the gallery reserves its images' boxes.

/** A real RGB PNG with noise in the lowest bit, so it weighs what a detailed icon does (about 1 MB at 1024 px). */
function detailedPng(size: number): Buffer {
  const raw = Buffer.alloc(size * (1 + size * 3));
  let state = 7;
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = (state >>> 24) & 0x01;
      raw[row + 1 + x * 3] = ((x * 255) / size) ^ noise;
      raw[row + 2 + x * 3] = ((y * 255) / size) ^ noise;
      raw[row + 3 + x * 3] = 160 ^ noise;
    }
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, "latin1");
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

test("a large uploaded icon reaches the home card as a copy near 64 px, and the gallery reserves its boxes", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}${Date.now().toString(36)}`;
  const appName = `Ảnh Lớn ${stamp}`;
  const ipa = createIpa({ name: appName, executable: "AnhLon", bundleId: `vn.anhlon.${stamp.toLowerCase()}`, version: "1.0.0", build: "1", minOs: "15.0", hue: 200, random: Math.random });
  const icon = detailedPng(1024);
  expect(icon.length).toBeGreaterThan(200_000);
  expect(icon.length).toBeLessThan(2 * 1024 * 1024);
  const shot = detailedPng(800);

  await signIn(page, await login(request, ADMIN_LOGIN, ADMIN_PASSWORD));
  await page.goto("/admin/app/new");
  await page.locator("#app-file").setInputFiles({ name: "AnhLon.ipa", mimeType: "application/octet-stream", buffer: Buffer.from(ipa) });
  await expect(page.getByLabel("Tên ứng dụng")).toHaveValue(appName);
  await page.getByRole("textbox", { name: "Mô tả", exact: true }).fill("Ứng dụng có icon lớn.");
  await page.locator("#app-icon").setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: icon });
  await page.locator("#app-media").setInputFiles([{ name: "shot.png", mimeType: "image/png", buffer: shot }]);
  await page.getByRole("button", { name: "Tạo ứng dụng" }).click();
  await expect(toast(page, "App created successfully!")).toBeVisible({ timeout: 60_000 });

  // A visitor's home: the card's icon is a WebP copy no wider than 3 × 64 px, far lighter than the upload.
  await page.context().clearCookies();
  const sent = new Map<string, number>();
  page.on("response", (response) => {
    // A body the page already dropped (another card's icon, scrolled past) is no loss here.
    if (response.url().includes("/api/media/icons/")) response.body().then((body) => sent.set(response.url(), body.length), () => {});
  });
  await page.goto("/");
  const card = page.locator("a.app-card", { hasText: appName });
  const img = card.locator("img");
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const { currentSrc, naturalWidth } = await img.evaluate((el: HTMLImageElement) => ({ currentSrc: el.currentSrc, naturalWidth: el.naturalWidth }));
  expect(currentSrc).toMatch(/\.w\d+\.webp$/);
  expect(naturalWidth).toBeLessThanOrEqual(3 * 64);
  await expect.poll(() => sent.get(currentSrc)).toBeGreaterThan(0);
  expect(sent.get(currentSrc)).toBeLessThan(icon.length / 20);

  // The app page: the gallery's image says its size before it arrives, and is a copy too.
  await card.click();
  await expect(page.getByRole("heading", { name: appName })).toBeVisible();
  const main = page.getByRole("img", { name: `${appName}: ảnh 1` });
  await expect(main).toHaveAttribute("width", "800");
  await expect(main).toHaveAttribute("height", "800");
  // A copy when one covers the shown width at this screen's density (the 800 px screenshot has copies up to 720 px).
  await expect.poll(() => main.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const { shown, source } = await main.evaluate((el: HTMLImageElement) => ({ shown: el.getBoundingClientRect().width * devicePixelRatio, source: el.currentSrc }));
  expect(source).toMatch(shown <= 720 ? /\.w\d+\.webp$/ : /\.png$/);

  // The store is shared with later tests that count the demo catalogue: the app goes again.
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const listed = (await (await request.get("/api/apps/list/")).json()).data as { id: number; name: string }[];
  const created = listed.find((app) => app.name === appName);
  expect(created).toBeDefined();
  const deleted = await request.delete(`/api/apps/delete/${created?.id}/`, { headers: { Authorization: `Bearer ${admin.access}` } });
  expect(deleted.ok(), await deleted.text()).toBe(true);
});
