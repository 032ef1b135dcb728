// A sold key's device binding as its buyer sees and moves it (issue #16 item 4, docs/licensing.md).
// Unbinding clears device_id only: the next key check from any device binds the key there and
// the expiry runs on. One reset per key per interval, enforced by the UPDATE's own condition.
import { recordKeyEvent } from "../db/statements/store-events";
import { ConflictError, NotFoundError, RateLimitedError } from "../platform/errors";
import type { Message } from "../shared/message";
import { KEY_DEVICE_MESSAGES } from "./messages";

/** The wait before the next reset, rounded up to the minute: 3 giờ 5 phút, 12 phút. */
function waitText(seconds: number): Message {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return KEY_DEVICE_MESSAGES.waitMinutes(rest);
  return rest === 0 ? KEY_DEVICE_MESSAGES.waitHours(hours) : KEY_DEVICE_MESSAGES.waitHoursMinutes(hours, rest);
}

/** The last 4 characters of a device id: enough for the buyer to recognise the device, not to copy it. */
export function deviceHint(deviceId: string | null): string | null {
  return deviceId ? deviceId.slice(-4) : null;
}

export type KeyBinding = {
  status: string;
  device_id: string | null;
  activated_at: number | null;
  expires_at: number | null;
  last_check_at: number | null;
  banned_at: number | null;
  /** The buyer's last move to another device. */
  device_reset_at: number | null;
};

/** Where a bought key stands, as its purchase shows it. */
export type KeyState = "not_activated" | "active" | "awaiting_device" | "expired" | "banned" | "revoked";

const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

function keyState(key: KeyBinding, now: number): KeyState {
  if (key.banned_at !== null) return "banned";
  if (key.status === "revoked") return "revoked";
  if (key.status === "expired" || (key.expires_at !== null && key.expires_at <= now)) return "expired";
  if (key.activated_at === null) return "not_activated";
  return key.device_id === null ? "awaiting_device" : "active";
}

/**
 * When the buyer may move the key again: the last move plus the interval, while that is still
 * ahead (null once it has passed, or never moved), so the page can say so after a reload.
 */
function nextMoveAt(key: KeyBinding, intervalHours: number, now: number): string | null {
  if (key.device_reset_at === null) return null;
  const at = key.device_reset_at + intervalHours * 3_600_000;
  return at > now ? iso(at) : null;
}

/** The binding fields a purchase history entry carries; all null when the key was deleted. */
export function purchaseKeyFields(key: KeyBinding | null, intervalHours: number, now: number) {
  if (!key) return { key_state: null, activated_at: null, expires_at: null, device_hint: null, last_check_at: null, banned: false, banned_at: null, device_reset_available_at: null, device_reset_hours: intervalHours };
  return {
    key_state: keyState(key, now),
    device_reset_available_at: nextMoveAt(key, intervalHours, now),
    device_reset_hours: intervalHours,
    activated_at: iso(key.activated_at),
    expires_at: iso(key.expires_at),
    device_hint: deviceHint(key.device_id),
    last_check_at: iso(key.last_check_at),
    banned: key.banned_at !== null,
    banned_at: iso(key.banned_at),
  };
}

type OwnedKey = KeyBinding & { id: number };

/**
 * Unbinds the key of the buyer's own purchase from its device. Anyone else's purchase is not
 * found. The reset is one conditional UPDATE (bound, not banned, not expired, and no reset within
 * the interval), so parallel resets move the key once.
 */
export async function resetPurchaseDevice(d1: D1Database, userId: number, orderId: number, intervalHours: number, now = Date.now()): Promise<void> {
  const intervalMs = intervalHours * 3_600_000;
  const owned = () =>
    d1
      .prepare(
        `SELECT k.id, k.status, k.device_id, k.activated_at, k.expires_at, k.last_check_at, k.banned_at, k.device_reset_at
         FROM orders o JOIN license_keys k ON k.id = o.key_id WHERE o.id = ?1 AND o.user_id = ?2 AND k.sold_to_user_id = ?2`,
      )
      .bind(Number.isSafeInteger(orderId) ? orderId : 0, userId)
      .first<OwnedKey>();
  const key = await owned();
  if (!key) throw new NotFoundError(KEY_DEVICE_MESSAGES.purchaseNotFound);

  const update = d1
    .prepare(
      `UPDATE license_keys SET device_id = NULL, device_reset_count = device_reset_count + 1, device_reset_at = ?1, updated_at = ?1
       WHERE id = ?2 AND status = 'used' AND device_id IS NOT NULL AND banned_at IS NULL AND (expires_at IS NULL OR expires_at > ?1)
         AND (device_reset_at IS NULL OR device_reset_at <= ?3) RETURNING id`,
    )
    .bind(now, key.id, now - intervalMs);
  // The shop's webhook hears of the reset the UPDATE made (workers/db/statements/store-events.ts).
  const told = recordKeyEvent(d1, "key.device_reset", { by: "buyer" }, { sql: "k.id = ? AND changes() > 0", binds: [key.id] }, { dedupe: `key.device_reset:${now}`, now });
  const [reset] = await d1.batch([update, told]);
  if (reset.results.length > 0) return;

  // Refused: say why, from the row as it is now (a parallel reset may have just won).
  const current = (await owned()) ?? key;
  if (current.device_reset_at !== null && current.device_reset_at > now - intervalMs) {
    const seconds = Math.ceil((current.device_reset_at + intervalMs - now) / 1000);
    throw new RateLimitedError(KEY_DEVICE_MESSAGES.tooSoon(intervalHours, waitText(seconds)), seconds);
  }
  const state = keyState(current, now);
  if (state === "banned" || state === "revoked") throw new ConflictError(KEY_DEVICE_MESSAGES.banned);
  if (state === "expired") throw new ConflictError(KEY_DEVICE_MESSAGES.expired);
  throw new ConflictError(KEY_DEVICE_MESSAGES.notActivated);
}
