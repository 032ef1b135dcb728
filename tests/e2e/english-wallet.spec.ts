import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { localSettings } from "../../scripts/lib.mjs";
import { simulateBankTransfer } from "../../scripts/simulate-bank.mjs";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, newUser, type Session, signIn, test, toast, uniqueId } from "./support";
import { keyTypeNameEn } from "../../workers/shared/english/key-types";

// The profile and wallet in English (issue 45), on a phone (390 px): /en/profile's tabs, figures
// and movements, a VietQR top-up from its dialog to the bank's credit, money on its way and the
// live credit, and the purchases tab, each in English with amounts as English writes them
// ("150,000 ₫"). The Vietnamese profile is held by wallet.spec.ts and the other wallet specs.

test.use({ viewport: { width: 390, height: 844 } });
// Money moves through the simulated bank: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

const NAMES = { first_name: "Alex", last_name: "Reader" };
/** Letters only Vietnamese writes (as tests/unit/dictionaries.test.ts holds the English words to). */
const VIETNAMESE_LETTERS = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;
/** An amount as English writes it: "150,000 ₫". */
const english = (amount: number) => `${new Intl.NumberFormat("en-US").format(amount)}\u00a0₫`;
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text of `area` holds no Vietnamese letter once the user's own data (names the store was given) is taken out. */
async function expectEnglish(area: Locator, userData: string[] = []) {
  let text = await area.innerText();
  for (const data of userData) text = text.replaceAll(data, "");
  const found = text.match(new RegExp(`.{0,30}${VIETNAMESE_LETTERS.source}.{0,30}`, "i"));
  expect(found?.[0] ?? null, "a Vietnamese word on an English page").toBeNull();
}

function walletPanel(page: Page) {
  return page.getByRole("tabpanel", { name: "Wallet" });
}

/**
 * A buyer with 200,000 ₫ from an admin's adjustment (an English note) and one key bought through the
 * API, from `app` (the test's own, ownApp): priced and stocked here, so no demo app's stock is sold.
 */
async function buyerWithAKey(request: APIRequestContext, prefix: string, app: string) {
  const buyer = await newUser(request, prefix, NAMES);
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const adminAuth = { Authorization: `Bearer ${admin.access}` };
  const priced = await request.post(`/api/keys/apps/${app}/pricing/`, { headers: adminAuth, data: { key_type: "1day", price: 20000, currency: "VND" } });
  expect(priced.status(), await priced.text()).toBe(201);
  const imported = await request.post("/api/keys/bulk-import/", { headers: adminAuth, data: { app_url: app, key_type: "1day", keys_text: `EN-${uniqueId()}-${uniqueId()}`.toUpperCase() } });
  expect(imported.ok(), await imported.text()).toBe(true);
  const adjusted = await request.post(`/api/admin/users/${buyer.user.id}/adjust-balance/`, {
    headers: adminAuth,
    data: { amount: 200000, transaction_type: "admin_adjustment", description: "E2E: money for a key" },
  });
  expect(adjusted.ok(), await adjusted.text()).toBe(true);
  const auth = { Authorization: `Bearer ${buyer.access}` };
  const pricing = await (await request.get(`/api/keys/apps/${app}/pricing/`, { headers: auth })).json();
  const option = (pricing.data as { id: number; price: number; can_purchase: boolean; key_type_name: string; key_type: { name: string } }[]).find((item) => item.can_purchase && item.price <= 200000);
  expect(option, "a key the buyer can afford").toBeTruthy();
  const bought = await request.post("/api/keys/purchase/", { headers: auth, data: { key_pricing_id: option!.id, payment_method: "balance" } });
  expect(bought.ok(), await bought.text()).toBe(true);
  const { key } = await bought.json();
  return { buyer, option: option!, key };
}

async function bankPays(baseURL: string | undefined, content: string, amount: number) {
  const settings = localSettings();
  const transfer = await simulateBankTransfer({ origin: baseURL, apiKey: settings.SEPAY_API_KEY, accountNumber: settings.VIETQR_ACCOUNT_NUMBER, content, amount });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
}

test("the English profile labels the two names as registration asked for them: family name, then given name", async ({ page, request }) => {
  const buyer = await newUser(request, "ennames", NAMES);
  await signIn(page, buyer);
  await page.goto("/en/profile");
  const details = page.locator("main dl");
  await expect(details.locator("div").filter({ hasText: NAMES.first_name }).locator("dt")).toHaveText("Family name");
  await expect(details.locator("div").filter({ hasText: NAMES.last_name }).locator("dt")).toHaveText("Given name");
});

test("the English profile and wallet: tabs, figures and movements in English, amounts as English writes them", { tag: "@phone" }, async ({ page, request, ownApp }) => {
  const { buyer, option } = await buyerWithAKey(request, "enwallet", await ownApp("e2e-enwallet"));
  const left = 200000 - option.price;
  await signIn(page, buyer);

  await page.goto("/en/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(/^Profile \| /);
  const main = page.locator("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alex Reader");
  await expect(page.getByTestId("profile-balance")).toHaveText(english(left));
  await expect(main).toContainText(/Joined \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Account details" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Security" })).toHaveAttribute("href", "/en/profile/security");
  await expect(main.getByText("Email notifications")).toBeVisible();
  await expectEnglish(main, ["Alex Reader"]);

  // The wallet tab: its figures, the ways to top up and the ledger, newest first.
  await page.getByRole("tab", { name: "Wallet" }).click();
  await expect(page).toHaveURL(/\/en\/profile\?tab=wallet$/);
  const wallet = walletPanel(page);
  await expect(wallet.getByRole("heading", { name: "Transaction history" })).toBeVisible();
  await expect(wallet.getByTestId("wallet-total-topped-up")).toHaveText(english(200000));
  await expect(wallet.getByTestId("wallet-available")).toHaveText(english(left));
  const rate = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }).format((left / 200000) * 100);
  await expect(wallet.getByTestId("wallet-saving-rate")).toHaveText(`${rate}%`);
  await expect(wallet.getByRole("button", { name: "VietQR top-up" })).toBeVisible();
  await expect(wallet.getByRole("button", { name: "Phone card top-up" })).toBeVisible();

  const rows = wallet.getByTestId("wallet-transaction");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-type", "purchase");
  // The key type in English (issue 54 item 5: no "1 Ngày" on an English page), the app as the shop named it.
  await expect(rows.nth(0)).toContainText(`Key purchase: ${keyTypeNameEn(option.key_type.name, option.key_type_name)}`);
  await expect(rows.nth(0)).not.toContainText("Ngày");
  await expect(rows.nth(0).getByTestId("wallet-transaction-amount")).toHaveText(`−${english(option.price)}`);
  await expect(rows.nth(0)).toContainText(`Balance: ${english(left)}`);
  await expect(rows.nth(0)).toContainText(/\d{2}:\d{2}, \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(rows.nth(1)).toContainText("Adjustment by the store: E2E: money for a key");
  await expect(rows.nth(1).getByTestId("wallet-transaction-amount")).toHaveText(`+${english(200000)}`);
  await expect(rows.nth(1)).toContainText(`Balance: ${english(200000)}`);
  // The key's name and its app are the store's data, as the admin named them.
  const purchaseLine = (await rows.nth(0).locator("p").first().innerText()).replace("Key purchase: ", "");
  await expectEnglish(main, ["Alex Reader", purchaseLine]);
});

test("a VietQR top-up in English: the dialog, the QR and its transfer details, and the bank's credit", { tag: "@phone" }, async ({ page, request, context, baseURL }) => {
  const buyer = await newUser(request, "enqr", NAMES);
  await signIn(page, buyer);
  await page.goto("/en/profile?tab=wallet");
  await expect(page.getByTestId("profile-balance")).toHaveText(english(0));
  await walletPanel(page).getByRole("button", { name: "VietQR top-up" }).click();
  const dialog = page.getByRole("dialog", { name: "Top up with VietQR" });
  await expect(dialog).toBeVisible();

  // The form: its checks, hint and quick picks in English; typed amounts grouped the English way.
  const amount = dialog.getByLabel("Amount to top up");
  await amount.fill("50000");
  await expect(amount).toHaveValue("50,000");
  await dialog.getByRole("button", { name: "Create the QR code" }).click();
  await expect(dialog.getByText(`The minimum amount is ${english(60000)}`)).toBeVisible();
  await expect(dialog).toContainText(`Minimum ${english(60000)}, maximum ${english(50000000)}, in multiples of 1,000 ₫.`);
  const picks = dialog.getByRole("group", { name: "Quick picks" }).getByRole("button");
  await expect(picks).toHaveText([english(60000), english(150000), english(350000), english(500000)]);
  await expect(dialog.getByLabel("Promotion code (if any)")).toBeVisible();
  await expectEnglish(dialog);
  await picks.nth(1).click();
  await expect(amount).toHaveValue("150,000");
  await dialog.getByRole("button", { name: "Create the QR code" }).click();

  // The QR and the transfer details, captioned in English; the bank, account and content as they are.
  const image = dialog.getByTestId("vietqr-image");
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("alt", `QR code for a transfer of ${english(150000)}`);
  const settings = localSettings();
  const details = dialog.locator("dl");
  await expect(details.locator("dt")).toHaveText(["Bank", "Account number", "Account holder", "Amount", "Transfer content"]);
  await expect(dialog.getByTestId("vietqr-account-number")).toHaveText(settings.VIETQR_ACCOUNT_NUMBER);
  await expect(dialog.getByTestId("vietqr-amount")).toHaveText(english(150000));
  const content = (await dialog.getByTestId("vietqr-content").innerText()).trim();
  expect(content).toMatch(/^IGH[A-Z0-9]{8}$/);
  await expect(dialog.getByRole("timer", { name: "Time left" })).toHaveText(/^(29:[0-5]\d|30:00)$/);
  await expect(dialog.getByTestId("vietqr-status")).toHaveText("Awaiting payment");
  await expect(dialog).toContainText("Enter the transfer content exactly to be credited automatically.");
  await expect(dialog.getByRole("button", { name: "Check" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel the top-up" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Start another top-up" })).toBeVisible();
  await expectEnglish(dialog, [settings.VIETQR_ACCOUNT_NAME]);

  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await dialog.getByRole("button", { name: /transfer content$/ }).click();
  await expect(toast(page, "Copied the transfer content")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(content);

  // The bank says the money arrived: the open dialog is told live and says so in English.
  await bankPays(baseURL, content, 150000);
  await expect(toast(page, `Top-up complete! ${english(150000)} added to your wallet.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("profile-balance")).toHaveText(english(150000));
  const deposit = walletPanel(page).getByTestId("wallet-transaction").first();
  await expect(deposit).toContainText(`VietQR top-up ${content}`);
  await expect(deposit.getByTestId("wallet-transaction-amount")).toHaveText(`+${english(150000)}`);
  await expect(deposit).toContainText(`Balance: ${english(150000)}`);
  await expectEnglish(page.locator("main"), ["Alex Reader"]);
});

test("money on its way in English: a top-up awaiting payment is listed, and its credit with the dialog closed is told live", { tag: "@phone" }, async ({ page, request, baseURL }) => {
  const buyer: Session = await newUser(request, "enlive", NAMES);
  const created = await request.post("/api/vietqr/create/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { amount: 130000 } });
  expect(created.status(), await created.text()).toBe(201);
  const content = (await created.json()).data.description as string;
  await signIn(page, buyer);
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/auth/wallet/live/"));
  await page.goto("/en/profile?tab=wallet");
  await socket;

  const wallet = walletPanel(page);
  await expect(wallet.getByRole("heading", { name: "Awaiting payment" })).toBeVisible();
  const pending = wallet.getByTestId("pending-topup");
  await expect(pending.getByTestId("pending-topup-amount")).toHaveText(english(130000));
  await expect(pending.getByTestId("pending-topup-content")).toHaveText(content);
  await expect(pending.getByRole("timer", { name: "Time left" })).toBeVisible();
  await expect(pending.getByRole("button", { name: "Show the QR code" })).toBeVisible();
  await expect(wallet.getByText("No transactions yet.")).toBeVisible();
  await expectEnglish(page.locator("main"), ["Alex Reader"]);

  await bankPays(baseURL, content, 130000);
  await expect(toast(page, new RegExp(`^${literally(english(130000))} added to your wallet`))).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("profile-balance")).toHaveText(english(130000));
  await expect(wallet.getByTestId("pending-topup")).toHaveCount(0);
  await expect(wallet.getByTestId("wallet-transaction").first()).toContainText(`VietQR top-up ${content}`);
});

test("the purchases tab in English: the key, its code to copy, where it stands", { tag: "@phone" }, async ({ page, request, context, baseURL, ownApp }) => {
  const { buyer, option, key } = await buyerWithAKey(request, "enkeys", await ownApp("e2e-enkeys"));
  await signIn(page, buyer);
  await page.goto("/en/profile?tab=purchases");
  await expect(page.getByRole("tab", { name: "Purchases" })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Purchases" });
  const row = panel.getByTestId("purchase");
  await expect(row).toHaveCount(1);
  const appName = (await row.locator("p").first().innerText()).trim();
  expect(appName.length).toBeGreaterThan(0);
  await expect(row).toContainText("Completed");
  await expect(row.locator("dt")).toHaveText(["Key type", "Price", "Bought"]);
  // The four key types have English names on English pages (issue 54 item 5).
  const englishName: Record<string, string> = { "1day": "1 day", "7days": "7 days", "30days": "30 days", lifetime: "Lifetime" };
  await expect(row).toContainText(englishName[option.key_type.name] ?? option.key_type_name);
  await expect(row).toContainText(english(option.price));
  await expect(row).toContainText(/\d{2}:\d{2}, \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(row.getByTestId("purchase-key")).toHaveText(key.key_code);
  await expect(row.getByTestId("purchase-binding-state")).toHaveText("Not activated");
  await expectEnglish(page.locator("main"), ["Alex Reader", appName, option.key_type_name]);

  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await row.getByRole("button", { name: /key$/ }).click();
  await expect(toast(page, "Key copied to the clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key.key_code);

  // The other tabs stay in English as the keyboard moves between them.
  await page.getByRole("tab", { name: "Purchases" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Wallet" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/en\/profile\?tab=wallet$/);
});
