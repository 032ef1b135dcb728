// The key-check API for the mods themselves (DESIGN.md §7): the first valid check of a sold key
// activates it on that device; later checks from the same device are valid until it expires.
// A banned key answers revoked; a key its buyer or an admin unbound binds to the next device.
import { formatDateTime } from "../shared/format";

export type KeyCheck = { keyCode: string; deviceId: string; bundleId?: string | null };

export type KeyCheckResult = {
  valid: boolean;
  reason: "active" | "activated" | "not_found" | "not_sold" | "revoked" | "expired" | "other_device";
  message: string;
  key_type?: string;
  duration_days?: number;
  activated_at?: string | null;
  expires_at?: string | null;
  app?: { name: string; bundle_id: string | null };
};

const DAY_MS = 24 * 60 * 60 * 1000;

type KeyRow = {
  id: number;
  status: string;
  device_id: string | null;
  activated_at: number | null;
  expires_at: number | null;
  banned_at: number | null;
  duration_days: number;
  key_type: string;
  app_name: string;
  bundle_id: string | null;
};

const REASONS: Record<KeyCheckResult["reason"], string> = {
  active: "Key hợp lệ",
  activated: "Key đã được kích hoạt trên thiết bị này",
  not_found: "Key không tồn tại",
  not_sold: "Key chưa được bán",
  revoked: "Key đã bị thu hồi",
  expired: "Key đã hết hạn",
  other_device: "Key đã được kích hoạt trên thiết bị khác",
};

async function findKey(db: D1Database, check: KeyCheck): Promise<KeyRow | null> {
  // A code is unique per app; the bundle id picks the app when two apps share a code.
  const rows = await db
    .prepare(
      `SELECT k.id, k.status, k.device_id, k.activated_at, k.expires_at, k.banned_at, t.duration_days, t.display_name AS key_type,
         a.name AS app_name, a.bundle_identifier AS bundle_id
       FROM license_keys k JOIN key_types t ON t.id = k.key_type_id JOIN apps a ON a.id = k.app_id
       WHERE k.key_code = ?1 AND (?2 IS NULL OR a.bundle_identifier = ?2)
       ORDER BY CASE k.status WHEN 'used' THEN 0 WHEN 'sold' THEN 1 ELSE 2 END, k.id LIMIT 1`,
    )
    .bind(check.keyCode, check.bundleId ?? null)
    .first<KeyRow>();
  return rows ?? null;
}

function result(row: KeyRow, valid: boolean, reason: KeyCheckResult["reason"]): KeyCheckResult {
  const expires = row.expires_at ? new Date(row.expires_at).toISOString() : null;
  return {
    valid,
    reason,
    message: reason === "active" && expires ? `${REASONS.active} đến ${formatDateTime(expires)}` : REASONS[reason],
    key_type: row.key_type,
    duration_days: row.duration_days,
    activated_at: row.activated_at ? new Date(row.activated_at).toISOString() : null,
    expires_at: expires,
    app: { name: row.app_name, bundle_id: row.bundle_id },
  };
}

export async function checkKey(db: D1Database, check: KeyCheck, now = Date.now()): Promise<KeyCheckResult> {
  const row = await findKey(db, check);
  if (!row) return { valid: false, reason: "not_found", message: REASONS.not_found };
  if (row.status === "available") return { valid: false, reason: "not_sold", message: REASONS.not_sold };
  if (row.status === "revoked" || row.banned_at !== null) return result(row, false, "revoked");
  if (row.status === "expired" || (row.expires_at !== null && row.expires_at <= now)) return result(row, false, "expired");

  if (row.status === "sold") {
    // First check: bind to this device. Two devices racing: the conditional update picks one.
    const expiresAt = row.duration_days > 0 ? now + row.duration_days * DAY_MS : null;
    const activated = await db
      .prepare(
        "UPDATE license_keys SET status = 'used', device_id = ?1, activated_at = ?2, expires_at = ?3, updated_at = ?2 WHERE id = ?4 AND status = 'sold' RETURNING id",
      )
      .bind(check.deviceId, now, expiresAt, row.id)
      .first();
    if (activated) return result({ ...row, status: "used", device_id: check.deviceId, activated_at: now, expires_at: expiresAt }, true, "activated");
    return checkKey(db, check, now);
  }
  if (row.device_id === null) {
    // Unbound by a device reset: this device takes it; the expiry runs on, not restarted.
    const rebound = await db
      .prepare("UPDATE license_keys SET device_id = ?1, activated_at = ?2, updated_at = ?2 WHERE id = ?3 AND device_id IS NULL RETURNING id")
      .bind(check.deviceId, now, row.id)
      .first();
    if (rebound) return result({ ...row, device_id: check.deviceId, activated_at: now }, true, "activated");
    return checkKey(db, check, now);
  }
  return row.device_id === check.deviceId ? result(row, true, "active") : result(row, false, "other_device");
}
