// The owner hears when money stops moving (docs/operations.md, "Alarms"): a part of the store
// failing (D1's reads or writes, R2, a wallet object, the settings) or recovering, a cron that has
// stopped or keeps failing, refused webhooks that were real deposits, a card gateway that keeps
// failing, a burst of unexpected errors, and a balance that no longer matches its ledger. Each
// alarm is one JSON log line and one Telegram `ops` notification per spell or window. What they
// count and whether they were told lives in the OpsWatch object (ops-watch.ts), not in D1, so an
// outage of D1 is counted and told while D1 refuses writes; opsNotice sends directly when D1
// cannot record the notice.
import { errorText, logEvent } from "../lib/log";
import { formatFileSize } from "../shared/format";
import { deliverNotifications } from "./notifications";
import { opsNotice } from "../platform/ops-notice";
import type { CronState, Found, Tell } from "./ops-watch";

export { CRON_LATE_MS, type CronState } from "./ops-watch";

const HOUR_MS = 60 * 60_000;

type Counted = { name: string; max: number; windowMs: number };

const ALARMS = {
  // A gateway's own retries of one bad delivery make a few; more within an hour is a broken key.
  webhookRefusals: { name: "ops-webhook-refused", max: 4, windowMs: HOUR_MS },
  cardGatewayFailures: { name: "ops-card-gateway", max: 2, windowMs: 15 * 60_000 },
} satisfies Record<string, Counted>;

/** The store's one OpsWatch object. */
function opsWatch(env: Env) {
  return env.OPS_WATCH.get(env.OPS_WATCH.idFromName("ops"));
}

/** Sends what OpsWatch decided to tell: recorded in D1 and delivered now, or straight to Telegram when D1 refuses. */
async function tellOwner(env: Env, tells: Tell[], now: number): Promise<void> {
  for (const tell of tells) {
    logEvent("error", "ops_alarm", { dedupe_key: tell.key });
    await opsNotice(env, tell.text, tell.key, now);
  }
  if (tells.length > 0) await sendNow(env, now);
}

/** Counts one occurrence; past `max` in the window, the owner is told once for that window. */
async function countTowardsAlarm(env: Env, alarm: Counted, subject: string, text: string, now: number): Promise<void> {
  if (!(await opsWatch(env).count(alarm.name, alarm.max, alarm.windowMs, subject, now))) return;
  await tellOwner(env, [{ key: `ops:${alarm.name}:${subject}:${Math.floor(now / alarm.windowMs)}`, text }], now);
}

/**
 * A webhook refused for its signature or its shape: logged with provider and reason. It counts
 * towards the owner's alarm only when it is the store's own failure: a body the provider's key
 * proved (a payload the store cannot read), or a refused one that names a real pending top-up or
 * card (the gateway's key drifted and deposits are being lost). Anyone can send junk; that is
 * logged and counts for nothing.
 */
export async function webhookRefused(env: Env, request: Request, provider: string, reason: string, deposit: boolean, now = Date.now()): Promise<void> {
  logEvent("warn", "webhook_refused", { provider, reason, deposit }, request);
  if (!deposit) return;
  await countTowardsAlarm(env, ALARMS.webhookRefusals, provider, `🚨 Webhook ${provider} bị từ chối nhiều lần trong 1 giờ (${reason}). Kiểm tra khoá bí mật của cổng thanh toán: tiền nạp có thể đang không được cộng.`, now);
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

/** Keeps `name`'s last moment in D1 (the cron's run, health's write probe, a previous key's use). */
function heartbeat(env: Env, name: string, now: number): Promise<D1Result> {
  return env.DB.prepare("INSERT INTO ops_heartbeats (name, at) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET at = excluded.at").bind(name, now).run();
}

/** The card gateway did not answer (or answered nonsense). */
export async function cardGatewayFailed(env: Env, error: string, now = Date.now()): Promise<void> {
  logEvent("error", "card_gateway_unreachable", { error });
  await countTowardsAlarm(env, ALARMS.cardGatewayFailures, "gateway", `🚨 Cổng thẻ cào không phản hồi nhiều lần trong 15 phút (${error.slice(0, 200)}). Thẻ nạp đang chờ; cron sẽ kiểm tra lại.`, now);
}

// ---------------------------------------------------------------- the parts of the store

/** D1's two causes, probed now: a read, then a write (a full database still reads). `started`: the store's start-up, which reads D1. */
export async function probeDatabase(env: Env, started: () => Promise<unknown> = async () => undefined): Promise<{ "d1-read": Found; "d1-write": Found }> {
  try {
    await started();
    await env.DB.prepare("SELECT id FROM users ORDER BY id LIMIT 1").first();
  } catch (error) {
    // Unread, D1 is not asked to write: its read failure is the cause.
    return { "d1-read": { detail: errorText(error) }, "d1-write": null };
  }
  try {
    await heartbeat(env, "health", Date.now());
    return { "d1-read": null, "d1-write": null };
  } catch (error) {
    return { "d1-read": null, "d1-write": { detail: errorText(error) } };
  }
}

/**
 * What /api/health found of each part, told to OpsWatch: a part failing for a minute is told to
 * the owner, its recovery too. Answers the cron as health reports it ("unknown" when OpsWatch
 * itself does not answer).
 */
export async function partsObserved(env: Env, found: Record<string, Found>, now = Date.now()): Promise<CronState> {
  try {
    const { tells, cron } = await opsWatch(env).observe(found, now);
    if (cron === "late") logEvent("error", "cron_late", {});
    await tellOwner(env, tells, now);
    return cron;
  } catch (error) {
    logEvent("error", "ops_watch_unreachable", { error: errorText(error) });
    return "unknown";
  }
}

// ---------------------------------------------------------------- unexpected errors

/** Unexpected errors (500s) of one cause in one minute, in one isolate, that make an alarm: a few are bugs, this many an outage. */
export const SERVER_ERRORS_PER_MINUTE = 10;
// Counted in memory: the errors that matter most come from a D1 that refuses every write.
let serverErrors = { minute: 0, counts: new Map<string, number>() };

/**
 * What an unexpected error's cause is, for its own alarm: the part it names, or the code. A
 * stranger's input that reaches a bug is logged but counts for nothing (null), so nobody can
 * spend an alarm a real outage needs.
 */
function errorCause(error: unknown, signedIn: boolean): string | null {
  const text = errorText(error);
  if (/D1_|SQLITE/i.test(text)) return "d1";
  if (/durable object/i.test(text)) return "durable-object";
  if (/\bR2\b/.test(text)) return "r2";
  return signedIn ? "code" : null;
}

/** One unexpected error of `cause`: past SERVER_ERRORS_PER_MINUTE, the owner is told at once, once an hour per cause. */
export async function serverErrored(env: Env, cause: string, now = Date.now()): Promise<void> {
  const minute = Math.floor(now / 60_000);
  if (serverErrors.minute !== minute) serverErrors = { minute, counts: new Map() };
  const count = (serverErrors.counts.get(cause) ?? 0) + 1;
  serverErrors.counts.set(cause, count);
  if (count !== SERVER_ERRORS_PER_MINUTE) return;
  logEvent("error", "server_errors_alarm", { per_minute: count, cause });
  const key = `ops:server-errors:${cause}:${Math.floor(now / HOUR_MS)}`;
  // The sent mark is OpsWatch's: one isolate of many tells it. Unreachable, this isolate tells it anyway.
  const first = await opsWatch(env).once(key, now).catch(() => true);
  if (first) await tellOwner(env, [{ key, text: `🚨 Máy chủ trả lỗi 500 ${SERVER_ERRORS_PER_MINUTE} lần trong 1 phút (${cause}): người mua có thể không đăng nhập, nạp tiền hay mua được. Xem nhật ký (internal_error).` }], now);
}

/** An unexpected error, counted towards the alarm of its cause; an alarm that cannot be sent is the log line's. */
export async function unexpectedError(env: Env, error: unknown, signedIn: boolean): Promise<void> {
  const cause = errorCause(error, signedIn);
  if (cause) await serverErrored(env, cause).catch((failure) => logEvent("error", "server_error_not_counted", { error: errorText(failure) }));
}

/** Delivers what is due now; with D1 refusing, opsNotice has already sent the alarm directly. */
async function sendNow(env: Env, now: number): Promise<void> {
  await deliverNotifications(env, now).catch((error) => logEvent("error", "ops_notice_not_delivered", { error: errorText(error) }));
}

// ---------------------------------------------------------------- the cron

/**
 * The cron's run completed: its last step, so a run that fails half-way does not count. It ends a
 * spell of failures, and tells its end (and D1's, which the run has just read and written).
 */
export async function cronCompleted(env: Env, now: number): Promise<void> {
  const beat = await heartbeat(env, "cron", now);
  const watch = opsWatch(env);
  const tells = [...(await watch.cronRan(now, null)), ...(await watch.observe({ "d1-read": null, "d1-write": null }, now)).tells];
  await tellOwner(env, tells, now);
  // D1 tells the database's size with every write: the heartbeat's is read for free.
  if (typeof beat.meta.size_after === "number") await databaseSize(env, beat.meta.size_after, now);
}

/**
 * A run that failed (logged by the caller): recorded in OpsWatch with what D1 answers now, so the
 * owner hears "D1 refuses writes" rather than only that the cron fails. Whoever notices next (the
 * next run, /api/health) tells a spell that has lasted a minute; none of it needs D1.
 */
export async function cronFailed(env: Env, error: string, now = Date.now()): Promise<void> {
  const watch = opsWatch(env);
  const ran = await watch.cronRan(now, error);
  const tells = [...ran, ...(await watch.observe(await probeDatabase(env), now)).tells];
  await tellOwner(env, tells, now);
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
  // The owner reads Vietnamese: "8,1 GB", with the decimal comma (workers/shared/format.ts).
  const size = formatFileSize(bytes);
  logEvent(level.bytes >= 8 * GB ? "error" : "warn", "database_size", { bytes, threshold_gb: level.bytes / GB });
  await opsNotice(env, `🚨 Cơ sở dữ liệu ${size}: ${level.text}`, `ops:d1-size:${level.bytes / GB}:${Math.floor(now / (24 * HOUR_MS))}`, now);
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
