// The owner hears when money stops moving (docs/operations.md, "Alarms"): refused webhook
// signatures past a threshold (a drifted gateway key stops every deposit), a card gateway that
// keeps failing, a cron that has stopped or keeps failing, a burst of unexpected errors, and a
// balance that no longer matches its ledger. Each alarm is one JSON log line and, past its
// threshold, one Telegram `ops` notification per window, sent directly when D1 cannot record it.
import { type Database, getDb } from "../db/client";
import { errorText, logEvent } from "../lib/log";
import { deliverNotifications, opsNotice } from "./notifications";
import { clear, countInWindow, hit, type Limit } from "../platform/rate-limit";

const HOUR_MS = 60 * 60_000;

const ALARMS = {
  // A gateway's own retries of one bad delivery make a few; more within an hour is a broken key.
  webhookRefusals: { name: "ops-webhook-refused", max: 4, windowMs: HOUR_MS },
  cardGatewayFailures: { name: "ops-card-gateway", max: 2, windowMs: 15 * 60_000 },
  // Failures of the cron in a row (a completed run clears the count): the third is an alarm.
  cronFailures: { name: "ops-cron-failed", max: 2, windowMs: 24 * HOUR_MS },
} satisfies Record<string, Limit>;

/** The cron runs every minute; five without a run is an alarm. */
export const CRON_LATE_MS = 5 * 60_000;

/** Counts one occurrence; past `max` in the window, the owner is told once for that window. */
async function countTowardsAlarm(env: Env, db: Database, alarm: Limit, subject: string, text: string, now: number): Promise<void> {
  const state = await hit(db, alarm, subject, now);
  if (state.allowed) return;
  await opsNotice(env, text, `ops:${alarm.name}:${subject}:${Math.floor(now / alarm.windowMs)}`, now);
}

/** A webhook refused for its signature or its shape: logged with provider and reason, and counted. */
export async function webhookRefused(env: Env, db: Database, request: Request, provider: string, reason: string, now = Date.now()): Promise<void> {
  logEvent("warn", "webhook_refused", { provider, reason }, request);
  await countTowardsAlarm(env, db, ALARMS.webhookRefusals, provider, `🚨 Webhook ${provider} bị từ chối nhiều lần trong 1 giờ (${reason}). Kiểm tra khoá bí mật của cổng thanh toán: tiền nạp có thể đang không được cộng.`, now);
}

/**
 * A webhook proved with a provider's previous key: logged, and its last use kept (ops_heartbeats,
 * `previous-key:<provider>`), so the operator knows when no call has needed it for a day and the
 * key can go (docs/operations.md, "Rotating secrets").
 */
export async function previousKeyUsed(env: Env, provider: string, request: Request, now = Date.now()): Promise<void> {
  logEvent("warn", "previous_key_used", { provider }, request);
  await heartbeat(env, `previous-key:${provider}`, now);
}

/** Keeps `name`'s last moment (the cron's run, health's write probe, a previous key's use). */
export function heartbeat(env: Env, name: string, now: number): Promise<D1Result> {
  return env.DB.prepare("INSERT INTO ops_heartbeats (name, at) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET at = excluded.at").bind(name, now).run();
}

/** The card gateway did not answer (or answered nonsense). */
export async function cardGatewayFailed(env: Env, db: Database, error: string, now = Date.now()): Promise<void> {
  logEvent("error", "card_gateway_unreachable", { error });
  await countTowardsAlarm(env, db, ALARMS.cardGatewayFailures, "gateway", `🚨 Cổng thẻ cào không phản hồi nhiều lần trong 15 phút (${error.slice(0, 200)}). Thẻ nạp đang chờ; cron sẽ kiểm tra lại.`, now);
}

// ---------------------------------------------------------------- unexpected errors

/** Unexpected errors (500s) in one minute, in one isolate, that make an alarm: a few are bugs, this many an outage. */
export const SERVER_ERRORS_PER_MINUTE = 10;
// Counted in memory: the errors that matter most come from a D1 that refuses every write.
let serverErrors = { minute: 0, count: 0 };

/** One unexpected error: past SERVER_ERRORS_PER_MINUTE, the owner is told at once, once an hour. */
export async function serverErrored(env: Env, now = Date.now()): Promise<void> {
  const minute = Math.floor(now / 60_000);
  serverErrors = serverErrors.minute === minute ? { minute, count: serverErrors.count + 1 } : { minute, count: 1 };
  if (serverErrors.count !== SERVER_ERRORS_PER_MINUTE) return;
  logEvent("error", "server_errors_alarm", { per_minute: serverErrors.count });
  await opsNotice(env, `🚨 Máy chủ trả lỗi 500 ${SERVER_ERRORS_PER_MINUTE} lần trong 1 phút: người mua có thể không đăng nhập, nạp tiền hay mua được. Xem nhật ký (internal_error).`, `ops:server-errors:${Math.floor(now / HOUR_MS)}`, now);
  await sendNow(env, now);
}

/** Delivers what is due now; with D1 refusing, opsNotice has already sent the alarm directly. */
async function sendNow(env: Env, now: number): Promise<void> {
  await deliverNotifications(env, now).catch((error) => logEvent("error", "ops_notice_not_delivered", { error: errorText(error) }));
}

// ---------------------------------------------------------------- the cron's heartbeat

/**
 * The cron's last completed run, written by the cron as its last step: a run that fails half-way
 * does not count, so a cron that fails on every run shows as late. It ends a spell of failures.
 */
export async function cronCompleted(env: Env, db: Database, now: number): Promise<void> {
  const beat = await heartbeat(env, "cron", now);
  await clear(db, ALARMS.cronFailures, "cron");
  // D1 tells the database's size with every write: the heartbeat's is read for free.
  if (typeof beat.meta.size_after === "number") await databaseSize(env, beat.meta.size_after, now);
}

// ---------------------------------------------------------------- the database's size

const GB = 1024 ** 3;
/** D1 refuses writes at 10 GB; decision 0030 plans ledger archiving from half of it. */
const SIZE_ALARMS = [
  { bytes: 8 * GB, text: "gần giới hạn 10 GB của D1: khi đầy, mọi đăng nhập, mua hàng và nạp tiền đều lỗi. Lưu trữ sổ cái ngay (docs/decisions/0030-sizing-and-scale.md)." },
  { bytes: 5 * GB, text: "đã quá nửa giới hạn 10 GB của D1. Lên kế hoạch lưu trữ sổ cái cũ sang R2 (docs/decisions/0030-sizing-and-scale.md)." },
] as const;

/** Past 5 GB, then past 8 GB, the owner is told once a day (each level its own alarm). */
export async function databaseSize(env: Env, bytes: number, now = Date.now()): Promise<void> {
  const level = SIZE_ALARMS.find((alarm) => bytes >= alarm.bytes);
  if (!level) return;
  const size = `${(bytes / GB).toFixed(1)} GB`;
  logEvent(level.bytes >= 8 * GB ? "error" : "warn", "database_size", { bytes, threshold_gb: level.bytes / GB });
  await opsNotice(env, `🚨 Cơ sở dữ liệu ${size}: ${level.text}`, `ops:d1-size:${level.bytes / GB}:${Math.floor(now / (24 * HOUR_MS))}`, now);
}

/** A run that failed: logged by the caller, counted here; the third in a row tells the owner. */
export async function cronFailed(env: Env, db: Database, error: string, now = Date.now()): Promise<void> {
  await countTowardsAlarm(env, db, ALARMS.cronFailures, "cron", `🚨 Cron lỗi 3 lần liên tiếp (${error.slice(0, 200)}): nạp VietQR không hết hạn, thẻ cào không được kiểm tra lại, thư không được gửi.`, now);
}

export type CronState = "ok" | "late" | "failing" | "unknown";

/**
 * The cron as /api/health judges it: late when its last completed run is older than CRON_LATE_MS,
 * failing after 3 failed runs in a row. Late is told to the owner from here, sent at once (the cron
 * that would send it is the one that stopped), once per late spell.
 */
export async function cronState(env: Env, now = Date.now()): Promise<CronState> {
  const db = getDb(env.DB);
  const row = await env.DB.prepare("SELECT at FROM ops_heartbeats WHERE name = 'cron'").first<{ at: number }>();
  // A store whose cron never ran yet (a fresh deploy) is not late.
  if (row && now - row.at >= CRON_LATE_MS) {
    logEvent("error", "cron_late", { last_run: new Date(row.at).toISOString() });
    await opsNotice(env, `🚨 Cron chưa chạy từ ${new Date(row.at).toISOString()}: nạp VietQR không hết hạn, thẻ cào không được kiểm tra lại.`, `ops:cron_late:${row.at}`, now);
    await sendNow(env, now);
    return "late";
  }
  return (await countInWindow(db, ALARMS.cronFailures, "cron", now)) > ALARMS.cronFailures.max ? "failing" : "ok";
}

// ---------------------------------------------------------------- the ledger

export type LedgerMismatch = { userId: number; balance: number; ledger: number };

/**
 * Users whose balance is not the balance_after of their newest ledger row (0 with none). Every
 * change of a balance writes its ledger row in the same batch (workers/money/wallet/money.ts), so any
 * difference is a bug or a hand edit; each one is logged and told to the owner once a day.
 */
export async function checkBalancesAgainstLedger(env: Env, now = Date.now()): Promise<LedgerMismatch[]> {
  const { results } = await env.DB.prepare(
    `SELECT id AS userId, balance, ledger FROM (
       SELECT u.id, u.balance, coalesce((SELECT w.balance_after FROM wallet_transactions w WHERE w.user_id = u.id ORDER BY w.id DESC LIMIT 1), 0) AS ledger
       FROM users u)
     WHERE balance != ledger LIMIT 100`,
  ).all<LedgerMismatch>();
  const day = Math.floor(now / (24 * HOUR_MS));
  for (const mismatch of results) {
    logEvent("error", "ledger_mismatch", { user_id: mismatch.userId, balance: mismatch.balance, ledger: mismatch.ledger });
    await opsNotice(env, `🚨 Số dư người dùng #${mismatch.userId} (${mismatch.balance} ₫) khác sổ cái (${mismatch.ledger} ₫).`, `ops:ledger:${mismatch.userId}:${day}`, now);
  }
  return results;
}
