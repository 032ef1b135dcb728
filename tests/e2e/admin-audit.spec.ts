import { expect, test } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, holdDashboardForward, login, newUser, signIn } from "./support";

// The audit log (issue #15): an admin opens "Nhật ký", filters it by action, actor and date, and
// reads one entry's details.

/** Today in Vietnam, as a date input holds it (YYYY-MM-DD). */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Ho_Chi_Minh" }).format(new Date());

test("the admin opens Nhật ký, filters by action, actor and date, and reads one entry", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const buyer = await newUser(request);
  await fundUser(request, buyer.user.id, 43000);

  await signIn(page, admin);
  await page.goto("/admin/users");
  await page.getByRole("navigation", { name: "Quản trị" }).getByRole("link", { name: "Nhật ký" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { name: "Nhật ký", level: 1 })).toBeVisible();
  // Signing in as the admin was recorded too.
  await expect(page.getByTestId("audit-table").getByText("auth.admin_login").first()).toBeVisible();

  await page.getByLabel("Hành động").selectOption("balance.adjust");
  await page.getByLabel("Người thực hiện").fill(ADMIN_LOGIN);
  await page.getByLabel("Từ ngày").fill(today());
  await page.getByLabel("Đến ngày").fill(today());
  await page.getByRole("button", { name: "Lọc" }).click();
  await expect(page).toHaveURL(/[?&]action=balance\.adjust(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${today()}(&|$)`));
  const rows = page.getByTestId("audit-table").locator("tbody tr");
  await expect(rows.first()).toContainText("Điều chỉnh số dư");
  await expect(rows.filter({ hasText: "auth.admin_login" })).toHaveCount(0);

  // The buyer's entry, found by the target's e-mail (unique to this buyer; the target cell names
  // the user since issue #27, where it read "user <id>").
  const entry = rows.filter({ hasText: String(buyer.user.email) });
  await expect(entry).toHaveCount(1);
  await entry.getByRole("button", { name: "Xem" }).click();
  const dialog = page.getByTestId("audit-entry");
  await expect(dialog.getByRole("heading", { name: /Điều chỉnh số dư · #\d+/ })).toBeVisible();
  await expect(dialog.getByTestId("audit-details")).toContainText('"amount": 43000');
  await expect(dialog.getByTestId("audit-details")).toContainText('"balance_after": 43000');
  await dialog.getByRole("button", { name: "Đóng" }).click();
  await expect(dialog).toBeHidden();

  // The filters live in the URL: a reload shows the same page, the form filled the same way.
  await page.reload();
  await expect(page.getByLabel("Hành động")).toHaveValue("balance.adjust");
  await expect(rows.filter({ hasText: String(buyer.user.email) })).toHaveCount(1);
});

test("a plain user is sent away from Nhật ký", async ({ page, request }) => {
  const user = await newUser(request, "plain");
  await signIn(page, user);
  await holdDashboardForward(page);
  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/dashboard$/);
});
