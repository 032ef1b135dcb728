import { expect } from "@playwright/test";
import { E2E_STORE_PORT } from "../../playwright.config";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, login, newUser, signIn, toast, uniqueId, test } from "./support";

// The shop's webhook on Cài đặt (issue 55 item 5, docs/formats.md#store-events): the admin points it
// at the simulated receiver that `npm start` runs (http://127.0.0.1 is allowed outside production),
// copies the secret shown once, sees a sale in the delivery log, the cron delivers it signed, and
// "Gửi lại" sends it again. A private address is refused with the store's words.

const receiver = `http://127.0.0.1:${E2E_STORE_PORT + 1400}`;

test("the admin sets the webhook, copies its secret once, and sends an event again from the log", async ({ page, request, ownApp }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "Webhook" });
  const address = section.getByLabel("Địa chỉ webhook");

  await address.fill("https://169.254.169.254/latest/meta-data/");
  await section.getByRole("button", { name: "Lưu webhook" }).click();
  await expect(section.getByText("Địa chỉ webhook phải là một máy trên Internet, không phải mạng nội bộ, localhost hay địa chỉ link-local").first()).toBeVisible();

  const hook = `e2e${uniqueId().replace(/[^\w]/g, "")}`;
  await address.fill(`${receiver}/hook/${hook}`);
  await section.getByRole("button", { name: "Lưu webhook" }).click();
  await expect(toast(page, "Đã lưu địa chỉ webhook. Hãy chép khoá ký ngay: nó chỉ hiện một lần.")).toBeVisible();
  const secret = (await section.getByTestId("webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  await fetch(`${receiver}/sim/secret`, { method: "POST", body: JSON.stringify({ secret }) });

  // A sale: its key.sold waits in the log until the cron delivers it.
  const auth = { Authorization: `Bearer ${admin.access}` };
  const app = await ownApp();
  const priced = await request.post(`/api/keys/apps/${app}/pricing/`, { headers: auth, data: { key_type: "1day", price: 1000, currency: "VND" } });
  expect(priced.status(), await priced.text()).toBe(201);
  // Shown masked by its last four characters: this run's own, so an earlier run's sale in the log is not taken for it.
  const tail = uniqueId().slice(-4).toUpperCase();
  const code = `HOOK-${uniqueId()}-ABCD${tail}`;
  expect((await request.post("/api/keys/bulk-import/", { headers: auth, data: { app_url: app, key_type: "1day", keys_text: code } })).ok()).toBe(true);
  const buyer = await newUser(request);
  await fundUser(request, buyer.user.id, 5000);
  const bought = await request.post("/api/keys/purchase/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { key_pricing_id: (await priced.json()).data.id, payment_method: "balance" } });
  expect(bought.status(), await bought.text()).toBe(200);

  // The cron, fired as Cloudflare would (wrangler dev --test-scheduled).
  expect((await request.get("/__scheduled?cron=*+*+*+*+*")).ok()).toBe(true);
  await page.reload();
  // Other tests' sales may be logged too: this one is the key ending in its tail.
  const row = page.getByTestId("webhook-event").filter({ hasText: `…${tail}` }).first();
  await expect(row).toContainText("Đã gửi");
  await expect(row).toContainText(`…${tail}`);
  await expect(row).not.toContainText(code);

  await row.getByRole("button", { name: /^Gửi lại key\.sold/ }).click();
  await expect(toast(page, "Sự kiện sẽ được gửi lại trong lần chạy tới (tối đa 1 phút)")).toBeVisible();
  await expect(page.getByTestId("webhook-event").filter({ hasText: `…${tail}` }).first()).toContainText("Đang chờ gửi");
  expect((await request.get("/__scheduled?cron=*+*+*+*+*")).ok()).toBe(true);

  const all = (await (await fetch(`${receiver}/sim/received?name=${hook}`)).json()) as { body: string; verified: boolean }[];
  const received = all.filter((entry) => JSON.parse(entry.body).data.key?.masked === `…${tail}`);
  expect(all.every((entry) => entry.verified)).toBe(true);
  expect(received.map((entry) => [JSON.parse(entry.body).type, entry.verified])).toEqual([
    ["key.sold", true],
    ["key.sold", true],
  ]);
  expect(received.every((entry) => !entry.body.includes(code))).toBe(true);

  // Off again, so the other tests' changes are not told to a receiver no one reads.
  await address.fill("");
  await section.getByRole("button", { name: "Lưu webhook" }).click();
  await expect(toast(page, "Đã tắt webhook")).toBeVisible();
});
