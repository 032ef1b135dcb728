// The key check's one read (workers/licensing/key-check.ts), as SQL. No imports: `npm run
// bench:scale` (scripts/bench/scale-plans.mjs) reads this same statement's query plan on Node,
// and tests/integration/query-plans.test.ts pins it.

/**
 * The key check's lookup: ?1 the code sent, ?2 the app's bundle id, ?3 the code in normal form.
 * The app by `apps_bundle`, the key by one of two unique indexes of (app, code) — normal form or as
 * stored — and its type by id: at most two key rows, whatever the store's size. The app's open
 * pause, if any, by the open-pause unique index (issue 55 item 1: app_pauses, at most one row).
 * Beside the key, in the same read, the shop's ban in force (issue 55, workers/licensing/bans.ts) of
 * ?5 the device's hash or ?6 the caller's address (32 hex digits, null when unknown) at ?4 (now), for
 * the key's app or the whole shop: each by its index (bans_device, bans_ip), as JSON, null when none.
 */
export const KEY_LOOKUP_SQL = `SELECT k.id, k.key_code, k.status, k.order_reference, k.banned_at, k.device_id, k.activated_at, k.expires_at, k.last_check_at,
    k.updated_at, k.app_id, k.trial_hours, t.duration_days, t.display_name AS key_type, t.name AS key_type_code, a.name AS app_name, a.name_en AS app_name_en, a.bundle_identifier AS bundle_id,
    a.url AS app_slug, a.version AS latest_version, a.min_version, a.announcement,
    p.paused_at, p.reason AS pause_reason, p.reason_en AS pause_reason_en,
    (SELECT json_object('reason', b.reason, 'reason_en', b.reason_en) FROM bans b WHERE b.device_sha256 = ?5 AND b.lifted_at IS NULL
      AND (b.ends_at IS NULL OR b.ends_at > ?4) AND (b.app_id IS NULL OR b.app_id = k.app_id) ORDER BY b.id LIMIT 1) AS device_ban,
    (SELECT json_object('reason', b.reason, 'reason_en', b.reason_en) FROM bans b WHERE b.ip_first <= ?6 AND b.ip_last >= ?6 AND b.lifted_at IS NULL
      AND (b.ends_at IS NULL OR b.ends_at > ?4) AND (b.app_id IS NULL OR b.app_id = k.app_id) ORDER BY b.id LIMIT 1) AS ip_ban
  FROM license_keys k JOIN key_types t ON t.id = k.key_type_id JOIN apps a ON a.id = k.app_id
    LEFT JOIN app_pauses p ON p.app_id = a.id AND p.resumed_at IS NULL
  WHERE (k.key_code_normal = ?3 OR k.key_code = ?1) AND a.bundle_identifier = ?2
  ORDER BY k.key_code = ?1 DESC, CASE k.status WHEN 'used' THEN 0 WHEN 'sold' THEN 1 ELSE 2 END, k.id LIMIT 1`;
