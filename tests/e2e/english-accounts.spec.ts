import { expect, type Page, test } from "@playwright/test";
import { codeAt, currentStep, newUser, resetTokenFromOutbox, toast, uniqueId } from "./support";

// The English store's account pages (issue 45): registration, sign-in and its second step,
// the password reset and the security page at /en/…, in English, each leading to /en/ pages; the
// return from Google lands in the language the visitor left from. Messages the server writes stay
// the server's (Vietnamese until the API answers in English), so the pages are read where they speak
// for themselves: as they open and after the browser's own checks.

const PASSWORD = "mat-khau-123";
const VIETNAMESE_LETTERS = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;

/** A new buyer with English-looking names, registered and signed in through the API. */
function englishBuyer(request: Parameters<typeof newUser>[0], prefix: string) {
  return newUser(request, prefix, { first_name: "Test", last_name: "Buyer" });
}

/** The page has hydrated (React has taken over the form): what is typed and pressed is handled by the page. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const control = document.querySelector("main form button, main button");
    return control !== null && Object.keys(control).some((key) => key.startsWith("__reactProps"));
  });
}

/** Everything main says, shown or read out (text, names, titles, placeholders, alt texts), has no Vietnamese letter. */
async function expectEnglishMain(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const said = await page.getByRole("main").evaluate((main: HTMLElement) =>
    [
      main.innerText,
      ...Array.from(main.querySelectorAll("[aria-label], [title], [placeholder], [alt]")).flatMap((element) =>
        ["aria-label", "title", "placeholder", "alt"].map((name) => element.getAttribute(name) ?? ""),
      ),
    ].join("\n"),
  );
  expect(said).not.toMatch(VIETNAMESE_LETTERS);
}

async function signInAt(page: Page, login: string, password: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("register at /en/register in English, then sign in and land on /en/profile", { tag: "@phone" }, async ({ page }) => {
  const id = uniqueId();
  const account = { username: `en_reg_${id}`, email: `en.reg.${id}@example.com` };
  await page.goto("/en/register");
  await expect(page).toHaveTitle("Register | iOS Game Hack");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await hydrated(page);
  await expectEnglishMain(page);
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/en/login");
  await expect(page.getByRole("button", { name: "Register with Google" })).toBeVisible();

  // The browser's own checks speak English.
  await page.locator('input[name="password"]').fill("short");
  await page.locator('input[name="password_confirm"]').fill("something-else");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByText("The password must be at least 8 characters long")).toBeVisible();
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  await expect(page.getByText("This field is required")).toHaveCount(4);
  await expect(page.getByRole("textbox", { name: "Family name" })).toBeFocused();
  await expectEnglishMain(page);

  await page.getByRole("textbox", { name: "Family name" }).fill("Tester");
  await page.getByRole("textbox", { name: "Given name" }).fill("English");
  await page.getByRole("textbox", { name: "Username" }).fill(account.username);
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirm"]').fill(PASSWORD);
  await expect(page.locator('[data-availability="username"]')).toHaveAttribute("data-state", "available");
  await expect(page.locator('[data-availability="email"]')).toHaveAttribute("data-state", "available");
  await page.getByRole("button", { name: "Register", exact: true }).click();

  await expect(toast(page, "Registered! Please sign in.")).toBeVisible();
  // The English store has no /dashboard: the profile, in English, is where a new account goes.
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fprofile$/);
  await expect(page.locator('input[name="login"]')).toHaveValue(account.username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(toast(page, "Signed in!")).toBeVisible();
  await expect(page).toHaveURL(/\/en\/profile$/);
});

test("sign in at /en/login: English labels and checks, English links, and the profile in English after", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await englishBuyer(request, "en_login");

  await page.goto("/en/login?redirect=%2Fen%2Fprofile%3Ftab%3Dwallet");
  await expect(page.getByRole("main").getByRole("link", { name: "Register" })).toHaveAttribute("href", "/en/register?redirect=%2Fen%2Fprofile%3Ftab%3Dwallet");

  await page.goto("/en/login");
  await expect(page).toHaveTitle("Sign in | iOS Game Hack");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expect(page.getByLabel("Username or email")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Password", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/en/forgot-password");
  await expect(page.getByRole("main").getByRole("link", { name: "Register" })).toHaveAttribute("href", "/en/register");
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await hydrated(page);
  await expectEnglishMain(page);

  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("This field is required")).toHaveCount(2);
  await expect(page.getByLabel("Username or email")).toBeFocused();
  await expectEnglishMain(page);

  await signInAt(page, buyer.user.username, PASSWORD);
  await expect(toast(page, "Signed in!")).toBeVisible();
  await expect(page).toHaveURL(/\/en\/profile$/);
});

test("forgot and reset password in English, each step leading to the English pages", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await englishBuyer(request, "en_reset");
  const email = String(buyer.user.email);

  await page.goto("/en/reset-password");
  await expect(page).toHaveURL(/\/en\/forgot-password$/);
  await expect(toast(page, "Invalid token")).toBeVisible();

  await expect(page).toHaveTitle("Forgot your password | iOS Game Hack");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password");
  await expect(page.getByRole("main").getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/en/login");
  await hydrated(page);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expectEnglishMain(page);

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`If ${email} has an account here`);
  await expect(page.getByRole("button", { name: "Send again" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/en/login");
  await expectEnglishMain(page);

  const token = await resetTokenFromOutbox(page, email);
  expect(token).not.toBe("");

  await page.goto(`/en/reset-password?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
  await expect(page.getByTestId("reset-username")).toHaveText(buyer.user.username);
  await expect(page.getByText("Username", { exact: true })).toBeVisible();
  await page.locator('input[name="new_password"]').fill("short");
  await expect(page.getByText("The password must be at least 8 characters long")).toBeVisible();
  await page.locator('input[name="new_password"]').fill("new-password-456");
  await page.locator('input[name="confirm_password"]').fill("new-password-45");
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "New password", exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Confirm the new password" })).toBeVisible();
  await expectEnglishMain(page);
  await page.locator('input[name="confirm_password"]').fill("new-password-456");
  await page.getByRole("button", { name: "Reset the password" }).click();
  await expect(page.locator('[data-toast="success"]')).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Your password has been reset.");
  await expect(page).toHaveURL(/\/en\/login$/, { timeout: 5000 });

  // The link was single use: the page says so in English and moves on to ask for a new one.
  await page.goto(`/en/reset-password?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid link");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The token is invalid or has expired");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/en/forgot-password");
  await expectEnglishMain(page);
  await expect(page).toHaveURL(/\/en\/forgot-password$/, { timeout: 5000 });
});

test("the security page at /en/profile/security in English, and the sign-in's second step after it", { tag: "@phone" }, async ({ page, request, isMobile }) => {
  test.setTimeout(90_000);
  const buyer = await englishBuyer(request, "en_sec");

  // Signed in through the English sign-in, which lands on the English profile.
  await page.goto("/en/login?redirect=%2Fen%2Fprofile%2Fsecurity");
  await hydrated(page);
  await signInAt(page, buyer.user.username, PASSWORD);
  await expect(page).toHaveURL(/\/en\/profile\/security$/);
  await expect(page).toHaveTitle("Security | iOS Game Hack");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await expect(page.getByTestId("mfa-status")).toHaveText("Off");
  await expect(page.getByRole("main").getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/en/profile");
  await expectEnglishMain(page);

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(page.getByRole("img", { name: "QR code to add the account to your authenticator app" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the authenticator app" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the secret key" })).toBeVisible();
  await expectEnglishMain(page);
  const secret = ((await page.getByTestId("mfa-secret").textContent()) ?? "").trim();
  await page.getByRole("textbox", { name: "Verification code" }).fill(codeAt(secret, currentStep()));
  await page.getByRole("button", { name: "Confirm" }).click();

  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByRole("heading", { name: "Recovery codes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the recovery codes" })).toBeVisible();
  await expect(page.getByTestId("mfa-status")).toContainText(/^On since .+ · 10 recovery codes left$/);
  await expectEnglishMain(page);
  if (!isMobile) {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toBe("recovery-codes.txt");
  }
  const recoveryCode = ((await codes.first().textContent()) ?? "").trim();

  // Signed out, signed in again: the second step is English too, and leads on to the English profile.
  await page.evaluate(() => localStorage.clear());
  await page.goto("/en/login");
  await hydrated(page);
  await signInAt(page, buyer.user.username, PASSWORD);
  await expect(page).toHaveURL(/\/en\/login\/verify$/);
  await expect(page).toHaveTitle("Two-step verification | iOS Game Hack");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step verification");
  await expect(page.getByRole("textbox", { name: "Verification code" })).toBeVisible();
  await expectEnglishMain(page);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByRole("textbox", { name: "Recovery code" }).fill(recoveryCode);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
});

test("Google sign-in started in English comes back to the English profile; a failed return speaks English", async ({ page, baseURL }) => {
  const email = `en.google.${uniqueId()}@example.com`;
  await page.goto("/en/login");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  // The provider's own sign-in page, on another origin.
  await expect(page.getByRole("button", { name: "Sign-in" })).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL ?? "").origin);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page).toHaveURL(/\/en\/profile$/, { timeout: 20_000 });
  // The page's frame is English too: its words came with the way back.
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("contentinfo").getByRole("navigation", { name: "Language" })).toBeVisible();

  // Google's answer carries the state the sign-in left with, and with it the language.
  const state = Buffer.from(JSON.stringify({ redirect: "/en/profile", timestamp: Date.now(), csrf: "x" })).toString("base64");
  await page.goto(`/auth/google/callback?error=access_denied&state=${encodeURIComponent(state)}`);
  await expect(page.getByRole("main").getByText("Google sign-in error: access_denied")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Google sign-in failed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/en/login");
  await expect(page).toHaveURL(/\/en\/login$/, { timeout: 5000 });
});

/**
 * Signs in with Google from /en/login as `email`, holding the store's exchange of Google's code
 * until the returned function is called, so the return page's waiting state can be looked at.
 */
async function heldGoogleSignIn(page: Page, email: string): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/google-auth/", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/en/login");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("button", { name: "Sign-in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign-in" }).click();
  return release;
}

test("while the return from Google is exchanged, a visitor who left from English reads English", async ({ page }) => {
  // Google's code is exchanged only once the page has shown that it is signing in.
  const release = await heldGoogleSignIn(page, `en.google.wait.${uniqueId()}@example.com`);
  await expect(page.getByRole("status").getByText("Signing in with Google...")).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/en\/profile$/, { timeout: 20_000 });
});

test("the return from Google marks its English words as English for a screen reader (lang), waiting and failed", async ({ page }) => {
  const languageOf = (text: string) => page.getByText(text).evaluate((element) => element.closest("[lang]")?.getAttribute("lang"));
  const release = await heldGoogleSignIn(page, `en.google.lang.${uniqueId()}@example.com`);
  await expect(page.getByRole("status").getByText("Signing in with Google...")).toBeVisible();
  expect(await languageOf("Signing in with Google...")).toBe("en");
  release();
  await expect(page).toHaveURL(/\/en\/profile$/, { timeout: 20_000 });

  const state = Buffer.from(JSON.stringify({ redirect: "/en/profile", timestamp: Date.now(), csrf: "x" })).toString("base64");
  await page.goto(`/auth/google/callback?error=access_denied&state=${encodeURIComponent(state)}`);
  await expect(page.getByRole("heading", { name: "Google sign-in failed" })).toBeVisible();
  expect(await languageOf("Google sign-in failed")).toBe("en");
});

/** Signs in on the Vietnamese sign-in page (its button says "Đăng nhập"). */
async function signInOnVietnamesePage(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
}

test("an account that chose English, signing in on a new phone's Vietnamese page, lands on English pages and keeps English", { tag: "@phone" }, async ({ page, request }) => {
  const buyer = await englishBuyer(request, "en_phone");
  const chose = await request.post("/api/auth/locale/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { locale: "en" } });
  expect(chose.ok(), await chose.text()).toBe(true);

  // A new phone: no language chosen on it yet; the store opens in Vietnamese.
  await page.goto("/login");
  await hydrated(page);
  await signInOnVietnamesePage(page, buyer.user.username);
  // A sign-in hashes the password (scrypt): seconds on a loaded machine.
  await expect(page).toHaveURL(/\/en\/profile$/, { timeout: 20_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The choice is this phone's now: the store's front door opens in English.
  expect((await page.context().cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
  await page.goto("/");
  await expect(page).toHaveURL(/\/en\/$/);
});

test("a browser that chose Vietnamese keeps it when an English account signs in there", async ({ page, request, baseURL }) => {
  const buyer = await englishBuyer(request, "vi_choice");
  await request.post("/api/auth/locale/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { locale: "en" } });
  await page.context().addCookies([{ name: "lang", value: "vi", url: `${baseURL}/` }]);
  await page.goto("/login");
  await hydrated(page);
  await signInOnVietnamesePage(page, buyer.user.username);
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe("/profile");
});
