import { expect, type APIRequestContext, type Page, type Route, test } from "@playwright/test";
import { newUser, type Session, signIn, toast } from "./support";

// One data path for money (issue #43 item 4): the VietQR top-up and the phone card go through the
// profile's clientAction with useFetcher. On a phone (390 px): each goes out as exactly one API
// call however often it is tapped, the fetcher's pending state keeps the button busy while it is
// on its way, the list behind the dialog follows its answer, and a refusal is said in the dialog.

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const TOO_MANY_PENDING = "Bạn có quá nhiều giao dịch đang chờ thanh toán. Vui lòng hoàn tất hoặc hủy bớt giao dịch.";

function walletPanel(page: Page) {
  return page.getByRole("tabpanel", { name: "Ví tiền" });
}

/** Digits for a card serial or code that no earlier run has used. */
function uniqueDigits(length: number, suffix = ""): string {
  let digits = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  while (digits.length < length) digits += Math.floor(Math.random() * 10);
  return digits.slice(-(length - suffix.length)).replace(/^0/, "1") + suffix;
}

async function pendingTopup(request: APIRequestContext, buyer: Session, amount: number) {
  const created = await request.post("/api/vietqr/create/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { amount } });
  expect(created.status(), await created.text()).toBe(201);
}

/** Counts the calls to `path` and holds each until `release()`; then they go on to the server. */
async function holdCalls(page: Page, path: string) {
  const calls: unknown[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(path, async (route: Route) => {
    calls.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  return { calls, release: () => release() };
}

test("a VietQR top-up and a phone card each go out once, busy while on their way; a refused top-up says why in the dialog", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await newUser(request, "oneway");
  // Four top-ups await a transfer already: the store takes one more (5 at most), then refuses.
  for (const amount of [61_000, 62_000, 63_000, 64_000]) await pendingTopup(request, buyer, amount);
  await signIn(page, buyer);
  await page.goto("/profile?tab=wallet");
  await expect(walletPanel(page).getByTestId("pending-topup")).toHaveCount(4);

  const creates = await holdCalls(page, "**/api/vietqr/create/");
  await walletPanel(page).getByRole("button", { name: "Nạp qua VietQR" }).click();
  const dialog = page.getByRole("dialog", { name: "Nạp tiền qua VietQR" });
  // The newest pending one is resumed: start another.
  await dialog.getByRole("button", { name: "Tạo giao dịch khác" }).click();
  const amount = dialog.getByLabel("Số tiền nạp");
  await amount.fill("65000");
  const create = dialog.getByRole("button", { name: "Tạo mã QR" });
  await create.click();

  // On its way: the button is busy and refuses more taps; Enter in the field sends nothing either.
  const busy = dialog.getByRole("button", { name: "Đang tạo giao dịch..." });
  await expect(busy).toHaveAttribute("aria-busy", "true");
  await expect(busy).toBeDisabled();
  await busy.click({ force: true });
  await amount.press("Enter");
  await expect.poll(() => creates.calls.length).toBe(1);
  creates.release();
  await expect(dialog.getByTestId("vietqr-amount")).toHaveText(/^65\.000\s₫$/);
  expect(creates.calls).toEqual([{ amount: 65000 }]);
  // The answer moved money: the list behind the dialog is read again at once.
  await expect(walletPanel(page).getByTestId("pending-topup")).toHaveCount(5);

  // A sixth is refused: the reason shows in the dialog's form, not as a passing toast.
  await dialog.getByRole("button", { name: "Tạo giao dịch khác" }).click();
  await amount.fill("66000");
  await create.click();
  const refusal = dialog.locator("form").getByRole("alert");
  await expect(refusal).toHaveText(TOO_MANY_PENDING);
  await expect(toast(page, TOO_MANY_PENDING)).toHaveCount(0);
  await expect(create).not.toHaveAttribute("aria-busy", "true");
  expect(creates.calls).toHaveLength(2);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // A phone card: one call, busy while it is on its way, then the gateway's answer is awaited.
  const cards = await holdCalls(page, "**/api/cards/create/");
  await walletPanel(page).getByRole("button", { name: "Nạp thẻ cào" }).click();
  const cardDialog = page.getByRole("dialog", { name: "Nạp tiền bằng thẻ cào" });
  await expect(cardDialog.getByRole("button", { name: "Gửi thẻ cào" })).toBeEnabled();
  await cardDialog.getByLabel("Nhà mạng").selectOption("VIETTEL");
  await cardDialog.getByLabel("Mệnh giá").selectOption({ label: "100.000\u00a0₫" });
  await cardDialog.getByLabel("Số serial").fill(uniqueDigits(14));
  await cardDialog.getByLabel("Mã thẻ").fill(uniqueDigits(13, "1"));
  await cardDialog.getByRole("button", { name: "Gửi thẻ cào" }).click();
  const sending = cardDialog.getByRole("button", { name: "Đang gửi thẻ..." });
  await expect(sending).toHaveAttribute("aria-busy", "true");
  await expect(sending).toBeDisabled();
  await sending.click({ force: true });
  await cardDialog.getByLabel("Mã thẻ").press("Enter");
  await expect.poll(() => cards.calls.length).toBe(1);
  cards.release();
  await expect(toast(page, /Nạp thẻ thành công! Đã cộng 80\.000\s₫ vào ví\./)).toBeVisible({ timeout: 20_000 });
  expect(cards.calls).toHaveLength(1);
  await expect(page.getByTestId("profile-balance")).toHaveText(/^80\.000\s₫$/);
});

test("a card the rule refuses is said under its field and sends nothing", async ({ page, request }) => {
  const buyer = await newUser(request, "cardrule");
  await signIn(page, buyer);
  await page.goto("/profile?tab=wallet");
  // The card's one call (the profile's clientAction runs in the page and sends only this).
  const sent: string[] = [];
  page.on("request", (call) => {
    if (call.url().includes("/api/cards/create")) sent.push(call.url());
  });
  await walletPanel(page).getByRole("button", { name: "Nạp thẻ cào" }).click();
  const dialog = page.getByRole("dialog", { name: "Nạp tiền bằng thẻ cào" });
  const send = dialog.getByRole("button", { name: "Gửi thẻ cào" });
  await expect(send).toBeEnabled(); // the config has loaded
  await dialog.getByLabel("Nhà mạng").selectOption("VIETTEL");
  await dialog.getByLabel("Mệnh giá").selectOption({ label: "100.000\u00a0₫" });
  const serial = dialog.getByLabel("Số serial");
  await serial.fill(uniqueDigits(9));
  await dialog.getByLabel("Mã thẻ").fill(uniqueDigits(13, "1"));
  await send.click();
  await expect(serial).toHaveAttribute("aria-invalid", "true");
  await expect(serial).toHaveAccessibleDescription("Số serial phải có ít nhất 10 ký tự");
  await expect(dialog.getByLabel("Mã thẻ")).not.toHaveAttribute("aria-invalid", "true");
  await expect(send).not.toHaveAttribute("aria-busy", "true");
  expect(sent).toEqual([]);
});
