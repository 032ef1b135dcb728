// Issue #27 item 10: the admin reads the store as people read it. The audit log names its targets,
// the overview sets admin adjustments beside deposits and sales, every Telegram notification can be
// paged through, and the low-stock message tells the real count.
import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../workers/db/client";
import { auditEvents, notifications, promotions, users } from "../../workers/db/schema";
import { listAuditEvents } from "../../workers/owner/audit";
import { api, createApp, db, funded, listing, person, unique } from "../factories";

async function buy(token: string, pricingId: number) {
  const answer = await api("/api/keys/purchase/", { token, body: { key_pricing_id: pricingId, payment_method: "balance" } });
  expect(answer.status).toBe(200);
}

describe("the low-stock message", () => {
  it("says how many keys a sale really left, not only the threshold", async () => {
    const { app, pricing } = await listing({ stock: 7, price: 1000 });
    const buyer = await funded(100_000);
    await buy(buyer.token, pricing.id); // 6 left
    await buy(buyer.token, pricing.id); // 5 left: the crossing
    const [low] = await db.select().from(notifications).where(like(notifications.dedupeKey, `low_stock:${pricing.id}:%`));
    expect(low.text).toContain(app.name);
    expect(low.text).toContain("còn 5 key");
  });

  it("says 1 when one key is left (a fall straight past the threshold)", async () => {
    const { pricing } = await listing({ stock: 2, price: 1000 });
    const buyer = await funded(100_000);
    await buy(buyer.token, pricing.id);
    const [low] = await db.select().from(notifications).where(like(notifications.dedupeKey, `low_stock:${pricing.id}:%`));
    expect(low.text).toContain("còn 1 key");
    expect(low.text).not.toContain("≤");
  });
});

type AuditEntry = { id: number; action: string; target_type: string | null; target_id: string | null; target: { type: string; id: string; name: string | null; exists: boolean } | null; details: Record<string, unknown> };

async function auditPage(token: string, query: string) {
  const answer = await api(`/api/admin/audit/?${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data as AuditEntry[];
}

describe("the audit log's targets", () => {
  it("names the user, the app and the promotion beside their ids, and keeps a deleted one's id and recorded name", async () => {
    const admin = await person("superuser");
    const buyer = await person();
    await db.update(users).set({ firstName: "Lê", lastName: "Thu" }).where(eq(users.id, buyer.id));
    const adjusted = await api(`/api/admin/users/${buyer.id}/adjust-balance/`, { token: admin.token, body: { amount: 12000, transaction_type: "admin_adjustment", description: "Bù tiền" } });
    expect(adjusted.status).toBe(200);

    const app = await createApp({ name: `Ứng dụng ${unique("a")}` });
    const [promotion] = await db
      .insert(promotions)
      .values({ name: `KM ${unique("p")}`, code: unique("CODE").toUpperCase(), bonusPercentage: 10, startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() + 86_400_000) })
      .returning();
    const actor = { actorUserId: admin.id, actorEmail: admin.email };
    await db.insert(auditEvents).values([
      { ...actor, action: "app.update", targetType: "app", targetId: String(app.id), details: JSON.stringify({ before: { version: "1.0.0" }, after: { version: "1.1.0" } }) },
      { ...actor, action: "promotion.update", targetType: "promotion", targetId: String(promotion.id), details: "{}" },
      { ...actor, action: "app.delete", targetType: "app", targetId: "987654321", details: JSON.stringify({ name: "Ứng dụng đã xóa" }) },
    ]);

    const entries = await auditPage(admin.token, `actor=${admin.id}`);
    const byAction = (action: string) => entries.find((entry) => entry.action === action);
    expect(byAction("balance.adjust")?.target).toEqual({ type: "user", id: String(buyer.id), name: `Lê Thu · ${buyer.email}`, exists: true });
    expect(byAction("app.update")?.target).toEqual({ type: "app", id: String(app.id), name: app.name, exists: true });
    expect(byAction("promotion.update")?.target).toEqual({ type: "promotion", id: String(promotion.id), name: promotion.name, exists: true });
    expect(byAction("app.delete")?.target).toEqual({ type: "app", id: "987654321", name: "Ứng dụng đã xóa", exists: false });
    // The raw record stays as it was written.
    expect(byAction("balance.adjust")).toMatchObject({ target_type: "user", target_id: String(buyer.id), details: { amount: 12000, balance_after: 12000 } });
  });

  it("reads the names of a whole page with the page, not one statement per row", async () => {
    const admin = await person("superuser");
    const targets = await Promise.all(Array.from({ length: 6 }, () => person()));
    await db.insert(auditEvents).values(targets.map((user) => ({ actorUserId: admin.id, actorEmail: admin.email, action: "user.role", targetType: "user", targetId: String(user.id), details: "{}" })));
    const statements: string[] = [];
    const prepare = env.DB.prepare.bind(env.DB);
    const counting = (query: string) => {
      statements.push(query);
      return prepare(query);
    };
    const watched: D1Database = Object.assign(Object.create(env.DB), { prepare: counting });
    const page = await listAuditEvents(getDb(watched), { actor: String(admin.id), page: 1, pageSize: 50 });
    expect(page.entries.filter((entry) => entry.target?.exists)).toHaveLength(6);
    // The count and the page itself: no statement per row.
    expect(statements).toHaveLength(2);
  });
});

type Overview = {
  ledger: {
    deposits: { total: number; count: number };
    bonuses: { total: number; count: number };
    adjustments: { total: number; count: number };
    sales: { total: number; count: number };
    balance_change: number;
  };
};

describe("the overview's admin adjustments", () => {
  it("are a figure of their own, and deposits + bonuses + adjustments − sales is the change in balances", async () => {
    const admin = await person("superuser");
    const before = (await api("/api/admin/overview/?days=7", { token: admin.token })).body as unknown as Overview;
    const buyer = await funded(50_000);
    const credit = await api(`/api/admin/users/${buyer.id}/adjust-balance/`, { token: admin.token, body: { amount: 30_000, transaction_type: "admin_adjustment", description: "Bù" } });
    expect(credit.status).toBe(200);
    const debit = await api(`/api/admin/users/${buyer.id}/adjust-balance/`, { token: admin.token, body: { amount: -8_000, transaction_type: "admin_adjustment", description: "Thu hồi" } });
    expect(debit.status).toBe(200);
    const { pricing } = await listing({ stock: 3, price: 20_000 });
    await buy(buyer.token, pricing.id);

    const after = (await api("/api/admin/overview/?days=7", { token: admin.token })).body as unknown as Overview;
    const added = (key: "deposits" | "bonuses" | "adjustments" | "sales") => ({ total: after.ledger[key].total - before.ledger[key].total, count: after.ledger[key].count - before.ledger[key].count });
    expect(added("adjustments")).toEqual({ total: 22_000, count: 2 });
    expect(added("deposits")).toEqual({ total: 50_000, count: 1 });
    expect(added("sales")).toEqual({ total: 20_000, count: 1 });
    const { deposits, bonuses, adjustments, sales, balance_change } = after.ledger;
    expect(deposits.total + bonuses.total + adjustments.total - sales.total).toBe(balance_change);
    expect(after.ledger.balance_change - before.ledger.balance_change).toBe(50_000 + 22_000 - 20_000);
  });
});

type NotificationPage = { success: boolean; data: { id: number; kind: string; status: string; attempts: number; last_error: string | null; created_at: string }[]; next_before: number | null };

describe("the Telegram delivery log", () => {
  async function notice(status: "pending" | "sent" | "failed", text: string) {
    const [row] = await db
      .insert(notifications)
      .values({ kind: "ops", text, status, attempts: status === "failed" ? 8 : 1, lastError: status === "failed" ? "400 Bad Request: chat not found" : null, dedupeKey: unique("log") })
      .returning();
    return row;
  }

  it("pages every notification newest first by ?before=, and filters by status", async () => {
    const admin = await person("superuser");
    const marker = unique("log");
    const rows: (typeof notifications.$inferSelect)[] = [];
    for (let index = 0; index < 5; index += 1) rows.push(await notice(index % 2 ? "failed" : "sent", `${marker} ${index}`));
    const newest = rows[4].id;

    const first = (await api(`/api/admin/notifications/?limit=2&before=${newest + 1}`, { token: admin.token })).body as unknown as NotificationPage;
    expect(first.data.map((row) => row.id)).toEqual([rows[4].id, rows[3].id]);
    expect(first.next_before).toBe(rows[3].id);
    const second = (await api(`/api/admin/notifications/?limit=2&before=${first.next_before}`, { token: admin.token })).body as unknown as NotificationPage;
    expect(second.data.map((row) => row.id)).toEqual([rows[2].id, rows[1].id]);

    const failed = (await api(`/api/admin/notifications/?limit=100&status=failed&before=${newest + 1}`, { token: admin.token })).body as unknown as NotificationPage;
    const mine = failed.data.filter((row) => rows.some((made) => made.id === row.id));
    expect(mine.map((row) => row.id)).toEqual([rows[3].id, rows[1].id]);
    expect(failed.data.every((row) => row.status === "failed")).toBe(true);
    expect(mine[0]).toMatchObject({ kind: "ops", attempts: 8, last_error: "400 Bad Request: chat not found" });
  });

  it("answers the last page with no next page", async () => {
    const admin = await person("superuser");
    const oldest = (await db.select({ id: notifications.id }).from(notifications).orderBy(notifications.id).limit(1))[0] ?? (await notice("sent", unique("only")));
    const last = (await api(`/api/admin/notifications/?before=${oldest.id + 1}`, { token: admin.token })).body as unknown as NotificationPage;
    expect(last.data.map((row) => row.id)).toEqual([oldest.id]);
    expect(last.next_before).toBeNull();
  });

  it("refuses a status or a cursor it does not know, in Vietnamese and the store's shape", async () => {
    const admin = await person("superuser");
    const badStatus = await api("/api/admin/notifications/?status=lost", { token: admin.token });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toMatchObject({ success: false, errors: { status: ["Trạng thái không hợp lệ"] } });
    const badCursor = await api("/api/admin/notifications/?before=abc", { token: admin.token });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ success: false, errors: { before: [expect.stringMatching(/không hợp lệ/)] } });
    const user = await person();
    expect((await api("/api/admin/notifications/", { token: user.token })).status).toBe(403);
  });
});
