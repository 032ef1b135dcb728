// The owner's Telegram notifications (issue #18, docs/decisions/0019). An event is recorded as a
// `notifications` row by a statement that joins the batch of the change it reports, so it exists
// exactly when the change committed, and once (its dedupe key). Delivery happens afterwards: right
// away in the request's waitUntil, and by the cron for whatever is still due, with backoff.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { getConfig, noticeSettings } from "../platform/config";
import { sendToTelegram } from "../platform/telegram";
import { recordUnrecorded } from "../platform/ops-notice";
import type { Database } from "../db/client";
import { type NOTIFICATION_STATUSES, notifications } from "../db/schema";
import { formatVND } from "../shared/format";
import { type Notice, noticeStatement } from "../db/statements/notifications";

export { depositNotice } from "./messages";
export { noticeSettings };

/** A bank transfer left for an admin: recorded while its event is still unmatched, once per event. */
export function recordTransferParked(
  env: Env,
  transfer: { provider: string; transactionId: string; amount: number; content: string },
  now = Date.now(),
  buyer: { id: number; username: string } | null = null,
): Promise<unknown> | null {
  if (!noticeSettings(env).kinds.has("transfer_parked")) return null;
  // A transfer that carried a buyer's (closed) code names that buyer, so the owner knows whose it is.
  const whose = buyer ? [`Mã chuyển khoản của: ${buyer.username} (#${buyer.id})`] : [];
  const text = [`🕓 Chuyển khoản chờ duyệt: ${formatVND(transfer.amount)}`, `Nội dung: ${transfer.content.slice(0, 300) || "(trống)"}`, ...whose, `Nguồn: ${transfer.provider} #${transfer.transactionId}`].join("\n");
  const parked = sql`EXISTS (SELECT 1 FROM payment_events WHERE provider = ${transfer.provider} AND provider_transaction_id = ${transfer.transactionId} AND status = 'unmatched')`;
  return noticeStatement(env.DB, { kind: "transfer_parked", text, dedupeKey: `transfer_parked:${transfer.provider}:${transfer.transactionId}`, at: now, where: parked }).run();
}

/** A card parked for review at `now` (its review entry carries that time): joins the parking batch. */
export function cardReviewNotice(env: Env, card: { requestId: string; description: string }, now: number): Notice[] {
  if (!noticeSettings(env).kinds.has("card_review")) return [];
  const parked = sql`EXISTS (SELECT 1 FROM payment_events WHERE provider = 'card' AND provider_transaction_id = ${card.requestId} AND status = 'unmatched' AND created_at = ${now})`;
  return [{ kind: "card_review", text: `🃏 Thẻ cào cần duyệt\n${card.description}`, dedupeKey: `card_review:${card.requestId}:${now}`, at: now, where: parked }];
}

/**
 * A crypto payment parked for an admin (workers/money/crypto.ts), for the payment's own batch: once
 * per payment (its dedupe key), and only while it is still parked (an admin may have decided it).
 */
export function cryptoParkedNotice(env: Env, payment: { paymentId: string }, topup: { id: number; userId: number }, park: { reason: string; creditable: number }, now: number): Notice[] {
  if (!noticeSettings(env).kinds.has("transfer_parked")) return [];
  const text = [`🅿️ Thanh toán crypto ${payment.paymentId} chờ duyệt (đơn #${topup.id}): ${park.reason}`, "Người dùng: {user}", `Có thể cộng: ${formatVND(park.creditable)}`].join("\n");
  const parked = sql`EXISTS (SELECT 1 FROM crypto_payments WHERE payment_id = ${payment.paymentId} AND review = 'parked')`;
  return [{ kind: "transfer_parked", text, dedupeKey: `crypto-parked:${payment.paymentId}`, at: now, where: parked, userId: topup.userId }];
}

/**
 * An app paused (workers/licensing/app-pause.ts), for the pause's own batch: kind "ops", which the
 * owner always hears, recorded only when this pause opened (its paused_at and admin).
 */
export function appPausedNotice(app: { id: number; name: string }, reason: string, adminId: number, now: number): Notice {
  const text = [`⏸️ Tạm dừng ứng dụng: ${app.name}`, `Lý do: ${reason}`, "Bởi: {user}"].join("\n");
  const opened = sql`EXISTS (SELECT 1 FROM app_pauses WHERE app_id = ${app.id} AND resumed_at IS NULL AND paused_at = ${now} AND paused_by = ${adminId})`;
  return { kind: "ops", text, dedupeKey: `app_pause:${app.id}:${now}`, at: now, where: opened, userId: adminId };
}

/** An app resumed: recorded only when this resume (its id) closed the pause, with the keys it moved. */
export function appResumedNotice(app: { name: string }, pause: { id: number; minutes: number }, resumeId: string, adminId: number, now: number): Notice {
  const text = [`▶️ Tiếp tục ứng dụng: ${app.name}`, `Tạm dừng ${pause.minutes} phút; {keys} key được cộng lại thời gian`, "Bởi: {user}"].join("\n");
  const closed = sql`EXISTS (SELECT 1 FROM app_pauses WHERE id = ${pause.id} AND resume_id = ${resumeId})`;
  const keys = sql`(SELECT keys_moved FROM app_pauses WHERE id = ${pause.id})`;
  return { kind: "ops", text, dedupeKey: `app_resume:${pause.id}`, at: now, where: closed, fills: { keys }, userId: adminId };
}

// ---------------------------------------------------------------- delivery

/** A claimed row is not taken again for this long (a sender that died mid-way is retried then). */
const CLAIM_MS = 2 * 60_000;
const PER_RUN = 20;
export const MAX_ATTEMPTS = 8;

/** 1, 2, 4 … minutes after each failure, at most an hour. */
function retryDelay(attempts: number): number {
  return Math.min(60_000 * 2 ** (attempts - 1), 60 * 60_000);
}

export type DeliveryReport = { sent: number; failed: number };

/**
 * Sends the notifications that are due. Each is claimed first (one conditional UPDATE), so two
 * senders never send the same one; a failure is retried after Telegram's retry_after or the
 * backoff, and after MAX_ATTEMPTS it is marked failed.
 */
export async function deliverNotifications(env: Env, now = Date.now()): Promise<DeliveryReport> {
  const config = getConfig(env);
  const report = { sent: 0, failed: 0 };
  if (!config.TELEGRAM_BOT_TOKEN) return report;
  await recordUnrecorded(env, now);
  const { results: claimed } = await env.DB.prepare(
    `UPDATE notifications SET attempts = attempts + 1, next_attempt_at = ?1
     WHERE id IN (SELECT id FROM notifications WHERE status = 'pending' AND next_attempt_at <= ?2 ORDER BY next_attempt_at, id LIMIT ?3)
     RETURNING id, text, attempts`,
  )
    .bind(now + CLAIM_MS, now, PER_RUN)
    .all<{ id: number; text: string; attempts: number }>();
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const result = await sendToTelegram(config, row.text);
    const at = Date.now();
    if (result.ok) {
      await env.DB.prepare("UPDATE notifications SET status = 'sent', sent_at = ?1, next_attempt_at = NULL, last_error = NULL WHERE id = ?2").bind(at, row.id).run();
      report.sent += 1;
      continue;
    }
    const givenUp = row.attempts >= MAX_ATTEMPTS;
    await env.DB.prepare("UPDATE notifications SET status = ?1, next_attempt_at = ?2, last_error = ?3 WHERE id = ?4")
      .bind(givenUp ? "failed" : "pending", givenUp ? null : at + Math.max(result.retryAfterMs ?? 0, retryDelay(row.attempts)), result.error, row.id)
      .run();
    if (givenUp) report.failed += 1;
  }
  return report;
}

// ---------------------------------------------------------------- the admin's list

export type NotificationQuery = { limit: number; status?: (typeof NOTIFICATION_STATUSES)[number]; before?: number };

/**
 * The delivery log, newest first, one page at a time by keyset (`before`: ids below it), maybe of
 * one status. `next_before` is the cursor of the page after this one, null on the last page.
 */
export async function listNotifications(db: Database, { limit, status, before }: NotificationQuery) {
  // One more than shown tells whether a page follows.
  const rows = await db
    .select()
    .from(notifications)
    .where(and(status ? eq(notifications.status, status) : undefined, before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const items = shown.map((row) => ({
    id: row.id,
    kind: row.kind,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    next_attempt_at: row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
  }));
  return { items, next_before: rows.length > limit ? shown[shown.length - 1].id : null };
}

export type NotificationItem = Awaited<ReturnType<typeof listNotifications>>["items"][number];
