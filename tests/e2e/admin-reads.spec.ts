import { expect } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, login, newUser, signIn, uniqueId, writeStoreDb, test } from "./support";

// Issue #27 item 10, on a laptop: the admin reads the store as people read it. The audit log names
// whom an entry acted on and labels its details; the overview sets admin adjustments beside deposits
// and sales; every Telegram notification can be read on its own page; the low-stock message says
// how many keys are left.

const vnd = (amount: number) => new RegExp(`${new Intl.NumberFormat("vi-VN").format(amount).replace(/\./g, "\\.")}\\s₫`);

test("the audit log names the user adjusted and shows the details as labelled values, the raw JSON one click away", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const buyer = await newUser(request, "audited", { first_name: "Phạm", last_name: "Hạnh" });
  await fundUser(request, buyer.user.id, 43000);

  await signIn(page, admin);
  await page.goto("/admin/audit?action=balance.adjust");
  const email = String(buyer.user.email);
  const row = page.getByTestId("audit-table").locator("tbody tr").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  const target = row.getByTestId("audit-target");
  await expect(target).toContainText("Người dùng");
  await expect(target).toContainText(`Phạm Hạnh · ${email}`);
  await expect(target).toContainText(`ID ${buyer.user.id}`);

  await row.getByRole("button", { name: "Xem" }).click();
  const dialog = page.getByTestId("audit-entry");
  const fields = dialog.getByTestId("audit-fields");
  await expect(fields.getByRole("term").filter({ hasText: /^Số tiền$/ })).toBeVisible();
  await expect(fields).toContainText(vnd(43000));
  await expect(fields).toContainText("Số dư sau");
  await expect(fields).toContainText("Loại giao dịch");
  await expect(fields).toContainText("Điều chỉnh");
  await expect(fields).not.toContainText("balance_after");
  // The raw record is folded away until asked for.
  const raw = dialog.getByTestId("audit-details");
  await expect(raw).toBeHidden();
  await dialog.getByText("Xem dữ liệu gốc").click();
  await expect(raw).toBeVisible();
  await expect(raw).toContainText('"amount": 43000');
});

test("the overview shows admin adjustments as their own figure, reconciled with deposits and sales", async ({ page, request }) => {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const auth = { Authorization: `Bearer ${admin.access}` };
  const buyer = await newUser(request, "adjusted");
  await fundUser(request, buyer.user.id, 30000);
  const debit = await request.post(`/api/admin/users/${buyer.user.id}/adjust-balance/`, { headers: auth, data: { amount: -8000, transaction_type: "admin_adjustment", description: "Thu hồi" } });
  expect(debit.ok(), await debit.text()).toBe(true);
  // What the screen must show: the figures the API sums from the ledger (other tests move money too).
  const { ledger } = await (await request.get("/api/admin/overview/?days=7", { headers: auth })).json();
  expect(ledger.adjustments.count).toBeGreaterThanOrEqual(2);

  await signIn(page, admin);
  await page.goto("/admin/overview?days=7");
  const figures = page.getByRole("region", { name: "Đối soát số dư (7 ngày)" });
  await expect(figures).toBeVisible();
  const adjustments = figures.getByTestId("ledger-adjustments");
  await expect(adjustments).toContainText("Điều chỉnh của quản trị");
  await expect(adjustments).toContainText(vnd(Math.abs(ledger.adjustments.total)));
  await expect(adjustments).toContainText(`${ledger.adjustments.count} lần cộng/trừ`);
  await expect(figures.getByTestId("ledger-deposits")).toContainText(vnd(ledger.deposits.total));
  await expect(figures.getByTestId("ledger-sales")).toContainText(vnd(ledger.sales.total));
  await expect(figures.getByTestId("ledger-change")).toContainText(vnd(Math.abs(ledger.balance_change)));
  await expect(figures).toContainText("Nạp tiền + khuyến mãi + điều chỉnh của quản trị − bán key = thay đổi tổng số dư");
  expect(ledger.deposits.total + ledger.bonuses.total + ledger.adjustments.total - ledger.sales.total).toBe(ledger.balance_change);
});

test("the Telegram delivery log lists every notification, filtered by status and paged older", async ({ page, request }) => {
  const marker = `NHATKY-${uniqueId()}`;
  // 25 notifications straight into the store's D1: more than a page, three of them given up.
  await writeStoreDb((db) =>
    Array.from({ length: 25 }, (_, index) => {
      const failed = index % 10 === 3;
      return db
        .prepare("INSERT INTO notifications (kind, text, status, attempts, last_error, dedupe_key, sent_at) VALUES ('ops', ?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(`${marker} #${index}`, failed ? "failed" : "sent", failed ? 8 : 1, failed ? "400 Bad Request: chat not found" : null, `${marker}:${index}`, failed ? null : Date.now());
    }),
  );
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/overview");
  await page.getByTestId("recent-notifications").getByRole("link", { name: "Xem tất cả" }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole("heading", { name: "Thông báo", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Quản trị" }).getByRole("link", { name: "Thông báo" })).toHaveAttribute("aria-current", "page");

  const rows = page.getByTestId("notification-log").locator("tbody tr");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`${marker} #24`);
  await expect(rows.first()).toContainText("Cảnh báo vận hành");
  await expect(rows.first()).toContainText("Đã gửi");

  await page.getByRole("link", { name: "Cũ hơn →" }).click();
  await expect(page).toHaveURL(/[?&]before=\d+/);
  await expect(rows.first()).toContainText(`${marker} #4`);

  await page.goto("/admin/notifications");
  await page.getByLabel("Trạng thái").selectOption("failed");
  await page.getByRole("button", { name: "Lọc" }).click();
  await expect(page).toHaveURL(/[?&]status=failed/);
  const failed = rows.filter({ hasText: marker });
  await expect(failed).toHaveCount(3);
  await expect(failed.first()).toContainText(`${marker} #23`);
  await expect(failed.first()).toContainText("Gửi thất bại");
  await expect(failed.first()).toContainText("Lỗi gần nhất: 400 Bad Request: chat not found");
  await expect(failed.first().getByRole("cell", { name: "8", exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: "Đã gửi" })).toHaveCount(0);
});

test("the low-stock message says how many keys the sale left", async ({ page, request, ownApp }) => {
  const app = await ownApp();
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const auth = { Authorization: `Bearer ${admin.access}` };
  const priced = await request.post(`/api/keys/apps/${app}/pricing/`, { headers: auth, data: { key_type: "lifetime", price: 1000, currency: "VND" } });
  expect(priced.status(), await priced.text()).toBe(201);
  const pricingId: number = (await priced.json()).data.id;
  const codes = Array.from({ length: 4 }, () => `LOW-${uniqueId()}-${uniqueId()}`.toUpperCase());
  const imported = await request.post("/api/keys/bulk-import/", { headers: auth, data: { app_url: app, key_type: "lifetime", keys_text: codes.join("\n") } });
  expect(imported.ok(), await imported.text()).toBe(true);

  const buyer = await newUser(request, "lowstock");
  await fundUser(request, buyer.user.id, 5000);
  const bought = await request.post("/api/keys/purchase/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { key_pricing_id: pricingId, payment_method: "balance" } });
  expect(bought.ok(), await bought.text()).toBe(true);

  await signIn(page, admin);
  await page.goto("/admin/overview");
  // The admin check and the figures come first; on a loaded machine that takes a while.
  await expect(page.getByTestId("recent-notifications")).toBeVisible({ timeout: 20_000 });
  const notice = page.getByTestId("recent-notifications").locator('[data-kind="low_stock"]').first();
  await expect(notice).toContainText("Sắp hết key");
  await expect(notice).toContainText("(còn 3 key)");
  // The store is shared with later tests, which buy from the first app that sells keys: this
  // pricing stops selling again.
  const paused = await request.patch(`/api/keys/apps/${app}/pricing/${pricingId}/`, { headers: auth, data: { is_active: false } });
  expect(paused.ok(), await paused.text()).toBe(true);
});
