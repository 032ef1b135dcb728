import { expect, test } from "@playwright/test";
import { localSettings } from "../../scripts/lib.mjs";
import { simulateBankTransfer } from "../../scripts/simulate-bank.mjs";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, newUser, signIn, toast, uniqueId } from "./support";

// An admin removing a promotion that has already paid bonuses: the delete works as the
// specification says, and the store archives it (the wallet's history still names it).

test.describe.configure({ timeout: 120_000 });

test("deleting a promotion that paid a bonus takes it off the list, and the buyer's history still names it", async ({ page, request, baseURL }) => {
  const id = uniqueId();
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.access}` };
  const name = `Đã trả thưởng ${id}`;
  const values = { name, bonus_percentage: 10, min_deposit_amount: 187_000, max_deposit_amount: 187_000, duration: 1, is_automatic: true };
  const created = await request.post("/api/promotions/", { headers, data: values });
  expect(created.status(), await created.text()).toBe(201);
  const { id: promotionId, code } = (await created.json()).data;
  try {
    // A buyer's transfer that the promotion pays a bonus on.
    const buyer = await newUser(request, "promo");
    const topup = await request.post("/api/vietqr/create/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { amount: 187000 } });
    expect(topup.status()).toBe(201);
    const settings = localSettings();
    await simulateBankTransfer({ origin: baseURL, apiKey: settings.SEPAY_API_KEY, accountNumber: settings.VIETQR_ACCOUNT_NUMBER, content: (await topup.json()).data.description, amount: 187000 });

    await signIn(page, admin);
    await page.goto(`/admin/promotions?search=${encodeURIComponent(id)}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: "Xóa" }).click();
    await page.getByRole("dialog", { name: "Xóa khuyến mãi" }).getByRole("button", { name: "Xóa" }).click();
    await expect(toast(page, "Đã xóa khuyến mãi")).toBeVisible();
    await expect(row).toHaveCount(0);
    // The buyer's bonus line is still there, naming it.
    const ledger = await request.get("/api/auth/wallet/transactions/", { headers: { Authorization: `Bearer ${buyer.access}` } });
    expect(JSON.stringify((await ledger.json()).data)).toContain(name);
  } finally {
    // Archived or deleted by the test; if the test stopped earlier, turned off.
    await request.put(`/api/promotions/${promotionId}/`, { headers, data: { ...values, code, status: "inactive" } });
  }
});
