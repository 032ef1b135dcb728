// The audit log (issue #15): who did what to money, keys, the catalogue, settings and sign-ins.
// A record is a statement the caller puts into the same D1 batch as the change it describes, so
// neither commits without the other; the table's triggers (migration 0007) refuse every UPDATE
// and every DELETE of an entry younger than 30 days. Only the cron's retention deletes entries.
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";
import { containsPattern, wholeNumber } from "@workers/shared/fields";
import { type AuditRecord, auditQuery } from "../db/statements/audit";

// The record and its statement live beside the table, so the wallet object can build one too.
export { type Actor, type AdminActor, type AuditRecord, auditQuery, auditStatement } from "../db/statements/audit";

/** A record written on its own: for what changes nothing else (sign-ins). */
export async function recordAudit(db: Database, record: AuditRecord): Promise<void> {
  await auditQuery(db, record);
}

/** The fields that differ between two versions of a thing, as {before, after}. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const changed = Object.keys(after).filter((key) => after[key] !== undefined && JSON.stringify(after[key]) !== JSON.stringify(before[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])) as Partial<T>,
    after: Object.fromEntries(changed.map((key) => [key, after[key]])) as Partial<T>,
  };
}

// ---------------------------------------------------------------- reading

export type AuditQuery = { action?: string; actor?: string; from?: Date; to?: Date; page: number; pageSize: number };

function toPublicEntry(row: typeof auditEvents.$inferSelect) {
  let details: unknown;
  try {
    details = JSON.parse(row.details);
  } catch {
    details = row.details;
  }
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor_user_id: row.actorUserId,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    details,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
  };
}

/** One page of entries, newest first. `actor`: a user id, or part of the e-mail. */
export async function listAuditEvents(db: Database, query: AuditQuery) {
  const actor = query.actor?.trim();
  const actorId = wholeNumber(actor);
  const filters = [
    query.action ? eq(auditEvents.action, query.action) : undefined,
    actor
      ? actorId !== null
        ? eq(auditEvents.actorUserId, actorId)
        : sql`${auditEvents.actorEmail} LIKE ${containsPattern(actor)} ESCAPE '\\'`
      : undefined,
    query.from ? gte(auditEvents.createdAt, query.from) : undefined,
    query.to ? lt(auditEvents.createdAt, query.to) : undefined,
  ];
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(auditEvents).where(where);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { entries: rows.map(toPublicEntry), total };
}

/**
 * Entries older than the retention, removed by the cron. Counted from the earlier of the cron's
 * time and the clock, so a run dated ahead never reaches the entries the triggers protect.
 */
export async function removeExpiredAuditEvents(db: Database, retentionDays: number, now: Date): Promise<number> {
  const cutoff = new Date(Math.min(now.getTime(), Date.now()) - retentionDays * 86_400_000);
  const removed = await db.delete(auditEvents).where(lt(auditEvents.createdAt, cutoff)).returning({ id: auditEvents.id });
  return removed.length;
}
