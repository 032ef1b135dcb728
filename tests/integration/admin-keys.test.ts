import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { keyBatches, keyPricing, licenseKeys, orders, users } from "../../workers/db/schema";
import { applyEntries } from "../../workers/money/wallet/money";
import { walletFor } from "../../workers/money/wallet/port";
import { SECOND_FACTOR_REQUIRED_MESSAGE } from "../../workers/shared/error-messages";
import { api, createApp, db, person, request, sessionToken, typeId, unique } from "../factories";
import { LEDGER_MESSAGES } from "@workers/money/messages";

type Body = Record<string, any>;

const call = (method: string, path: string, token?: string, body?: unknown) => api(path, { method, token, body });

type Route = [method: string, path: string, body?: unknown];

/** Every admin route, with a body each would accept from an admin. */
function adminRoutes(app: { url: string; id: number }, plain: { id: number }): Route[] {
  return [
      ["POST", `/api/keys/apps/${app.url}/pricing/`, { key_type: "1day", price: 1000 }],
      ["PATCH", `/api/keys/apps/${app.url}/pricing/1/`, { price: 1 }],
      ["DELETE", `/api/keys/apps/${app.url}/pricing/1/`],
      ["GET", `/api/keys/batches/?app_url=${app.url}`],
      ["GET", "/api/keys/batches/1/"],
      ["GET", `/api/keys/apps/${app.url}/keys/`],
      ["POST", "/api/keys/bulk-import/", { app_url: app.url, key_type: "1day", keys_text: "A" }],
      ["PATCH", "/api/keys/keys/1/update-status/", { status: "revoked" }],
      ["POST", "/api/keys/keys/1/activate/"],
      ["POST", "/api/keys/keys/1/deactivate/"],
      ["POST", "/api/keys/keys/1/reset-device/"],
      ["POST", "/api/keys/keys/1/extend/", { days: 1 }],
      ["POST", "/api/keys/keys/1/ban/"],
      ["POST", "/api/keys/keys/1/unban/"],
      ["DELETE", "/api/keys/keys/1/"],
      ["POST", "/api/keys/keys/bulk-delete/", { key_ids: [1] }],
      ["POST", `/api/keys/apps/${app.url}/cleanup-sold/`],
      ["POST", `/api/keys/apps/${app.url}/cleanup-by-status/`, { status: "sold" }],
      ["GET", `/api/keys/apps/${app.url}/stats/`],
      ["GET", "/api/admin/users/"],
      ["GET", "/api/admin/users/stats/"],
      ["GET", `/api/admin/users/${plain.id}/transactions/`],
      ["POST", `/api/admin/users/${plain.id}/adjust-balance/`, { amount: 1000 }],
      ["GET", "/api/admin/bank-transfers/?status=unmatched"],
      ["POST", "/api/admin/bank-transfers/1/credit/", { user_id: plain.id }],
      ["POST", "/api/admin/bank-transfers/1/dismiss/", { note: "x" }],
      ["GET", "/api/promotions/"],
      ["POST", "/api/promotions/", { name: "X" }],
      ["PUT", "/api/promotions/1/", { name: "X" }],
      ["DELETE", "/api/promotions/1/"],
      ["POST", "/api/apps/create/"],
      ["PUT", `/api/apps/update/${app.id}/`],
      ["PATCH", `/api/apps/update/${app.id}/`],
      ["DELETE", `/api/apps/delete/${app.id}/`],
      ["POST", "/api/apps/preview-ipa/"],
      ["GET", "/api/apps/admin/list/"],
      ["GET", `/api/apps/admin/detail/${app.id}/`],
      ["POST", "/api/uploads/", { filename: "a.ipa", size: 10, kind: "app_file" }],
      ["PUT", "/api/uploads/x/parts/1/"],
      ["POST", "/api/uploads/x/complete/"],
      ["GET", "/api/admin/settings/"],
  ];
}

describe("admin access", () => {
  it("every admin route refuses anonymous visitors (401) and plain users (403)", async () => {
    const app = await createApp();
    const plain = await person();
    for (const [method, path, body] of adminRoutes(app, plain)) {
      expect((await call(method, path, undefined, body)).status, `${method} ${path} anonymous`).toBe(401);
      const forbidden = await call(method, path, plain.token, body);
      expect(forbidden.status, `${method} ${path} plain user`).toBe(403);
      expect(forbidden.body.message).toBe("Access Denied: Bạn không có quyền truy cập trang này");
    }
    expect(await db.select().from(keyPricing).where(eq(keyPricing.appId, app.id))).toEqual([]);
  });
});

describe("attack: admin session without the second factor", () => {
  it("calls every admin route with a superuser's or staff member's session that skipped the second factor (403)", async () => {
    const app = await createApp();
    const plain = await person();
    for (const role of ["superuser", "staff"] as const) {
      const admin = await person(role);
      const token = await sessionToken(admin.id, { secondFactor: false });
      for (const [method, path, body] of adminRoutes(app, plain)) {
        const refused = await call(method, path, token, body);
        expect(refused.status, `${method} ${path} ${role} without second factor`).toBe(403);
        expect(refused.body.message).toBe(SECOND_FACTOR_REQUIRED_MESSAGE);
      }
    }
  });
});

describe("pricing", () => {
  it("creates one pricing per key type, refuses a second, and edits, pauses and reactivates it", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const created = await call("POST", `/api/keys/apps/${app.url}/pricing/`, admin.token, { key_type: "30days", price: 120000, currency: "VND" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ price: 120000, formatted_price: "120.000\u00a0₫", is_active: true, key_type: { name: "30days" } });
    const again = await call("POST", `/api/keys/apps/${app.id}/pricing/`, admin.token, { key_type: "30days", price: 1 });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Bảng giá cho loại key "30days" đã tồn tại! Bạn có thể chỉnh sửa hoặc kích hoạt lại.');
    const id = created.body.data.id;
    expect((await call("PATCH", `/api/keys/apps/${app.url}/pricing/${id}/`, admin.token, { is_active: false })).body.data).toMatchObject({ is_active: false, price: 120000 });
    expect((await call("PATCH", `/api/keys/apps/${app.url}/pricing/${id}/`, admin.token, { price: 99000, is_active: true })).body.data).toMatchObject({ is_active: true, price: 99000 });
    expect((await call("POST", `/api/keys/apps/${app.url}/pricing/`, admin.token, { key_type: "", price: "" })).status).toBe(400);
    expect((await call("POST", `/api/keys/apps/${app.url}/pricing/`, admin.token, { key_type: "forever", price: 1 })).body.errors).toEqual({ key_type: ["Loại key không tồn tại"] });
    expect(await call("DELETE", `/api/keys/apps/${app.url}/pricing/${id}/`, admin.token)).toEqual({ status: 405, body: { success: false, code: "pricing_not_deletable", message: "Không thể xóa bảng giá. Hãy tạm dừng bảng giá thay vì xóa." } });
  });
});

describe("bulk import", () => {
  it("imports 10,000 lines within D1's limits, skipping blanks and duplicates in the text and in stock", { timeout: 120_000 }, async () => {
    const admin = await person("staff");
    const app = await createApp();
    await db.insert(licenseKeys).values([{ appId: app.id, keyTypeId: await typeId("7days"), keyCode: "EXISTING-1" }, { appId: app.id, keyTypeId: await typeId("7days"), keyCode: "EXISTING-2" }]);
    const lines: string[] = [];
    for (let index = 0; index < 9_990; index++) lines.push(`KEY-${index.toString().padStart(5, "0")}`);
    lines.push("", "   ", "KEY-00001", "KEY-00002", "  KEY-00003  ", "EXISTING-1", "EXISTING-2", "", "NEW-LAST");
    const started = Date.now();
    const result = await call("POST", "/api/keys/bulk-import/", admin.token, { app_url: app.url, key_type: "7days", keys_text: lines.join("\n"), batch_name: "Lô 10k", description: "" });
    const elapsed = Date.now() - started;
    console.log(`10,000-line import took ${elapsed} ms (server: ${result.body.data?.duration_ms} ms)`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, message: "Keys imported successfully!" });
    // 9,996 non-blank lines: 9,990 new + NEW-LAST; three repeats in the text and two codes already in stock are skipped.
    expect(result.body.data).toMatchObject({ total_lines: 9_996, imported_count: 9_991, skipped_count: 5, invalid_count: 0 });
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(count.n).toBe(9_993);
    const [batch] = await db.select().from(keyBatches).where(eq(keyBatches.id, result.body.data.batch_id));
    expect(batch).toMatchObject({ batchName: "Lô 10k", importedCount: 9_991, skippedCount: 5 });

    const all = await call("GET", `/api/keys/apps/${app.url}/keys/?status=available`, admin.token);
    expect(all.body.data).toHaveLength(9_993);
    const page = await call("GET", `/api/keys/apps/${app.url}/keys/?page=2&page_size=100`, admin.token);
    expect(page.body).toMatchObject({ count: 9_993, page: 2, page_size: 100, total_pages: 100 });
    expect(page.body.data).toHaveLength(100);
  });

  it("refuses an empty list and stores nothing", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const result = await call("POST", "/api/keys/bulk-import/", admin.token, { app_url: app.url, key_type: "1day", keys_text: "\n  \n" });
    expect(result).toMatchObject({ status: 400, body: { message: "Vui lòng nhập danh sách key!" } });
    expect(await db.select().from(keyBatches).where(eq(keyBatches.appId, app.id))).toEqual([]);
  });
});

describe("keys", () => {
  async function stocked() {
    const admin = await person("staff");
    const app = await createApp();
    const [pricing] = await db.insert(keyPricing).values({ appId: app.id, keyTypeId: await typeId("1day"), price: 10000 }).returning();
    await call("POST", "/api/keys/bulk-import/", admin.token, { app_url: app.url, key_type: "1day", keys_text: "A1\nA2\nA3\nA4\nA5" });
    const keys = (await call("GET", `/api/keys/apps/${app.url}/keys/`, admin.token)).body.data as Body[];
    return { admin, app, pricing, keys: Object.fromEntries(keys.map((key) => [key.key_code, key])) };
  }

  it("revoke only available keys; activate and deactivate toggle revoked and available", async () => {
    const { admin, keys } = await stocked();
    expect((await call("PATCH", `/api/keys/keys/${keys.A1.id}/update-status/`, admin.token, { status: "revoked" })).body).toMatchObject({ message: "Key status updated successfully!", data: { status: "revoked" } });
    expect((await call("PATCH", `/api/keys/keys/${keys.A1.id}/update-status/`, admin.token, { status: "revoked" })).status).toBe(409);
    expect((await call("PATCH", `/api/keys/keys/${keys.A2.id}/update-status/`, admin.token, { status: "sold" })).status).toBe(400);
    expect((await call("POST", `/api/keys/keys/${keys.A1.id}/activate/`, admin.token)).body).toMatchObject({ message: "Key activated successfully!", data: { status: "available" } });
    expect((await call("POST", `/api/keys/keys/${keys.A1.id}/deactivate/`, admin.token)).body.message).toBe("Key deactivated successfully!");
    expect((await call("DELETE", "/api/keys/keys/999999999/", admin.token))).toEqual({ status: 404, body: { success: false, code: "key_not_found", message: "Key không tồn tại" } });
  });

  it("deleting a sold key never takes it from its buyer", async () => {
    const { admin, pricing, app } = await stocked();
    const buyer = await person();
    await applyEntries(env.DB, buyer.id, [{ type: "deposit", source: "vietqr", amount: 10000, reference: unique("dep"), line: LEDGER_MESSAGES.vietqr("Nạp") }]);
    const bought = await walletFor(env, buyer.id).purchase(pricing.id, null);
    expect(bought.ok).toBe(true);
    const code = bought.ok ? bought.order.key_code : "";
    const [sold] = await db.select().from(licenseKeys).where(and(eq(licenseKeys.appId, app.id), eq(licenseKeys.keyCode, code)));
    expect((await call("DELETE", `/api/keys/keys/${sold.id}/`, admin.token)).status).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order).toMatchObject({ keyCode: code, keyId: null });
    const history = await call("GET", "/api/auth/purchase/history/", buyer.token);
    expect(history.body.data[0].key_code).toBe(code);
  });

  it("bulk-deletes ticked keys, cleans up by status and reports stats", async () => {
    const { admin, app, keys } = await stocked();
    await db.update(licenseKeys).set({ status: "sold", orderReference: unique("o") }).where(eq(licenseKeys.id, keys.A1.id));
    await db.update(licenseKeys).set({ status: "expired", orderReference: unique("o") }).where(eq(licenseKeys.id, keys.A2.id));
    const stats = await call("GET", `/api/keys/apps/${app.url}/stats/`, admin.token);
    expect(stats.body.data).toMatchObject({ total_keys: 5, available_keys: 3, sold_keys: 1, expired_keys: 1 });
    expect((await call("POST", "/api/keys/keys/bulk-delete/", admin.token, { key_ids: [] })).body.message).toBe("Vui lòng chọn ít nhất một key để xóa!");
    expect((await call("POST", "/api/keys/keys/bulk-delete/", admin.token, { key_ids: [keys.A3.id, keys.A4.id] })).body.data).toEqual({ deleted_count: 2 });
    expect((await call("POST", `/api/keys/apps/${app.url}/cleanup-sold/`, admin.token)).body.data).toEqual({ deleted_count: 1 });
    expect((await call("POST", `/api/keys/apps/${app.url}/cleanup-by-status/`, admin.token, { status: "expired" })).body.data).toEqual({ deleted_count: 1 });
    expect((await call("POST", `/api/keys/apps/${app.url}/cleanup-by-status/`, admin.token, { status: "available" })).status).toBe(400);
    const left = (await call("GET", `/api/keys/apps/${app.url}/keys/`, admin.token)).body.data.map((key: Body) => key.key_code);
    expect(left).toEqual(["A5"]);
    const batches = await call("GET", `/api/keys/batches/?app_url=${app.url}`, admin.token);
    expect(batches.body.data[0]).toMatchObject({ key_type_name: "1day", imported_count: 5, app_url: app.url });
  });
});

describe("admin users", () => {
  it("lists with a search (wildcards are plain characters), stats and a user's transactions", async () => {
    const admin = await person("staff");
    const tag = unique("srch").replace(/-/g, "").slice(0, 14);
    const [target] = await db.insert(users).values({ username: `${tag}_x`, email: `${tag}@example.com`, firstName: "Phạm", lastName: "Thu%Hà" }).returning();
    const found = await call("GET", `/api/admin/users/?search=${tag}`, admin.token);
    expect(found.body.users.map((user: Body) => user.id)).toEqual([target.id]);
    expect((await call("GET", `/api/admin/users/?search=${encodeURIComponent("Thu%Hà")}`, admin.token)).body.users.map((user: Body) => user.id)).toEqual([target.id]);
    expect((await call("GET", `/api/admin/users/?search=${encodeURIComponent("%")}`, admin.token)).body.users.every((user: Body) => `${user.email}${user.username}${user.full_name}`.includes("%"))).toBe(true);
    const stats = await call("GET", "/api/admin/users/stats/", admin.token);
    expect(Object.keys(stats.body.stats).sort()).toEqual(["active_users", "google_users", "total_balance", "total_spent", "total_users"]);
    expect(stats.body.stats.total_users).toBeGreaterThan(1);
    await call("POST", `/api/admin/users/${target.id}/adjust-balance/`, admin.token, { amount: 5000 });
    const history = await call("GET", `/api/admin/users/${target.id}/transactions/`, admin.token);
    expect(history.body.transactions).toHaveLength(1);
    expect(history.body.transactions[0]).toMatchObject({ transaction_type: "admin_adjustment", amount: 5000, created_by: admin.id });
  });

  it("an adjustment racing the same user's purchases never takes the balance below zero", async () => {
    const admin = await person("staff");
    const { pricing } = await (async () => {
      const app = await createApp();
      const [row] = await db.insert(keyPricing).values({ appId: app.id, keyTypeId: await typeId("1day"), price: 20000 }).returning();
      await db.insert(licenseKeys).values(Array.from({ length: 10 }, (_, index) => ({ appId: app.id, keyTypeId: row.keyTypeId, keyCode: `R-${index}` })));
      return { pricing: row };
    })();
    const buyer = await person();
    await call("POST", `/api/admin/users/${buyer.id}/adjust-balance/`, admin.token, { amount: 100000, transaction_type: "deposit" });
    const buy = () =>
      request("/api/keys/purchase/", { method: "POST", headers: { Authorization: `Bearer ${buyer.token}`, "Content-Type": "application/json" }, body: JSON.stringify({ key_pricing_id: pricing.id, payment_method: "balance" }) });
    const results = await Promise.all([buy(), buy(), call("POST", `/api/admin/users/${buyer.id}/adjust-balance/`, admin.token, { amount: -70000 }), buy(), buy()]);
    const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, buyer.id));
    expect(row.balance).toBeGreaterThanOrEqual(0);
    const purchases = results.filter((result) => result instanceof Response && result.status === 200).length;
    const adjusted = (results[2] as { status: number }).status === 200;
    expect(row.balance).toBe(100000 - purchases * 20000 - (adjusted ? 70000 : 0));
  });
});

describe("promotions", () => {
  it("create with the form's defaults and a generated BONUS code, validate, update, expire and delete", async () => {
    const admin = await person("staff");
    const created = await call("POST", "/api/promotions/", admin.token, { name: "Tết", duration: 7, min_deposit_amount: "", total_usage_limit: "" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Tết", promotion_type: "percentage", bonus_percentage: 10, min_deposit_amount: 10000, total_usage_limit: null, duration: 7, status: "active" });
    expect(created.body.data.code).toMatch(/^BONUS[A-Z2-9]{6}$/);

    const invalid = await call("POST", "/api/promotions/", admin.token, { name: "", bonus_percentage: 150, duration: 400 });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["bonus_percentage", "duration", "name"]);
    expect((await call("POST", "/api/promotions/", admin.token, { name: "Trùng", code: created.body.data.code })).body.errors).toEqual({ code: ["Mã khuyến mãi đã tồn tại"] });

    const id = created.body.data.id;
    const past = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const ended = new Date(Date.now() - 86_400_000).toISOString();
    const updated = await call("PUT", `/api/promotions/${id}/`, admin.token, { name: "Tết (đã qua)", start_date: past, end_date: ended, bonus_percentage: 15 });
    expect(updated.body.data).toMatchObject({ name: "Tết (đã qua)", bonus_percentage: 15, status: "expired" });
    const list = await call("GET", "/api/promotions/?status=expired", admin.token);
    expect(list.body.data.some((promotion: Body) => promotion.id === id)).toBe(true);
    expect((await call("DELETE", `/api/promotions/${id}/`, admin.token)).body.message).toBe("Đã xóa khuyến mãi");
    expect((await call("DELETE", `/api/promotions/${id}/`, admin.token)).status).toBe(404);
  });
});

describe("an app hidden from the store (status failed)", () => {
  it("its key screen reads its admin detail by slug and its pricing; buyers still cannot see it", async () => {
    const app = await createApp({ status: "failed" });
    const admin = await person("superuser");
    const buyer = await person();
    const detail = await api(`/api/apps/admin/detail/${app.url}/`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: app.id, name: app.name, url: app.url, app_type: app.appType });
    expect((await api(`/api/apps/admin/detail/${app.id}/`, { token: admin.token })).body.data.id).toBe(app.id);
    expect((await api("/api/apps/admin/detail/no-such-app/", { token: admin.token })).status).toBe(404);

    await db.insert(keyPricing).values({ appId: app.id, keyTypeId: await typeId("7days"), price: 1000 });
    const pricing = await api(`/api/keys/apps/${app.url}/pricing/`, { token: admin.token });
    expect(pricing.status).toBe(200);
    expect(pricing.body.data).toHaveLength(1);
    expect((await api(`/api/keys/apps/${app.url}/pricing/`, { token: buyer.token })).status).toBe(404);
  });
});
