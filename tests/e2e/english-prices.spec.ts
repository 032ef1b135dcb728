import { expect, test } from "@playwright/test";
import { fundUser, newUser, signIn } from "./support";

// Prices a visitor abroad can read (issue 54 item 5): an English page writes each VND price with
// its approximate US$ at the shop's rate (USD_VND_RATE, 25,500 in development) and names the four
// key types in English; the Vietnamese page stays as it was.

// A demo app sold by no other browser test that counts its stock.
const APP = "chien-binh-rong-mod-menu";
// Bought from here by the English purchase test too (english-catalogue.spec.ts).
const BUY_APP = "skyline-racer-vip";

test("an English app page: each VND price with its US$ beside it, the key types in English", { tag: "@phone" }, async ({ page }) => {
  await page.goto(`/en/${APP}`);
  await expect(page.getByRole("button", { name: "Buy now" })).toBeEnabled(); // hydrated
  const options = page.locator("[data-pricing-id]");
  await expect(options).toHaveCount(4);
  // 20,000 ₫ at 25,500 ₫ per US$ is $0.78.
  await expect(options.first()).toContainText(/^1 day20,000\s₫≈ \$0\.78/);
  await expect(page.getByTestId("pricing-usd")).toHaveText([/^≈ \$\d+\.\d\d$/, /^≈ \$\d+\.\d\d$/, /^≈ \$\d+\.\d\d$/, /^≈ \$\d+\.\d\d$/]);
  await expect(page.getByRole("radio", { name: /^7 days/ })).toBeAttached();
  await expect(page.getByText(/^Chosen: 1 day · 20,000\s₫ ≈ \$0\.78$/)).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("Ngày");
  await expect(page.getByRole("main")).not.toContainText("Vĩnh viễn");

  // The Vietnamese page: the shop's names, the price in đồng alone.
  await page.goto(`/${APP}`);
  await expect(page.getByRole("button", { name: "Mua ngay" })).toBeEnabled();
  await expect(page.locator("[data-pricing-id]").first()).toContainText(/^1 Ngày20\.000\s₫/);
  await expect(page.getByTestId("pricing-usd")).toHaveCount(0);
});

test("the English confirmation and purchase history name the key type in English and price it in US$ too", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await newUser(request);
  await fundUser(request, buyer.user.id, 100000);
  await signIn(page, buyer);
  await page.goto(`/en/${BUY_APP}`);
  const buy = page.getByRole("button", { name: "Buy now" });
  await expect(buy).toBeEnabled();
  await page.getByRole("radio", { name: /^7 days/ }).check();
  await buy.click();
  const confirm = page.getByRole("dialog", { name: "Confirm your key purchase" });
  await expect(confirm).toContainText("7 days");
  // 45,000 ₫ at 25,500 ₫ per US$ is $1.76.
  await expect(confirm.getByTestId("purchase-price")).toHaveText(/^45,000\s₫ ≈ \$1\.76$/);
  await confirm.getByRole("button", { name: "Confirm purchase" }).click();
  const success = page.getByRole("dialog", { name: "Key purchased!" });
  await expect(success).toContainText(/7 days key for Skyline Racer VIP · 45,000\s₫ ≈ \$1\.76/);
  await success.getByRole("button", { name: "Close", exact: true }).first().click();

  await page.goto("/en/profile?tab=purchases");
  const bought = page.getByTestId("purchase").first();
  await expect(bought).toContainText("7 days");
  await expect(bought).not.toContainText("Ngày");
});
