import { expect } from "@playwright/test";
import { E2E_STORE_PORT } from "../../playwright.config";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, newUser, signIn, test, toast } from "./support";

// The admin's side of crypto top-ups (issue 54 item 4): the settings on /admin/settings (on/off,
// smallest and largest invoice in US$), the list of crypto top-ups with state, US$, VND, rate and
// payment ids, and the review of a parked second deposit (credited once, with a note).

/** The simulated NOWPayments of this run (playwright.config.ts: the store's port + 1300). */
const SIMULATOR = `http://127.0.0.1:${E2E_STORE_PORT + 1300}`;

test("the admin sets the crypto limits on Cài đặt, and a refused pair is said", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "Nạp tiền mã hoá (NOWPayments)" });
  await expect(section.getByLabel("Cho phép nạp bằng tiền mã hoá")).toBeChecked();
  await section.getByLabel("Tối thiểu (USD)").fill("900");
  await section.getByLabel("Tối đa (USD)").fill("800");
  await section.getByRole("button", { name: "Lưu cài đặt tiền mã hoá" }).click();
  await expect(section.getByRole("alert")).toHaveText(/tối thiểu không lớn hơn tối đa/);
  await section.getByLabel("Tối thiểu (USD)").fill("3");
  await section.getByRole("button", { name: "Lưu cài đặt tiền mã hoá" }).click();
  await expect(toast(page, /./).first()).toBeVisible();
  const terms = async () => (await (await request.get("/api/crypto/config/")).json()).data;
  await expect.poll(terms).toMatchObject({ enabled: true, minimum_usd: 3, maximum_usd: 800 });
  // Back to the defaults the buyer's tests expect.
  await page.reload();
  await section.getByLabel("Tối thiểu (USD)").fill("2");
  await section.getByLabel("Tối đa (USD)").fill("1000");
  await section.getByRole("button", { name: "Lưu cài đặt tiền mã hoá" }).click();
  await expect.poll(terms).toMatchObject({ enabled: true, minimum_usd: 2, maximum_usd: 1000 });
});

test("a parked second deposit is listed and credited once by the admin, with a note", async ({ page, request }) => {
  const buyer = await newUser(request, "parked");
  const created = await request.post("/api/crypto/create/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { amount_usd: "4" } });
  expect(created.status(), await created.text()).toBe(201);
  const topup = (await created.json()).data;
  for (const status of ["finished", "redeposit"]) {
    const paid = await request.post(`${SIMULATOR}/sim/pay`, { data: { order_id: topup.order_id, usd: 4, status } });
    expect(paid.ok(), await paid.text()).toBe(true);
  }

  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/users");
  await page.getByRole("navigation", { name: "Quản trị" }).getByRole("link", { name: "Tiền mã hoá" }).click();
  await page.getByLabel("Lọc theo trạng thái").selectOption("parked");
  const row = page.locator(`[data-crypto-id="${topup.id}"]`);
  await expect(row).toContainText(/4,00\sUS\$/);
  await expect(row).toContainText(/102\.000\s₫/);
  await expect(row.getByTestId("crypto-parked")).toBeVisible();
  await row.getByRole("button", { name: /^Cộng / }).click();
  const review = page.getByRole("dialog", { name: "Cộng khoản nạp lần hai" });
  await review.getByLabel("Ghi chú").fill("Khách xác nhận nạp thêm");
  await review.getByRole("button", { name: "Cộng tiền" }).click();
  await expect(review).toHaveCount(0);
  await expect(row).toHaveCount(0); // no longer parked
  const wallet = await (await request.get("/api/auth/wallet/balance/", { headers: { Authorization: `Bearer ${buyer.access}` } })).json();
  expect(wallet.data.balance).toBeGreaterThan(102_000);
});
