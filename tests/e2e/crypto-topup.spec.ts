import { expect, type Page, test } from "@playwright/test";
import { newUser, signIn, toast } from "./support";

// A visitor abroad tops up with crypto (issue 54, "Done means"): on /en/ the buyer types an amount
// in US dollars, sees the VND it credits at the shop's rate (25,500 in development), pays on the
// simulated NOWPayments invoice page (scripts/nowpayments-sim.mjs) in another tab, and sees the
// credit arrive live on the wallet they left open. On a phone, where that is how people pay.

test.describe.configure({ timeout: 120_000 });

/** 2 s is the live wallet's promise; the rest leaves room for a loaded test machine. */
const LIVE_MS = 8_000;

/** The wallet tab, hydrated and listening (the live socket open). */
async function openWallet(page: Page, path: string) {
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/auth/wallet/live/"));
  await page.goto(path);
  await expect(page.getByTestId("profile-balance")).toBeVisible();
  await socket;
}

test("a buyer on /en/ pays the simulator's invoice and sees the credit arrive live on the wallet left open", { tag: "@phone" }, async ({ page, request, context }) => {
  const buyer = await newUser(request, "crypto");
  await signIn(page, buyer);
  await openWallet(page, "/en/profile?tab=wallet");
  const wallet = page.getByRole("tabpanel", { name: "Wallet" });

  // Offered first on an English page.
  const ways = wallet.getByRole("button", { name: /^(Top up with crypto \(USD\)|VietQR top-up|Phone card top-up)$/ });
  await expect(ways).toHaveText(["Top up with crypto (USD)", "VietQR top-up", "Phone card top-up"]);
  await ways.first().click();

  const dialog = page.getByRole("dialog", { name: "Top up with crypto" });
  await expect(dialog.getByText(/^Rate: 1 US\$ = 25,500\s₫$/)).toBeVisible();
  const amount = dialog.getByLabel("Amount (USD)");
  await amount.fill("1.5");
  await amount.blur();
  await expect(dialog.getByText(/^Please enter an amount in USD from \$2\.00 to \$1,000\.00/)).toBeVisible();
  await amount.fill("5");
  await expect(dialog.getByTestId("crypto-preview")).toHaveText(/^127,500\s₫$/);
  await dialog.getByRole("button", { name: "Continue to payment" }).click();

  await expect(dialog.getByText(/^Invoice for \$5\.00: your wallet gets 127,500\s₫$/)).toBeVisible();
  await expect(dialog.getByTestId("crypto-state")).toHaveText("Waiting for your payment");
  // The money on its way is listed on the wallet behind the dialog.
  await expect(wallet.getByTestId("pending-crypto")).toContainText(/\$5\.00 → 127,500\s₫/);

  // The page must not load again: the credit comes through the live wallet.
  await page.evaluate(() => Object.assign(window, { stayedOpen: true }));
  const invoiceTab = context.waitForEvent("page");
  await dialog.getByRole("link", { name: "Open the payment page" }).click();
  const invoice = await invoiceTab;
  await invoice.waitForLoadState();
  await expect(invoice.getByRole("heading", { name: "Simulated crypto invoice" })).toBeVisible();
  await invoice.getByRole("button", { name: /^Pay in full/ }).click();
  // Paid, the gateway sends the buyer back to the store (the invoice's success_url).
  await expect(invoice).toHaveURL(/\/en\/\?crypto=\d+$/);
  await invoice.close();

  await expect(dialog.getByTestId("crypto-state")).toHaveText(/^127,500\s₫ added to your wallet$/, { timeout: LIVE_MS });
  await expect(page.getByTestId("profile-balance")).toHaveText(/^127,500\s₫$/);
  await expect(toast(page, /127,500\s₫/)).toBeVisible();
  expect(await page.evaluate(() => (window as { stayedOpen?: boolean }).stayedOpen)).toBe(true);
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(wallet.getByTestId("pending-crypto")).toHaveCount(0);
});

test("the Vietnamese wallet offers crypto after VietQR and the card, in Vietnamese, with the VND it credits", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await newUser(request, "crypto");
  await signIn(page, buyer);
  await openWallet(page, "/profile?tab=wallet");
  const wallet = page.getByRole("tabpanel", { name: "Ví tiền" });
  const ways = wallet.getByRole("button", { name: /^(Nạp bằng tiền mã hoá \(USD\)|Nạp qua VietQR|Nạp thẻ cào)$/ });
  await expect(ways).toHaveText(["Nạp qua VietQR", "Nạp thẻ cào", "Nạp bằng tiền mã hoá (USD)"]);
  await ways.last().click();
  const dialog = page.getByRole("dialog", { name: "Nạp tiền bằng tiền mã hoá" });
  await dialog.getByLabel("Số tiền (USD)").fill("2.50");
  await expect(dialog.getByTestId("crypto-preview")).toHaveText(/^63\.750\s₫$/);
  await expect(dialog.getByText(/^Tỷ giá: 1 US\$ = 25\.500\s₫$/)).toBeVisible();
});
