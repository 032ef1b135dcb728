import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, login, newUser, type Session, signIn, test, toast, uniqueId } from "./support";

// A sold key's device binding and the admin's key controls (issue #16 items 4–5), the key screens'
// activate/deactivate and a hidden app's header (issue #17 items 3 and 5).

// Each test prices 30-day keys of an app of its own (ownApp, an IPA: a key check names its bundle
// id), so the demo apps gain no pricing and the file runs again on the same store.

let addresses = 0;

/** A key check as the app's mod makes it (with its bundle id), from an address of its own (checks are limited per address). */
async function checkKey(request: APIRequestContext, key: { code: string; bundleId: string }, deviceId: string) {
  addresses += 1;
  const response = await request.post("/api/keys/check/", { headers: { "CF-Connecting-IP": `203.0.113.${addresses % 250}` }, data: { key_code: key.code, device_id: deviceId, bundle_id: key.bundleId } });
  return (await response.json()).data;
}

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access}` });

/** 30-day keys on sale in the app, and a buyer who has bought one. */
async function boughtKey(request: APIRequestContext, admin: Session, app: string) {
  await request.post(`/api/keys/apps/${app}/pricing/`, { headers: bearer(admin), data: { key_type: "30days", price: 20000 } });
  const code = `E2E-DEV-${uniqueId()}`.toUpperCase();
  const imported = await request.post("/api/keys/bulk-import/", { headers: bearer(admin), data: { app_url: app, key_type: "30days", keys_text: code } });
  expect(imported.ok(), await imported.text()).toBe(true);
  const pricing = (await (await request.get(`/api/keys/apps/${app}/pricing/`, { headers: bearer(admin) })).json()).data as { id: number; key_type: { name: string } }[];
  const thirtyDays = pricing.find((row) => row.key_type.name === "30days");
  const buyer = await newUser(request);
  await fundUser(request, buyer.user.id, 100_000);
  const bought = await request.post("/api/keys/purchase/", { headers: bearer(buyer), data: { key_pricing_id: thirtyDays?.id, payment_method: "balance" } });
  expect(bought.ok(), await bought.text()).toBe(true);
  const body = await bought.json();
  return { buyer, code: body.key.key_code as string, orderId: body.order.id as number, key: { code: body.key.key_code as string, bundleId: body.order.app_bundle_id as string } };
}

function purchaseCard(page: Page, orderId: number) {
  return page.locator(`[data-purchase-id="${orderId}"]`);
}

test("the buyer sees the key's activation in the purchases tab and moves it to another device", async ({ page, request, ownApp }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const { buyer, orderId, key } = await boughtKey(request, admin, await ownApp("e2e-devices", { ipa: true }));
  await signIn(page, buyer);

  await page.goto("/profile?tab=purchases");
  const card = purchaseCard(page, orderId);
  await expect(card.getByTestId("purchase-binding-state")).toHaveText("Chưa kích hoạt");
  await expect(card.getByRole("button", { name: "Đổi thiết bị" })).toHaveCount(0);

  const activated = await checkKey(request, key, `iphone-${uniqueId()}-4821`);
  expect(activated.valid).toBe(true);
  await page.reload();
  await expect(card.getByTestId("purchase-binding-state")).toHaveText(/^Đang dùng trên thiết bị …4821 từ \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}$/);
  await expect(card.getByTestId("purchase-binding")).toContainText("Hạn dùng đến");
  // A second tab opened before the move still offers it: there the server's refusal is what the buyer sees.
  const staleTab = await page.context().newPage();
  await staleTab.goto("/profile?tab=purchases");
  const staleCard = purchaseCard(staleTab, orderId);
  await expect(staleCard.getByRole("button", { name: "Đổi thiết bị" })).toBeEnabled();

  await card.getByRole("button", { name: "Đổi thiết bị" }).click();
  const dialog = page.getByTestId("move-device-dialog");
  await expect(dialog).toContainText("…4821");
  // The confirmation names the wait before the next move (issue #27 item 5).
  await expect(dialog).toContainText("Sau khi đổi, bạn cần chờ 24 giờ mới đổi được lần nữa.");
  const movedFrom = Date.now();
  await dialog.getByRole("button", { name: "Đổi thiết bị" }).click();
  await expect(toast(page, "Đã gỡ thiết bị. Key sẽ được kích hoạt trên thiết bị kiểm tra tiếp theo.")).toBeVisible();
  const movedTo = Date.now();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("purchase-binding-state")).toHaveText("Đã gỡ thiết bị: key sẽ kích hoạt trên thiết bị kiểm tra tiếp theo");

  // The next device takes the key with the same expiry; a second move the same day is refused.
  const moved = await checkKey(request, key, `ipad-${uniqueId()}-7777`);
  expect(moved).toMatchObject({ valid: true, expires_at: activated.expires_at });
  await page.reload();
  await expect(card.getByTestId("purchase-binding-state")).toHaveText(/^Đang dùng trên thiết bị …7777 từ /);
  // Within the 24 hours the move is not offered: the card says when it can be used again, after a
  // reload too (issue #27 item 5); the server still refuses a move asked for anyway.
  await expect(card.getByRole("button", { name: "Đổi thiết bị" })).toBeDisabled();
  await expect(card.getByTestId("purchase-next-move")).toHaveText(nextMoveText(movedFrom, movedTo));
  const refused = await request.post(`/api/auth/purchase/${orderId}/reset-device/`, { headers: bearer(buyer) });
  expect(refused.status()).toBe(429);
  expect((await refused.json()).message).toMatch(/^Mỗi key chỉ được đổi thiết bị một lần trong 24 giờ\. Vui lòng thử lại sau 2[34] giờ/);
  await staleCard.getByRole("button", { name: "Đổi thiết bị" }).click();
  const staleDialog = staleTab.getByTestId("move-device-dialog");
  await staleDialog.getByRole("button", { name: "Đổi thiết bị" }).click();
  await expect(toast(staleTab, /^Mỗi key chỉ được đổi thiết bị một lần trong 24 giờ\. Vui lòng thử lại sau 2[34] giờ/)).toBeVisible();
  await expect(staleDialog).toBeVisible();
});

/** "Có thể đổi lại lúc 21:19 27/11" for a move made between `from` and `to`, in the store's time zone (Vietnam). */
function nextMoveText(from: number, to: number): RegExp {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Ho_Chi_Minh", day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const texts = new Set<string>();
  for (let at = from - 60_000; at <= to + 60_000; at += 30_000) {
    const part = Object.fromEntries(parts.formatToParts(at + 86_400_000).map((piece) => [piece.type, piece.value]));
    texts.add(`Có thể đổi lại lúc ${part.hour}:${part.minute} ${part.day}/${part.month}`);
  }
  return new RegExp(`^(${[...texts].join("|")})$`);
}

test.describe("the admin's key screen", () => {
  test("the admin extends and bans a sold key from its detail, and unbans it", async ({ page, request, ownApp }) => {
    const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
    const app = await ownApp("e2e-devices", { ipa: true });
    const { buyer, code, orderId, key } = await boughtKey(request, admin, app);
    const device = `iphone-${uniqueId()}-5150`;
    const first = await checkKey(request, key, device);
    await signIn(page, admin);

    await page.goto(`/admin/app/${app}/keys/list?status=used`);
    const row = page.locator("[data-key-status]").filter({ hasText: code });
    await row.getByRole("button", { name: "Chi tiết" }).click();
    const detail = page.getByTestId("key-detail");
    await expect(detail.getByTestId("key-device")).toHaveText("…5150");
    await expect(detail).toContainText("Số lần đổi thiết bị");

    await detail.getByRole("button", { name: "Gia hạn" }).click();
    const change = page.getByTestId("key-change-dialog");
    await change.getByLabel("Số ngày gia hạn").fill("10");
    await change.getByRole("button", { name: "Gia hạn" }).click();
    await expect(toast(page, "Đã gia hạn key thêm 10 ngày")).toBeVisible();
    await expect(change).toBeHidden();
    const extended = await checkKey(request, key, `iphone-x-5150`);
    expect(extended.reason).toBe("other_device");
    expect(Date.parse(extended.expires_at) - Date.parse(first.expires_at)).toBe(10 * 86_400_000);

    await detail.getByRole("button", { name: "Khóa key" }).click();
    await change.getByRole("button", { name: "Khóa key" }).click();
    await expect(toast(page, "Đã khóa key")).toBeVisible();
    await expect(detail).toContainText("Đã khóa");
    await expect(row).toContainText("Đã khóa");
    expect(await checkKey(request, key, device)).toMatchObject({ valid: false, reason: "revoked" });
    const history = (await (await request.get("/api/auth/purchase/history/", { headers: bearer(buyer) })).json()).data;
    expect(history.find((entry: { id: number }) => entry.id === orderId)).toMatchObject({ key_state: "banned", banned: true });

    await detail.getByRole("button", { name: "Mở khóa" }).click();
    await change.getByRole("button", { name: "Mở khóa" }).click();
    await expect(toast(page, "Đã mở khóa key")).toBeVisible();
    await expect(detail.getByRole("button", { name: "Khóa key" })).toBeVisible();
  });

  test("the key list deactivates and activates an unsold key with the product's toasts", async ({ page, request, ownApp }) => {
    const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
    const app = await ownApp("e2e-devices");
    const code = `E2E-TOGGLE-${uniqueId()}`.toUpperCase();
    await request.post(`/api/keys/apps/${app}/pricing/`, { headers: bearer(admin), data: { key_type: "30days", price: 20000 } });
    const imported = await request.post("/api/keys/bulk-import/", { headers: bearer(admin), data: { app_url: app, key_type: "30days", keys_text: code } });
    expect(imported.ok(), await imported.text()).toBe(true);
    await signIn(page, admin);

    await page.goto(`/admin/app/${app}/keys/list`);
    const row = page.locator("[data-key-status]").filter({ hasText: code });
    await row.getByRole("button", { name: "Vô hiệu hóa" }).click();
    await page.getByTestId("key-change-dialog").getByRole("button", { name: "Vô hiệu hóa" }).click();
    await expect(toast(page, "Key deactivated successfully!")).toBeVisible();
    await expect(row).toHaveAttribute("data-key-status", "revoked");

    await row.getByRole("button", { name: "Chi tiết" }).click();
    await page.getByTestId("key-detail").getByRole("button", { name: "Kích hoạt" }).click();
    await page.getByTestId("key-change-dialog").getByRole("button", { name: "Kích hoạt" }).click();
    await expect(toast(page, "Key activated successfully!")).toBeVisible();
    await expect(row).toHaveAttribute("data-key-status", "available");

    // A refused change leads with the action's text and gives the server's reason.
    await page.route("**/api/keys/keys/*/deactivate/", (route) => route.fulfill({ status: 409, json: { success: false, message: "Chỉ key có sẵn mới có thể thu hồi" } }));
    await page.getByTestId("key-detail").getByRole("button", { name: "Vô hiệu hóa" }).click();
    await page.getByTestId("key-change-dialog").getByRole("button", { name: "Vô hiệu hóa" }).click();
    await expect(toast(page, "Cập nhật thất bại: Chỉ key có sẵn mới có thể thu hồi")).toBeVisible();
  });

  test("a hidden (failed) app's key screen shows its icon, name and type badge", async ({ page, request }) => {
    const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
    await signIn(page, admin);
    await page.goto("/admin/app/rong-lua-huyen-thoai/keys");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText("Rồng Lửa Huyền Thoại");
    await expect(heading.locator("[data-type='tipa']")).toBeVisible();
    await expect(heading.locator("img")).toHaveAttribute("src", /rong-lua-huyen-thoai/);
    await expect(page.getByText(/\/rong-lua-huyen-thoai · ID \d+/)).toBeVisible();
  });
});
