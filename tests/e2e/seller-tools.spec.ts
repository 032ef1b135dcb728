import { type APIRequestContext, expect } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, type Session, signIn, test, toast, uniqueId, writeStoreDb } from "./support";

// The mod seller's tools in the browser (issue 55 items 2 and 4): a bulk change previewed, applied
// once and refused the second time; banning a key from its detail with "Chặn luôn thiết bị này",
// after which the phone is in the bans list. Each test makes its own app and keys (ownApp deletes
// them after), so a second run on the same store passes.

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access}` });
const DAY = 86_400_000;

/** `count` keys of 30 days in `app`, sold and running on their own phones, expiring in 10 days. */
async function runningKeys(request: APIRequestContext, admin: Session, app: string, count: number) {
  await request.post(`/api/keys/apps/${app}/pricing/`, { headers: bearer(admin), data: { key_type: "30days", price: 20000 } });
  const codes = Array.from({ length: count }, (_, index) => `E2E-SELL-${index}-${uniqueId()}`.toUpperCase());
  const imported = await request.post("/api/keys/bulk-import/", { headers: bearer(admin), data: { app_url: app, key_type: "30days", keys_text: codes.join("\n") } });
  expect(imported.ok(), await imported.text()).toBe(true);
  const now = Date.now();
  const phones = codes.map((code) => `E2E-PHONE-${code.slice(-8)}`);
  await writeStoreDb((db) =>
    codes.map((code, index) =>
      db
        .prepare("UPDATE license_keys SET status = 'used', order_reference = ?1, sold_at = ?2, device_id = ?3, activated_at = ?2, expires_at = ?4 WHERE key_code = ?5")
        .bind(`e2e-${code}`, now - DAY, phones[index], now + 10 * DAY, code),
    ),
  );
  return { codes, phones };
}

async function expiries(request: APIRequestContext, admin: Session, app: string): Promise<Map<string, number>> {
  const keys = (await (await request.get(`/api/keys/apps/${app}/keys/`, { headers: bearer(admin) })).json()).data as { key_code: string; expires_at: string }[];
  return new Map(keys.map((key) => [key.key_code, Date.parse(key.expires_at)]));
}

test("the admin previews 'extend by N days' for a filter, applies it once, and a second apply is refused", { tag: "@phone" }, async ({ page, request, ownApp }) => {
  const app = await ownApp("e2e-bulk");
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const { codes } = await runningKeys(request, admin, app, 3);
  const before = await expiries(request, admin, app);

  await signIn(page, admin);
  await page.goto(`/admin/app/${app}/keys/bulk`);
  await page.getByLabel("Trạng thái").selectOption("used");
  await page.getByLabel("Thao tác").selectOption("extend");
  await page.getByLabel("Số ngày").fill("5");
  await page.getByRole("button", { name: "Xem trước" }).click();
  const preview = page.locator("[data-bulk-preview]");
  await expect(preview.getByRole("status")).toHaveText("3 key sẽ được thay đổi (Gia hạn thêm 5 ngày).");
  for (const code of codes) await expect(preview.getByText(code)).toBeVisible();

  // The page calls the API itself: its token is the one the second apply below replays.
  const applying = page.waitForRequest((sent) => sent.method() === "POST" && new URL(sent.url()).pathname === "/api/admin/keys/bulk/apply/");
  await preview.getByRole("button", { name: "Áp dụng cho 3 key" }).click();
  const { token } = (await applying).postDataJSON() as { token: string };
  await expect(toast(page, "Đã thay đổi 3 key")).toBeVisible();
  const after = await expiries(request, admin, app);
  for (const code of codes) expect(after.get(code)! - before.get(code)!).toBe(5 * DAY);

  // The same preview applied again changes nothing.
  const again = await request.post("/api/admin/keys/bulk/apply/", { headers: bearer(admin), data: { token } });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe("key_bulk_already_applied");
  expect(await expiries(request, admin, app)).toEqual(after);
});

test("banning a key from its detail with 'Chặn luôn thiết bị này' bans its phone too, listed in Chặn", { tag: "@phone" }, async ({ page, request, ownApp }) => {
  const app = await ownApp("e2e-banphone");
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const {
    codes: [code],
    phones: [phone],
  } = await runningKeys(request, admin, app, 1);

  await signIn(page, admin);
  await page.goto(`/admin/app/${app}/keys/list`);
  await page.locator("[data-key-id]", { hasText: code }).getByRole("button", { name: "Chi tiết" }).click();
  await page.getByTestId("key-detail").getByRole("button", { name: "Khóa key" }).click();
  const dialog = page.getByTestId("key-change-dialog");
  await dialog.getByLabel(/Chặn luôn thiết bị này/).check();
  await dialog.getByLabel("Lý do chặn (mod sẽ hiển thị)").fill("Chia sẻ key");
  await dialog.getByRole("button", { name: "Khóa key" }).click();
  await expect(toast(page, "Đã khóa key")).toBeVisible();
  await expect(toast(page, "Đã chặn")).toBeVisible();

  await page.goto("/admin/bans");
  const row = page.getByTestId("ban-list").locator("tr", { hasText: `…${phone.slice(-4)}` }).first();
  await expect(row).toContainText("Chia sẻ key");
  await expect(row).toContainText(`Ứng dụng ${app}`);
  await expect(row).toContainText("Đang chặn");
});
