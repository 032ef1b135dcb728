// Recording the owner's notifications (workers/owner/notifications.ts words and delivers them): a
// row joins the batch of the change it reports, so it exists exactly when the change committed.
// Here, beside the table, so every domain (the wallet object too) adds a notice to its own batch.
import { type SQL, sql } from "drizzle-orm";
import { type Database, getDb, insertSelect, statementOf } from "../client";
import { notifications } from "../schema";
import type { NOTIFICATION_EVENTS } from "../../shared/enums";

/** The events the owner chooses among (TELEGRAM_EVENTS), and the operations alarms, always sent. */
type NotificationKind = (typeof NOTIFICATION_EVENTS)[number] | "ops";

/** What the recording statements need to know: which kinds are on, and when stock is low. */
export type NoticeSettings = { kinds: ReadonlySet<NotificationKind>; lowStockThreshold: number };

export const NOTICES_OFF: NoticeSettings = { kinds: new Set(), lowStockThreshold: 5 };

/**
 * One notification row to record: its words and keys, and SQL conditions (so, unlike an audit
 * record, it is built where it is written, not sent to the wallet object). It is inserted only when `where` holds at commit.
 * `{user}` in the text becomes the user's name and e-mail, and each `{name}` of `fills` what its
 * SQL expression reads, in the same statement (so the text tells what committed).
 */
export type Notice = { kind: NotificationKind; text: string; dedupeKey: string; at: number; where?: SQL; fills?: Record<string, SQL>; userId?: number | null };

/** The notice as a drizzle query, for a drizzle batch. */
export function noticeQuery(db: Database, notice: Notice) {
  const body = notice.text.slice(0, 4000);
  const who = notice.userId == null ? sql`${body}` : sql`replace(${body}, '{user}', (SELECT username || ' (' || email || ')' FROM users WHERE id = ${notice.userId}))`;
  const text = Object.entries(notice.fills ?? {}).reduce((expression, [name, value]) => sql`replace(${expression}, ${`{${name}}`}, ${value})`, who);
  const values = { kind: sql`${notice.kind}`, text, status: sql`'pending'`, attempts: sql`0`, next_attempt_at: sql`${notice.at}`, dedupe_key: sql`${notice.dedupeKey}`, created_at: sql`${notice.at}` };
  // The WHERE is never left out: after a bare SELECT, SQLite would read ON CONFLICT as a join's ON.
  return insertSelect(db, notifications, values, notice.where ?? sql`1`).onConflictDoNothing({ target: notifications.dedupeKey });
}

/** The notice as a prepared D1 statement, for a batch of statements (the wallet, licensing, the owner). */
export function noticeStatement(d1: D1Database, notice: Notice): D1PreparedStatement {
  return statementOf(d1, noticeQuery(getDb(d1), notice));
}

export type StockPricing = { id: number; appId: number; keyTypeId: number; appName: string; keyTypeName: string };

/** The stock alerts' texts (workers/owner/notifications.ts stockTexts); `{count}` is the count the sale left. */
export type StockTexts = { sold_out: string; low_stock: string };

/**
 * After a sale (in its batch, after the key is claimed): an alert when the pricing's stock
 * crosses into low (1 to the threshold) or sold out, never twice for one crossing; `stock_alert`
 * keeps the level last seen, so a restock followed by another fall alerts again.
 */
export function stockStatements(d1: D1Database, settings: NoticeSettings, pricing: StockPricing, texts: StockTexts, reference: string, now: number): D1PreparedStatement[] {
  const available = sql`FROM license_keys WHERE app_id = ${pricing.appId} AND key_type_id = ${pricing.keyTypeId} AND status = 'available'`;
  const count = sql`(SELECT count(*) ${available})`;
  const previous = sql`(SELECT stock_alert FROM key_pricing WHERE id = ${pricing.id})`;
  const alerts = {
    sold_out: { text: texts.sold_out, where: sql`${count} = 0 AND ${previous} IS NOT 'sold_out'` },
    // The count the sale left, read after its claim in the same batch (issue #27: not the threshold).
    low_stock: { text: texts.low_stock, where: sql`${count} BETWEEN 1 AND ${settings.lowStockThreshold} AND ${previous} IS NULL` },
  };
  const told = (["sold_out", "low_stock"] as const)
    .filter((kind) => settings.kinds.has(kind))
    .map((kind) => noticeStatement(d1, { kind, text: alerts[kind].text, dedupeKey: `${kind}:${pricing.id}:${reference}`, at: now, where: alerts[kind].where, fills: { count } }));
  const level = sql`(SELECT CASE WHEN n = 0 THEN 'sold_out' WHEN n <= ${settings.lowStockThreshold} THEN 'low' END FROM (SELECT count(*) AS n ${available}))`;
  return [...told, statementOf(d1, sql`UPDATE key_pricing SET stock_alert = ${level} WHERE id = ${pricing.id} AND stock_alert IS NOT ${level}`)];
}
