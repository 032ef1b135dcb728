// An operations alarm (kind "ops", always told whatever TELEGRAM_EVENTS chooses): a notification
// row like any other, recorded by whichever part of the store notices the trouble (the owner's
// alarms, a catalogue download that finds its file gone), so it stands below every domain. An
// alarm is most needed when D1 fails, so one D1 refuses is sent straight to Telegram and recorded
// later, by the owner's delivery (workers/owner/notifications.ts calls recordUnrecorded).
import { getConfig } from "./config";
import { sendToTelegram } from "./telegram";
import { noticeStatement } from "../db/statements/notifications";
import { errorText, logEvent } from "../lib/log";

/**
 * Alarms D1 refused to record (full, or down), already sent straight to Telegram by this isolate:
 * recorded, as sent, once D1 takes writes again. Memory, so an isolate that ends first loses the
 * record, not the message; the dedupe keys keep one isolate from sending an alarm twice meanwhile.
 */
const unrecorded = new Map<string, { text: string; at: number; sent: boolean }>();

/**
 * An operations alarm (workers/owner/ops-alarms.ts, workers/catalogue/missing-files.ts): once per dedupe key, whatever TELEGRAM_EVENTS
 * chooses. An alarm is most needed when D1 fails, so one that cannot be recorded is sent directly.
 */
export async function opsNotice(env: Env, text: string, dedupeKey: string, now = Date.now()): Promise<void> {
  const config = getConfig(env);
  if (!config.TELEGRAM_BOT_TOKEN) return;
  try {
    await noticeStatement(env.DB, { kind: "ops", text, dedupeKey, at: now }).run();
  } catch (error) {
    logEvent("error", "ops_notice_not_recorded", { dedupe_key: dedupeKey, error: errorText(error) });
    if (unrecorded.has(dedupeKey)) return;
    const sent = await sendToTelegram(config, text);
    unrecorded.set(dedupeKey, { text, at: now, sent: sent.ok });
  }
}

/** Records the alarms that were sent while D1 refused them (sent: as sent; not sent: due now). */
export async function recordUnrecorded(env: Env, now: number): Promise<void> {
  for (const [dedupeKey, alarm] of unrecorded) {
    await noticeStatement(env.DB, { kind: "ops", text: alarm.text, dedupeKey, at: alarm.at }).run();
    if (alarm.sent) await env.DB.prepare("UPDATE notifications SET status = 'sent', sent_at = ?1, next_attempt_at = NULL WHERE dedupe_key = ?2 AND status = 'pending'").bind(now, dedupeKey).run();
    unrecorded.delete(dedupeKey);
  }
}
