// Keys whose time ran out, expired by the cron (workers/scheduled.ts), each told to the shop's
// webhook in the same batch. Here, with licensing's other writes: statements on the binding.
import { recordKeyEvent } from "../db/statements/store-events";

/** A key (of the table or alias `key`) whose app is paused and whose time had not run out at the pause (issue 55 item 1). */
const frozenByPause = (key: string) => `EXISTS (SELECT 1 FROM app_pauses p WHERE p.app_id = ${key}.app_id AND p.resumed_at IS NULL AND ${key}.expires_at > p.paused_at)`;

/**
 * Expires the used keys whose time ran out by `now` (ms); answers how many. Each key.expired event
 * is read before the UPDATE, by the same condition, so an expiry and its event commit together.
 * Not the keys a pause froze (workers/licensing/app-pause.ts): their time is given back at the resume.
 */
export async function expireKeys(d1: D1Database, now: number): Promise<number> {
  const due = { sql: `k.status = 'used' AND k.expires_at IS NOT NULL AND k.expires_at <= ? AND NOT ${frozenByPause("k")}`, binds: [now] };
  const [, { results: keys }] = await d1.batch([
    recordKeyEvent(d1, "key.expired", {}, due, { dedupe: "key.expired", now }),
    d1
      .prepare(
        `UPDATE license_keys SET status = 'expired', updated_at = ?1
         WHERE status = 'used' AND expires_at IS NOT NULL AND expires_at <= ?1 AND NOT ${frozenByPause("license_keys")} RETURNING id`,
      )
      .bind(now),
  ]);
  return keys.length;
}
