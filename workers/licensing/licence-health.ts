// The owner's licence health (issue #29, decision 0031): per app, how many keys were sold and
// activated, how many were checked within the window, activations per Vietnam day, keys that run
// out within 7 days, and keys moved between devices 3 or more times in 30 days (buyer resets and
// admin resets alike, from key_device_moves, which a trigger of migrations/0015 writes). Read
// only from what the key check already keeps (last_check_at, at most hourly): nothing is added to
// the check's hot path.
import { VIETNAM_OFFSET_MS, vietnamDay, vietnamDayStart } from "../shared/format";

const DAY_MS = 86_400_000;
const EXPIRING_WITHIN_MS = 7 * DAY_MS;
const SHARING_WINDOW_MS = 30 * DAY_MS;
/** Moves in SHARING_WINDOW_MS from which a key "may be shared". */
const SHARING_MOVES = 3;

type SharedKey = { key_id: number; key_code: string; moves: number; last_moved_at: string };

export type AppLicenceHealth = {
  app_id: number;
  app_name: string;
  app_url: string;
  keys_sold: number;
  keys_activated: number;
  keys_active: number;
  expiring_7_days: number;
  /** One point per Vietnam day of the window, oldest first, today last. */
  activations: { date: string; count: number }[];
  shared_keys: SharedKey[];
};

export type LicenceHealth = { days: number; today: string; apps: AppLicenceHealth[] };

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

type Totals = { app_id: number; app_name: string; app_url: string; keys_sold: number; keys_activated: number; keys_active: number; expiring_7_days: number };

export async function licenceHealth(d1: D1Database, days: number, now = Date.now()): Promise<LicenceHealth> {
  const today = vietnamDay(now);
  const firstDay = today - days + 1;
  const from = vietnamDayStart(firstDay);
  const [totals, activations, moves] = await d1.batch([
    // Sold: every key a purchase took (order_reference), whatever became of it since.
    d1
      .prepare(
        `SELECT a.id AS app_id, a.name AS app_name, a.url AS app_url,
           count(*) AS keys_sold,
           count(k.activated_at) AS keys_activated,
           coalesce(sum(k.last_check_at >= ?1), 0) AS keys_active,
           coalesce(sum(k.expires_at > ?2 AND k.expires_at <= ?3 AND k.banned_at IS NULL AND k.status = 'used'), 0) AS expiring_7_days
         FROM license_keys k JOIN apps a ON a.id = k.app_id
         WHERE k.order_reference IS NOT NULL
         GROUP BY a.id ORDER BY keys_sold DESC, a.id`,
      )
      .bind(from, now, now + EXPIRING_WITHIN_MS),
    d1
      .prepare(
        `SELECT app_id, (activated_at + ${VIETNAM_OFFSET_MS}) / ${DAY_MS} AS day, count(*) AS count
         FROM license_keys WHERE activated_at >= ?1 AND activated_at <= ?2 GROUP BY app_id, day`,
      )
      .bind(from, now),
    d1
      .prepare(
        `SELECT m.app_id, m.key_id, k.key_code, count(*) AS moves, max(m.moved_at) AS last_moved_at
         FROM key_device_moves m JOIN license_keys k ON k.id = m.key_id
         WHERE m.moved_at >= ?1 GROUP BY m.key_id HAVING count(*) >= ?2 ORDER BY moves DESC, last_moved_at DESC`,
      )
      .bind(now - SHARING_WINDOW_MS, SHARING_MOVES),
  ]);
  const perDay = activations.results as { app_id: number; day: number; count: number }[];
  const shared = moves.results as { app_id: number; key_id: number; key_code: string; moves: number; last_moved_at: number }[];
  return {
    days,
    today: dateOf(today),
    apps: (totals.results as Totals[]).map((app) => ({
      ...app,
      activations: Array.from({ length: days }, (_, index) => {
        const day = firstDay + index;
        return { date: dateOf(day), count: perDay.find((row) => row.app_id === app.app_id && row.day === day)?.count ?? 0 };
      }),
      shared_keys: shared
        .filter((row) => row.app_id === app.app_id)
        .map((row) => ({ key_id: row.key_id, key_code: row.key_code, moves: row.moves, last_moved_at: new Date(row.last_moved_at).toISOString() })),
    })),
  };
}
