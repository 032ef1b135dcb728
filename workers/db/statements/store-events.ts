// The shop's webhook events as statements (docs/decisions/0053-store-events.md): a row of the
// store_events outbox joins the batch of the change it reports, so an event exists exactly when
// its change committed, and once (its dedupe key). Here, beside the table, so that every domain
// and the wallet object can add one to its own batch; workers/owner/store-events.ts delivers them.
// Nothing is recorded while the shop has no webhook URL.
import type { StoreEventType } from "../../shared/enums";

/** The store_settings row that holds the shop's webhook URL; its absence means no webhook. */
export const WEBHOOK_URL_KEY = "webhook_url";
export const WEBHOOK_SECRET_KEY = "webhook_secret";

const WEBHOOK_ON = `EXISTS (SELECT 1 FROM store_settings WHERE key = '${WEBHOOK_URL_KEY}')`;
const NEW_EVENT_ID = "'evt_' || lower(hex(randomblob(12)))";

/** What an event says besides its key (plain JSON values: ids, amounts, names the owner sees). */
export type EventData = Record<string, string | number | boolean | null>;

/**
 * One event about something other than a key: an app (`subject` "app:<id>"), a buyer's top-up
 * ("user:<id>"). Events of one subject are delivered in the order they were recorded.
 */
export function recordEvent(db: D1Database, type: StoreEventType, data: EventData, event: { subject: string; dedupe: string; now: number; afterChange?: boolean }): D1PreparedStatement {
  // `afterChange`: only when the batch's statement just before changed a row (changes() still names it).
  return db
    .prepare(
      `INSERT INTO store_events (event_id, type, subject, data, dedupe_key, status, attempts, next_attempt_at, queued_at, created_at)
       SELECT ${NEW_EVENT_ID}, ?1, ?2, ?3, ?4, 'pending', 0, ?5, ?5, ?5 WHERE ${WEBHOOK_ON}${event.afterChange ? " AND changes() > 0" : ""}
       ON CONFLICT DO NOTHING`,
    )
    .bind(type, event.subject, JSON.stringify(data), event.dedupe, event.now);
}

/**
 * Which keys an event is about, as a condition on `k` (license_keys), read when the batch runs;
 * its parameters are plain `?` (SQLite numbers them after the statement's own ?1–?4).
 */
export type KeysWhere = { sql: string; binds: (string | number | null)[] };

/**
 * One event per key that `where` finds when the statement runs (after the change in the same
 * batch, so the condition can name the state the change left: `k.banned_at = <now>`). The key is
 * named by its id, a masked code (the last 4 characters of a code of 12 or more, never the whole
 * code) and its expiry, beside its app's id; `dedupe` gets ":<key id>:<expiry>" so one statement serves
 * many keys (bulk changes) and a key that expires again after an extension is told again. Events of
 * one key are delivered in order. A statement right after the change's UPDATE can use
 * `changes() > 0` as its condition (the UPDATE changed a row); further on, name the state.
 */
export function recordKeyEvent(db: D1Database, type: StoreEventType, data: EventData, where: KeysWhere, event: { dedupe: string; now: number }): D1PreparedStatement {
  const expires = "CASE WHEN k.expires_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', k.expires_at / 1000.0, 'unixepoch') END";
  const key = `json_object('id', k.id, 'masked', CASE WHEN length(k.key_code) >= 12 THEN '…' || substr(k.key_code, -4) ELSE '…' END, 'expires_at', ${expires})`;
  return db
    .prepare(
      `INSERT INTO store_events (event_id, type, subject, data, dedupe_key, status, attempts, next_attempt_at, queued_at, created_at)
       SELECT ${NEW_EVENT_ID}, ?1, 'key:' || k.id,
         json_set(?2, '$.key', json(${key}), '$.app', json_object('id', k.app_id)),
         ?3 || ':' || k.id || ':' || coalesce(k.expires_at, 0), 'pending', 0, ?4, ?4, ?4
       FROM license_keys k WHERE (${where.sql}) AND ${WEBHOOK_ON}
       ON CONFLICT DO NOTHING`,
    )
    .bind(type, JSON.stringify(data), event.dedupe, event.now, ...where.binds);
}
