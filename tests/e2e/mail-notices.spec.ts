// The buyer's e-mail notices (issue #29, docs/decisions/0032-buyer-mails.md): the profile's
// "Nhận email thông báo" switch, and the unsubscribe page a notice links to, which needs no sign-in.
import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { unsubscribeToken } from "../../workers/accounts/mail-preferences";
import { newUser, signIn, toast } from "./support";

/** The first screen of a test waits longer: the store may be busy starting (the profile reads the user, a button calls the API). */
const FIRST = { timeout: 30_000 };

/** The JWT_SECRET the local store runs with (.dev.vars, else the committed example), which the links are signed from. */
function storeSecret(): string {
  for (const file of [".dev.vars", ".dev.vars.example"]) {
    const line = existsSync(file) ? readFileSync(file, "utf8").split("\n").find((text) => text.startsWith("JWT_SECRET=")) : undefined;
    if (line) return process.env.JWT_SECRET ?? line.slice("JWT_SECRET=".length).trim();
  }
  throw new Error("no JWT_SECRET");
}

async function notices(request: import("@playwright/test").APIRequestContext, access: string): Promise<boolean> {
  return (await (await request.get("/api/auth/me/", { headers: { Authorization: `Bearer ${access}` } })).json()).data.email_notifications;
}

test("the profile's switch turns the e-mail notices off and on again", async ({ page, request }) => {
  const buyer = await newUser(request, "mailsw");
  await signIn(page, buyer);
  await page.goto("/profile");
  const toggle = page.getByRole("switch", { name: "Nhận email thông báo" });
  await expect(toggle).toHaveAttribute("aria-checked", "true", FIRST);
  await toggle.click();
  await expect(toast(page, "Đã tắt nhận email thông báo.")).toBeVisible(FIRST);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  expect(await notices(request, buyer.access)).toBe(false);

  await page.reload();
  await expect(page.getByRole("switch", { name: "Nhận email thông báo" })).toHaveAttribute("aria-checked", "false", FIRST);
  await page.getByRole("switch", { name: "Nhận email thông báo" }).click();
  await expect(toast(page, "Đã bật nhận email thông báo.")).toBeVisible(FIRST);
  await expect(page.getByRole("switch", { name: "Nhận email thông báo" })).toHaveAttribute("aria-checked", "true");
  expect(await notices(request, buyer.access)).toBe(true);
});

test("the unsubscribe page asks first, then turns the notices off without a sign-in; a forged link is refused", async ({ page, request }) => {
  const buyer = await newUser(request, "mailun");
  const token = await unsubscribeToken(storeSecret(), buyer.user.id, 0);

  // Another account's id under this buyer's signature: refused, nothing changes.
  await page.goto(`/unsubscribe?token=${encodeURIComponent(token.replace(/^\d+\./, `${buyer.user.id + 1}.`))}`);
  await page.getByRole("button", { name: "Xác nhận hủy nhận email" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Liên kết hủy nhận email không hợp lệ hoặc đã hết hiệu lực." })).toBeVisible(FIRST);

  await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { name: "Hủy nhận email thông báo" })).toBeVisible();
  // Opening the page changed nothing.
  expect(await notices(request, buyer.access)).toBe(true);
  await page.getByRole("button", { name: "Xác nhận hủy nhận email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Bạn đã hủy nhận email thông báo." })).toBeVisible(FIRST);
  expect(await notices(request, buyer.access)).toBe(false);
});

test("the network goes as a forged link's refusal arrives: the visitor reads the network's message, then, online again, the refusal", async ({ page, request }) => {
  const buyer = await newUser(request, "mailnet");
  const token = await unsubscribeToken(storeSecret(), buyer.user.id, 0);
  // The rules that read a refusal come with the first one (app/platform/api-client.ts): their file cannot be fetched.
  const rules = /\/assets\/refusal-message-[\w-]+\.js$/;
  await page.route(rules, (route) => route.abort("internetdisconnected"));
  await page.goto(`/unsubscribe?token=${encodeURIComponent(token.replace(/^\d+\./, `${buyer.user.id + 1}.`))}`);
  const confirm = page.getByRole("button", { name: "Xác nhận hủy nhận email" });
  await confirm.click();
  await expect(page.getByRole("alert").filter({ hasText: "Lỗi kết nối mạng. Vui lòng kiểm tra kết nối internet và thử lại." })).toBeVisible(FIRST);

  await page.unroute(rules);
  await confirm.click();
  await expect(page.getByRole("alert").filter({ hasText: "Liên kết hủy nhận email không hợp lệ hoặc đã hết hiệu lực." })).toBeVisible(FIRST);
  expect(await notices(request, buyer.access)).toBe(true);
});
