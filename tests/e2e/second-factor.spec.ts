import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { codeAt, currentStep, newUser, signIn, toast, writeStoreDb } from "./support";

// The second factor in the browser (issue #15): a new admin enrols at first sign-in by reading the
// secret off the screen into an "authenticator" (here, otpauth), keeps the recovery codes, reaches
// the admin screens, and signs in again with a code.

const PASSWORD = "mat-khau-123";
/** Makes a registered buyer a staff member, as another admin would, in the run's local D1. */
async function promoteToStaff(username: string) {
  await writeStoreDb((db) => [db.prepare("UPDATE users SET is_staff = 1 WHERE username = ?").bind(username)]);
}

async function signInWithPassword(page: import("@playwright/test").Page, username: string) {
  await page.goto("/login?redirect=%2Fadmin");
  await page.locator('input[name="login"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
}

test("a new admin enrols by reading the secret from the screen, then signs in again with a code", async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const staff = await newUser(request, "staff");
  await promoteToStaff(staff.user.username);

  await signInWithPassword(page, staff.user.username);
  await expect(page).toHaveURL(/\/login\/verify$/);
  await expect(page.getByRole("heading", { name: "Bật xác thực hai lớp" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Mã QR để thêm tài khoản vào ứng dụng xác thực" })).toBeVisible();
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The QR code says the same, read back by an independent decoder (Debian's zbarimg).
  const qrFile = test.info().outputPath("enrolment-qr.png");
  await page.getByRole("img", { name: "Mã QR để thêm tài khoản vào ứng dụng xác thực" }).screenshot({ path: qrFile });
  const uri = new URL(execFileSync("zbarimg", ["--raw", "-q", qrFile], { encoding: "utf8" }).trim());
  expect(uri.protocol).toBe("otpauth:");
  expect(uri.searchParams.get("secret")).toBe(secret);
  expect(uri.searchParams.get("issuer")).toBe("iOS Game Hack");

  // A wrong code is refused on the spot; the right one turns the second factor on.
  await page.getByLabel("Mã xác thực").fill("000000");
  await page.getByRole("button", { name: "Xác nhận" }).click();
  await expect(page.getByText("Mã xác thực không đúng")).toBeVisible();
  const step = currentStep();
  await page.getByLabel("Mã xác thực").fill(codeAt(secret, step));
  await page.getByRole("button", { name: "Xác nhận" }).click();
  await expect(page.getByRole("heading", { name: "Đã bật xác thực hai lớp" })).toBeVisible();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("button", { name: "Sao chép mã khôi phục" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Tải xuống" }).click();
  expect((await download).suggestedFilename()).toBe("ma-khoi-phuc.txt");
  await page.getByRole("link", { name: "Tôi đã lưu mã, tiếp tục" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Quản lý ứng dụng" })).toBeVisible();

  // Another browser: the password, then a code of the next step (the enrolment's is spent).
  const other = await browser.newPage();
  await signInWithPassword(other, staff.user.username);
  await expect(other.getByRole("heading", { name: "Xác thực hai lớp", exact: true })).toBeVisible();
  await expect(other.getByTestId("mfa-secret")).toHaveCount(0);
  await other.getByLabel("Mã xác thực").fill(codeAt(secret, step + 1));
  await other.getByRole("button", { name: "Xác nhận" }).click();
  await expect(other).toHaveURL(/\/admin$/);
  await expect(other.getByRole("heading", { name: "Quản lý ứng dụng" })).toBeVisible();
  await other.close();
});

test("an admin who asked for no page lands on the overview after the second factor (issue #27)", async ({ page, request }) => {
  test.setTimeout(90_000);
  const staff = await newUser(request, "staff");
  await promoteToStaff(staff.user.username);

  await page.goto("/login");
  await page.locator('input[name="login"]').fill(staff.user.username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await expect(page).toHaveURL(/\/login\/verify$/);
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  await page.getByLabel("Mã xác thực").fill(codeAt(secret, currentStep()));
  await page.getByRole("button", { name: "Xác nhận" }).click();
  await page.getByRole("link", { name: "Tôi đã lưu mã, tiếp tục" }).click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole("heading", { name: "Tổng quan" })).toBeVisible();
});

test("an admin session without the second factor is sent from the admin screens to Bảo mật", async ({ page, request }) => {
  const staff = await newUser(request, "staff");
  // Signed in before becoming staff: this session never passed a second factor.
  await promoteToStaff(staff.user.username);
  await signIn(page, { ...staff, user: { ...staff.user, is_staff: true } });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByRole("heading", { name: "Bảo mật" })).toBeVisible();
  await expect(page.getByTestId("mfa-status")).toContainText("bắt buộc với tài khoản quản trị");
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Bật xác thực hai lớp" }).click();
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  await page.getByLabel("Mã xác thực").fill(codeAt(secret, currentStep()));
  await page.getByRole("button", { name: "Xác nhận" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "Vào trang quản trị →" }).click();
  await expect(page.getByRole("heading", { name: "Quản lý ứng dụng" })).toBeVisible();
});

test("a buyer turns the second factor on with the current password, and every other session of the account ends", async ({ page, request }) => {
  const buyer = await newUser(request, "buyer");
  // Another session of the same account (another browser, or a thief's copy).
  const other = await request.post("/api/auth/login/", { data: { login: buyer.user.username, password: PASSWORD } });
  const otherAccess = (await other.json()).access as string;
  expect((await request.get("/api/auth/me/", { headers: { Authorization: `Bearer ${otherAccess}` } })).status()).toBe(200);

  await signIn(page, buyer);
  await page.goto("/profile/security");
  await expect(page.getByRole("heading", { name: "Bảo mật" })).toBeVisible();
  // A wrong password is refused on the spot, and nothing is proposed.
  await page.locator('input[name="password"]').fill("khong-phai-mat-khau");
  await page.getByRole("button", { name: "Bật xác thực hai lớp" }).click();
  await expect(page.getByText("Mật khẩu hiện tại không đúng").first()).toBeVisible();
  await expect(page.getByTestId("mfa-secret")).toHaveCount(0);

  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Bật xác thực hai lớp" }).click();
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  await page.getByLabel("Mã xác thực").fill(codeAt(secret, currentStep()));
  await page.getByRole("button", { name: "Xác nhận" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByTestId("mfa-status")).toContainText("Đang bật");

  // This browser stays signed in (a reload keeps the session); the other session is over.
  await page.reload();
  await expect(page.getByTestId("mfa-status")).toContainText("Đang bật");
  expect((await request.get("/api/auth/me/", { headers: { Authorization: `Bearer ${otherAccess}` } })).status()).toBe(401);
});

test("the code field's file cannot be fetched as the security page opens: the buyer reads the network's message, then, online again, the field", async ({ page, request }) => {
  const buyer = await newUser(request, "mfafile");
  await signIn(page, buyer);
  await page.goto("/profile/security");
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Bật xác thực hai lớp" }).click();
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  await page.getByLabel("Mã xác thực").fill(codeAt(secret, currentStep()));
  await page.getByRole("button", { name: "Xác nhận" }).click();
  await expect(page.getByTestId("mfa-status")).toContainText("Đang bật");

  // The code field comes once the second factor is on (decision 0081): its file cannot be fetched.
  const codeFile = /\/assets\/SecondFactor-[\w-]+\.js$/;
  await page.route(codeFile, (route) => route.abort("internetdisconnected"));
  await page.reload();
  await expect(toast(page, "Lỗi kết nối mạng. Vui lòng kiểm tra kết nối internet và thử lại.")).toBeVisible();
  await expect(page.getByText("Lỗi khi tải cài đặt bảo mật")).toBeVisible();
  await expect(page.getByLabel("Mã xác thực")).toHaveCount(0);

  await page.unroute(codeFile);
  await page.reload();
  await expect(page.getByTestId("mfa-status")).toContainText("Đang bật");
  await expect(page.getByLabel("Mã xác thực")).toBeVisible();
});
