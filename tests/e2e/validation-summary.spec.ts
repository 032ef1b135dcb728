import { expect, test } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fillRegistration, login, newUser, signIn, uniqueId } from "./support";

// Issue #17 item 2: a submission the server refuses with field errors lists them, "Label: message",
// under 'Vui lòng sửa các lỗi sau:' (docs/product.md §8), besides the message under each field.

test("register: names taken between the check and the submit are listed under the heading", async ({ page, request }) => {
  const id = uniqueId();
  const account = { first_name: "Lê", last_name: "Trễ", username: `tre_${id}`, email: `tre.${id}@example.com`, password: "mat-khau-123" };
  await page.goto("/register");
  await fillRegistration(page, account);

  // Someone else takes both names before this person presses the button.
  const taken = await request.post("/api/auth/register/", { data: { ...account, password_confirm: account.password } });
  expect(taken.status(), await taken.text()).toBe(201);
  await page.getByRole("button", { name: "Đăng ký", exact: true }).click();

  const summary = page.getByTestId("validation-summary");
  await expect(summary).toBeVisible();
  await expect(summary.locator("p").first()).toHaveText("Vui lòng sửa các lỗi sau:");
  await expect(summary.getByRole("listitem")).toHaveText(["Tên đăng nhập: Tên đăng nhập đã được sử dụng", "Email: Email đã được sử dụng"]);
});

test("change password: a wrong current password is listed under the heading", async ({ page, request }) => {
  const user = await newUser(request, "doimk");
  await signIn(page, user);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Đổi mật khẩu" }).click();
  const dialog = page.getByRole("dialog", { name: "Đổi mật khẩu" });
  await dialog.locator('input[name="current_password"]').fill("khong-phai-mat-khau");
  await dialog.locator('input[name="new_password"]').fill("mat-khau-moi-123");
  await dialog.locator('input[name="confirm_password"]').fill("mat-khau-moi-123");
  await dialog.getByRole("button", { name: "Đổi mật khẩu" }).click();

  const summary = dialog.getByTestId("validation-summary");
  await expect(summary.locator("p").first()).toHaveText("Vui lòng sửa các lỗi sau:");
  await expect(summary.getByRole("listitem")).toHaveText(["Mật khẩu hiện tại: Mật khẩu hiện tại không đúng"]);
});

test("key pricing: a price over the ceiling is listed under the heading, in Vietnamese, and nothing changes", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const app = "chien-binh-rong-mod-menu";
  const before = (await (await request.get(`/api/keys/apps/${app}/pricing/`, { headers: { Authorization: `Bearer ${admin.access}` } })).json()).data as { id: number; price: number }[];
  await signIn(page, admin);
  await page.goto(`/admin/app/${app}/keys`);
  await page.locator("[data-pricing-row]").first().getByRole("button", { name: "Sửa" }).click();
  const modal = page.getByTestId("pricing-modal");
  await modal.getByLabel("Giá").fill("2000000000");
  await modal.getByRole("button", { name: "Cập nhật" }).click();

  const summary = modal.getByTestId("validation-summary");
  await expect(summary.locator("p").first()).toHaveText("Vui lòng sửa các lỗi sau:");
  await expect(summary.getByRole("listitem")).toHaveText(["Giá: Giá tối đa là 1.000.000.000"]);
  const after = (await (await request.get(`/api/keys/apps/${app}/pricing/`, { headers: { Authorization: `Bearer ${admin.access}` } })).json()).data as { id: number; price: number }[];
  expect(after.map((row) => [row.id, row.price])).toEqual(before.map((row) => [row.id, row.price]));
});
