import { type APIRequestContext, type BrowserContext, expect, test } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, liveWalletCaughtUp, login, uniqueId } from "./support";

// Buying inside Sileo and Zebra (issue 56, docs/formats.md "Payment provider API"): the package
// manager is played exactly as each client plays it, over HTTP, and its sign-in and checkout
// sheets are a real browser: the store's own sign-in, ending at the sileo:// redirect. Then
// info → purchase → authorize download → the tweak's key check from the phone's UDID.

const APP = "speedx-game-tweak"; // a demo rootless tweak (scripts/demo/catalogue.mjs) no other test prices
const MODEL = "iPhone14,2";
const PASSWORD = "mat-khau-sileo-1";

type Phone = { udid: string; token?: string; secret?: string };

function newUdid(): string {
  return Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
}

/** The provider's address as the client finds it: the repository's payment_endpoint. */
async function providerBase(request: APIRequestContext): Promise<string> {
  const text = (await (await request.get("/repo/payment_endpoint")).text()).trim();
  expect(text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/sileo\/$/);
  return text;
}

/** The tweak's Package name, read from the repository's Packages as the client reads it, with its tags. */
async function packageOf(request: APIRequestContext): Promise<{ id: string; tags: string }> {
  const packages = await (await request.get("/repo/Packages")).text();
  const stanza = packages.split("\n\n").find((entry) => new RegExp(`^Depiction: \\S+/${APP}$`, "m").test(entry)) ?? "";
  return { id: /^Package: (.+)$/m.exec(stanza)?.[1] ?? "", tags: /^Tag: (.+)$/m.exec(stanza)?.[1] ?? "" };
}

/** The shop sells 7-day keys of the tweak, bought at once from the package manager. */
async function keysOnSale(request: APIRequestContext) {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.access}` };
  await request.post(`/api/keys/apps/${APP}/pricing/`, { headers, data: { key_type: "7days", price: 20000 } });
  const codes = Array.from({ length: 3 }, (_, index) => `E2E-SILEO-${uniqueId()}-${index}`.toUpperCase()).join("\n");
  const imported = await request.post("/api/keys/bulk-import/", { headers, data: { app_url: APP, key_type: "7days", keys_text: codes } });
  expect(imported.ok(), await imported.text()).toBe(true);
  const pricing = (await (await request.get(`/api/keys/apps/${APP}/pricing/`, { headers })).json()).data as { id: number; key_type: { name: string } }[];
  const sevenDays = pricing.find((row) => row.key_type.name === "7days")!;
  const detail = (await (await request.get(`/api/apps/admin/detail/${APP}/`, { headers })).json()).data as { id: number };
  const set = await request.put(`/api/admin/apps/${detail.id}/package-manager/`, { headers, data: { key_pricing_id: sevenDays.id } });
  expect(set.ok(), await set.text()).toBe(true);
}

/** A buyer with a password and money in the wallet. */
async function buyer(request: APIRequestContext, amount: number) {
  const id = uniqueId();
  const account = { username: `sileo_${id}`, email: `sileo.${id}@example.com`, first_name: "Trần", last_name: "Mua", password: PASSWORD, password_confirm: PASSWORD };
  const registered = await request.post("/api/auth/register/", { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const session = await login(request, account.username, PASSWORD);
  await fundUser(request, session.user.id, amount);
  return account;
}

/**
 * The sign-in sheet: GET authenticate in a browser tab of its own, the store's sign-in, the connect
 * button, and the sileo:// redirect it ends at; then the sheet closes, as the package manager closes
 * it on that redirect (a tab left on an external protocol's prompt takes no more clicks).
 */
async function signInSheet(context: BrowserContext, base: string, phone: Phone, account: { username: string }) {
  const page = await context.newPage();
  const redirected = page.waitForRequest((request) => request.url().startsWith("sileo://"), { timeout: 15_000 }).catch(() => null);
  await page.goto(`${base}authenticate?udid=${phone.udid}&model=${encodeURIComponent(MODEL)}`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsileo%2Fconnect/);
  await page.locator('input[name="login"]').fill(account.username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await expect(page).toHaveURL(/\/sileo\/connect\?udid=/);
  await page.getByRole("button", { name: "Kết nối điện thoại" }).click();
  // The sheet closes on the redirect; the page also keeps it as a link for a sheet that did not.
  const link = page.locator('a[href^="sileo://authentication_success"]');
  await expect(link).toBeVisible();
  const href = (await redirected)?.url() ?? (await link.getAttribute("href"))!;
  const url = new URL(href);
  expect(url.protocol + url.host).toBe("sileo:authentication_success");
  phone.token = url.searchParams.get("token")!;
  phone.secret = url.searchParams.get("payment_secret")!;
  expect(phone.token.length).toBeGreaterThan(20);
  await page.close();
}

/** A POST of the provider API as the clients send it. */
async function provider(request: APIRequestContext, base: string, path: string, phone: Phone, extra: Record<string, unknown> = {}) {
  const response = await request.post(`${base}${path}`, { data: { token: phone.token, udid: phone.udid, device: MODEL, ...extra } });
  return response.json();
}

/** The buyer's purchases as the profile lists them, newest first. */
async function purchasesOf(request: APIRequestContext, account: { username: string }) {
  const session = await login(request, account.username, PASSWORD);
  const answer = await request.get("/api/auth/purchase/history/", { headers: { Authorization: `Bearer ${session.access}` } });
  return (await answer.json()).data as { key_code: string; app_bundle_id: string; device_hint: string }[];
}

async function keyCheck(request: APIRequestContext, code: string, deviceId: string, bundleId: string) {
  const response = await request.post("/api/keys/check/", { headers: { "CF-Connecting-IP": "203.0.113.210" }, data: { key_code: code, device_id: deviceId, bundle_id: bundleId } });
  return (await response.json()).data;
}

test.describe.configure({ mode: "serial" });

test("Sileo: signs in through the sheet, buys at once with the payment secret, downloads once, and the key is active on that phone", async ({ context, page, request }) => {
  await keysOnSale(request);
  const base = await providerBase(request);
  const pkg = await packageOf(request);
  expect(pkg.tags).toContain("cydia::commercial");
  const account = await buyer(request, 50_000);
  const phone: Phone = { udid: newUdid() };

  await signInSheet(context, base, phone, account);
  expect((await provider(request, base, "user_info", phone)).items).toEqual([]);
  expect(await provider(request, base, `package/${pkg.id}/info`, phone)).toEqual({ price: expect.stringMatching(/^từ [\d.]+\s₫$/), purchased: false, available: true });
  expect(await provider(request, base, `package/${pkg.id}/purchase`, phone, { payment_secret: phone.secret })).toEqual({ status: 0 });
  expect(await provider(request, base, `package/${pkg.id}/info`, phone)).toMatchObject({ purchased: true });

  const { url } = await provider(request, base, `package/${pkg.id}/authorize_download`, phone, { version: "1.0", repo: base.replace("/api/sileo/", "/repo/") });
  expect((await request.get(url)).status()).toBe(200);
  expect((await request.get(url)).status()).toBe(404);

  // The key, as the buyer's profile shows it, is that phone's: its first check from the UDID is active.
  const history = await purchasesOf(request, account);
  expect(history[0].device_hint).toBe(phone.udid.slice(-4));
  expect(await keyCheck(request, history[0].key_code, phone.udid, history[0].app_bundle_id)).toMatchObject({ valid: true, reason: "active" });

  // The phone is listed on the security page, and ending it there signs the phone out.
  // The page's live wallet reads the balance once it listens; clicks wait for that read to settle.
  const caughtUp = liveWalletCaughtUp(page);
  await page.goto("/profile/security");
  await caughtUp;
  const phones = page.getByTestId("signed-in-phones");
  await expect(phones).toContainText(MODEL);
  await phones.getByRole("button", { name: "Đăng xuất" }).click();
  await expect(page.getByText("Chưa có điện thoại nào đăng nhập.")).toBeVisible();
  expect(await provider(request, base, "user_info", phone)).toMatchObject({ invalidate: true });
});

test("Zebra: GET before POST for package info, payment_secret null, buys on the store page in the sheet", async ({ context, page, request }) => {
  const base = await providerBase(request);
  const pkg = await packageOf(request);
  const account = await buyer(request, 50_000);
  const phone: Phone = { udid: newUdid() };

  // Signed out, Zebra tries GET first.
  expect(await (await request.get(`${base}package/${pkg.id}/info`)).json()).toMatchObject({ purchased: false, available: true });
  await signInSheet(context, base, phone, account);
  expect(await provider(request, base, `package/${pkg.id}/info`, phone)).toMatchObject({ purchased: false });

  const started = await provider(request, base, `package/${pkg.id}/purchase`, phone, { payment_secret: null });
  expect(started).toMatchObject({ status: 1, url: expect.stringContaining("/sileo/checkout?ticket=") });
  // The checkout sheet: the key types and balance, pay from the wallet, the key, then back to the app.
  const caughtUp = liveWalletCaughtUp(page);
  await page.goto(started.url);
  await caughtUp;
  await expect(page.getByText("Số dư ví: 50.000")).toBeVisible();
  await page.getByRole("button", { name: "Thanh toán bằng ví" }).click();
  const key = page.getByTestId("bought-key");
  await expect(key).toBeVisible();
  const code = (await key.textContent())!.trim();
  await expect(page.getByRole("link", { name: "Quay lại Sileo / Zebra" })).toHaveAttribute("href", "sileo://payment_completed");

  expect(await provider(request, base, `package/${pkg.id}/info`, phone)).toMatchObject({ purchased: true });
  const { url } = await provider(request, base, `package/${pkg.id}/authorize_download`, phone, { version: "1.0", repo: base.replace("/api/sileo/", "/repo/"), architecture: "iphoneos-arm64" });
  expect((await request.get(url)).status()).toBe(200);
  const [bought] = await purchasesOf(request, account);
  expect(bought.key_code).toBe(code);
  expect(await keyCheck(request, code, phone.udid, bought.app_bundle_id)).toMatchObject({ valid: true, reason: "active" });
});

test("a balance too short for the checkout: its top-up link opens the wallet, which leads back to the same checkout", async ({ context, page, request }) => {
  const base = await providerBase(request);
  const pkg = await packageOf(request);
  const account = await buyer(request, 1_000);
  const phone: Phone = { udid: newUdid() };
  await signInSheet(context, base, phone, account);
  const started = await provider(request, base, `package/${pkg.id}/purchase`, phone, { payment_secret: null });
  expect(started).toMatchObject({ status: 1, url: expect.stringContaining("/sileo/checkout?ticket=") });
  const checkout = new URL(started.url);
  const checkoutPath = `${checkout.pathname}${checkout.search}`;

  await page.goto(started.url);
  await expect(page.getByText("Số dư không đủ cho loại key này.")).toBeVisible();
  await page.getByRole("link", { name: "Nạp tiền vào ví" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=wallet.*&back=%2Fsileo%2Fcheckout%3Fticket%3D/);
  // The top-up opens by itself once the page is ready; closed, the wallet shows the way back.
  const topup = page.getByRole("dialog", { name: "Nạp tiền qua VietQR" });
  await expect(topup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(topup).toHaveCount(0);
  const back = page.getByTestId("wallet-back-to-app");
  await expect(back).toHaveText("← Quay lại mua key");
  await expect(back).toHaveAttribute("href", checkoutPath);
  await back.click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === checkoutPath);
  await expect(page.getByText("Chọn loại key")).toBeVisible();
});
