// The key-check API for the mods themselves (docs/licensing.md): the first valid
// check of a sold key activates it on that device; later checks from the same device are valid
// until it expires. A repeat check is the hot path: it reads one row and writes nothing, except
// the bookkeeping (last_check_at, check_count) at most once an hour per key.
// A banned key answers revoked; a key its buyer or an admin unbound binds to the next device.
// Every answer names what it answers (keySubject): a signed "valid" is worthless to any other
// key, device or app, so a relay cannot pass one device's answer to another (ADR 0023). A 200
// answer names the version sent too (routes/keys.ts): its update_required holds for that version only.
import { KEY_LOOKUP_SQL } from "../db/statements/key-lookup";
import { sha256Hex } from "../platform/crypto";
import { updateRequired } from "../shared/version";
import type { Lang } from "../shared/lang";
import { keyTypeNameEn } from "../shared/english/key-types";
import { KEY_CHECK_MESSAGES, MAX_BUNDLE_ID, MAX_DEVICE_ID } from "./messages";
import { addressHex, deviceSha256 } from "./bans";

/**
 * A key code, the device asking and the app it is for (its bundle id: one app's key is not
 * another's); the mod's own version when it sent one, the store's origin for the app's link, and
 * the language of the answer's message (Vietnamese unless the mod sent lang: "en").
 */
export type KeyCheck = { keyCode: string; deviceId: string; bundleId: string; version?: string; origin?: string; lang?: Lang; address?: string };

/** What an answer is about, in its signed data: the mod compares it with what it sent (docs/licensing.md §3). */
export type KeySubject = { key_sha256: string | null; device_id: string | null; bundle_id: string | null };

/**
 * Dashes a phone or a copied text puts where a code has "-" (after NFKC, which already makes the
 * full-width and small hyphen-minus "-"): hyphen and non-breaking hyphen (NFKC makes U+2011 into
 * U+2010), figure dash, en and em dash, horizontal bar, minus sign, small em dash.
 */
const DASH_LOOK_ALIKES = /[\u2010-\u2015\u2212\ufe58]/gu;

/**
 * A key code in the store's normal form: Unicode NFKC (a full-width Ａ is A), every dash
 * look-alike as "-", without invisible format characters (zero-width space, soft hyphen, word
 * joiner, BOM), without the spaces around it, upper-cased: codes that look the same are one code.
 * A check matches codes by this form, and its answer names the code by this form's hex SHA-256,
 * which a mod computes the same way (docs/licensing.md §3).
 */
export function normalKeyCode(code: string): string {
  return code.normalize("NFKC").replace(DASH_LOOK_ALIKES, "-").replace(/\p{Cf}/gu, "").trim().toUpperCase();
}

/**
 * What a request named, as its answer repeats it: the key's hash, and the device and bundle ids
 * exactly as sent. Also for a refused request, from whatever of it could be read (null for what
 * was missing, not a string, or too long to be taken).
 */
export async function keySubject(sent: unknown): Promise<KeySubject> {
  const text = (name: string, max: number) => {
    const value = typeof sent === "object" && sent !== null ? (sent as Record<string, unknown>)[name] : undefined;
    return typeof value === "string" && value.length <= max ? value : null;
  };
  const keyCode = text("key_code", Number.POSITIVE_INFINITY);
  return { key_sha256: keyCode === null ? null : await sha256Hex(normalKeyCode(keyCode)), device_id: text("device_id", MAX_DEVICE_ID), bundle_id: text("bundle_id", MAX_BUNDLE_ID) };
}

type KeyCheckResult = {
  valid: boolean;
  reason: "active" | "activated" | "not_found" | "revoked" | "expired" | "other_device" | "paused" | BanReason | "trial_used";
  message: string;
  key_type?: string;
  duration_days?: number;
  activated_at?: string | null;
  expires_at?: string | null;
  app?: KeyCheckApp;
};

/** A refusal of a banned phone or address (issue 55 item 2, bans.ts): its message carries the shop's reason. */
type BanReason = "device_banned" | "ip_banned";

/**
 * What the store knows of the app, in every answer about a key it has (decision 0031): its current version, the
 * lowest the admin supports, whether the sent version is below it, its page and the admin's note.
 */
type KeyCheckApp = {
  name: string;
  bundle_id: string | null;
  latest_version: string;
  min_version: string | null;
  update_required: boolean;
  url: string;
  announcement: string | null;
};

/** The app's columns as the check's one query reads them, alongside the key's. */
type AppColumns = { app_name: string; app_name_en: string | null; bundle_id: string | null; app_slug: string; latest_version: string; min_version: string | null; announcement: string | null };

function appAnswer(row: AppColumns, check: KeyCheck): KeyCheckApp {
  return {
    // The shop's English name for a mod that asks in English, when it gave one (as the /en/ pages show).
    name: (check.lang === "en" && row.app_name_en) || row.app_name,
    bundle_id: row.bundle_id,
    latest_version: row.latest_version,
    min_version: row.min_version || null,
    update_required: updateRequired(check.version, row.min_version),
    // The app's page in the mod's language: the English twin under /en/ (docs/product.md, "The English store").
    url: `${check.origin ?? ""}${check.lang === "en" ? "/en" : ""}/${encodeURIComponent(row.app_slug)}`,
    announcement: row.announcement || null,
  };
}

/**
 * What a valid answer's lease is made of (license-signing.ts), and what the answer rests on:
 * the key's row as read (when it last changed, whether it was still in stock), null when no row
 * of that code and app was found. `mayBeStale` reads it.
 */
export type KeyCheckOutcome = {
  result: KeyCheckResult;
  lease: { keyCode: string; bundleId: string | null; keyExpiresAt: number | null } | null;
  basis: { changedAt: number; inStock: boolean } | null;
};

/**
 * How long after a key's row changed a copy of D1 may still be missing the change that followed
 * it. D1 bounds no replica's lag; it is "usually well under a second" (docs/decisions/0029), and
 * this window is sixty times that.
 */
const REPLICA_LAG_WINDOW_MS = 60_000;

/**
 * Whether a refusal read on a copy of D1 may be one the primary would not give, so it must be
 * read again there before it is answered (docs/decisions/0039-key-check-floor.md): a code still in
 * stock on the copy (a sale a moment ago turns it into a key), or a key whose row changed within
 * the replica's lag window (a device reset, an unban or an extension may follow a change that
 * recent and not have reached the copy yet). A code with no row on the copy, or a refusal resting
 * on a row unchanged for longer than the window, is answered from the copy. A valid answer is
 * never read again (decision 0029).
 */
export function mayBeStale(outcome: KeyCheckOutcome, now: number): boolean {
  if (outcome.result.valid || outcome.basis === null) return false;
  return outcome.basis.inStock || now - outcome.basis.changedAt < REPLICA_LAG_WINDOW_MS;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The bookkeeping of repeat checks is written at most this often per key. */
const CHECK_RECORD_INTERVAL_MS = 60 * 60 * 1000;

type KeyRow = AppColumns & {
  id: number;
  key_code: string;
  status: string;
  order_reference: string | null;
  banned_at: number | null;
  device_id: string | null;
  activated_at: number | null;
  expires_at: number | null;
  last_check_at: number | null;
  updated_at: number;
  duration_days: number;
  key_type: string;
  app_id: number;
  /** The shop's ban in force on the device or the caller's address (bans.ts), as JSON; null when none. */
  device_ban: string | null;
  ip_ban: string | null;
  /** A trial key's length (trials.ts), null for a sold key. */
  trial_hours: number | null;
  key_type_code: string;
} & PauseColumns;

/** The app's open pause, as the lookup reads it beside the key (null: not paused). */
type PauseColumns = { paused_at: number | null; pause_reason: string | null; pause_reason_en: string | null };

/**
 * Whether the key is frozen by its app's pause (issue 55 item 1): the app is paused and the key's
 * time had not run out when it paused (a lifetime key too). Its check answers `paused` with the
 * shop's reason, no lease and nothing written: no first activation either, its time starts after
 * the resume (app-pause.ts).
 */
function frozen(row: KeyRow): boolean {
  return row.paused_at !== null && (row.expires_at === null || row.expires_at > row.paused_at);
}

/** An answer's message in the check's language; "active" names the expiry when the key has one, a ban the shop's reason. */
function reasonMessage(reason: Exclude<KeyCheckResult["reason"], "paused">, lang: Lang | undefined, expires: string | null, ban?: BanFound): string {
  if (reason === "device_banned" || reason === "ip_banned") return KEY_CHECK_MESSAGES[reason](ban?.said ?? "").in(lang ?? "vi");
  return (reason === "active" && expires ? KEY_CHECK_MESSAGES.activeUntil(expires) : KEY_CHECK_MESSAGES[reason]).in(lang ?? "vi");
}

/**
 * The not_found answer, resting on the row the copy holds of that code (in stock, or withdrawn) or
 * on none. Unknown, unsold and withdrawn-before-sale codes answer exactly alike: the answer must not
 * tell a guessed code in stock from one that does not exist. It names no app either
 * (docs/licensing.md): what the mod sent is not proof of which app it is, and a refusal costs no
 * second read.
 */
function notFound(row: KeyRow | null, check: KeyCheck): KeyCheckOutcome {
  const result: KeyCheckResult = { valid: false, reason: "not_found", message: reasonMessage("not_found", check.lang, null) };
  return { result, lease: null, basis: row && { changedAt: row.updated_at, inStock: row.status === "available" } };
}

async function findKey(db: D1Database, check: KeyCheck, now: number): Promise<KeyRow | null> {
  // The code in normal form (key_code_normal, unique per app: migrations/0013), or exactly as
  // stored (a row that migration left unfilled), of the app the bundle id names: a key is good
  // only for its own app. Stored codes stay as imported; a code typed exactly as stored comes first.
  // The bans of the device and the address come in the same read (issue 55).
  const address = check.address ? addressHex(check.address) : null;
  const rows = await db
    .prepare(KEY_LOOKUP_SQL)
    .bind(check.keyCode.trim(), check.bundleId, normalKeyCode(check.keyCode), now, await deviceSha256(check.deviceId), address)
    .first<KeyRow>();
  return rows ?? null;
}

/** A ban of the key row (KEY_LOOKUP_SQL): the refusal's reason and the shop's words in the check's language. */
type BanFound = { reason: BanReason; said: string };

function banOf(row: KeyRow, lang: Lang | undefined): BanFound | null {
  const [reason, json] = row.device_ban ? (["device_banned", row.device_ban] as const) : row.ip_ban ? (["ip_banned", row.ip_ban] as const) : [null, null];
  if (!reason) return null;
  const ban = JSON.parse(json) as { reason: string; reason_en: string | null };
  return { reason, said: (lang === "en" && ban.reason_en) || ban.reason };
}

function outcome(row: KeyRow, check: KeyCheck, valid: boolean, reason: KeyCheckResult["reason"], ban?: BanFound): KeyCheckOutcome {
  const expires = row.expires_at ? new Date(row.expires_at).toISOString() : null;
  // A paused app's reason, in the mod's language, is the answer's message and the app's announcement.
  const pauseReason = reason === "paused" ? KEY_CHECK_MESSAGES.paused(row.pause_reason ?? "", row.pause_reason_en ?? "").in(check.lang ?? "vi") : null;
  const app = appAnswer(row, check);
  return {
    result: {
      valid,
      reason,
      message: pauseReason ?? reasonMessage(reason as Exclude<KeyCheckResult["reason"], "paused">, check.lang, expires, ban),
      // The shop's name, or for a mod asking in English one of the four types' English names.
      key_type: check.lang === "en" ? keyTypeNameEn(row.key_type_code, row.key_type) : row.key_type,
      duration_days: row.duration_days,
      activated_at: row.activated_at ? new Date(row.activated_at).toISOString() : null,
      expires_at: expires,
      app: pauseReason === null ? app : { ...app, announcement: pauseReason },
    },
    lease: valid ? { keyCode: row.key_code, bundleId: row.bundle_id, keyExpiresAt: row.expires_at } : null,
    basis: { changedAt: row.updated_at, inStock: false },
  };
}

/** Records a repeat check, unless one was recorded within the hour (then nothing is written). */
async function recordCheck(db: D1Database, row: KeyRow, now: number): Promise<void> {
  if (row.last_check_at !== null && now - row.last_check_at < CHECK_RECORD_INTERVAL_MS) return;
  await db
    .prepare("UPDATE license_keys SET last_check_at = ?1, check_count = check_count + 1 WHERE id = ?2 AND (last_check_at IS NULL OR last_check_at <= ?3)")
    .bind(now, row.id, now - CHECK_RECORD_INTERVAL_MS)
    .run();
}

/**
 * Binds a trial key (issue 55 item 3) in one batch: the phone is recorded as having run this app's
 * trial with this key unless it has run one with another (trial_devices: one key per app and phone,
 * whichever account claimed it), and the key binds only when the record names it. Ten trial keys
 * racing on one phone: one binds, the others hear trial_used. Its second element: the phone's trial
 * was another key's.
 */
async function bindTrial(db: D1Database, row: KeyRow, deviceId: string, bind: D1PreparedStatement, now: number, expiresAt: number | null): Promise<[{ activated_at: number } | null, boolean]> {
  const phone = await deviceSha256(deviceId);
  const record = db
    .prepare(
      `INSERT OR IGNORE INTO trial_devices (app_id, device_sha256, key_id, created_at)
       SELECT app_id, ?2, id, ?3 FROM license_keys WHERE id = ?1 AND (status = 'sold' OR (status = 'used' AND device_id IS NULL)) AND banned_at IS NULL`,
    )
    .bind(row.id, phone, now);
  const [, bound] = await db.batch<{ activated_at: number }>([record, bind.bind(deviceId, now, expiresAt, row.id, row.app_id, phone)]);
  const activated = bound.results[0] ?? null;
  if (activated) return [activated, false];
  const owner = await db.prepare("SELECT key_id FROM trial_devices WHERE app_id = ?1 AND device_sha256 = ?2").bind(row.app_id, phone).first<{ key_id: number }>();
  return [null, owner !== null && owner.key_id !== row.id];
}

/**
 * `admit`: the caller's rate limit, which throws when the caller is over it. Every check meets it
 * except a check naming a key and the device it is bound to: that guesses nothing, and it is the
 * hot path (one read, no write, no limiter call). Nothing is written or answered before it.
 */
export async function checkKey(db: D1Database, check: KeyCheck, now = Date.now(), admit: () => Promise<void> = async () => {}): Promise<KeyCheckOutcome> {
  const row = await findKey(db, check, now);
  if (row?.device_id !== check.deviceId) await admit();
  // Never sold (in stock, or withdrawn from stock): not the mod's business that it exists.
  if (!row || row.status === "available" || (row.status === "revoked" && row.order_reference === null)) return notFound(row, check);
  // A banned phone or address is refused whatever key it brings, so no reset, new key or trial binds it.
  const ban = banOf(row, check.lang);
  if (ban) return outcome(row, check, false, ban.reason, ban);
  if (row.banned_at !== null || row.status === "revoked") return outcome(row, check, false, "revoked");
  if (frozen(row)) return outcome(row, check, false, "paused");
  if (row.status === "expired" || (row.expires_at !== null && row.expires_at <= now)) return outcome(row, check, false, "expired");

  if (row.status === "sold" || row.device_id === null) {
    // First check, or the first after a device reset: bind to this device from now (the expiry set
    // at the first activation stays). Two devices racing: the conditional update picks one.
    const expiresAt = row.activated_at !== null ? row.expires_at : row.trial_hours !== null ? now + row.trial_hours * HOUR_MS : row.duration_days > 0 ? now + row.duration_days * DAY_MS : row.expires_at;
    const bind = db
      .prepare(
        `UPDATE license_keys SET status = 'used', device_id = ?1, activated_at = ?2, expires_at = ?3, updated_at = ?2,
           last_check_at = ?2, check_count = check_count + 1
         WHERE id = ?4 AND (status = 'sold' OR (status = 'used' AND device_id IS NULL)) AND banned_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM app_pauses WHERE app_id = license_keys.app_id AND resumed_at IS NULL)
           AND (trial_hours IS NULL OR EXISTS (SELECT 1 FROM trial_devices WHERE app_id = ?5 AND device_sha256 = ?6 AND key_id = ?4)) RETURNING activated_at`,
      );
    const [activated, trialUsed] = row.trial_hours === null
      ? [await bind.bind(check.deviceId, now, expiresAt, row.id, null, null).first<{ activated_at: number }>(), false]
      : await bindTrial(db, row, check.deviceId, bind, now, expiresAt);
    if (activated) {
      return outcome({ ...row, status: "used", device_id: check.deviceId, activated_at: activated.activated_at, expires_at: expiresAt, updated_at: now }, check, true, "activated");
    }
    if (trialUsed) return outcome(row, check, false, "trial_used");
    return checkKey(db, check, now);
  }
  if (row.device_id !== check.deviceId) return outcome(row, check, false, "other_device");
  await recordCheck(db, row, now);
  return outcome(row, check, true, "active");
}
