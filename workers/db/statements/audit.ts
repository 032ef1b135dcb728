// Writing the audit log (workers/owner/audit.ts reads it: listing, retention). Here, beside the
// table and below every domain, so whoever changes money, keys, the catalogue, settings or an
// account (the wallet object too) puts the record into the same D1 batch as the change, or writes
// it alone, in one way and without importing a domain.
import { type SQL, sql } from "drizzle-orm";
import { type Database, getDb, insertSelect, statementOf } from "../client";
import { auditEvents } from "../schema";
import type { AuditAction } from "../../shared/audit-actions";

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
 * changed rows under this key of the details. `onlyIf`: written only when this SQL condition holds
 * (in place of `when`), e.g. that this very request won a claim earlier in the batch. `detailsFrom`:
 * details read by SQL in the same statement (what the batch wrote before it).
 */
export type AuditCondition = { when?: "always" | "if_changed"; changedRowsAs?: string; onlyIf?: SQL; detailsFrom?: Record<string, SQL> };

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

/**
 * The record as a drizzle query, for a drizzle batch: INSERT … SELECT, so it can depend on the
 * statement before it through changes(); its time is the column's default, read as it runs.
 */
export function auditQuery(db: Database, record: AuditRecord, condition: AuditCondition = {}) {
  const row = bound(record);
  const values: Record<string, SQL> = {
    actor_user_id: sql`${row.actorUserId}`,
    actor_email: sql`${row.actorEmail}`,
    action: sql`${row.action}`,
    target_type: sql`${row.targetType}`,
    target_id: sql`${row.targetId}`,
    details: Object.entries(condition.detailsFrom ?? {}).reduce(
      (details, [key, value]) => sql`json_set(${details}, ${`$.${key}`}, ${value})`,
      condition.changedRowsAs ? sql`json_set(${row.details}, ${`$.${condition.changedRowsAs}`}, changes())` : sql`${row.details}`,
    ),
    ip_address: sql`${row.ipAddress}`,
    user_agent: sql`${row.userAgent}`,
  };
  return insertSelect(db, auditEvents, values, condition.onlyIf ?? (condition.when === "if_changed" ? sql`changes() > 0` : undefined));
}

/** The record as a prepared D1 statement, for a batch of raw statements (the wallet, keys). */
export function auditStatement(d1: D1Database, record: AuditRecord, condition: AuditCondition = {}): D1PreparedStatement {
  return statementOf(d1, auditQuery(getDb(d1), record, condition));
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
