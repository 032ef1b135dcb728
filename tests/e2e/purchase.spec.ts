import { expect, type Page, type Route, test } from "@playwright/test";
import { closeMenu, fakeSession, fundUser, headerAccount, liveWalletCaughtUp, newUser, signIn, toast, walletOf } from "./support";

// Buying a key on an app page (docs/product.md §2 "Key purchase", §4 "Purchase flow", §8 "Purchase"):
// the option list, the guest's way to login, the pre-checks, both dialogs, a real purchase.

const APP = "/chien-binh-rong-mod-menu";
// The development admin (README "Set-up"); used to fund a buyer until /api/dev/credit/ exists.

// What a buyer reads when a purchase's answer was lost on the way (issue 43 finding 6).
const ANSWER_LOST =
  "Mất kết nối trước khi nhận được kết quả, nên giao dịch có thể đã thành công. Bạn có thể bấm “Xác nhận mua” để thử lại an toàn: nếu đã mua, bạn sẽ nhận lại đúng key đó và chỉ bị trừ tiền một lần.";

function option(page: Page, name: string) {
  return page.getByRole("radio", { name: new RegExp(`^${name}`) });
}

function optionState(page: Page, name: string) {
  return page.locator("[data-pricing-id]").filter({ has: option(page, name) }).getByTestId("pricing-state");
}

/** The option ids in the order the page shows them. */
function pricingIds(page: Page): Promise<number[]> {
  return page.locator("[data-pricing-id]").evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-pricing-id"))));
}

function stockOf(label: string): number {
  const match = /còn (\d+)/i.exec(label);
  if (!match) throw new Error(`no count in "${label}"`);
  return Number(match[1]);
}

test.describe("the option list in the first HTML", () => {
  test.use({ javaScriptEnabled: false });

  test("is sorted, shows each state, and has the first buyable option chosen", async ({ page }) => {
    await page.goto(APP);
    const group = page.getByRole("radiogroup", { name: "Mua key" });
    await expect(group.getByRole("radio")).toHaveCount(4);
    const names = await group.locator("[data-pricing-id]").allInnerTexts();
    expect(names.map((text) => text.split("\n")[0].trim())).toEqual(["1 Ngày", "7 Ngày", "30 Ngày", "Vĩnh viễn"]);
    await expect(option(page, "1 Ngày")).toBeChecked();
    await expect(optionState(page, "1 Ngày")).toHaveText(/^Còn \d+ key$/);
    await expect(optionState(page, "30 Ngày")).toHaveText(/^Sắp hết \(còn \d\)$/);
    await expect(optionState(page, "Vĩnh viễn")).toHaveText("Hết hàng");
    await expect(option(page, "Vĩnh viễn")).toBeDisabled();

    // A paused option is last and cannot be chosen.
    await page.goto("/skyline-racer-vip");
    await expect(page.locator("[data-pricing-id]").last()).toHaveAttribute("data-state", "paused");
    await expect(optionState(page, "30 Ngày")).toHaveText("Tạm dừng");
    await expect(option(page, "30 Ngày")).toBeDisabled();
  });
});

test.describe("the option list", () => {
  test("is a keyboard radio group that skips the sold-out option", async ({ page }) => {
    await page.goto(APP);
    await expect(page.getByRole("button", { name: "Mua ngay" })).toBeEnabled(); // hydrated
    await option(page, "1 Ngày").focus();
    await page.keyboard.press("ArrowDown");
    await expect(option(page, "7 Ngày")).toBeChecked();
    await expect(option(page, "7 Ngày")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(option(page, "30 Ngày")).toBeChecked();
    await page.keyboard.press("ArrowDown"); // past Vĩnh viễn (sold out), round to the first
    await expect(option(page, "1 Ngày")).toBeChecked();
    await expect(page.getByText(/Đã chọn: 1 Ngày/)).toBeVisible();
  });
});

test("a guest who clicks buy is sent to log in, with this page as the way back", async ({ page }) => {
  await page.goto(APP);
  const buy = page.getByRole("button", { name: "Mua ngay" });
  await expect(buy).toBeEnabled(); // hydrated
  await option(page, "7 Ngày").check();
  await buy.click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fchien-binh-rong-mod-menu$/);
});

test.describe("with a fake session and a stubbed server", () => {
  // A stored session is all the page checks before calling the API; the calls themselves are
  // answered here, so every failure path can be reached.
  const fake = fakeSession({ id: 424242, username: "gia_lap", email: "gia.lap@example.com", balance: 500000, formatted_balance: "500.000 ₫" });

  async function stubWallet(page: Page, balance: number) {
    await page.route("**/api/auth/wallet/balance/", (route) =>
      route.fulfill({
        json: { success: true, data: { balance, formatted_balance: `${new Intl.NumberFormat("vi-VN").format(balance)}\u00a0₫`, total_spent: 0, total_keys_purchased: 0 } },
      }),
    );
  }


  test("the availability check: sold out, not sellable, a failed call", async ({ page }) => {
    await signIn(page, fake);
    await stubWallet(page, 500000);
    let availability: (route: Route) => Promise<void> = (route) => route.fulfill({ json: { success: true, data: { can_purchase: false, available_count: 0, is_available: false } } });
    await page.route("**/api/keys/availability/**", (route) => availability(route));
    // GET pricing answers the page's own list with the 1-day keys now gone.
    let reloaded: unknown[] = [];
    let pricingCalls = 0;
    await page.route("**/api/keys/apps/*/pricing/", (route) => {
      pricingCalls++;
      expect(route.request().headers().authorization).toBe(`Bearer ${fake.access}`);
      return route.fulfill({ json: { success: true, data: reloaded } });
    });

    // The check runs only for stock over a minute old (KeyPurchase.tsx): the page's clock moves on.
    await page.clock.install();
    const stockAges = () => page.clock.fastForward(61_000);
    await page.goto(APP);
    const ids = await pricingIds(page);
    reloaded = [stub(ids[0], "1 Ngày", 20000, 0), stub(ids[1], "7 Ngày", 50000, 12), stub(ids[2], "30 Ngày", 120000, 4), stub(ids[3], "Vĩnh viễn", 350000, 0)];

    const buy = page.getByRole("button", { name: "Mua ngay" });
    await expect(buy).toBeEnabled(); // hydrated
    await stockAges();
    await buy.click();
    await expect(toast(page, "Key này đã hết hàng. Vui lòng chọn loại key khác hoặc chờ admin nhập thêm.")).toBeVisible();
    await expect(optionState(page, "1 Ngày")).toHaveText("Hết hàng");
    await expect(option(page, "7 Ngày")).toBeChecked(); // the choice moved to the first buyable option
    // And says so beside the choice (issue 53: it moved silently).
    await expect(page.getByTestId("pricing-gave-way")).toHaveText("Không mua được 1 Ngày nữa (Hết hàng).");
    // The buyer's own choice needs no word.
    await option(page, "30 Ngày").check();
    await expect(page.getByTestId("pricing-gave-way")).toHaveCount(0);
    await option(page, "7 Ngày").check();
    expect(pricingCalls).toBe(1);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    availability = (route) => route.fulfill({ json: { success: true, message: "Tạm thời không bán loại key này", data: { can_purchase: false, available_count: 12, is_available: true } } });
    await stockAges();
    // The stock must age after the page has taken this reload, not before: its own clock starts then.
    const reload = page.waitForResponse((response) => response.url().includes("/pricing/"));
    await buy.click();
    await expect(toast(page, "Tạm thời không bán loại key này")).toBeVisible();
    await expect.poll(() => pricingCalls).toBe(2);
    await reload;

    availability = (route) => route.fulfill({ status: 500, json: { success: false, message: "Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau." } });
    await stockAges();
    await buy.click();
    await expect(toast(page, "Không thể kiểm tra tình trạng key. Vui lòng thử lại.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the network drops as a purchase dialog's file is fetched: the buyer is told, the page stays, and nothing is bought until the key can be shown", async ({ page }) => {
    await signIn(page, fake);
    await stubWallet(page, 500000);
    await page.route("**/api/keys/availability/**", (route) => route.fulfill({ json: { success: true, data: { can_purchase: true, available_count: 4, is_available: true } } }));
    await page.route("**/api/keys/apps/*/pricing/", (route) => route.fulfill({ json: { success: true, data: [] } }));
    let purchases = 0;
    await page.route("**/api/keys/purchase/", (route) => {
      purchases++;
      return route.fulfill({
        json: {
          success: true,
          message: "Mua key thành công!",
          key: { key_code: "IGH-MANG-0000-1111-2222", key_type_name: "7 Ngày", app_name: "Chiến Binh Rồng Mod Menu" },
          order: { formatted_price: "50.000\u00a0₫", purchased_at: new Date().toISOString() },
          user: { balance: 450000, formatted_balance: "450.000\u00a0₫", total_spent: 50000, total_keys_purchased: 1 },
        },
      });
    });
    const lost = toast(page, "Lỗi kết nối mạng. Vui lòng kiểm tra kết nối internet và thử lại.");
    const confirmFile = /\/assets\/PurchaseConfirmDialog-[\w-]+\.js$/;
    const successFile = /\/assets\/PurchaseSuccessDialog-[\w-]+\.js$/;
    await page.route(confirmFile, (route) => route.abort("internetdisconnected"));
    await page.route(successFile, (route) => route.abort("internetdisconnected"));

    await page.goto(APP);
    const buy = page.getByRole("button", { name: "Mua ngay" });
    await expect(buy).toBeEnabled(); // hydrated
    await option(page, "7 Ngày").check();
    await buy.click();
    await expect(lost).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("key-purchase")).toBeVisible();
    await expect(lost).toHaveCount(0, { timeout: 10_000 });

    // The confirm dialog comes; the one that would show the key still cannot: no money moves.
    await page.unroute(confirmFile);
    await buy.click();
    const confirm = page.getByRole("dialog", { name: "Xác nhận mua key" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    await expect(lost).toBeVisible();
    expect(purchases).toBe(0);
    await expect(confirm.getByRole("button", { name: "Xác nhận mua" })).toBeEnabled();

    await page.unroute(successFile);
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    const success = page.getByRole("dialog", { name: "Mua key thành công!" });
    await expect(success).toBeVisible();
    await expect(success.getByTestId("purchased-key")).toHaveText("IGH-MANG-0000-1111-2222");
    expect(purchases).toBe(1);
  });

  test("the dialogs: layout at 375 px, Escape and backdrop, a lost answer retried with the same key, 409, success", { tag: "@phone" }, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, fake);
    await stubWallet(page, 500000);
    await page.route("**/api/keys/availability/**", (route) => route.fulfill({ json: { success: true, data: { can_purchase: true, available_count: 4, is_available: true } } }));
    let reloaded: unknown[] = [];
    let pricingCalls = 0;
    await page.route("**/api/keys/apps/*/pricing/", (route) => {
      pricingCalls++;
      return route.fulfill({ json: { success: true, data: reloaded } });
    });
    const purchases: { key: string | undefined; body: unknown }[] = [];
    let answer: (route: Route) => Promise<void> = (route) => route.abort("connectionreset");
    await page.route("**/api/keys/purchase/", (route) => {
      purchases.push({ key: route.request().headers()["idempotency-key"], body: route.request().postDataJSON() });
      return answer(route);
    });

    await page.goto(APP);
    const ids = await pricingIds(page);
    reloaded = [stub(ids[0], "1 Ngày", 20000, 25), stub(ids[1], "7 Ngày", 50000, 12), stub(ids[2], "30 Ngày", 120000, 3), stub(ids[3], "Vĩnh viễn", 350000, 0)];
    const buy = page.getByRole("button", { name: "Mua ngay" });
    await expect(buy).toBeEnabled(); // hydrated
    await option(page, "30 Ngày").check();
    await buy.click();

    const confirm = page.getByRole("dialog", { name: "Xác nhận mua key" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("Chiến Binh Rồng Mod Menu");
    await expect(confirm).toContainText("30 Ngày");
    await expect(confirm.getByTestId("purchase-price")).toHaveText(/120\.000\s₫/);
    await expect(confirm.getByTestId("purchase-balance")).toHaveText(/500\.000\s₫/);
    await expect(confirm.getByRole("radio", { name: "Thanh toán bằng số dư ví" })).toBeChecked();
    await expect.poll(() => confirm.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    // Comfortable at 375 px: the sheet fits, nothing scrolls sideways.
    const box = await confirm.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(buy).toBeFocused();
    await buy.click();
    await expect(confirm).toBeVisible();
    await page.getByTestId("purchase-confirm-backdrop").click({ position: { x: 10, y: 10 } });
    await expect(confirm).toHaveCount(0);

    // The answer is lost: the buyer is told, and trying again sends the same idempotency key.
    await buy.click();
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    await expect(toast(page, ANSWER_LOST)).toBeVisible();
    await expect(confirm).toBeVisible();
    answer = (route) => route.fulfill({ status: 409, json: { success: false, message: "Key này đã hết hàng. Vui lòng chọn loại key khác." } });
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    await expect(toast(page, "Key này đã hết hàng. Vui lòng chọn loại key khác.")).toBeVisible();
    await expect(confirm).toHaveCount(0); // closed, and the list reloaded
    await expect.poll(() => pricingCalls).toBe(1);
    expect(purchases).toHaveLength(2);
    expect(purchases[0].key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(purchases[1].key).toBe(purchases[0].key);
    expect(purchases[0].body).toEqual({ key_pricing_id: ids[2], payment_method: "balance" });

    // A new attempt after a definite answer gets a new key; this time it sells.
    answer = (route) =>
      route.fulfill({
        json: {
          success: true,
          message: "Mua key thành công!",
          key: { key_code: "IGH-TEST-0000-1111-2222", key_type_name: "30 Ngày", app_name: "Chiến Binh Rồng Mod Menu" },
          order: { formatted_price: "120.000\u00a0₫", purchased_at: new Date().toISOString() },
          user: { balance: 380000, formatted_balance: "380.000\u00a0₫", total_spent: 120000, total_keys_purchased: 1 },
        },
      });
    await buy.click();
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    const success = page.getByRole("dialog", { name: "Mua key thành công!" });
    await expect(success).toBeVisible();
    expect(purchases).toHaveLength(3);
    expect(purchases[2].key).not.toBe(purchases[0].key);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "{}"));
    expect(stored).toMatchObject({ balance: 380000, total_spent: 120000, total_keys_purchased: 1 });
    await expect(success.getByRole("link", { name: /Hồ sơ/ })).toHaveAttribute("href", "/profile?tab=purchases#profile-panel-purchases");
    const successBox = await success.boundingBox();
    expect(successBox!.width).toBeLessThanOrEqual(375);
  });
});

function stub(id: number, name: string, price: number, available: number) {
  return {
    id,
    pricing_id: id,
    key_type: { id, name, display_name: name, description: "", duration_days: 1, is_active: true },
    key_type_name: name,
    price,
    currency: "VND",
    formatted_price: `${new Intl.NumberFormat("vi-VN").format(price)}\u00a0₫`,
    vnd_price: price,
    formatted_vnd_price: `${new Intl.NumberFormat("vi-VN").format(price)}\u00a0₫`,
    formatted_total: `${new Intl.NumberFormat("vi-VN").format(price)}\u00a0₫`,
    is_active: true,
    available_count: available,
    is_available: available > 0,
    is_low_stock: available > 0 && available <= 5,
    can_purchase: available > 0,
  };
}

test("a buyer with an empty wallet is told what is missing; funded, the buyer gets a key", { tag: "@phone" }, async ({ page, request, context, isMobile, baseURL }) => {
  const buyer = await newUser(request);
  await signIn(page, buyer);
  await page.goto(APP);
  await expect(await headerAccount(page, isMobile)).toContainText(buyer.user.full_name); // hydrated, logged in
  await closeMenu(page, isMobile);

  await option(page, "30 Ngày").check();
  const before = stockOf(await optionState(page, "30 Ngày").innerText());
  const buy = page.getByRole("button", { name: "Mua ngay" });
  await buy.click();

  // 0 ₫: the shortfall with both amounts, the way to the wallet, and no way to buy.
  const confirm = page.getByRole("dialog", { name: "Xác nhận mua key" });
  await expect(confirm.getByTestId("purchase-balance")).toHaveText(/^0\s₫$/);
  const shortfall = confirm.getByTestId("purchase-shortfall");
  await expect(shortfall).toContainText(/Số dư không đủ\. Cần 120\.000\s₫, số dư hiện tại 0\s₫\./);
  // It carries the way back to this page (issue 53 overrules the bare "/profile?tab=wallet&topup=vietqr").
  await expect(shortfall.getByRole("link", { name: /Nạp tiền vào ví/ })).toHaveAttribute("href", `/profile?tab=wallet&topup=vietqr&back=${encodeURIComponent(APP)}`);
  await expect(confirm.getByRole("button", { name: "Xác nhận mua" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);

  // Funded: opening the dialog again reads the new balance.
  await fundUser(request, buyer.user.id, 200000);
  await buy.click();
  await expect(confirm.getByTestId("purchase-balance")).toHaveText(/^200\.000\s₫$/);
  await expect(confirm.getByTestId("purchase-shortfall")).toHaveCount(0);
  // On phones the header's balance sits behind the menu, under the dialog: checked after the purchase.
  if (!isMobile) await expect(page.getByRole("navigation", { name: "Tài khoản" })).toContainText(/200\.000\s₫/);
  await confirm.getByRole("button", { name: "Xác nhận mua" }).click();

  const success = page.getByRole("dialog", { name: "Mua key thành công!" });
  await expect(success).toBeVisible();
  const code = (await success.getByTestId("purchased-key").innerText()).trim();
  expect(code).toMatch(/^IGH-[0-9A-F]{4}(-[0-9A-F]{4}){3}$/i);

  // Copy: the clipboard holds the key, the button says so for 2 s.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await success.getByRole("button", { name: "Sao chép key" }).click();
  await expect(toast(page, "Đã copy key vào clipboard!")).toBeVisible();
  await expect(success.getByRole("button", { name: "Đã sao chép" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(success.getByRole("button", { name: "Sao chép key" })).toBeVisible({ timeout: 4000 });
  await success.getByRole("button", { name: "Đóng", exact: true }).first().click();
  await expect(success).toHaveCount(0);

  // The header, the option's stock and the purchase history follow.
  await expect(await headerAccount(page, isMobile)).toContainText(/80\.000\s₫/);
  await closeMenu(page, isMobile);
  await expect(optionState(page, "30 Ngày")).toHaveText(before - 1 > 0 ? `Sắp hết (còn ${before - 1})` : "Hết hàng");
  const access = await page.evaluate(() => localStorage.getItem("access_token"));
  const history = await request.get("/api/auth/purchase/history/", { headers: { Authorization: `Bearer ${access}` } });
  const { data } = await history.json();
  expect(data.map((order: { key_code: string }) => order.key_code)).toContain(code);
  expect(await walletOf(request, access)).toMatchObject({ balance: 80000, total_spent: 120000, total_keys_purchased: 1 });

  // …and the buyer finds the same key in the profile's purchases.
  await page.goto("/profile?tab=purchases");
  await expect(page.getByRole("tabpanel")).toContainText(code);
});

/** The API calls the page sends from now on ("GET /api/…"), in order; the header's live-wallet ticket is the page's, not the purchase's. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith("/api/") && pathname !== "/api/auth/wallet/live-ticket/") calls.push(`${sent.method()} ${pathname}`);
  });
  return calls;
}

test.describe("issue 43 on a phone", () => {
  test("a purchase takes at most 2 API calls from Mua ngay to the key, and its answer moves the balance and the stock", { tag: "@phone" }, async ({ page, request, isMobile }) => {
    const buyer = await newUser(request);
    await fundUser(request, buyer.user.id, 300000);
    await signIn(page, buyer);
    const caughtUp = liveWalletCaughtUp(page);
    await page.goto(APP);
    await expect(await headerAccount(page, isMobile)).toContainText(buyer.user.full_name); // hydrated, logged in
    await closeMenu(page, isMobile);
    await option(page, "1 Ngày").check();
    const before = stockOf(await optionState(page, "1 Ngày").innerText());
    await caughtUp;

    const calls = apiCalls(page);
    await page.getByRole("button", { name: "Mua ngay" }).click();
    const confirm = page.getByRole("dialog", { name: "Xác nhận mua key" });
    await expect(confirm.getByTestId("purchase-balance")).toHaveText(/^300\.000\s₫$/);
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    const success = page.getByRole("dialog", { name: "Mua key thành công!" });
    await expect(success.getByTestId("purchased-key")).toHaveText(/^IGH-/);
    // Nothing more follows the key: no pricing reload, no balance read (given a moment to show up).
    await page.waitForTimeout(1000);
    expect(calls.length, calls.join(", ")).toBeLessThanOrEqual(2);
    expect(calls).toContain("POST /api/keys/purchase/");

    // A second purchase knows its figures from the first one's answer: the purchase alone.
    await success.getByRole("button", { name: "Đóng", exact: true }).first().click();
    await expect.poll(async () => stockOf(await optionState(page, "1 Ngày").innerText())).toBe(before - 1);
    calls.length = 0;
    await page.getByRole("button", { name: "Mua ngay" }).click();
    await expect(confirm.getByTestId("purchase-balance")).toHaveText(/^280\.000\s₫$/);
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    await expect(success.getByTestId("purchased-key")).toHaveText(/^IGH-/);
    await page.waitForTimeout(1000);
    expect(calls).toEqual(["POST /api/keys/purchase/"]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "{}"))).toMatchObject({ balance: 260000, total_keys_purchased: 2 });
    expect(await walletOf(request, buyer.access)).toMatchObject({ balance: 260000, total_keys_purchased: 2 });
  });

  test("the success dialog's Lịch sử mua hàng lands on the purchases tab with the keys in view", { tag: "@phone" }, async ({ page, request, isMobile }) => {
    const buyer = await newUser(request);
    await fundUser(request, buyer.user.id, 100000);
    await signIn(page, buyer);
    await page.goto(APP);
    await expect(await headerAccount(page, isMobile)).toContainText(buyer.user.full_name);
    await closeMenu(page, isMobile);
    await option(page, "1 Ngày").check();
    await page.getByRole("button", { name: "Mua ngay" }).click();
    await page.getByRole("dialog", { name: "Xác nhận mua key" }).getByRole("button", { name: "Xác nhận mua" }).click();
    const success = page.getByRole("dialog", { name: "Mua key thành công!" });
    const code = (await success.getByTestId("purchased-key").innerText()).trim();

    await success.getByRole("link", { name: /Lịch sử mua hàng/ }).click();
    await expect(page).toHaveURL(/\/profile\?tab=purchases/);
    await expect(page.getByRole("tab", { name: "Lịch sử mua hàng" })).toHaveAttribute("aria-selected", "true");
    const keys = page.getByTestId("purchases");
    await expect(keys).toContainText(code);
    await expect(keys.getByTestId("purchase-key").first()).toBeInViewport();
  });

  test("a lost answer says the purchase may have gone through and that trying again is safe; the retry shows the same key, charged once", { tag: "@phone" }, async ({ page, request, isMobile }) => {
    const buyer = await newUser(request);
    await fundUser(request, buyer.user.id, 100000);
    await signIn(page, buyer);
    // The server sells; its answer never reaches the page (the connection drops after sending).
    let lose = true;
    await page.route("**/api/keys/purchase/", async (route) => {
      if (!lose) return route.continue();
      await route.fetch();
      return route.abort("connectionreset");
    });
    await page.goto(APP);
    await expect(await headerAccount(page, isMobile)).toContainText(buyer.user.full_name);
    await closeMenu(page, isMobile);
    await option(page, "7 Ngày").check();
    await page.getByRole("button", { name: "Mua ngay" }).click();
    const confirm = page.getByRole("dialog", { name: "Xác nhận mua key" });
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    await expect(toast(page, ANSWER_LOST)).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Xác nhận mua" })).toBeEnabled();
    const access = await page.evaluate(() => localStorage.getItem("access_token"));
    expect(await walletOf(request, access)).toMatchObject({ balance: 50000, total_keys_purchased: 1 }); // it did go through

    lose = false;
    await confirm.getByRole("button", { name: "Xác nhận mua" }).click();
    const success = page.getByRole("dialog", { name: "Mua key thành công!" });
    const code = (await success.getByTestId("purchased-key").innerText()).trim();
    const history = await (await request.get("/api/auth/purchase/history/", { headers: { Authorization: `Bearer ${access}` } })).json();
    expect(history.data.map((order: { key_code: string }) => order.key_code)).toEqual([code]);
    expect(await walletOf(request, access)).toMatchObject({ balance: 50000, total_spent: 50000, total_keys_purchased: 1 });
  });

  test("Nạp tiền vào ví → opens the top-up, not only the wallet tab, and the wallet leads back to the app", { tag: "@phone" }, async ({ page, request, isMobile }) => {
    const buyer = await newUser(request);
    await signIn(page, buyer);
    await page.goto(APP);
    await expect(await headerAccount(page, isMobile)).toContainText(buyer.user.full_name);
    await closeMenu(page, isMobile);
    await option(page, "7 Ngày").check();
    await page.getByRole("button", { name: "Mua ngay" }).click();
    const shortfall = page.getByRole("dialog", { name: "Xác nhận mua key" }).getByTestId("purchase-shortfall");
    await shortfall.getByRole("link", { name: /Nạp tiền vào ví/ }).click();
    await expect(page).toHaveURL(/\/profile\?tab=wallet&back=%2Fchien-binh-rong-mod-menu$/);
    const dialog = page.getByRole("dialog", { name: "Nạp tiền qua VietQR" });
    await expect(dialog).toBeVisible();
    // Topped up (or not), the wallet leads back to the key being bought (issue 53).
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.getByRole("tabpanel", { name: "Ví tiền" }).getByRole("link", { name: "← Quay lại mua key" }).click();
    await expect(page).toHaveURL(new RegExp(`${APP}$`));
    await expect(page.getByRole("button", { name: "Mua ngay" })).toBeVisible();
  });
});
