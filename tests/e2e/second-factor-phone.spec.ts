import { execFileSync } from "node:child_process";
import { expect, type Locator, test } from "@playwright/test";
import { codeAt, currentStep, newUser, signIn } from "./support";

// The second factor on a phone (issue #27, item 11): the authenticator opens from a link (a phone
// cannot scan its own screen), every one-time code field brings up the number pad and the phone's
// code autofill, a recovery code is typed as text, and /login/verify opens with its field focused.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PASSWORD = "mat-khau-123";
async function expectOneTimeCodeField(field: Locator) {
  await expect(field).toHaveAttribute("inputmode", "numeric");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("type", "text");
  await expect(field).toHaveAttribute("pattern", "[0-9]{3} ?[0-9]{3}");
  await expect(field).toHaveAttribute("maxlength", "7");
}

async function expectRecoveryCodeField(field: Locator) {
  await expect(field).toHaveAttribute("inputmode", "text");
  await expect(field).toHaveAttribute("autocomplete", "off");
  await expect(field).toHaveAttribute("autocapitalize", "none");
}

test("a phone turns the second factor on from the authenticator link, with the number pad, and turns it off with a recovery code", { tag: "@phone" }, async ({ page, request }) => {
  test.setTimeout(90_000);
  const buyer = await newUser(request, "phone2fa");
  await signIn(page, buyer);
  await page.goto("/profile/security");
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Bật xác thực hai lớp" }).click();

  // The link carries exactly what the QR code says (read back by Debian's zbarimg), nothing more.
  const link = page.getByRole("link", { name: "Mở ứng dụng xác thực", exact: true });
  await expect(link).toBeVisible();
  const qr = page.getByRole("img", { name: "Mã QR để thêm tài khoản vào ứng dụng xác thực" });
  const qrFile = test.info().outputPath("enrolment-qr.png");
  await qr.screenshot({ path: qrFile });
  const encoded = execFileSync("zbarimg", ["--raw", "-q", qrFile], { encoding: "utf8" }).trim();
  expect(encoded).toMatch(/^otpauth:\/\/totp\//);
  expect(await link.getAttribute("href")).toBe(encoded);
  // Beside the QR: within the phone's width, not pushed off screen.
  const box = await link.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  const secret = new URL(encoded).searchParams.get("secret") ?? "";
  const setupField = page.getByRole("textbox", { name: "Mã xác thực" });
  await expectOneTimeCodeField(setupField);
  // No recovery code exists before the factor is on: the set-up offers none.
  await expect(page.getByRole("button", { name: "Dùng mã khôi phục" })).toHaveCount(0);
  await setupField.fill(codeAt(secret, currentStep()));
  await page.getByRole("button", { name: "Xác nhận" }).click();
  const recoveryCodes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(recoveryCodes).toHaveCount(10);
  const recoveryCode = ((await recoveryCodes.first().textContent()) ?? "").trim();

  // Changing or turning it off: the code field is the number pad again; a recovery code is text.
  const changeField = page.getByRole("textbox", { name: "Mã xác thực" });
  await expectOneTimeCodeField(changeField);
  await page.getByRole("button", { name: "Dùng mã khôi phục" }).click();
  const recoveryField = page.getByRole("textbox", { name: "Mã khôi phục" });
  await expectRecoveryCodeField(recoveryField);
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recoveryCode);
  await page.getByRole("button", { name: "Tắt xác thực hai lớp" }).click();
  await expect(page.getByTestId("mfa-status")).toContainText("Chưa bật");
});

test("/login/verify on a phone opens with the code field focused, and takes a recovery code as text", { tag: "@phone" }, async ({ page, request }) => {
  test.setTimeout(90_000);
  const buyer = await newUser(request, "phoneverify");
  const auth = { Authorization: `Bearer ${buyer.access}` };
  const setup = await (await request.post("/api/auth/mfa/setup/", { headers: auth, data: { password: PASSWORD } })).json();
  const enrolled = await request.post("/api/auth/mfa/verify/", { data: { mfa_token: setup.data.mfa_token, code: codeAt(setup.data.secret, currentStep()) } });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  const recoveryCode: string = (await enrolled.json()).recovery_codes[0];

  await page.goto("/login");
  await page.locator('input[name="login"]').fill(buyer.user.username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await expect(page).toHaveURL(/\/login\/verify$/);
  const field = page.getByRole("textbox", { name: "Mã xác thực" });
  await expectOneTimeCodeField(field);
  // The field has focus as the page opens: the phone's keyboard and code autofill are one tap away.
  await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.getAttribute("autocomplete"))).toBe("one-time-code");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("code");

  await page.getByRole("button", { name: "Dùng mã khôi phục" }).click();
  const recoveryField = page.getByRole("textbox", { name: "Mã khôi phục" });
  await expectRecoveryCodeField(recoveryField);
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recoveryCode);
  await page.getByRole("button", { name: "Xác nhận" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
