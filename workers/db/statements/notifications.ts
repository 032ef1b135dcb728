// The owner's notifications as statements (workers/owner/notifications.ts delivers them): a row
// joins the batch of the change it reports, so it exists exactly when the change committed. Here,
// beside the table, so the wallet object can add a deposit's or a sale's notice to its own batch.
import type { NOTIFICATION_EVENTS } from "../../shared/enums";
import { formatVND } from "../../shared/format";

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

const CHANNELS = {
  vietqr: "VietQR",
  card: "thẻ cào",
  bank_transfer: "chuyển khoản (duyệt thủ công)",
  card_review: "thẻ cào (duyệt thủ công)",
  crypto: "crypto (NOWPayments)",
  crypto_review: "crypto (duyệt thủ công)",
} as const;

export type DepositNotice = { userId: number; amount: number; channel: keyof typeof CHANNELS; code: string | null; reference: string };

/** A deposit credited: its statement joins the deposit's batch, keyed by the ledger reference. */
export function depositNotice(db: D1Database, settings: NoticeSettings, deposit: DepositNotice, now: number): D1PreparedStatement[] {
  if (!settings.kinds.has("deposit")) return [];
  const lines = [`💰 Nạp tiền: +${formatVND(deposit.amount)}`, "Người dùng: {user}", `Kênh: ${CHANNELS[deposit.channel]}`];
  if (deposit.code) lines.push(`Mã: ${deposit.code}`);
  return [recordStatement(db, "deposit", lines.join("\n"), `deposit:${deposit.reference}`, now, undefined, deposit.userId)];
}

/** A crypto credit taken back by the gateway's refund: the owner is told, keyed by the payment. */
export function refundNotice(db: D1Database, settings: NoticeSettings, refund: { userId: number; amount: number; debt: number; paymentId: string }, now: number): D1PreparedStatement[] {
  if (!settings.kinds.has("deposit")) return [];
  const lines = [`↩️ Hoàn tiền crypto: −${formatVND(refund.amount)}`, "Người dùng: {user}", `Thanh toán: ${refund.paymentId}`];
  if (refund.debt > 0) lines.push(`Số dư không đủ: tài khoản nợ ${formatVND(refund.debt)} và không mua được cho đến khi nạp lại`);
  return [recordStatement(db, "deposit", lines.join("\n"), `refund:crypto:${refund.paymentId}`, now, undefined, refund.userId)];
}

export type StockPricing = { id: number; appId: number; keyTypeId: number; appName: string; keyTypeName: string };

/**
 * After a sale (in its batch, after the key is claimed): an alert when the pricing's stock
 * crosses into low (1 to the threshold) or sold out, never twice for one crossing; `stock_alert`
 * keeps the level last seen, so a restock followed by another fall alerts again.
 */
export function stockStatements(db: D1Database, settings: NoticeSettings, pricing: StockPricing, reference: string, now: number): D1PreparedStatement[] {
  const name = `${pricing.appName} – ${pricing.keyTypeName}`;
  const binds = [pricing.appId, pricing.keyTypeId, settings.lowStockThreshold, pricing.id];
  // Parameters ?6–?9 follow recordStatement's five.
  const count = "(SELECT count(*) FROM license_keys WHERE app_id = ?6 AND key_type_id = ?7 AND status = 'available')";
  const previous = "(SELECT stock_alert FROM key_pricing WHERE id = ?9)";
  const alerts = {
    sold_out: { text: `⛔ Hết key: ${name}`, sql: `${count} = 0 AND ${previous} IS NOT 'sold_out'` },
    // The count the sale left, read after its claim in the same batch (issue #27: not the threshold).
    low_stock: { text: `⚠️ Sắp hết key: ${name} (còn {count} key)`, sql: `${count} BETWEEN 1 AND ?8 AND ${previous} IS NULL` },
  };
  const statements = (["sold_out", "low_stock"] as const)
    .filter((kind) => settings.kinds.has(kind))
    .map((kind) => recordStatement(db, kind, alerts[kind].text, `${kind}:${pricing.id}:${reference}`, now, { sql: alerts[kind].sql, binds, fills: { count } }));
  const level = "(SELECT CASE WHEN n = 0 THEN 'sold_out' WHEN n <= ?3 THEN 'low' END FROM (SELECT count(*) AS n FROM license_keys WHERE app_id = ?1 AND key_type_id = ?2 AND status = 'available'))";
  statements.push(db.prepare(`UPDATE key_pricing SET stock_alert = ${level} WHERE id = ?4 AND stock_alert IS NOT ${level}`).bind(...binds));
  return statements;
}
