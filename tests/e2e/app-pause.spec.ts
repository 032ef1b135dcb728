import { type APIRequestContext, expect } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, login, newUser, type Session, signIn, test, toast, uniqueId, writeStoreDb } from "./support";

// Issue 55 item 1: an admin pauses an app from its admin page with a reason, the app page says
// so and why, and the resume moves the expiry of every key that was running by exactly the pause.

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access}` });
const HOUR = 3_600_000;

/** The key's expiry in ms, as the admin's key list gives it. */
async function expiryOf(request: APIRequestContext, admin: Session, app: string, code: string): Promise<number> {
  const keys = (await (await request.get(`/api/keys/apps/${app}/keys/`, { headers: bearer(admin) })).json()).data as { key_code: string; expires_at: string }[];
  return Date.parse(keys.find((key) => key.key_code === code)!.expires_at);
}

test("an admin pauses and resumes an app, and a running key's expiry moves by exactly the pause", async ({ page, request, ownApp }) => {
  const app = await ownApp("pause");
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await request.post(`/api/keys/apps/${app}/pricing/`, { headers: bearer(admin), data: { key_type: "30days", price: 20000 } });
  const code = `E2E-PAUSE-${uniqueId()}`.toUpperCase();
  expect((await request.post("/api/keys/bulk-import/", { headers: bearer(admin), data: { app_url: app, key_type: "30days", keys_text: code } })).ok()).toBe(true);
  const pricing = (await (await request.get(`/api/keys/apps/${app}/pricing/`, { headers: bearer(admin) })).json()).data as { id: number }[];
  const buyer = await newUser(request);
  await fundUser(request, buyer.user.id, 100_000);
  expect((await request.post("/api/keys/purchase/", { headers: bearer(buyer), data: { key_pricing_id: pricing[0].id, payment_method: "balance" } })).ok()).toBe(true);
  // Activated yesterday on the buyer's phone (as its first check would have done).
  const now = Date.now();
  await writeStoreDb((db) => [
    db.prepare("UPDATE license_keys SET status = 'used', device_id = 'e2e-phone', activated_at = ?1, expires_at = ?2 WHERE key_code = ?3").bind(now - 24 * HOUR, now + 29 * 24 * HOUR, code),
  ]);
  const before = await expiryOf(request, admin, app, code);

  await signIn(page, admin);
  await page.goto(`/admin/app/${app}/keys/pause`);
  await expect(page.getByRole("tab", { name: "Tạm dừng" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Lý do (tiếng Việt)").fill("Game vừa cập nhật, đang sửa mod");
  await page.getByLabel("Lý do (tiếng Anh)").fill("The game just updated; fixing the mod");
  await page.getByRole("button", { name: "Tạm dừng ứng dụng" }).click();
  await expect(toast(page, /Đã tạm dừng ứng dụng/)).toBeVisible();
  await expect(page.locator("[data-pause-state=paused]")).toContainText("Game vừa cập nhật, đang sửa mod");

  // The app page says it is paused and why, in each edition's language.
  const storePage = await page.context().newPage();
  await storePage.goto(`/${app}`);
  await expect(storePage.locator("[data-app-paused]")).toContainText("Ứng dụng đang tạm dừng");
  await expect(storePage.locator("[data-app-paused]")).toContainText("Game vừa cập nhật, đang sửa mod");
  await storePage.goto(`/en/${app}`);
  await expect(storePage.locator("[data-app-paused]")).toContainText("The game just updated; fixing the mod");
  await storePage.close();
  // Buying is refused with the shop's reason.
  const refused = await request.post("/api/keys/purchase/", { headers: bearer(buyer), data: { key_pricing_id: pricing[0].id, payment_method: "balance" } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toContain("Game vừa cập nhật, đang sửa mod");

  // The pause has lasted two hours.
  await writeStoreDb((db) => [db.prepare("UPDATE app_pauses SET paused_at = paused_at - ?1 WHERE resumed_at IS NULL AND app_id = (SELECT app_id FROM license_keys WHERE key_code = ?2)").bind(2 * HOUR, code)]);
  await page.reload();
  const resumed = page.waitForResponse((response) => /\/api\/admin\/apps\/\d+\/resume\/?$/.test(new URL(response.url()).pathname));
  await page.getByRole("button", { name: "Tiếp tục ứng dụng" }).click();
  await expect(toast(page, /Đã tiếp tục ứng dụng: 1 key/)).toBeVisible();
  await expect(page.locator("[data-pause-state=running]")).toBeVisible();

  // The resume's answer names how long the pause lasted: the key's expiry moved by exactly that.
  const { data } = await (await resumed).json();
  expect(data.paused_ms).toBeGreaterThanOrEqual(2 * HOUR);
  expect((await expiryOf(request, admin, app, code)) - before).toBe(data.paused_ms);
});
