// Changing many keys at once, previewed first (issue 55 item 4,
// docs/decisions/0051-pause-and-bulk-key-changes.md). The preview stores, under the SHA-256 of a
// random token handed to the admin, the filter, the action and exactly the keys it counted
// (key_bulk_preview_keys). Applying takes the token and changes those keys, no other: what was
// previewed is what changes, whatever was sold or imported meanwhile. The apply claims the preview
// in the first statement of its batch under a random id and changes the keys only under that claim,
// so two applies (a double click, two tabs, a replay) change the keys once. A token is the admin's
// who asked for it, and lives BULK_PREVIEW_LIFETIME_MS.
import { type SQL, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "../platform/crypto";
import { ConflictError, fieldError, NotFoundError, ValidationError } from "../platform/errors";
import { type AdminActor, auditStatement } from "../db/statements/audit";
import { statementOf } from "../db/client";
import type { BulkPreviewInput } from "./schemas/pause-bulk";
import { BULK_PREVIEW_LIFETIME_MS, KEY_ADMIN_MESSAGES, KEY_BULK_MESSAGES, MAX_BULK_KEYS } from "./messages";

const DAY_MS = 24 * 60 * 60 * 1000;
const SAMPLE_SIZE = 10;

type Action = BulkPreviewInput["action"];

/**
 * What each action changes, and which keys it can change (the preview counts only those): an
 * extension or a shortening needs a key whose time has started and ends (not lifetime, activated);
 * a ban a sold key not banned yet; an unban a banned key.
 */
function actionSql(action: Action, days: number, now: number): { set: SQL; can: SQL } {
  const length = days * DAY_MS;
  switch (action) {
    case "extend":
      return {
        set: sql`expires_at = max(expires_at, ${now}) + ${length}, status = CASE status WHEN 'expired' THEN 'used' ELSE status END, updated_at = ${now}`,
        can: sql`activated_at IS NOT NULL AND expires_at IS NOT NULL`,
      };
    case "shorten":
      return { set: sql`expires_at = expires_at - ${length}, updated_at = ${now}`, can: sql`activated_at IS NOT NULL AND expires_at IS NOT NULL AND status = 'used'` };
    case "ban":
      return { set: sql`banned_at = ${now}, updated_at = ${now}`, can: sql`banned_at IS NULL AND order_reference IS NOT NULL` };
    case "unban":
      return { set: sql`banned_at = NULL, updated_at = ${now}`, can: sql`banned_at IS NOT NULL` };
  }
}

/** The filter as SQL over license_keys (unaliased, so it reads the same inside an UPDATE). */
function filterSql(filter: BulkPreviewInput["filter"]): SQL {
  const parts: SQL[] = [sql`app_id = ${filter.app_id}`];
  if (filter.key_type_id !== undefined) parts.push(sql`key_type_id = ${filter.key_type_id}`);
  if (filter.state === "banned") parts.push(sql`banned_at IS NOT NULL`);
  else if (filter.state !== undefined) parts.push(sql`status = ${filter.state}`);
  if (filter.sold_from !== undefined) parts.push(sql`sold_at >= ${filter.sold_from.getTime()}`);
  if (filter.sold_to !== undefined) parts.push(sql`sold_at <= ${filter.sold_to.getTime()}`);
  if (filter.batch !== undefined) parts.push(sql`batch_id = ${filter.batch}`);
  return sql.join(parts, sql` AND `);
}

type BulkSample = { id: number; key_code: string; status: string; banned: boolean; sold_at: string | null; expires_at: string | null };
export type BulkPreview = { token: string; count: number; sample: BulkSample[]; expires_at: string };

/** The filter as stored with the preview (and audited): dates as ISO text. */
function storedFilter(filter: BulkPreviewInput["filter"]) {
  return { ...filter, sold_from: filter.sold_from?.toISOString(), sold_to: filter.sold_to?.toISOString() };
}

/** Counts the keys the change would touch, stores them with a new token, and shows some. */
export async function previewBulkChange(d1: D1Database, input: BulkPreviewInput, actor: AdminActor, now = Date.now()): Promise<BulkPreview> {
  const app = await d1.prepare("SELECT id FROM apps WHERE id = ?").bind(input.filter.app_id).first();
  if (!app) throw new NotFoundError(KEY_ADMIN_MESSAGES.appNotFound);
  const days = input.days ?? 0;
  const { can } = actionSql(input.action, days, now);
  const where = sql`${filterSql(input.filter)} AND ${can}`;
  const counted = await statementOf(d1, sql`SELECT count(*) AS n FROM license_keys WHERE ${where}`).first<{ n: number }>();
  if ((counted?.n ?? 0) > MAX_BULK_KEYS) throw new ValidationError(KEY_BULK_MESSAGES.tooMany(MAX_BULK_KEYS), { filter: [KEY_BULK_MESSAGES.tooMany(MAX_BULK_KEYS)] });

  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const expiresAt = now + BULK_PREVIEW_LIFETIME_MS;
  const previewId = sql`(SELECT id FROM key_bulk_previews WHERE token_hash = ${tokenHash})`;
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO key_bulk_previews (token_hash, admin_id, app_id, filter, action, days, key_count, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7, ?8)`,
      )
      .bind(tokenHash, actor.userId, input.filter.app_id, JSON.stringify(storedFilter(input.filter)), input.action, input.days ?? null, now, expiresAt),
    statementOf(d1, sql`INSERT INTO key_bulk_preview_keys (preview_id, key_id) SELECT ${previewId}, id FROM license_keys WHERE ${where} LIMIT ${MAX_BULK_KEYS}`),
    d1.prepare("UPDATE key_bulk_previews SET key_count = changes() WHERE token_hash = ?").bind(tokenHash),
  ]);
  const found = await d1
    .prepare(
      `SELECT p.key_count AS n, k.id, k.key_code, k.status, k.banned_at, k.sold_at, k.expires_at
       FROM key_bulk_previews p LEFT JOIN key_bulk_preview_keys pk ON pk.preview_id = p.id LEFT JOIN license_keys k ON k.id = pk.key_id
       WHERE p.token_hash = ? ORDER BY k.id LIMIT ?`,
    )
    .bind(tokenHash, SAMPLE_SIZE)
    .all<{ n: number; id: number | null; key_code: string; status: string; banned_at: number | null; sold_at: number | null; expires_at: number | null }>();
  const sample = found.results
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id!,
      key_code: row.key_code,
      status: row.status,
      banned: row.banned_at !== null,
      sold_at: row.sold_at === null ? null : new Date(row.sold_at).toISOString(),
      expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    }));
  return { token, count: found.results[0]?.n ?? 0, sample, expires_at: new Date(expiresAt).toISOString() };
}

type PreviewRow = { id: number; admin_id: number; app_id: number; filter: string; action: Action; days: number | null; key_count: number; expires_at: number; applied_at: number | null };

/**
 * Applies a previewed change to the keys it counted, once. A token that is not a preview's (forged),
 * another admin's, or past its lifetime is refused; one applied already answers 409.
 */
export async function applyBulkChange(d1: D1Database, token: string, actor: AdminActor, now = Date.now()): Promise<{ changed: number }> {
  const invalid = () => fieldError("token", KEY_BULK_MESSAGES.tokenInvalid);
  const preview = await d1
    .prepare("SELECT id, admin_id, app_id, filter, action, days, key_count, expires_at, applied_at FROM key_bulk_previews WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .first<PreviewRow>();
  if (!preview || preview.admin_id !== actor.userId) throw invalid();
  if (preview.applied_at !== null) throw new ConflictError(KEY_BULK_MESSAGES.alreadyApplied);
  if (preview.expires_at <= now) throw invalid();

  const applyId = randomToken(16);
  const won = sql`EXISTS (SELECT 1 FROM key_bulk_previews WHERE id = ${preview.id} AND apply_id = ${applyId})`;
  const { set, can } = actionSql(preview.action, preview.days ?? 0, now);
  const [claim] = await d1.batch([
    d1.prepare("UPDATE key_bulk_previews SET applied_at = ?1, apply_id = ?2 WHERE id = ?3 AND applied_at IS NULL AND expires_at > ?1").bind(now, applyId, preview.id),
    statementOf(d1, sql`UPDATE license_keys SET ${set} WHERE id IN (SELECT key_id FROM key_bulk_preview_keys WHERE preview_id = ${preview.id}) AND ${can} AND ${won}`),
    d1.prepare("UPDATE key_bulk_previews SET changed = changes() WHERE id = ?1 AND apply_id = ?2").bind(preview.id, applyId),
    auditStatement(
      d1,
      {
        actor,
        action: "keys.bulk",
        targetType: "app",
        targetId: preview.app_id,
        details: { preview_id: preview.id, action: preview.action, days: preview.days, filter: JSON.parse(preview.filter), previewed: preview.key_count },
      },
      { onlyIf: won, detailsFrom: { changed: sql`(SELECT changed FROM key_bulk_previews WHERE id = ${preview.id})` } },
    ),
  ]);
  if (!claim.meta.changes) {
    // Another apply won meanwhile, or the preview ran out between the read and the batch.
    const again = await d1.prepare("SELECT applied_at FROM key_bulk_previews WHERE id = ?").bind(preview.id).first<{ applied_at: number | null }>();
    if (again?.applied_at !== null) throw new ConflictError(KEY_BULK_MESSAGES.alreadyApplied);
    throw invalid();
  }
  const row = await d1.prepare("SELECT changed FROM key_bulk_previews WHERE id = ?").bind(preview.id).first<{ changed: number }>();
  return { changed: row?.changed ?? 0 };
}
