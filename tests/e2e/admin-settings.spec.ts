import { expect } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, holdDashboardForward, login, newUser, signIn, toast, uniqueId, walletOf, test } from "./support";

// The wallet is VND (issue #13, Money 1): an admin sets the USD rate on /admin/settings, and a key
// priced in USD is shown and pre-checked in đồng at that rate, then charged the same.

const vnd = (amount: number) => new RegExp(`${new Intl.NumberFormat("vi-VN").format(amount).replace(/\./g, "\\.")}\\s₫`);

test("the admin sets the USD rate on Cài đặt, and goes back to the default", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/users");
  await page.getByRole("navigation", { name: "Quản trị" }).getByRole("link", { name: "Cài đặt" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { name: "Cài đặt", level: 1 })).toBeVisible();
  await expect(page.getByTestId("current-rate")).toHaveText(/^1 US\$ = 25\.500\s₫$/);

  const rate = page.getByLabel("Tỷ giá (số đồng cho 1 US$)");
  await rate.fill("0");
  await page.getByRole("button", { name: "Lưu tỷ giá" }).click();
  await expect(page.getByText("Tỷ giá phải là số nguyên từ 1 đến 1.000.000 (số đồng cho 1 US$)")).toBeVisible();

  await rate.fill("26000");
  await expect(rate).toHaveValue("26.000");
  await page.getByRole("button", { name: "Lưu tỷ giá" }).click();
  await expect(toast(page, "Đã lưu cài đặt")).toBeVisible();
  await expect(page.getByTestId("current-rate")).toHaveText(/^1 US\$ = 26\.000\s₫$/);
  await expect(page.getByText("Do quản trị viên đặt")).toBeVisible();

  await page.getByRole("button", { name: /Dùng mặc định/ }).click();
  await expect(page.getByTestId("current-rate")).toHaveText(/^1 US\$ = 25\.500\s₫$/);
  await expect(page.getByText("Mặc định của cửa hàng (USD_VND_RATE)")).toBeVisible();
});

test("a plain user is sent away from Cài đặt", async ({ page, request }) => {
  const user = await newUser(request, "plain");
  await signIn(page, user);
  await holdDashboardForward(page);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, "Access Denied: Bạn không có quyền truy cập trang này")).toBeVisible();
});

test("a key priced 5 US$ is shown, pre-checked and charged in đồng", async ({ page, request, ownApp }) => {
  const app = await ownApp();
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const auth = { Authorization: `Bearer ${admin.access}` };
  const priced = await request.post(`/api/keys/apps/${app}/pricing/`, { headers: auth, data: { key_type: "1day", price: 5, currency: "USD" } });
  expect(priced.status(), await priced.text()).toBe(201);
  const charge: number = (await priced.json()).data.vnd_price;
  const rate = (await (await request.get("/api/admin/settings/", { headers: auth })).json()).data.usd_vnd_rate;
  expect(charge).toBe(5 * rate);
  const imported = await request.post("/api/keys/bulk-import/", { headers: auth, data: { app_url: app, key_type: "1day", keys_text: `USD-${uniqueId()}` } });
  expect(imported.ok(), await imported.text()).toBe(true);

  // More đồng than the raw "5", less than the price in đồng: the dialog refuses before the server would.
  const buyer = await newUser(request);
  await fundUser(request, buyer.user.id, charge - 1000);
  await signIn(page, buyer);
  await page.goto(`/${app}`);
  const usdOption = page.locator("[data-pricing-id]").filter({ hasText: "US$" });
  await expect(usdOption.getByTestId("pricing-vnd")).toHaveText(new RegExp(`^≈ ${vnd(charge).source}$`));
  const buy = page.getByRole("button", { name: "Mua ngay" });
  await expect(buy).toBeEnabled();
  await usdOption.getByRole("radio").check();
  await buy.click();
  const confirm = page.getByRole("dialog", { name: "Xác nhận mua key" });
  await expect(confirm.getByTestId("purchase-price")).toHaveText(new RegExp(`^5,00\\sUS\\$ ≈ ${vnd(charge).source}$`));
  await expect(confirm.getByTestId("purchase-shortfall")).toContainText(new RegExp(`Cần ${vnd(charge).source}`));
  await expect(confirm.getByRole("button", { name: "Xác nhận mua" })).toBeDisabled();
  await page.keyboard.press("Escape");

  await fundUser(request, buyer.user.id, 11_000);
  await buy.click();
  await expect(confirm.getByTestId("purchase-shortfall")).toHaveCount(0);
  await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
  const success = page.getByRole("dialog", { name: "Mua key thành công!" });
  await expect(success).toContainText(new RegExp(`5,00\\sUS\\$ ≈ ${vnd(charge).source}`));
  const access = await page.evaluate(() => localStorage.getItem("access_token"));
  expect(await walletOf(request, access)).toMatchObject({ balance: 10_000, total_spent: charge });

  await page.goto("/profile?tab=purchases");
  await expect(page.getByTestId("purchase").first()).toContainText(new RegExp(`5,00\\sUS\\$ ≈ ${vnd(charge).source}`));
});
