// The audit log's reading side (issue #15): the admin API's filters and pages, and the cron's
// retention, which removes only entries older than AUDIT_RETENTION_DAYS.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../workers/platform/config";
import { auditEvents } from "../../workers/db/schema";
import { runScheduledJobs } from "../../workers/scheduled";
import { api, db, person, unique } from "../factories";

const DAY = 86_400_000;

async function entriesAged(email: string, days: number[]) {
  return db
    .insert(auditEvents)
    .values(days.map((age) => ({ actorEmail: email, action: "settings.update", createdAt: new Date(Date.now() - age * DAY), details: JSON.stringify({ age }) })))
    .returning();
}

const agesOf = async (email: string) =>
  (await db.select().from(auditEvents).where(eq(auditEvents.actorEmail, email))).map((row) => JSON.parse(row.details).age).sort((a, b) => a - b);

describe("audit retention", () => {
  it("the cron removes entries older than a year by default, then older than the configured days, and never younger ones", async () => {
    const email = `${unique("old")}@example.com`;
    await entriesAged(email, [400, 366, 100, 31, 1]);
    const report = await runScheduledJobs(env, new Date());
    expect(report.expiredAuditEvents).toBeGreaterThanOrEqual(2);
    expect(await agesOf(email)).toEqual([1, 31, 100]);

    await runScheduledJobs({ ...env, AUDIT_RETENTION_DAYS: "60" } as Env, new Date());
    expect(await agesOf(email)).toEqual([1, 31]);
    // A run dated far ahead counts from the clock: nothing under the retention goes.
    await runScheduledJobs({ ...env, AUDIT_RETENTION_DAYS: "30" } as Env, new Date(Date.now() + 400 * DAY));
    expect(await agesOf(email)).toEqual([1]);
  });

  it("refuses a retention under 30 days, which the database would refuse to apply", () => {
    expect(() => parseConfig({ ...env, AUDIT_RETENTION_DAYS: "7" })).toThrow(/AUDIT_RETENTION_DAYS: ít nhất 30 ngày/);
    expect(parseConfig({ ...env, AUDIT_RETENTION_DAYS: undefined }).AUDIT_RETENTION_DAYS).toBe(365);
  });
});

describe("the audit API", () => {
  it("lists entries newest first, filtered by action, actor and dates, a page at a time", async () => {
    const admin = await person("superuser");
    const actor = await person("staff");
    const now = Date.now();
    await db.insert(auditEvents).values([
      { actorUserId: actor.id, actorEmail: actor.email, action: "balance.adjust", createdAt: new Date(now - 3 * DAY), details: '{"amount":1}' },
      { actorUserId: actor.id, actorEmail: actor.email, action: "balance.adjust", createdAt: new Date(now - 2 * DAY), details: '{"amount":2}' },
      { actorUserId: actor.id, actorEmail: actor.email, action: "keys.import", createdAt: new Date(now - 1 * DAY), details: '{"keys":3}' },
    ]);
    const all = await api(`/api/admin/audit/?actor=${actor.id}`, { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((entry: { action: string }) => entry.action)).toEqual(["keys.import", "balance.adjust", "balance.adjust"]);
    expect(all.body.data[0]).toMatchObject({ actor_user_id: actor.id, actor_email: actor.email, details: { keys: 3 } });
    expect(all.body.pagination).toEqual({ page: 1, page_size: 50, total: 3, total_pages: 1 });

    const adjustments = await api(`/api/admin/audit/?actor=${encodeURIComponent(actor.email)}&action=balance.adjust&page_size=1&page=2`, { token: admin.token });
    expect(adjustments.body.data.map((entry: { details: unknown }) => entry.details)).toEqual([{ amount: 1 }]);
    expect(adjustments.body.pagination).toEqual({ page: 2, page_size: 1, total: 2, total_pages: 2 });

    const from = new Date(now - 2.5 * DAY).toISOString();
    const to = new Date(now - 0.5 * DAY).toISOString();
    const between = await api(`/api/admin/audit/?actor=${actor.id}&from=${from}&to=${to}`, { token: admin.token });
    expect(between.body.data.map((entry: { details: unknown }) => entry.details)).toEqual([{ keys: 3 }, { amount: 2 }]);
  });

  it("refuses filters it cannot read, in the store's shape", async () => {
    const admin = await person("superuser");
    expect(await api("/api/admin/audit/?action=money.print", { token: admin.token })).toEqual({
      status: 400,
      body: { success: false, code: "validation_failed", message: "Hành động không hợp lệ", errors: { action: ["Hành động không hợp lệ"] } },
    });
    expect((await api("/api/admin/audit/?from=hôm-qua", { token: admin.token })).body.errors).toEqual({ from: ["Ngày không hợp lệ"] });
    expect((await api("/api/admin/audit/?from=2026-11-20&to=2026-11-10", { token: admin.token })).body.errors).toEqual({ to: ["Ngày kết thúc phải sau ngày bắt đầu"] });
    expect((await api("/api/admin/audit/?page=0", { token: admin.token })).status).toBe(400);
    expect((await api("/api/admin/audit/?from=2026-11-20&to=2026-11-20", { token: admin.token })).status).toBe(200);
  });
});
