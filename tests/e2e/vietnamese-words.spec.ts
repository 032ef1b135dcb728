import { type APIRequestContext, expect } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, type Session, signIn, test, uniqueId } from "./support";

// English the product does not ask for, in Vietnamese (issue #27, item 13): what a person reads or
// hears from a screen reader is Vietnamese; names like VietQR, TestFlight or Telegram stay.

async function adminSignedIn(request: APIRequestContext): Promise<Session> {
  return login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
}

test("the app page's breadcrumb is announced in Vietnamese", async ({ page }) => {
  await page.goto("/chien-binh-rong-mod-menu");
  await expect(page.getByRole("navigation", { name: "Đường dẫn trang" })).toContainText("Trang chủ");
  await expect(page.locator('[aria-label="Breadcrumb"]')).toHaveCount(0);
});

test("the admin's app form says Nhật ký thay đổi and Biểu tượng, not Changelog and Icon", async ({ page, request }) => {
  await signIn(page, await adminSignedIn(request));
  await page.goto("/admin/app/new");
  // The first admin screen of a run waits for its data behind the access check: slow on a busy machine.
  await expect(page.getByRole("heading", { name: "Nhật ký thay đổi", exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Biểu tượng", exact: true })).toBeVisible();
  // The file input's name (its label also carries the required mark, hidden from screen readers).
  await expect(page.locator('input[name="icon"]')).toHaveAccessibleName("Biểu tượng");
  await expect(page.getByLabel("Thay đổi / tính năng")).toBeVisible();
  const words = await page.getByRole("main").innerText();
  expect(words).not.toMatch(/\bChangelog\b|\bIcon\b/);
});

test("the admin's key detail copies with Sao chép", async ({ page, request, ownApp }) => {
  // An app of its own: a demo app keeps its pricings and stock as the catalogue's tests read them.
  const app = await ownApp("e2e-chep");
  const admin = await adminSignedIn(request);
  const code = `E2E-CHEP-${uniqueId()}`.toUpperCase();
  const headers = { Authorization: `Bearer ${admin.access}` };
  const priced = await request.post(`/api/keys/apps/${app}/pricing/`, { headers, data: { key_type: "30days", price: 20000 } });
  expect(priced.status(), await priced.text()).toBe(201);
  const imported = await request.post("/api/keys/bulk-import/", { headers, data: { app_url: app, key_type: "30days", keys_text: code } });
  expect(imported.ok(), await imported.text()).toBe(true);
  await signIn(page, admin);
  await page.goto(`/admin/app/${app}/keys/list`);
  await page.locator("[data-key-status]").filter({ hasText: code }).getByRole("button", { name: "Chi tiết" }).click();
  const detail = page.getByTestId("key-detail");
  await expect(detail.getByRole("button", { name: "Sao chép", exact: true })).toBeVisible();
  await expect(detail.getByRole("button", { name: "Copy" })).toHaveCount(0);
});
