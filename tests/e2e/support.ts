// What the browser tests share: accounts made through the API, money through the admin's
// balance adjustment (the real path), the session put in localStorage, and the header.
import { type APIRequestContext, expect, type Page } from "@playwright/test";

const PASSWORD = "mat-khau-123";
export const ADMIN_LOGIN = process.env.E2E_ADMIN_EMAIL ?? "admin@iosgamehack.local";
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "admin12345";

export type Session = { access: string; refresh: string; user: { id: number; username: string; full_name: string } & Record<string, unknown> };

export function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-toast]").filter({ hasText: text });
}

export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export async function login(request: APIRequestContext, loginName: string, password: string, headers: Record<string, string> = {}): Promise<Session> {
  const response = await request.post("/api/auth/login/", { headers, data: { login: loginName, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = await response.json();
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

// One admin session per test worker: logins are rate limited per address.
let adminSession: Promise<Session> | undefined;

/** Credits a wallet through the development admin's balance adjustment. */
export async function fundUser(request: APIRequestContext, userId: number, amount: number) {
  adminSession ??= login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const admin = await adminSession;
  const adjusted = await request.post(`/api/admin/users/${userId}/adjust-balance/`, {
    headers: { Authorization: `Bearer ${admin.access}` },
    data: { amount, transaction_type: "admin_adjustment", description: "E2E: tiền để mua key" },
  });
  expect(adjusted.ok(), await adjusted.text()).toBe(true);
}

/** The buyer's wallet as the API reports it. */
export async function walletOf(request: APIRequestContext, access: string | null) {
  return (await (await request.get("/api/auth/wallet/balance/", { headers: { Authorization: `Bearer ${access}` } })).json()).data;
}

/**
 * A stored session the server never issued: a page checks only localStorage before calling the
 * API, so a test that answers those calls itself can reach every path with it.
 */
export function fakeSession(user: { id: number; username: string; email: string; balance: number; formatted_balance: string }): Session {
  return {
    access: "e2e-fake-access",
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

/** Puts the session in localStorage before the page's scripts run, once (later loads keep what the page stored). */
export async function signIn(page: Page, session: Session) {
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
