import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, keepAdminSession, login, newUser, rotatedAdminSession, signIn } from "./support";

// The owner downloads the CSV exports from the users screen (issue #18): the file carries the
// BOM, the header row and today's ledger entry of a buyer the owner just credited.

test("the owner downloads the ledger and the orders of this month as CSV files", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const buyer = await newUser(request, "csv", { first_name: "Nguyễn", last_name: "Xuất" });
  await fundUser(request, buyer.user.id, 123000);
  await signIn(page, admin);
  await page.goto("/admin/users");

  const exports = page.getByTestId("export-downloads");
  await expect(exports.getByRole("heading", { name: "Xuất dữ liệu" })).toBeVisible();
  const [ledger] = await Promise.all([page.waitForEvent("download"), exports.getByRole("button", { name: "Tải giao dịch (CSV)" }).click()]);
  expect(ledger.suggestedFilename()).toMatch(/^giao-dich_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await ledger.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  expect(text.split("\r\n")[0]).toBe("Mã giao dịch,Thời gian (giờ Việt Nam),Tên đăng nhập,Email,Loại,Nguồn,Số tiền (₫),Số dư trước (₫),Số dư sau (₫),Trạng thái,Mô tả,Mã tham chiếu,Mệnh giá khai báo (₫),Giá trị thật (₫)");
  const row = text.split("\r\n").find((line) => line.includes(buyer.user.username));
  expect(row).toContain(",Điều chỉnh,Admin,123000,0,123000,Hoàn thành,E2E: tiền để mua key,");

  const [orders] = await Promise.all([page.waitForEvent("download"), exports.getByRole("button", { name: "Tải đơn hàng (CSV)" }).click()]);
  expect(orders.suggestedFilename()).toMatch(/^don-hang_.*\.csv$/);
  expect((await readFile((await orders.path())!)).toString("utf8")).toContain("Mã đơn,Thời gian (giờ Việt Nam)");

  // A period the wrong way round is refused on the screen, before any request.
  await exports.getByLabel("Từ ngày").fill("2030-01-01");
  await expect(exports.getByText("Ngày bắt đầu phải trước hoặc bằng ngày kết thúc")).toBeVisible();
  await expect(exports.getByRole("button", { name: "Tải giao dịch (CSV)" })).toBeDisabled();
});

test("an export asked with an expired access token is fetched after one silent refresh", async ({ page, request }) => {
  // The page's refresh spends the session's refresh token: a rotated one, handed back after.
  const admin = await rotatedAdminSession(request);
  await signIn(page, admin);
  await page.goto("/admin/users");
  const exports = page.getByTestId("export-downloads");
  await expect(exports.getByRole("heading", { name: "Xuất dữ liệu" })).toBeVisible();
  // The stored access token no longer works; the refresh token does.
  await page.evaluate(() => window.localStorage.setItem("access_token", "expired.token.value"));
  const [ledger] = await Promise.all([page.waitForEvent("download"), exports.getByRole("button", { name: "Tải giao dịch (CSV)" }).click()]);
  expect((await readFile((await ledger.path())!)).toString("utf8")).toContain("Mã giao dịch,Thời gian (giờ Việt Nam)");
  expect(await page.evaluate(() => window.localStorage.getItem("access_token"))).not.toBe("expired.token.value");
  const tokens = await page.evaluate(() => ({ access: localStorage.getItem("access_token")!, refresh: localStorage.getItem("refresh_token")! }));
  keepAdminSession({ ...admin, ...tokens });
});
