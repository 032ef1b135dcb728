import { expect, test } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, login, newUser, signIn, toast } from "./support";

// A balance adjustment moves the balance once however the admin clicks (issue #13, Money 5): the
// dialog makes one Idempotency-Key when a submit starts and sends it again on a retry of that submit.

test("a lost answer retried, and a double click, move the balance once", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const buyer = await newUser(request);
  await signIn(page, admin);

  const sent: (string | undefined)[] = [];
  let lose = true;
  await page.route("**/api/admin/users/*/adjust-balance/", async (route) => {
    sent.push(route.request().headers()["idempotency-key"]);
    // The first answer is lost after the server has applied it.
    const response = await route.fetch();
    if (lose) {
      lose = false;
      return route.abort("connectionreset");
    }
    return route.fulfill({ response });
  });

  await page.goto("/admin/users");
  await page.getByPlaceholder("Tìm theo email, tên đăng nhập hoặc họ tên...").fill(buyer.user.username);
  const userRow = page.getByRole("row").filter({ hasText: buyer.user.username });
  await userRow.getByRole("button", { name: "Điều chỉnh số dư" }).click();
  const dialog = page.getByTestId("adjust-balance");
  await dialog.getByLabel("Số tiền (VND)").fill("45000");
  await dialog.getByRole("button", { name: "Xác nhận" }).click();
  await expect(dialog).toBeVisible(); // no answer: the dialog stays for a retry
  await dialog.getByRole("button", { name: "Xác nhận" }).dblclick();
  await expect(toast(page, "Điều chỉnh số dư thành công")).toBeVisible();

  expect(sent).toHaveLength(2);
  expect(sent[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  expect(sent[1]).toBe(sent[0]);
  const wallet = await (await request.get("/api/auth/wallet/balance/", { headers: { Authorization: `Bearer ${buyer.access}` } })).json();
  expect(wallet.data.balance).toBe(45000);
});
