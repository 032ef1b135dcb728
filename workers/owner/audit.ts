// The audit log (issue #15): who did what to money, keys, the catalogue, settings and sign-ins.
// A record is a statement the caller puts into the same D1 batch as the change it describes, so
// neither commits without the other (workers/db/statements/audit.ts writes it, for every domain);
// the table's triggers (migration 0007) refuse every UPDATE and every DELETE of an entry younger
// than 30 days. Here the owner reads the log; only the cron's retention deletes entries.
import { and, count, desc, eq, getTableColumns, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditEvents } from "../db/schema";
import { containsPattern, wholeNumber } from "../shared/fields";

// ---------------------------------------------------------------- reading

export type AuditQuery = { action?: string; actor?: string; from?: Date; to?: Date; page: number; pageSize: number };

/**
 * What an entry acts on, as people read it: the name found now (an app, a user's name and e-mail,
 * a promotion), else the name the entry recorded when it was written (a deleted app's), with the id
 * always beside it. `exists`: the target is still there (null for a kind that is not looked up:
 * a setting, a bank transfer).
 */
export type AuditTarget = { type: string; id: string; name: string | null; exists: boolean | null };

/** The kinds of target targetName looks up. */
const NAMED_TARGETS = new Set(["user", "app", "promotion", "license_key", "key_pricing", "key_batch"]);

/**
 * The target's name now, read in the page's own query: a subquery by primary key for each kind of
 * target (app.create records the app's slug: it had no id yet), so a page costs one statement
 * whatever its size. NULL when the target is gone.
 */
const targetName = sql<string | null>`CASE ${auditEvents.targetType}
  WHEN 'user' THEN (SELECT coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) || ' · ' || email FROM users WHERE id = CAST(${auditEvents.targetId} AS INTEGER))
  WHEN 'app' THEN CASE WHEN ${auditEvents.action} = 'app.create' THEN (SELECT name FROM apps WHERE url = ${auditEvents.targetId})
    ELSE (SELECT name FROM apps WHERE id = CAST(${auditEvents.targetId} AS INTEGER)) END
  WHEN 'promotion' THEN (SELECT name FROM promotions WHERE id = CAST(${auditEvents.targetId} AS INTEGER))
  WHEN 'license_key' THEN (SELECT a.name || ' · ' || t.display_name FROM license_keys k JOIN apps a ON a.id = k.app_id JOIN key_types t ON t.id = k.key_type_id WHERE k.id = CAST(${auditEvents.targetId} AS INTEGER))
  WHEN 'key_pricing' THEN (SELECT a.name || ' · ' || t.display_name FROM key_pricing p JOIN apps a ON a.id = p.app_id JOIN key_types t ON t.id = p.key_type_id WHERE p.id = CAST(${auditEvents.targetId} AS INTEGER))
  WHEN 'key_batch' THEN (SELECT a.name || ' · ' || b.batch_name FROM key_batches b JOIN apps a ON a.id = b.app_id WHERE b.id = CAST(${auditEvents.targetId} AS INTEGER))
END`;

type AuditRow = typeof auditEvents.$inferSelect & { targetName: string | null };

/** The name an entry wrote down itself (an app's or a promotion's details carry it). */
function recordedName(details: unknown): string | null {
  const name = details && typeof details === "object" ? (details as Record<string, unknown>).name : null;
  return typeof name === "string" && name ? name : null;
}

function toPublicEntry(row: AuditRow) {
  let details: unknown;
  try {
    details = JSON.parse(row.details);
  } catch {
    details = row.details;
  }
  const target: AuditTarget | null =
    row.targetType && row.targetId
      ? { type: row.targetType, id: row.targetId, name: row.targetName ?? recordedName(details), exists: NAMED_TARGETS.has(row.targetType) ? row.targetName !== null : null }
      : null;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor_user_id: row.actorUserId,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target,
    details,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
  };
}

/**
 * The count and one page of entries, newest first, each with its target's name (exported so
 * tests/integration/query-plans.test.ts reads their plans). `actor`: a user id, or part of the e-mail.
 */
export function auditPageQueries(db: Database, query: AuditQuery) {
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
  return {
    count: db.select({ total: count() }).from(auditEvents).where(where),
    page: db
      .select({ ...getTableColumns(auditEvents), targetName })
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  };
}

/** One page of entries, newest first, with the number of all that match. */
export async function listAuditEvents(db: Database, query: AuditQuery) {
  const { count: counted, page } = auditPageQueries(db, query);
  const [[{ total }], rows] = await Promise.all([counted, page]);
  return { entries: rows.map(toPublicEntry), total };
}

/**
 * Entries older than the retention, removed by the cron. Counted from the earlier of the cron's
 * time and the clock, so a run dated ahead never reaches the entries the triggers protect. A
 * statement on the binding, as every write of this domain (issue 51: one way, one handle).
 */
export async function removeExpiredAuditEvents(d1: D1Database, retentionDays: number, now: Date): Promise<number> {
  const cutoff = Math.min(now.getTime(), Date.now()) - retentionDays * 86_400_000;
  const removed = await d1.prepare("DELETE FROM audit_events WHERE created_at < ?1").bind(cutoff).run();
  return removed.meta.changes;
}
