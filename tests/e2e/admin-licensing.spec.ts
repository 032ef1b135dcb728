import { type APIRequestContext, expect } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, login, newUser, signIn, test, uniqueId } from "./support";

// Issue #29: the admin sets an app's "Phiên bản tối thiểu" and "Thông báo cho mod" on its form, the
// key check tells the mod, and "Giấy phép" shows the licence health with the keys that may be shared.

/**
 * A key bought by a new buyer from `url`, an app of the test's own (ownApp, an IPA: its keys answer a
 * key check), priced and stocked here: no demo app's form or stock changes.
 */
async function boughtKey(request: APIRequestContext, url: string) {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const adminHeaders = { Authorization: `Bearer ${admin.access}` };
  const priced = await request.post(`/api/keys/apps/${url}/pricing/`, { headers: adminHeaders, data: { key_type: "1day", price: 20000, currency: "VND" } });
  expect(priced.status(), await priced.text()).toBe(201);
  const imported = await request.post("/api/keys/bulk-import/", { headers: adminHeaders, data: { app_url: url, key_type: "1day", keys_text: `HEALTH-${uniqueId()}-${uniqueId()}`.toUpperCase() } });
  expect(imported.ok(), await imported.text()).toBe(true);
  const buyer = await newUser(request, "health");
  await fundUser(request, buyer.user.id, 5_000_000);
  const bought = await request.post("/api/keys/purchase/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { key_pricing_id: (await priced.json()).data.id, payment_method: "balance" } });
  expect(bought.ok(), await bought.text()).toBe(true);
  const { key, order } = await bought.json();
  const app = (await (await request.get(`/api/apps/admin/detail/${url}/`, { headers: adminHeaders })).json()).data as { id: number; name: string };
  return { code: key.key_code as string, bundleId: order.app_bundle_id as string, app };
}

test("the admin sets the minimum version and the announcement, the key check tells them, and Giấy phép lists a shared key", { tag: "@phone" }, async ({ page, request, ownApp }) => {
  const { code, bundleId, app } = await boughtKey(request, await ownApp("e2e-health", { ipa: true }));
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const adminHeaders = { Authorization: `Bearer ${admin.access}` };
  const check = async (device: string) => (await request.post("/api/keys/check/", { data: { key_code: code, device_id: device, bundle_id: bundleId, version: "1.0" } })).json();

  await signIn(page, admin);
  await page.goto(`/admin/app/${app.id}/edit`);
  const minimum = page.getByLabel("Phiên bản tối thiểu");
  const announcement = page.getByLabel("Thông báo cho mod");
  await minimum.fill("1.2-beta");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page.getByText("Phiên bản tối thiểu chỉ gồm chữ số và dấu chấm, ví dụ 1.2.3").first()).toBeVisible();
  await minimum.fill("999.0");
  await announcement.fill("Bản mới đã có, vui lòng cập nhật từ cửa hàng.");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const first = await check("phone-1");
  expect(first.data).toMatchObject({ valid: true, app: { min_version: "999.0", update_required: true, announcement: "Bản mới đã có, vui lòng cập nhật từ cửa hàng." } });
  expect(first.data.app.url).toMatch(/^https?:\/\/.+\/.+/);

  // Three moves: an admin's reset, each followed by a check from another device.
  const { id: keyId } = ((await (await request.get(`/api/keys/apps/${app.id}/keys/?status=used&page_size=500`, { headers: adminHeaders })).json()).data as { id: number; key_code: string }[]).find((key) => key.key_code === code)!;
  for (const device of ["phone-2", "phone-3", "phone-4"]) {
    expect((await request.post(`/api/keys/keys/${keyId}/reset-device/`, { headers: adminHeaders })).ok()).toBe(true);
    expect((await check(device)).data.reason).toBe("activated");
  }

  await page.goto("/admin/overview");
  await page.getByRole("navigation", { name: "Quản trị" }).getByRole("link", { name: "Giấy phép" }).click();
  await expect(page).toHaveURL(/\/admin\/licensing$/);
  await expect(page.getByRole("heading", { name: "Giấy phép", level: 1 })).toBeVisible();
  const section = page.getByRole("region", { name: app.name });
  await expect(section.getByText("Key đã bán")).toBeVisible();
  await expect(section.getByText("Có thể đang chia sẻ key").first()).toBeVisible();
  const link = section.getByRole("link", { name: code });
  await expect(link).toBeVisible();
  const box = await section.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.getByRole("navigation", { name: "Khoảng thời gian" }).getByRole("link", { name: "7 ngày" }).click();
  await expect(page).toHaveURL(/days=7/);
  await section.getByRole("link", { name: code }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/app/${app.id}/keys/list\\?key=${keyId}$`));

  // Empty clears both.
  await page.goto(`/admin/app/${app.id}/edit`);
  await expect(minimum).toHaveValue("999.0");
  await minimum.fill("");
  await announcement.fill("");
  await page.getByRole("button", { name: "Lưu thay đổi" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect((await check("phone-4")).data.app).toMatchObject({ min_version: null, update_required: false, announcement: null });
});
