import { expect } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, newUser, signIn, test, toast, uniqueId } from "./support";

// Bans that stick and one trial per phone in the browser (issue 55 items 2 and 3): the admin bans a
// phone on "Chặn" and lifts the ban; sets an app's trial length on its admin page; a signed-in buyer
// presses "Dùng thử" on the app page and gets the trial key, the same one when pressing again.

test("the admin bans a phone on Chặn, sees who banned it and until when, and lifts the ban", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/users");
  await page.getByRole("navigation", { name: "Quản trị" }).getByRole("link", { name: "Chặn" }).click();
  await expect(page).toHaveURL(/\/admin\/bans$/);
  const phone = `E2E-PHONE-${uniqueId()}`.toUpperCase();
  const form = page.getByTestId("ban-form");
  await form.getByLabel("Thiết bị hoặc IP").fill(phone);
  await form.locator("#ban-reason").fill("Chia sẻ key");
  await form.getByRole("button", { name: "Chặn" }).click();
  await expect(toast(page, "Đã chặn")).toBeVisible();
  const row = page.getByTestId("ban-list").locator("tr", { hasText: `…${phone.slice(-4)}` }).first();
  await expect(row).toContainText("Chia sẻ key");
  await expect(row).toContainText("Toàn cửa hàng");
  await expect(row).toContainText("Đến khi gỡ");
  await expect(row).toContainText("Đang chặn");

  // A range that is none is refused with the field's reason.
  await form.getByLabel("Loại").selectOption("ip");
  await form.getByLabel("Thiết bị hoặc IP").fill("10.0.0.0/33");
  await form.locator("#ban-reason").fill("Proxy");
  await form.getByRole("button", { name: "Chặn" }).click();
  await expect(page.getByText(/Địa chỉ IP hoặc dải CIDR không hợp lệ/).first()).toBeVisible();

  await row.getByRole("button", { name: "Gỡ chặn" }).click();
  await expect(toast(page, "Đã gỡ lệnh chặn")).toBeVisible();
  await expect(row).toContainText("Hết hiệu lực");
  await expect(row).toContainText(/Đã gỡ lúc/);
});

test("the admin offers a trial on the app's admin page; a buyer presses Dùng thử and gets one key", async ({ page, request, ownApp, browser }) => {
  const url = await ownApp("e2e-trial");
  const app = (await (await request.get(`/api/apps/detail-by-url/${url}/`)).json()).data;
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto(`/admin/app/${app.id}/edit`);
  const settings = page.getByTestId("trial-settings");
  await settings.getByLabel("Thời gian dùng thử (giờ)").fill("0.5");
  await settings.getByRole("button", { name: "Lưu" }).click();
  await expect(settings.getByText(/Thời gian dùng thử là số giờ nguyên/)).toBeVisible();
  await settings.getByLabel("Thời gian dùng thử (giờ)").fill("6");
  await settings.getByRole("button", { name: "Lưu" }).click();
  await expect(toast(page, "Đã lưu thời gian dùng thử")).toBeVisible();

  // A visitor is asked to sign in first.
  const visitor = await browser.newPage();
  await visitor.goto(`/${url}`);
  await expect(visitor.getByTestId("trial-offer")).toContainText("Nhận một key dùng thử 6 giờ");
  await expect(visitor.getByRole("link", { name: "Đăng nhập để dùng thử" })).toBeVisible();
  await visitor.close();

  const buyer = await newUser(request, "trial");
  const buyerPage = await browser.newPage();
  await signIn(buyerPage, buyer);
  await buyerPage.goto(`/${url}`);
  await buyerPage.getByRole("button", { name: "Dùng thử" }).click();
  const key = buyerPage.getByTestId("trial-key");
  await expect(key).toContainText(/TRIAL-[A-Z0-9]{4}-/);
  const code = await key.locator("code").textContent();
  await buyerPage.reload();
  await buyerPage.getByRole("button", { name: "Dùng thử" }).click();
  await expect(buyerPage.getByTestId("trial-key").locator("code")).toHaveText(code ?? "");
  await buyerPage.close();
});
