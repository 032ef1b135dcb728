// What the browser tests share: accounts made through the API, money through the admin's
// balance adjustment (the real path), the session put in localStorage, and the header.
import { E2E_STATE_DIR } from "../../playwright.config";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { signInAdmin, totpCode } from "../../scripts/admin-code.mjs";
import { createIpa } from "../../scripts/demo/ipa.mjs";
import { localSettings, withLocalBindings } from "../../scripts/lib.mjs";

const PASSWORD = "mat-khau-123";
export const ADMIN_LOGIN = process.env.E2E_ADMIN_EMAIL ?? "admin@iosgamehack.local";
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "admin12345";

export type Session = { access: string; refresh: string; user: { id: number; username: string; full_name: string } & Record<string, unknown> };

export function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-toast]").filter({ hasText: text });
}

/**
 * No toast says `text` now or in the next second (a toast shows 100 ms after it is told): what an
 * open dialog says is told there and only there (issue 53 item 4).
 */
export async function expectNoToast(page: Page, text: string | RegExp) {
  await page.waitForTimeout(1000);
  await expect(toast(page, text)).toHaveCount(0);
}

/**
 * Writes straight into the run's local D1, as another admin or an earlier day would have. The
 * running store has the same SQLite file open and may be writing at that moment (the minute's
 * cron, another worker's test), which answers SQLITE_BUSY: the statements go as one batch (one
 * transaction, so a retry never writes half) and a busy database is waited out.
 */
export async function writeStoreDb(statements: (db: D1Database) => D1PreparedStatement[]) {
  await withLocalBindings(E2E_STATE_DIR, async (env: { DB: D1Database }) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await env.DB.batch(statements(env.DB));
      } catch (error) {
        if (attempt === 40 || !String(error).includes("SQLITE_BUSY")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
}

const TOTP_STEP_MS = 30_000;

/** The 30-second step of now, as an authenticator counts them. */
export function currentStep(): number {
  return Math.floor(Date.now() / TOTP_STEP_MS);
}

/** An authenticator's code of `secret` for the 30-second step `step`. */
export function codeAt(secret: string, step: number): string {
  return totpCode(secret, step * TOTP_STEP_MS).code;
}

export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** A password sign-in through the API; the development admin also passes the second step (see adminSession). */
export async function login(request: APIRequestContext, loginName: string, password: string, headers: Record<string, string> = {}): Promise<Session> {
  if (loginName === ADMIN_LOGIN) return adminSession(request, password, headers);
  const response = await request.post("/api/auth/login/", { headers, data: { login: loginName, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = await response.json();
  return { access: body.access, refresh: body.refresh, user: body.user };
}

// The admin signs in with a code once per run: a code is accepted once, and many tests sign the
// admin in within one 30-second step. The session is kept in the run's state directory (it outlives
// a restarted test worker; a fresh store makes its refresh fail and the admin sign in again).
const ADMIN_SESSION_FILE = join(E2E_STATE_DIR, "e2e-admin-session.json");
/** A kept session is refreshed when its access token has less than this left. */
const ADMIN_SESSION_MARGIN_MS = 5 * 60_000;

function accessExpiry(access: string): number {
  return JSON.parse(Buffer.from(access.split(".")[1], "base64url").toString()).exp * 1000;
}

async function adminSession(request: APIRequestContext, password: string, headers: Record<string, string>, rotate = false): Promise<Session> {
  const kept: Session | null = existsSync(ADMIN_SESSION_FILE) ? JSON.parse(readFileSync(ADMIN_SESSION_FILE, "utf8")) : null;
  if (kept && !rotate && accessExpiry(kept.access) - Date.now() > ADMIN_SESSION_MARGIN_MS) {
    // Still live? (A test may have ended it by logging out.)
    if ((await request.get("/api/auth/me/", { headers: { Authorization: `Bearer ${kept.access}` } })).ok()) return kept;
  }
  let session: Session | null = null;
  if (kept) {
    const refreshed = await request.post("/api/auth/token/refresh/", { data: { refresh: kept.refresh } });
    if (refreshed.ok()) session = { ...kept, ...(await refreshed.json()) };
  }
  session ??= await adminSignInWithCode(request, password, headers);
  keepAdminSession(session);
  return session;
}

/**
 * The kept admin session for a test whose page refreshes it (a silent refresh spends the refresh
 * token): rotated now, so its refresh token is unspent whatever an earlier page did. The test hands
 * the page's tokens back with keepAdminSession, so the tests after it find a live one.
 */
export function rotatedAdminSession(request: APIRequestContext): Promise<Session> {
  return adminSession(request, ADMIN_PASSWORD, {}, true);
}

export function keepAdminSession(session: Session): void {
  mkdirSync(dirname(ADMIN_SESSION_FILE), { recursive: true });
  writeFileSync(ADMIN_SESSION_FILE, JSON.stringify({ access: session.access, refresh: session.refresh, user: session.user }));
}

/** Both steps through scripts/admin-code.mjs's signInAdmin, with the development ADMIN_TOTP_SECRET. */
async function adminSignInWithCode(request: APIRequestContext, password: string, headers: Record<string, string>): Promise<Session> {
  const paths: string[] = [];
  const call = async (path: string, { body }: { body: unknown }) => {
    paths.push(path);
    const response = await request.post(path, { headers, data: body });
    return { status: response.status(), body: await response.json() };
  };
  const body = await signInAdmin(call, { ...localSettings(), ADMIN_EMAIL: ADMIN_LOGIN, ADMIN_PASSWORD: password });
  expect(paths, "the development admin has a second factor (ADMIN_TOTP_SECRET)").toContain("/api/auth/mfa/verify/");
  return { access: body.access, refresh: body.refresh, user: body.user };
}

let buyers = 0;

/**
 * A new account, registered and logged in through the API from a phone of its own: each buyer gets
 * their own address (CF-Connecting-IP, which Cloudflare and `wrangler dev` pass on), as in life,
 * so the per-address limits are not spent by a whole suite sharing one.
 */
export async function newUser(request: APIRequestContext, prefix = "buyer", names = { first_name: "Trần", last_name: "Mua" }): Promise<Session> {
  const id = uniqueId();
  buyers += 1;
  const headers = { "CF-Connecting-IP": `198.51.100.${buyers % 250}` };
  const account = { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.com`, ...names, password: PASSWORD };
  const registered = await request.post("/api/auth/register/", { headers, data: { ...account, password_confirm: PASSWORD } });
  expect(registered.status(), await registered.text()).toBe(201);
  return login(request, account.username, PASSWORD, headers);
}

/**
 * The browser tests' `test`, with `ownApp`: a new app of the shop's own, made through the admin's
 * API for a test that prices and stocks it, and deleted through the same API when the test ends
 * (its pricings and keys go with it; orders keep their copies). A test that prices an app then
 * runs again on the same store (a demo app takes each key type once), and the catalogue's counts
 * and "the first app that sells keys" of later tests see only the demo apps. Returns its address.
 * With `ipa`, the app is an IPA with a bundle id of its own, so its keys answer a key check.
 */
export const test = base.extend<{ ownApp: (prefix?: string, options?: { ipa?: boolean }) => Promise<string> }>({
  ownApp: async ({ request }, use) => {
    const made: number[] = [];
    let admin: Session | undefined;
    const auth = async () => {
      admin ??= await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
      return { Authorization: `Bearer ${admin.access}` };
    };
    await use(async (prefix = "e2e-app", { ipa = false } = {}) => {
      const url = `${prefix}-${uniqueId()}`.toLowerCase();
      const name = `Ứng dụng ${url}`;
      const kind: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = ipa
        ? {
            app_type: "ipa",
            file: {
              name: "app.ipa",
              mimeType: "application/octet-stream",
              buffer: Buffer.from(createIpa({ name, executable: "E2eApp", bundleId: `vn.e2e.${url.replace(/[^a-z0-9]/g, "")}`, version: "1.0", build: "1", minOs: "15.0", hue: 120, random: Math.random })),
            },
          }
        : { app_type: "testflight", testflight_url: "https://testflight.apple.com/join/e2eTest1" };
      const created = await request.post("/api/apps/create/", {
        headers: await auth(),
        multipart: {
          name,
          description: "Ứng dụng của bài kiểm thử.",
          version: "1.0",
          url,
          ...kind,
          icon: { name: "icon.png", mimeType: "image/png", buffer: readFileSync(new URL("../../public/icon-192.png", import.meta.url)) },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      made.push((await created.json()).data.id);
      return url;
    });
    for (const id of made) {
      const deleted = await request.delete(`/api/apps/delete/${id}/`, { headers: await auth() });
      expect(deleted.ok(), await deleted.text()).toBe(true);
    }
  },
});

/** Credits a wallet through the development admin's balance adjustment. */
export async function fundUser(request: APIRequestContext, userId: number, amount: number) {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const adjusted = await request.post(`/api/admin/users/${userId}/adjust-balance/`, {
    headers: { Authorization: `Bearer ${admin.access}` },
    data: { amount, transaction_type: "admin_adjustment", description: "E2E: tiền để mua key" },
  });
  expect(adjusted.ok(), await adjusted.text()).toBe(true);
}

/**
 * Resolves once a signed-in page's live wallet listens and has read the balance it may have missed
 * (app/money/wallet/live-wallet.ts): that read is the page's own, not a step of what a test counts.
 * Call before the page loads; await after.
 */
export function liveWalletCaughtUp(page: Page): Promise<void> {
  let listening = false;
  void page.waitForEvent("websocket", (socket) => socket.url().includes("/api/auth/wallet/live/")).then(() => {
    listening = true;
  });
  return page.waitForResponse((answer) => listening && new URL(answer.url()).pathname === "/api/auth/wallet/balance/").then(() => undefined);
}

/** The buyer's wallet as the API reports it. */
export async function walletOf(request: APIRequestContext, access: string | null) {
  return (await (await request.get("/api/auth/wallet/balance/", { headers: { Authorization: `Bearer ${access}` } })).json()).data;
}

/**
 * A stored session the server never issued: a page checks only localStorage before calling the
 * API, so a test that answers those calls itself can reach every path with it.
 */
const FAKE_ACCESS = "e2e-fake-access";

export function fakeSession(user: { id: number; username: string; email: string; balance: number; formatted_balance: string }): Session {
  return {
    access: FAKE_ACCESS,
    refresh: "e2e-fake-refresh",
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: "Giả",
      last_name: "Lập",
      full_name: "Giả Lập",
      avatar: null,
      avatar_url: null,
      is_superuser: false,
      is_staff: false,
      balance: user.balance,
      formatted_balance: user.formatted_balance,
      total_spent: 0,
      total_keys_purchased: 0,
      has_usable_password: true,
      created_at: "2026-01-01T00:00:00.000Z",
      last_login: null,
    },
  };
}

/** Finds the user on /admin/users and submits the balance dialog once; answers the dialog. */
export async function adjustBalanceOnScreen(page: Page, username: string, amount: string) {
  await page.goto("/admin/users");
  await page.getByPlaceholder("Tìm theo email, tên đăng nhập hoặc họ tên...").fill(username);
  const userRow = page.getByRole("row").filter({ hasText: username });
  await userRow.getByRole("button", { name: "Điều chỉnh số dư" }).click();
  const dialog = page.getByTestId("adjust-balance");
  await dialog.getByLabel("Số tiền (VND)").fill(amount);
  await dialog.getByRole("button", { name: "Xác nhận" }).click();
  return dialog;
}

/**
 * /dashboard forwards to /profile as soon as it renders (about 0.7 s on a phone). Holding that
 * forward's route lookup keeps the page on /dashboard, so a URL check, which polls up to a second
 * apart, cannot fall on either side of it. The held request ends with the test's page.
 */
export async function holdDashboardForward(page: Page) {
  await page.route("**/__manifest?*p=%2Fprofile*", () => {});
}

/** Puts the session in localStorage before the page's scripts run, once (later loads keep what the page stored). */
export async function signIn(page: Page, session: Session) {
  // A made-up session's live wallet waits on a ticket that never comes: the real server would
  // answer 401 and end the session the stubbed test is about (app/money/wallet/live-wallet.ts).
  if (session.access === FAKE_ACCESS) await page.route("**/api/auth/wallet/live-ticket/", () => {});
  await page.addInitScript((value) => {
    if (localStorage.getItem("access_token")) return;
    localStorage.setItem("access_token", value.access);
    localStorage.setItem("refresh_token", value.refresh);
    localStorage.setItem("user", JSON.stringify(value.user));
  }, session);
}

/** The header's account area: the navigation on wide screens, the menu on phones. */
export async function headerAccount(page: Page, isMobile: boolean) {
  if (isMobile) {
    const menuButton = page.getByRole("button", { name: "Mở menu" });
    if ((await menuButton.getAttribute("aria-expanded")) !== "true") await menuButton.click();
    return page.getByRole("navigation", { name: "Menu" });
  }
  return page.getByRole("navigation", { name: "Tài khoản" });
}

export async function closeMenu(page: Page, isMobile: boolean) {
  if (isMobile) await page.keyboard.press("Escape");
}

/** Fills the register form and waits until the username and e-mail are confirmed free. */
export async function fillRegistration(page: Page, account: { first_name: string; last_name: string; username: string; email: string; password: string }) {
  await page.getByRole("textbox", { name: "Họ", exact: true }).fill(account.first_name);
  await page.getByRole("textbox", { name: "Tên", exact: true }).fill(account.last_name);
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('input[name="password_confirm"]').fill(account.password);
  await expect(page.locator('[data-availability="username"]')).toHaveAttribute("data-state", "available");
  await expect(page.locator('[data-availability="email"]')).toHaveAttribute("data-state", "available");
}

/** From the wallet tab, sends a Viettel card of 100.000 ₫ with `serial` and `code`; answers the card dialog. */
export async function sendCardFromWallet(page: Page, { serial, code }: { serial: string; code: string }) {
  await page.getByRole("tabpanel", { name: "Ví tiền" }).getByRole("button", { name: "Nạp thẻ cào" }).click();
  const dialog = page.getByRole("dialog", { name: "Nạp tiền bằng thẻ cào" });
  await expect(dialog.getByRole("button", { name: "Gửi thẻ cào" })).toBeEnabled();
  await dialog.getByLabel("Nhà mạng").selectOption("VIETTEL");
  await dialog.getByLabel("Mệnh giá").selectOption({ label: "100.000\u00a0₫" });
  await dialog.getByLabel("Số serial").fill(serial);
  await dialog.getByLabel("Mã thẻ").fill(code);
  await dialog.getByRole("button", { name: "Gửi thẻ cào" }).click();
  return dialog;
}

/** The token of the newest password-reset mail to `email`, read from the development outbox (the mail goes out just after the answer). */
export async function resetTokenFromOutbox(page: Page, email: string): Promise<string> {
  const link = page
    .locator("article, li, tr, section, div")
    .filter({ hasText: email })
    .filter({ has: page.locator('a[href*="reset-password?token="]') })
    .last()
    .locator('a[href*="reset-password?token="]')
    .first();
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(link).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  return new URL((await link.getAttribute("href")) ?? "", "http://local.invalid").searchParams.get("token") ?? "";
}
