// Pausing an app while a game update breaks its mod (issue 55 item 1,
// docs/decisions/0051-pause-and-bulk-key-changes.md). While a pause is open (app_pauses, at most
// one per app) no key of the app loses time: the key check answers `paused` (key-check.ts), the
// cron does not expire the keys it froze (workers/licensing/key-expiry.ts), buying is refused (the wallet's
// purchase). Nothing is written to the keys at the pause. The resume closes the pause and gives
// every key it froze the pause's length, in one D1 batch (one transaction: all or nothing, so a
// crash half-way leaves the pause open and the keys as they were), keyed to the pause row: the
// batch's first statement claims the row under a random id, and the key update runs only where
// that claim is this request's, so two resumes at once move the keys once.
import { sql } from "drizzle-orm";
import { randomToken } from "../platform/crypto";
import { ConflictError } from "../platform/errors";
import { noticeStatement } from "../db/statements/notifications";
import { type AdminActor, auditStatement } from "../db/statements/audit";
import { appPausedNotice, appResumedNotice } from "../owner/notifications";
import { recordEvent } from "../db/statements/store-events";
import type { PauseAppInput } from "./schemas/pause-bulk";
import { APP_PAUSE_MESSAGES } from "./messages";

/** An app's open pause as the pages and the API show it. */
export type AppPause = { reason: string; reason_en: string; paused_at: string };

type PauseRow = { id: number; reason: string; reason_en: string; paused_at: number };

async function openPause(d1: D1Database, appId: number): Promise<PauseRow | null> {
  return d1.prepare("SELECT id, reason, reason_en, paused_at FROM app_pauses WHERE app_id = ? AND resumed_at IS NULL").bind(appId).first<PauseRow>();
}

/** The app a pause or a resume names, with the name the owner's notice gives; null when there is none. */
export async function pausableApp(d1: D1Database, appId: number): Promise<{ id: number; name: string } | null> {
  return d1.prepare("SELECT id, name FROM apps WHERE id = ?").bind(appId).first<{ id: number; name: string }>();
}

/** The app's open pause, or null when it is not paused. */
export async function currentPause(d1: D1Database, appId: number): Promise<AppPause | null> {
  const row = await openPause(d1, appId);
  return row && { reason: row.reason, reason_en: row.reason_en, paused_at: new Date(row.paused_at).toISOString() };
}

/**
 * Opens a pause: one row (the open-pause unique index refuses a second; two pauses at once, one
 * wins), its audit record and the owner's notice, in one batch. From its commit the key check
 * answers `paused`.
 */
export async function pauseApp(d1: D1Database, app: { id: number; name: string }, input: PauseAppInput, actor: AdminActor, now = Date.now()): Promise<AppPause> {
  const mine = sql`EXISTS (SELECT 1 FROM app_pauses WHERE app_id = ${app.id} AND resumed_at IS NULL AND paused_at = ${now} AND paused_by = ${actor.userId})`;
  const [inserted] = await d1.batch([
    d1
      .prepare("INSERT INTO app_pauses (app_id, reason, reason_en, paused_at, paused_by) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING")
      .bind(app.id, input.reason, input.reason_en, now, actor.userId),
    // The shop's own tools hear it (docs/decisions/0053), only when this request opened the pause.
    recordEvent(d1, "app.paused", { app_id: app.id, reason: input.reason, reason_en: input.reason_en }, { subject: `app:${app.id}`, dedupe: `app.paused:${app.id}:${now}`, now, afterChange: true }),
    auditStatement(d1, { actor, action: "app.pause", targetType: "app", targetId: app.id, details: { reason: input.reason, reason_en: input.reason_en } }, { onlyIf: mine }),
    noticeStatement(d1, appPausedNotice(app, input.reason, actor.userId, now)),
    // Buyers with a live key who accept mail hear of it once (the cron sends it: buyer-mails.ts).
    d1
      .prepare(
        `INSERT INTO buyer_mails (kind, dedupe_key, user_id, app_id, pause_id, created_at)
         SELECT DISTINCT 'app_paused', 'app_paused:' || p.id || ':' || k.sold_to_user_id, k.sold_to_user_id, p.app_id, p.id, ?1
         FROM app_pauses p JOIN license_keys k ON k.app_id = p.app_id JOIN users u ON u.id = k.sold_to_user_id
         WHERE p.app_id = ?2 AND p.resumed_at IS NULL AND p.paused_at = ?1 AND p.paused_by = ?3
           AND k.status IN ('sold', 'used') AND k.banned_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?1)
           AND u.email_notifications = 1
         ON CONFLICT (dedupe_key) DO NOTHING`,
      )
      .bind(now, app.id, actor.userId),
  ]);
  if (!inserted.meta.changes) throw new ConflictError(APP_PAUSE_MESSAGES.alreadyPaused);
  return { reason: input.reason, reason_en: input.reason_en, paused_at: new Date(now).toISOString() };
}

/** What a resume did: how long the pause lasted and how many keys it gave that time back to. */
export type Resumed = { paused_ms: number; keys_moved: number };

/**
 * Closes the open pause and gives its length back, once. Each key that was running at the pause
 * (activated, with an expiry still ahead at the pause; banned ones too, so an unban finds their
 * time) gets `now − max(paused_at, activated_at)`: a key activated before the pause the pause's
 * whole length, a key activated during it (a first check that raced the pause) starts over at
 * the resume. A key the cron expired meanwhile is running again. Lifetime keys, unsold and
 * never-activated keys are not touched (their time has not started).
 */
export async function resumeApp(d1: D1Database, app: { id: number; name: string }, actor: AdminActor, now = Date.now()): Promise<Resumed> {
  const pause = await openPause(d1, app.id);
  if (!pause) throw new ConflictError(APP_PAUSE_MESSAGES.notPaused);
  const resumeId = randomToken(16);
  const won = sql`EXISTS (SELECT 1 FROM app_pauses WHERE id = ${pause.id} AND resume_id = ${resumeId})`;
  const [claim] = await d1.batch([
    d1.prepare("UPDATE app_pauses SET resumed_at = ?1, resumed_by = ?2, resume_id = ?3 WHERE id = ?4 AND resumed_at IS NULL").bind(now, actor.userId, resumeId, pause.id),
    recordEvent(d1, "app.resumed", { app_id: app.id, paused_ms: now - pause.paused_at }, { subject: `app:${app.id}`, dedupe: `app.resumed:${pause.id}`, now, afterChange: true }),
    d1
      .prepare(
        `UPDATE license_keys SET expires_at = expires_at + (?1 - max(activated_at, ?2)), status = CASE status WHEN 'expired' THEN 'used' ELSE status END, updated_at = ?1
         WHERE app_id = ?3 AND status IN ('used', 'expired') AND activated_at IS NOT NULL AND activated_at < ?1
           AND expires_at IS NOT NULL AND expires_at > ?2
           AND EXISTS (SELECT 1 FROM app_pauses WHERE id = ?4 AND resume_id = ?5)`,
      )
      .bind(now, pause.paused_at, app.id, pause.id, resumeId),
    d1.prepare("UPDATE app_pauses SET keys_moved = changes() WHERE id = ?1 AND resume_id = ?2").bind(pause.id, resumeId),
    auditStatement(
      d1,
      { actor, action: "app.resume", targetType: "app", targetId: app.id, details: { pause_id: pause.id, paused_ms: now - pause.paused_at } },
      { onlyIf: won, detailsFrom: { keys_moved: sql`(SELECT keys_moved FROM app_pauses WHERE id = ${pause.id})` } },
    ),
    noticeStatement(d1, appResumedNotice(app, { id: pause.id, minutes: Math.round((now - pause.paused_at) / 60_000) }, resumeId, actor.userId, now)),
    // Buyers with a live key (the ones the pause froze, running again) who accept mail, once per
    // pause: only this request's claim queues them, and the dedupe key holds them to one each.
    d1
      .prepare(
        `INSERT INTO buyer_mails (kind, dedupe_key, user_id, app_id, pause_id, created_at)
         SELECT DISTINCT 'app_resumed', 'app_resumed:' || ?1 || ':' || k.sold_to_user_id, k.sold_to_user_id, k.app_id, ?1, ?2
         FROM license_keys k JOIN users u ON u.id = k.sold_to_user_id
         WHERE k.app_id = ?3 AND k.status IN ('sold', 'used') AND k.banned_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?2)
           AND u.email_notifications = 1
           AND EXISTS (SELECT 1 FROM app_pauses WHERE id = ?1 AND resume_id = ?4)
         ON CONFLICT (dedupe_key) DO NOTHING`,
      )
      .bind(pause.id, now, app.id, resumeId),
  ]);
  if (!claim.meta.changes) throw new ConflictError(APP_PAUSE_MESSAGES.notPaused);
  const row = await d1.prepare("SELECT keys_moved FROM app_pauses WHERE id = ?").bind(pause.id).first<{ keys_moved: number }>();
  return { paused_ms: now - pause.paused_at, keys_moved: row?.keys_moved ?? 0 };
}
