import { expect, type APIRequestContext, type Page, test } from "@playwright/test";
import { localSettings } from "../../scripts/lib.mjs";
import { simulateBankTransfer } from "../../scripts/simulate-bank.mjs";
import { newUser, sendCardFromWallet, type Session, signIn, toast } from "./support";

// Money a buyer can watch (issue #43): a credit reaches every open screen at once, live, even with
// no dialog open; money on its way can be found again; countdowns run on the server's clock. On a
// phone (390 px), where a buyer leaves for the banking app and comes back.

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

/** 2 s is the product's promise; the rest leaves room for a loaded test machine. */
const LIVE_MS = 5_000;

function walletPanel(page: Page) {
  return page.getByRole("tabpanel", { name: "Ví tiền" });
}

/** A VietQR top-up asked for through the API: its transfer content. */
async function pendingTopup(request: APIRequestContext, buyer: Session, amount: number): Promise<string> {
  const created = await request.post("/api/vietqr/create/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { amount } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data.description as string;
}

async function bankPays(baseURL: string | undefined, content: string, amount: number) {
  const settings = localSettings();
  const transfer = await simulateBankTransfer({ origin: baseURL, apiKey: settings.SEPAY_API_KEY, accountNumber: settings.VIETQR_ACCOUNT_NUMBER, content, amount });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
}

/** The wallet tab, hydrated and listening (its list read, the live socket open). */
async function openWallet(page: Page) {
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/auth/wallet/live/"));
  await page.goto("/profile?tab=wallet");
  await expect(page.getByTestId("profile-balance")).toBeVisible();
  return socket;
}

test("a transfer credited while the QR dialog is closed shows at once: the wallet, its lists and 'Đã cộng … vào ví'", { tag: "@phone" }, async ({ page, request, baseURL }) => {
  const buyer = await newUser(request, "live");
  const content = await pendingTopup(request, buyer, 130_000);
  await signIn(page, buyer);
  await openWallet(page);
  await expect(walletPanel(page).getByTestId("pending-topup")).toHaveCount(1);

  await bankPays(baseURL, content, 130_000);
  await expect(toast(page, /^Đã cộng 130\.000\s₫ vào ví/)).toBeVisible({ timeout: LIVE_MS });
  await expect(page.getByTestId("profile-balance")).toHaveText(/^130\.000\s₫$/);
  await expect(walletPanel(page).getByTestId("pending-topup")).toHaveCount(0);
  await expect(walletPanel(page).getByTestId("wallet-transaction").first()).toContainText(content);
});

test("two tabs of one buyer both hear of one credit", async ({ page, context, request, baseURL }) => {
  const buyer = await newUser(request, "twotabs");
  const content = await pendingTopup(request, buyer, 90_000);
  await signIn(page, buyer);
  await openWallet(page);
  const other = await context.newPage();
  await openWallet(other);

  await bankPays(baseURL, content, 90_000);
  for (const tab of [page, other]) {
    await expect(tab.getByTestId("profile-balance")).toHaveText(/^90\.000\s₫$/, { timeout: LIVE_MS });
  }
});

test("a session ended elsewhere closes the open page's live socket, which does not come back (issue 52)", async ({ page, request, baseURL }) => {
  const buyer = await newUser(request, "ended");
  const content = await pendingTopup(request, buyer, 70_000);
  await signIn(page, buyer);
  const socket = await openWallet(page);
  expect(socket.isClosed()).toBe(false);
  // The same session signed out from another device: this page's storage still holds its tokens.
  const ended = await request.post("/api/auth/logout/", { data: { refresh: buyer.refresh } });
  expect(ended.status()).toBe(200);
  await expect.poll(() => socket.isClosed(), { timeout: LIVE_MS }).toBe(true);
  // No new socket: the store closed this one for good, and the page holds no other session.
  const reopened = page.waitForEvent("websocket", { timeout: 4_000 }).then(() => true, () => false);
  await bankPays(baseURL, content, 70_000);
  expect(await reopened).toBe(false);
  await expect(toast(page, /^Đã cộng/)).toHaveCount(0);
});

test("with the live socket refused, polling takes over and the credit still shows", async ({ page, request, baseURL }) => {
  test.slow();
  const buyer = await newUser(request, "nosocket");
  const content = await pendingTopup(request, buyer, 60_000);
  // No ticket, so no socket: a network that refuses it.
  await page.route("**/api/auth/wallet/live-ticket/", (route) => route.abort());
  await signIn(page, buyer);
  await page.goto("/profile?tab=wallet");
  await expect(page.getByTestId("profile-balance")).toHaveText(/^0\s₫$/);

  await bankPays(baseURL, content, 60_000);
  // Two refused tries (1 s, then 2 s apart), then a read every 10 s while the tab is visible.
  await expect(toast(page, /^Đã cộng 60\.000\s₫ vào ví/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("profile-balance")).toHaveText(/^60\.000\s₫$/);
});

test("a credit that arrived while no page of the store was open shows in the header of the next page opened", { tag: "@phone" }, async ({ page, context, request, baseURL }) => {
  const buyer = await newUser(request, "closed");
  const content = await pendingTopup(request, buyer, 70_000);
  await signIn(page, buyer);
  await page.goto("/");
  const header = (tab: Page) => tab.getByRole("banner").getByRole("link", { name: /\d\s₫$/ });
  await expect(header(page)).toHaveText(/^0\s₫$/);
  await page.close();

  // The bank's credit, with no tab open to hear it; the session stays in the browser.
  await bankPays(baseURL, content, 70_000);
  const next = await context.newPage();
  await next.goto("/");
  await expect(header(next)).toHaveText(/^70\.000\s₫$/, { timeout: LIVE_MS });
});

test("a phone card still being checked stays findable after its dialog is closed", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await newUser(request, "cardwait");
  await signIn(page, buyer);
  await page.goto("/profile?tab=wallet");
  // The simulated gateway never answers a code ending in 8888: the card stays pending.
  const dialog = await sendCardFromWallet(page, { serial: `${String(Date.now()).slice(-10)}4321`, code: `${String(Date.now()).slice(-9)}8888` });
  await expect(dialog.getByText("Đang xử lý thẻ cào, vui lòng chờ...")).toBeVisible();

  await dialog.getByRole("button", { name: "Đóng" }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, "Thẻ đang được kiểm tra. Bạn có thể theo dõi trong Ví tiền, mục Đang chờ thanh toán.")).toBeVisible();
  const card = walletPanel(page).getByTestId("pending-card");
  await expect(card).toHaveCount(1);
  await expect(walletPanel(page).getByRole("heading", { name: "Đang chờ thanh toán" })).toBeVisible();
  await expect(card).toContainText(/Thẻ Viettel 100\.000\s₫/);
  await expect(card).toContainText("Serial …4321");
  await expect(card.getByTestId("pending-card-state")).toHaveText("Đang xử lý");
  // And after a reload, as it would be found the next day.
  await page.reload();
  await expect(walletPanel(page).getByTestId("pending-card")).toContainText("Serial …4321");
});

test("'Xem mã QR' twenty minutes after the list loaded counts down what is really left", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await newUser(request, "clock");
  await pendingTopup(request, buyer, 110_000);
  await page.clock.install();
  await signIn(page, buyer);
  await page.goto("/profile?tab=wallet");
  const row = walletPanel(page).getByTestId("pending-topup");
  await expect(row.getByRole("timer")).toHaveText(/^(29:[0-5]\d|30:00)$/);

  await page.clock.fastForward("20:00");
  await expect(row.getByRole("timer")).toHaveText(/^(09:[0-5]\d|10:00)$/);
  await row.getByRole("button", { name: "Xem mã QR" }).click();
  const dialog = page.getByRole("dialog", { name: "Nạp tiền qua VietQR" });
  await expect(dialog.getByRole("timer")).toHaveText(/^(09:[0-5]\d|10:00)$/);
});
