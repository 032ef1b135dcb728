import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { fillRegistration, resetTokenFromOutbox } from "./support";

// Accounts in the browser: register, log in and out, the route guard, password reset through
// the local outbox, and Google sign-in through the OpenID Connect test server.

const PASSWORD = "mat-khau-123";

type Account = { username: string; email: string; first_name: string; last_name: string; password: string };

function newAccount(prefix: string): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.com`, first_name: "Nguyễn", last_name: "Thử", password: PASSWORD };
}

async function registerByApi(request: APIRequestContext, account: Account) {
  const response = await request.post("/api/auth/register/", { data: { ...account, password_confirm: account.password } });
  expect(response.status(), await response.text()).toBe(201);
}

function storedSession(page: Page) {
  return page.evaluate(() => ({
    access: localStorage.getItem("access_token"),
    refresh: localStorage.getItem("refresh_token"),
    user: localStorage.getItem("user"),
  }));
}

function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-toast]").filter({ hasText: text });
}

async function logIn(page: Page, login: string, password: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
}

/** The header's account area: the menu button on phones, the account navigation otherwise. */
async function openAccount(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole("button", { name: "Mở menu" }).click();
    return page.getByRole("navigation", { name: "Menu" });
  }
  return page.getByRole("navigation", { name: "Tài khoản" });
}

async function logOutFromHeader(page: Page, isMobile: boolean, name: string) {
  const account = await openAccount(page, isMobile);
  if (!isMobile) await account.getByRole("button", { name: new RegExp(name) }).click();
  await account.getByRole("button", { name: "Đăng xuất" }).click();
}

test.describe("the account screens without a server round trip", () => {
  test("each page has its title and checks its fields before sending", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    await page.goto("/login");
    await expect(page).toHaveTitle("Đăng nhập | iOS Game Hack");
    await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
    await expect(page.getByText("Trường này là bắt buộc")).toHaveCount(2);
    await expect(page.getByLabel("Tên đăng nhập hoặc email")).toBeFocused();
    await expect(page.getByRole("link", { name: "Quên mật khẩu?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("button", { name: "Đăng nhập với Google" })).toBeVisible();

    await page.goto("/login?redirect=%2Fprofile%3Ftab%3Dwallet");
    await expect(page.getByRole("main").getByRole("link", { name: "Đăng ký" })).toHaveAttribute("href", "/register?redirect=%2Fprofile%3Ftab%3Dwallet");

    await page.goto("/register");
    await expect(page).toHaveTitle("Đăng ký | iOS Game Hack");
    await page.locator('input[name="password"]').fill("ngan");
    await page.locator('input[name="password_confirm"]').fill("khac-han");
    await page.getByRole("button", { name: "Đăng ký", exact: true }).click();
    await expect(page.getByText("Mật khẩu phải có ít nhất 8 ký tự")).toBeVisible();
    await expect(page.getByText("Mật khẩu xác nhận không khớp")).toBeVisible();
    await expect(page.getByText("Trường này là bắt buộc")).toHaveCount(4);
    await expect(page.getByRole("textbox", { name: "Họ", exact: true })).toBeFocused();
    await expect(page.getByRole("button", { name: "Đăng ký với Google" })).toBeVisible();

    await page.goto("/forgot-password");
    await expect(page).toHaveTitle("Quên mật khẩu | iOS Game Hack");
    await page.locator('input[name="email"]').fill("khong-phai-email");
    await page.getByRole("button", { name: "Gửi liên kết đặt lại" }).click();
    await expect(page.getByText("Email không hợp lệ")).toBeVisible();

    await page.goto("/reset-password");
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(toast(page, "Token không hợp lệ")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a failed return from Google explains itself and goes back to log in", async ({ page }) => {
    await page.goto("/auth/google/callback?error=access_denied");
    await expect(page.getByRole("main").getByText("Lỗi xác thực Google: access_denied")).toBeVisible();
    await expect(page.getByRole("link", { name: "Quay lại đăng nhập" })).toHaveAttribute("href", "/login");
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    await page.goto("/auth/google/callback?state=x");
    await expect(page.getByRole("main").getByText("Lỗi xác thực Google: No authorization code received from Google")).toBeVisible();
  });

  test("a protected page sends a visitor to log in, keeping the way back", async ({ page }) => {
    await page.goto("/profile?tab=x");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%3Ftab%3Dx$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  });

  test("the redirect query only ever leads to a page of this site", async ({ page }) => {
    await page.goto("/login?redirect=%2F%2Fevil.example%2F");
    await expect(page.getByRole("main").getByRole("link", { name: "Đăng ký" })).toHaveAttribute("href", "/register");
  });
});

test.describe("register's availability check (issue #17 item 7)", () => {
  test("'Đang kiểm tra...' shows when the request starts, 500 ms after typing stops, not on each keystroke", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const name = newAccount("cho").username;
    const sent: string[] = [];
    // The check for the whole name is held until the test lets it go; others pass.
    await page.route("**/api/auth/check-availability/", async (route) => {
      const body = route.request().postData() ?? "";
      sent.push(body);
      if (body.includes(name)) await held;
      await route.continue();
    });
    await page.goto("/register");
    const username = page.locator('input[name="username"]');
    const line = page.locator('[data-availability="username"]');
    const checking = page.getByText("Đang kiểm tra...");

    await username.fill(name.slice(0, -1));
    await expect(line).toHaveAttribute("data-state", "available"); // hydrated, one check answered
    await username.press(name.slice(-1));
    // Well inside the 500 ms pause: nothing is sent and nothing claims to be checking.
    await page.waitForTimeout(150);
    expect(sent.filter((body) => body.includes(name))).toEqual([]);
    expect(await checking.count()).toBe(0);

    await expect.poll(() => sent.filter((body) => body.includes(name)).length).toBe(1);
    await expect(checking).toBeVisible();

    release();
    await expect(page.locator('[data-availability="username"]')).toHaveAttribute("data-state", "available");
    await expect(checking).toHaveCount(0);
  });
});

test.describe("journeys through the server", () => {
  test("register → log in → header shows the name → log out forgets the session", { tag: "@phone" }, async ({ page, request, isMobile }) => {
    const account = newAccount("reg");
    await page.goto("/register");
    await fillRegistration(page, account);
    await page.getByRole("button", { name: "Đăng ký", exact: true }).click();

    await expect(toast(page, "Đăng ký thành công! Vui lòng đăng nhập.")).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expect(page.locator('input[name="login"]')).toHaveValue(account.username);

    // The same name is now taken.
    await page.goto("/register");
    await page.locator('input[name="username"]').fill(account.username.toUpperCase());
    await expect(page.locator('[data-availability="username"]')).toHaveAttribute("data-state", "unavailable");
    await expect(page.getByRole("button", { name: "Đăng ký", exact: true })).toBeDisabled();

    await page.goto("/login?redirect=%2Fdashboard");
    await logIn(page, account.email, account.password);
    await expect(toast(page, "Đăng nhập thành công!")).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nguyễn Thử");
    await expect(page.getByText(account.email).first()).toBeVisible();
    await expect(page.getByText("Chưa cập nhật")).toHaveCount(0);

    const accountArea = await openAccount(page, isMobile);
    await expect(accountArea).toContainText("Nguyễn Thử");
    await expect(accountArea).toContainText(/0\s₫/);
    if (isMobile) {
      await expect(accountArea.getByRole("link", { name: "Hồ sơ & Ví tiền" })).toHaveAttribute("href", "/profile");
      await page.keyboard.press("Escape");
    }

    const before = await storedSession(page);
    expect(before.access && before.refresh && before.user).toBeTruthy();
    await logOutFromHeader(page, isMobile, "Nguyễn Thử");
    await expect(page).toHaveURL(/\/$/);
    expect(await storedSession(page)).toEqual({ access: null, refresh: null, user: null });
    // The server forgot the session too.
    const refreshed = await request.post("/api/auth/token/refresh/", { data: { refresh: before.refresh } });
    expect(refreshed.status()).toBe(401);

    // The browser keeps its device token after logout and sends it with the next login, so
    // others guessing this account's password cannot lock its owner out here.
    const deviceToken = await page.evaluate(() => localStorage.getItem("device_token"));
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    await page.goto("/login");
    const sent = page.waitForRequest((sentRequest) => sentRequest.url().endsWith("/api/auth/login/"));
    await logIn(page, account.username, account.password);
    expect((await sent).postDataJSON()).toMatchObject({ login: account.username, device_token: deviceToken });
    await expect(toast(page, "Đăng nhập thành công!")).toBeVisible();
  });

  test("the guard round trip, and an expired access token is refreshed silently", async ({ page, request }) => {
    const account = newAccount("guard");
    await registerByApi(request, account);

    await page.goto("/profile?tab=x");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%3Ftab%3Dx$/);
    await logIn(page, account.username, "sai-mat-khau-1");
    await expect(page.getByRole("alert").filter({ hasText: /không đúng/ }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login\?/);

    await logIn(page, account.username, account.password);
    await expect(page).toHaveURL(/\/profile\?tab=x$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nguyễn Thử");

    // A stale access token: the next call refreshes once, stores the rotated pair, and goes on.
    const first = await storedSession(page);
    await page.evaluate(() => localStorage.setItem("access_token", "het-han"));
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nguyễn Thử");
    await expect.poll(async () => (await storedSession(page)).refresh).not.toBe(first.refresh);
    const second = await storedSession(page);
    expect(second.access).not.toBe("het-han");

    // A dead refresh token as well: the session ends and the visitor is sent to log in.
    await page.evaluate(() => {
      localStorage.setItem("access_token", "het-han");
      localStorage.setItem("refresh_token", "da-thu-hoi");
    });
    await page.reload();
    await expect(toast(page, "Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại!")).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(await storedSession(page)).toEqual({ access: null, refresh: null, user: null });
  });

  test("a refresh whose answer never came back (a reload half-way) does not end the session", async ({ page, request }) => {
    const account = newAccount("lost");
    await registerByApi(request, account);
    await page.goto("/login?redirect=%2Fprofile");
    await logIn(page, account.username, account.password);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nguyễn Thử");

    // The server rotates the stored token; its answer is lost on the way back, every time, while
    // the page goes on (the live wallet and the page's reads each try again).
    const beforeLoss = await storedSession(page);
    let answersLost = 0;
    let loseAnswers = true;
    await page.route("**/api/auth/token/refresh/", async (route) => {
      if (!loseAnswers) return route.continue();
      await route.fetch();
      answersLost += 1;
      await route.abort("failed");
    });
    await page.evaluate(() => localStorage.setItem("access_token", "het-han"));
    await page.reload();
    await expect.poll(() => answersLost).toBeGreaterThan(0);
    expect((await storedSession(page)).refresh).toBe(beforeLoss.refresh);

    // The network is back: the next page refreshes with the token it kept, and stays signed in.
    loseAnswers = false;
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nguyễn Thử");
    await expect.poll(async () => (await storedSession(page)).refresh).not.toBe(beforeLoss.refresh);
    expect((await storedSession(page)).access).not.toBe("het-han");
  });

  test("forgot password → outbox → reset → only the new password works", async ({ page, request }) => {
    const account = newAccount("reset");
    await registerByApi(request, account);

    await page.goto("/forgot-password");
    await page.locator('input[name="email"]').fill(account.email);
    await page.getByRole("button", { name: "Gửi liên kết đặt lại" }).click();
    await expect(page.getByRole("heading", { name: "Kiểm tra email của bạn" })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText(/1 giờ/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Gửi lại" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Quay lại đăng nhập" })).toHaveAttribute("href", "/login");

    const token = await resetTokenFromOutbox(page, account.email);
    expect(token).toBeTruthy();

    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await expect(page.getByTestId("reset-username")).toHaveText(account.username);
    await expect(page.getByTestId("reset-email")).toHaveText(account.email);
    await page.locator('input[name="new_password"]').fill("ngan");
    await expect(page.getByText("Mật khẩu phải có ít nhất 8 ký tự")).toBeVisible();
    await page.locator('input[name="new_password"]').fill("mat-khau-moi-456");
    await page.locator('input[name="confirm_password"]').fill("mat-khau-moi-45");
    await expect(page.getByText("Mật khẩu xác nhận không khớp")).toBeVisible();
    await page.locator('input[name="confirm_password"]').fill("mat-khau-moi-456");
    await page.getByRole("button", { name: "Đặt lại mật khẩu" }).click();
    await expect(page.locator('[data-toast="success"]')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    await logIn(page, account.username, account.password);
    await expect(page.getByRole("alert").filter({ hasText: /không đúng/ }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, account.username, "mat-khau-moi-456");
    await expect(page).toHaveURL(/\/profile$/);

    // The link was single use.
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole("alert").filter({ hasText: "Token không hợp lệ hoặc đã hết hạn" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Yêu cầu liên kết mới" })).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 5000 });
  });

  test("Google sign-in through the test provider, then a password is created", async ({ page, baseURL }) => {
    const email = newAccount("gg").email;
    await page.goto("/login");
    await page.getByRole("button", { name: "Đăng nhập với Google" }).click();
    // The provider's own sign-in page, on another origin (its port follows the store's).
    await expect(page.getByRole("button", { name: "Sign-in" })).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign-in" }).click();

    await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
    await expect(page.getByText("Tài khoản Google")).toBeVisible();
    const user = JSON.parse((await storedSession(page)).user ?? "{}");
    expect(user.email).toBe(email);
    expect(user.has_usable_password).toBe(false);

    await page.getByRole("button", { name: "Tạo mật khẩu" }).click();
    const dialog = page.getByRole("dialog", { name: "Tạo mật khẩu" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('input[name="current_password"]')).toHaveCount(0);
    await expect(dialog.locator('input[name="new_password"]')).toBeFocused();
    await dialog.getByRole("button", { name: "Tạo mật khẩu" }).click();
    await expect(dialog.getByText("Vui lòng điền đầy đủ thông tin")).toBeVisible();
    await dialog.locator('input[name="new_password"]').fill("mat-khau-google-1");
    await dialog.locator('input[name="confirm_password"]').fill("mat-khau-google-2");
    await dialog.getByRole("button", { name: "Tạo mật khẩu" }).click();
    await expect(dialog.getByText("Mật khẩu xác nhận không khớp")).toBeVisible();
    await dialog.locator('input[name="confirm_password"]').fill("mat-khau-google-1");
    await dialog.getByRole("button", { name: "Tạo mật khẩu" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-toast="success"]').last()).toBeVisible();
    await expect(page.getByRole("button", { name: "Đổi mật khẩu" })).toBeVisible();
    expect(JSON.parse((await storedSession(page)).user ?? "{}").has_usable_password).toBe(true);

    // Escape closes the dialog, which now asks for the current password.
    await page.getByRole("button", { name: "Đổi mật khẩu" }).click();
    await expect(page.getByRole("dialog", { name: "Đổi mật khẩu" }).locator('input[name="current_password"]')).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The new password works for a login by e-mail.
    await page.evaluate(() => localStorage.clear());
    await page.goto("/login");
    await logIn(page, email, "mat-khau-google-1");
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe("attack: a login link whose redirect leads off the store", () => {
  test("logs in from /login?redirect=/.//evil.example and lands on the store", async ({ page, request }) => {
    const account = newAccount("redir");
    await registerByApi(request, account);
    const offStore: string[] = [];
    await page.context().route((url) => url.hostname.endsWith("evil.example"), (route) => {
      offStore.push(route.request().url());
      return route.abort();
    });

    // "/.//evil.example" passes a "starts with one slash" test, then normalises to "//evil.example".
    await page.goto("/login?redirect=%2F.%2F%2Fevil.example%2F");
    await expect(page.getByRole("main").getByRole("link", { name: "Đăng ký" })).toHaveAttribute("href", "/register");
    await logIn(page, account.username, account.password);
    await expect(toast(page, "Đăng nhập thành công!")).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/profile$/);
    expect(offStore).toEqual([]);
  });
});
