// The audit log (issue #15): who did what to money, keys, the catalogue, settings and sign-ins.
// A record is a statement the caller puts into the same D1 batch as the change it describes, so
// neither commits without the other; the table's triggers (migration 0007) refuse every UPDATE
// and every DELETE of an entry younger than 30 days. Only the cron's retention deletes entries.
import { and, count, desc, eq, getTableColumns, gte, lt, type SQL, sql } from "drizzle-orm";
import { type Database, getDb } from "../db/client";
import { auditEvents } from "../db/schema";
import { containsPattern, wholeNumber } from "../shared/fields";
import type { AuditAction } from "../shared/audit-actions";


/** Who acts, taken once from the request by the API: null user for a stranger (a failed sign-in). */
export type Actor = { userId: number | null; email: string; ipAddress: string | null; userAgent: string | null };
/** A signed-in admin acting through the API. */
export type AdminActor = Actor & { userId: number };

/** One record: plain data, so it can travel to the wallet object with the change it describes. */
export type AuditRecord = {
  actor: Actor;
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | number | null;
  /** Amounts and the before/after of what changed. */
  details?: Record<string, unknown>;
};

/**
 * "always": the record is written whatever the batch's previous statement did. "if_changed": only
 * when the previous statement changed a row (a conditional UPDATE or DELETE that found nothing to
 * change was refused and leaves no record). `changedRowsAs`: also store that statement's count of
 * changed rows under this key of the details.
 */
export type AuditCondition = { when?: "always" | "if_changed"; changedRowsAs?: string };

const MAX_USER_AGENT = 500;

function bound(record: AuditRecord) {
  return {
    actorUserId: record.actor.userId,
    actorEmail: record.actor.email,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId === undefined || record.targetId === null ? null : String(record.targetId),
    details: JSON.stringify(record.details ?? {}),
    ipAddress: record.actor.ipAddress,
    userAgent: record.actor.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
  };
}

// INSERT … SELECT, so the record can depend on the statement before it through changes(). Drizzle
// inserts a SELECT into every column, in the table's order: the values are listed by column name.
function insertQuery(db: Database, record: AuditRecord, condition: AuditCondition) {
  const row = bound(record);
  const values: Record<string, SQL> = {
    id: sql`NULL`,
    created_at: sql`cast(unixepoch('subsec') * 1000 as integer)`,
    actor_user_id: sql`${row.actorUserId}`,
    actor_email: sql`${row.actorEmail}`,
    action: sql`${row.action}`,
    target_type: sql`${row.targetType}`,
    target_id: sql`${row.targetId}`,
    details: condition.changedRowsAs ? sql`json_set(${row.details}, ${`$.${condition.changedRowsAs}`}, changes())` : sql`${row.details}`,
    ip_address: sql`${row.ipAddress}`,
    user_agent: sql`${row.userAgent}`,
  };
  const columns = Object.values(getTableColumns(auditEvents)).map((column) => values[column.name]);
  const where = condition.when === "if_changed" ? sql` WHERE changes() > 0` : sql``;
  return db.insert(auditEvents).select(sql`SELECT ${sql.join(columns, sql`, `)}${where}`);
}

/** The record as a drizzle query, for a drizzle batch. */
export function auditQuery(db: Database, record: AuditRecord, condition: AuditCondition = {}) {
  return insertQuery(db, record, condition);
}

/** The record as a prepared D1 statement, for a batch of raw statements (the wallet, keys). */
export function auditStatement(d1: D1Database, record: AuditRecord, condition: AuditCondition = {}): D1PreparedStatement {
  const query = insertQuery(getDb(d1), record, condition).toSQL();
  return d1.prepare(query.sql).bind(...query.params);
}

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
