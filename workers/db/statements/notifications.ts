// The owner's notifications as statements (workers/owner/notifications.ts words and delivers them):
// a row joins the batch of the change it reports, so it exists exactly when the change committed.
// Here, beside the table, so the wallet object can add a deposit's or a sale's notice to its own batch.
import type { NOTIFICATION_EVENTS } from "../../shared/enums";

/** The events the owner chooses among (TELEGRAM_EVENTS), and the operations alarms, always sent. */
export type NotificationKind = (typeof NOTIFICATION_EVENTS)[number] | "ops";

/** What the recording statements need to know: which kinds are on, and when stock is low. */
export type NoticeSettings = { kinds: ReadonlySet<NotificationKind>; lowStockThreshold: number };

export const NOTICES_OFF: NoticeSettings = { kinds: new Set(), lowStockThreshold: 5 };

/**
 * A notice's condition, with its own parameters (?6 on); `fills` puts into the text, for each
 * `{name}`, what an SQL expression reads in the same statement (so the text tells what committed).
 */
type NoticeCondition = { sql: string; binds: unknown[]; fills?: Record<string, string> };

/**
 * One notification row, inserted by `INSERT … SELECT … WHERE <condition>` so it exists only when
 * the condition holds at commit. `{user}` in the text becomes the user's name and e-mail, read in
 * the same statement.
 */
export function recordStatement(db: D1Database, kind: NotificationKind, text: string, dedupeKey: string, now: number, condition: NoticeCondition = { sql: "1", binds: [] }, userId: number | null = null): D1PreparedStatement {
  // ?5 is bound either way (D1 refuses a binding the statement does not use).
  const who = userId === null ? "coalesce(?5, ?2)" : "replace(?2, '{user}', (SELECT username || ' (' || email || ')' FROM users WHERE id = ?5))";
  const filled = Object.entries(condition.fills ?? {}).reduce((expression, [name, value]) => `replace(${expression}, '{${name}}', ${value})`, who);
  return db
    .prepare(
      `INSERT INTO notifications (kind, text, status, attempts, next_attempt_at, dedupe_key, created_at)
       SELECT ?1, ${filled}, 'pending', 0, ?3, ?4, ?3 WHERE ${condition.sql}
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(kind, text.slice(0, 4000), now, dedupeKey, userId, ...condition.binds);
}

export type StockPricing = { id: number; appId: number; keyTypeId: number; appName: string; keyTypeName: string };

/** The stock alerts' texts (workers/owner/notifications.ts stockTexts); `{count}` is the count the sale left. */
export type StockTexts = { sold_out: string; low_stock: string };

/**
 * After a sale (in its batch, after the key is claimed): an alert when the pricing's stock
 * crosses into low (1 to the threshold) or sold out, never twice for one crossing; `stock_alert`
 * keeps the level last seen, so a restock followed by another fall alerts again.
 */
export function stockStatements(db: D1Database, settings: NoticeSettings, pricing: StockPricing, texts: StockTexts, reference: string, now: number): D1PreparedStatement[] {
  const binds = [pricing.appId, pricing.keyTypeId, settings.lowStockThreshold, pricing.id];
  // Parameters ?6–?9 follow recordStatement's five.
  const count = "(SELECT count(*) FROM license_keys WHERE app_id = ?6 AND key_type_id = ?7 AND status = 'available')";
  const previous = "(SELECT stock_alert FROM key_pricing WHERE id = ?9)";
  const alerts = {
    sold_out: { text: texts.sold_out, sql: `${count} = 0 AND ${previous} IS NOT 'sold_out'` },
    // The count the sale left, read after its claim in the same batch (issue #27: not the threshold).
    low_stock: { text: texts.low_stock, sql: `${count} BETWEEN 1 AND ?8 AND ${previous} IS NULL` },
  };
  const statements = (["sold_out", "low_stock"] as const)
    .filter((kind) => settings.kinds.has(kind))
    .map((kind) => recordStatement(db, kind, alerts[kind].text, `${kind}:${pricing.id}:${reference}`, now, { sql: alerts[kind].sql, binds, fills: { count } }));
  const level = "(SELECT CASE WHEN n = 0 THEN 'sold_out' WHEN n <= ?3 THEN 'low' END FROM (SELECT count(*) AS n FROM license_keys WHERE app_id = ?1 AND key_type_id = ?2 AND status = 'available'))";
  statements.push(db.prepare(`UPDATE key_pricing SET stock_alert = ${level} WHERE id = ?4 AND stock_alert IS NOT ${level}`).bind(...binds));
  return statements;
}
