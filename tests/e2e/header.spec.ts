// The header's signed-in button and its menus come in a file of their own (app/shell/HeaderMenus.tsx,
// decision 0082): fetched as the page starts when a session is stored, never on a visitor's page that
// opens no menu. The account menu's ways to close, which moved with it.
import { expect, type Request, test } from "@playwright/test";
import { fakeSession, signIn } from "./support";

const MENUS_FILE = /\/assets\/HeaderMenus-[\w-]+\.js$/;
const fake = fakeSession({ id: 424282, username: "dau_trang_82", email: "dau.trang.82@example.com", balance: 120000, formatted_balance: "120.000\u00a0₫" });

test("a visitor's page does not fetch the signed-in header's file until a menu is wanted", { tag: "@phone" }, async ({ page, isMobile }) => {
  const fetched: Request[] = [];
  page.on("request", (request) => {
    if (MENUS_FILE.test(new URL(request.url()).pathname)) fetched.push(request);
  });
  await page.goto("/");
  await expect(page.locator("#home-type")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(fetched).toHaveLength(0);
  if (!isMobile) {
    await expect(page.getByRole("navigation", { name: "Tài khoản" }).getByRole("link", { name: "Đăng nhập" })).toBeVisible();
    return;
  }
  await page.getByRole("button", { name: "Mở menu" }).click();
  await expect(page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Đăng nhập" })).toBeVisible();
  expect(fetched).toHaveLength(1);
});

test("signed in: the account button comes with the page; Escape closes its menu and gives the button back its focus, a click outside or another page closes it", async ({ page }) => {
  await signIn(page, fake);
  await page.goto("/");
  const account = page.getByRole("navigation", { name: "Tài khoản" });
  const button = account.getByRole("button", { name: /Giả Lập/ });
  await expect(button).toContainText("120.000");
  await expect(account.getByRole("link", { name: "Đăng nhập" })).toHaveCount(0);

  const menu = page.locator("#account-menu");
  await button.click();
  await expect(menu.getByRole("link", { name: "Hồ sơ" })).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await menu.getByRole("link", { name: "Hồ sơ" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  await button.click();
  await expect(menu).toBeVisible();
  await page.locator("h1").first().click();
  await expect(menu).toHaveCount(0);

  await button.click();
  await expect(menu).toBeVisible();
  await page.getByRole("link", { name: /Chiến Binh Rồng Mod Menu/ }).first().click();
  await expect(page).toHaveURL(/\/chien-binh-rong-mod-menu$/);
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("signed in, the header's file is lost on the way: no account button and no error, the next page brings it", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  await signIn(page, fake);
  await page.route(MENUS_FILE, (route) => route.abort("internetdisconnected"));
  const lost = page.waitForEvent("requestfailed", (request) => MENUS_FILE.test(new URL(request.url()).pathname));
  await page.goto("/");
  await lost;
  const account = page.getByRole("navigation", { name: "Tài khoản" });
  // Hydrated with the session read: the served page's link to sign in is gone.
  await expect(account.getByRole("link", { name: "Đăng nhập" })).toHaveCount(0);
  await expect(account.getByRole("link", { name: "English" })).toBeVisible();
  await expect(account.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "iOS Game Hack" })).toBeVisible();

  await page.unroute(MENUS_FILE);
  await page.getByRole("link", { name: /Chiến Binh Rồng Mod Menu/ }).first().click();
  await expect(page).toHaveURL(/\/chien-binh-rong-mod-menu$/);
  await expect(account.getByRole("button", { name: /Giả Lập/ })).toContainText("120.000");
  expect(problems).toEqual([]);
});
