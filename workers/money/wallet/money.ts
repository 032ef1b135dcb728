// All the SQL that moves money (docs/architecture.md): purchases, credits, settled top-ups and cards,
// parked cards and transfers an admin credits, adjustments. Every change of a balance is one D1
// batch holding the balance update and its ledger row, whose balance_before/after are read from
// the row the batch just changed, so the ledger can never disagree with the balance. In the
// Worker, the writes here are called only by the user's UserWallet object, one at a time. It imports
// no domain's rules: what a change needs comes as arguments or from the pure and statement modules
// above (docs/decisions/0027-domain-folders-and-the-layer-rule.md).
import { isCheckViolation } from "../../db/errors";
import { type AuditRecord, auditStatement } from "../../db/statements/audit";
import { type NoticeSettings, noticeStatement, NOTICES_OFF, stockStatements } from "../../db/statements/notifications";
import { type DepositNotice, depositNotice, refundNotice, stockTexts } from "../../owner/messages";
import { recordEvent, recordKeyEvent } from "../../db/statements/store-events";
import { getConfig, noticeSettings } from "../../platform/config";
import { usdVndRate } from "../../db/statements/store-settings";
import { randomToken } from "../../platform/crypto";
import { vndPrice } from "../../shared/money/currency";
import { formatVND } from "../../shared/format";
import type { Message } from "../../shared/message";
import { bestPromotion } from "../../shared/money/promotions";
import { LEDGER_LINE_MAX, LEDGER_MESSAGES } from "../messages";
import { depositPromotions, type LedgerSource, type LedgerType, type WalletSnapshot, walletSnapshot } from "./reads";
import { ORDER_COLUMNS, type OrderRow, type PurchasedOrder, toPurchasedOrder } from "../../db/statements/orders";

/** One balance change: `amount` is signed (credits positive). `reference` is unique forever. */
export type LedgerEntry = {
  type: LedgerType;
  source: LedgerSource;
  amount: number;
  reference: string;
  /** What the line says (a LEDGER_MESSAGES form): stored as its code and arguments, and as its Vietnamese in `description`. */
  line: Message;
  promotionId?: number | null;
  createdBy?: number | null;
  orderReference?: string | null;
};

/** A ledger line's texts cut to what the row keeps: its Vietnamese, and each text it names. */
function ledgerText(line: Message): { description: string; args: string } {
  const args = line.args.map((arg) => (typeof arg === "string" ? arg.slice(0, LEDGER_LINE_MAX) : arg));
  return { description: line.in("vi").slice(0, LEDGER_LINE_MAX), args: JSON.stringify(args) };
}

/** The two statements of one ledger entry: move the balance, then record it from the moved row. */
function ledgerStatements(db: D1Database, userId: number, entry: LedgerEntry, now: number): D1PreparedStatement[] {
  const spent = entry.type === "purchase" ? -entry.amount : 0;
  const keys = entry.type === "purchase" ? 1 : 0;
  const { description, args } = ledgerText(entry.line);
  return [
    db
      .prepare(
        `UPDATE users SET balance = balance + ?1, total_spent = total_spent + ?2,
           total_keys_purchased = total_keys_purchased + ?3, updated_at = ?4 WHERE id = ?5`,
      )
      .bind(entry.amount, spent, keys, now, userId),
    db
      .prepare(
        `INSERT INTO wallet_transactions (user_id, transaction_type, source, amount, balance_before, balance_after,
           status, description, description_code, description_args, reference, order_id, promotion_id, created_by, created_at)
         VALUES (?1, ?2, ?3, ?4, (SELECT balance FROM users WHERE id = ?1) - ?4, (SELECT balance FROM users WHERE id = ?1),
           'completed', ?5, ?11, ?12, ?6, (SELECT id FROM orders WHERE reference = ?7), ?8, ?9, ?10)`,
      )
      .bind(userId, entry.type, entry.source, entry.amount, description, entry.reference, entry.orderReference ?? null, entry.promotionId ?? null, entry.createdBy ?? null, now, entry.line.code, args),
  ];
}

/** What the account owes after a refund took back more than its balance (users.debt). */
async function debtOf(db: D1Database, userId: number): Promise<number> {
  return (await db.prepare("SELECT debt FROM users WHERE id = ?").bind(userId).first<{ debt: number }>())?.debt ?? 0;
}

async function referenceExists(db: D1Database, reference: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM wallet_transactions WHERE reference = ?").bind(reference).first()) !== null;
}

export type BalanceChange =
  | { ok: true; duplicate: boolean; wallet: WalletSnapshot }
  | { ok: false; error: "user_not_found" | "insufficient_balance"; current?: number };

/**
 * Applies ledger entries (and any statements the caller adds, such as marking a top-up paid) as
 * one batch. An entry whose reference is already in the ledger makes the whole change a
 * duplicate that changes nothing: each external reference is credited exactly once.
 */
export async function applyEntries(db: D1Database, userId: number, entries: LedgerEntry[], extra: D1PreparedStatement[] = [], now = Date.now()): Promise<BalanceChange> {
  const before = await walletSnapshot(db, userId);
  if (!before) return { ok: false, error: "user_not_found" };
  if (await referenceExists(db, entries[0].reference)) return { ok: true, duplicate: true, wallet: before };
  const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
  if (before.balance + total < 0) return { ok: false, error: "insufficient_balance", current: before.balance };
  // A deposit into an account that owes (a refunded crypto credit, users.debt) pays the debt first.
  const repay = entries[0].type === "deposit" && total > 0 ? Math.min(await debtOf(db, userId), before.balance + total) : 0;
  const repayment: LedgerEntry[] = repay > 0 ? [{ type: "deposit", source: "crypto", amount: -repay, reference: `${entries[0].reference}:debt`, line: LEDGER_MESSAGES.debtRepaid(repay) }] : [];
  const settleDebt = repay > 0 ? [db.prepare("UPDATE users SET debt = debt - ?1 WHERE id = ?2").bind(repay, userId)] : [];
  try {
    await db.batch([...[...entries, ...repayment].flatMap((entry) => ledgerStatements(db, userId, entry, now)), ...settleDebt, ...extra]);
  } catch (error) {
    // A racing duplicate (the unique reference) or a balance check: nothing was written.
    if (await referenceExists(db, entries[0].reference)) return { ok: true, duplicate: true, wallet: (await walletSnapshot(db, userId))! };
    if (isCheckViolation(error)) return { ok: false, error: "insufficient_balance", current: (await walletSnapshot(db, userId))?.balance };
    throw error;
  }
  return { ok: true, duplicate: false, wallet: (await walletSnapshot(db, userId))! };
}

// ---------------------------------------------------------------- admin adjustments

/** The ledger reference of an admin adjustment: the admin's idempotency key, scoped to the target user. */
function adjustmentReference(userId: number, idempotencyKey?: string | null): string {
  return idempotencyKey ? `admin:${userId}:key:${idempotencyKey}` : `admin:${userId}:${randomToken(16)}`;
}

export type AdjustmentOutcome =
  | { ok: true; replayed: boolean; wallet: WalletSnapshot }
  | { ok: false; error: "user_not_found" | "insufficient_balance"; current?: number }
  | { ok: false; error: "key_reused" };

/**
 * The wallet as it stood right after the ledger row `reference`: its balance_after, and the
 * purchase totals less the purchases recorded after it (only purchase rows move those totals).
 */
async function walletAfter(db: D1Database, userId: number, reference: string) {
  const row = await db
    .prepare("SELECT id, transaction_type, amount, balance_after FROM wallet_transactions WHERE reference = ? AND user_id = ?")
    .bind(reference, userId)
    .first<{ id: number; transaction_type: string; amount: number; balance_after: number }>();
  if (!row) return null;
  const now = await walletSnapshot(db, userId);
  const later = await db
    .prepare("SELECT coalesce(sum(-amount), 0) AS spent, count(*) AS keys FROM wallet_transactions WHERE user_id = ? AND id > ? AND transaction_type = 'purchase' AND status = 'completed'")
    .bind(userId, row.id)
    .first<{ spent: number; keys: number }>();
  const wallet: WalletSnapshot = {
    balance: row.balance_after,
    formatted_balance: formatVND(row.balance_after),
    total_spent: (now?.total_spent ?? 0) - (later?.spent ?? 0),
    total_keys_purchased: (now?.total_keys_purchased ?? 0) - (later?.keys ?? 0),
  };
  return { row, wallet };
}

/**
 * An admin's change of a balance, never below zero. A reference seen before answers with the
 * first result (the wallet as that adjustment left it) and moves nothing; the same key sent with
 * another amount or type is refused rather than taken for the first request.
 */
async function adjustBalance(db: D1Database, userId: number, entry: LedgerEntry, audit: AuditRecord, now = Date.now()): Promise<AdjustmentOutcome> {
  const replay = async (): Promise<AdjustmentOutcome | null> => {
    const first = await walletAfter(db, userId, entry.reference);
    if (!first) return null;
    if (first.row.amount !== entry.amount || first.row.transaction_type !== entry.type) return { ok: false, error: "key_reused" };
    return { ok: true, replayed: true, wallet: first.wallet };
  };
  const seen = await replay();
  if (seen) return seen;
  // Read on this wallet's queue, so nothing moves the balance between this read and the batch.
  const balance = (await walletSnapshot(db, userId))?.balance ?? 0;
  const details = { ...audit.details, amount: entry.amount, transaction_type: entry.type, description: ledgerText(entry.line).description, balance_before: balance, balance_after: balance + entry.amount };
  const result = await applyEntries(db, userId, [entry], [auditStatement(db, { ...audit, details })], now);
  if (!result.ok) return result;
  if (result.duplicate) return (await replay()) ?? { ok: true, replayed: true, wallet: result.wallet };
  return { ok: true, replayed: false, wallet: result.wallet };
}

/** `note`: what the admin wrote ("" for none); `idempotencyKey`: the admin's key for this submit, a retry with it answers the first result. */
export type Adjustment = { amount: number; type: "admin_adjustment" | "deposit"; note: string; adminId: number; idempotencyKey?: string | null; audit: AuditRecord };

/** An admin's change of the balance, never below zero; once per idempotency key. */
export function adjust(db: D1Database, userId: number, adjustment: Adjustment): Promise<AdjustmentOutcome> {
  return adjustBalance(db, userId, {
    type: adjustment.type,
    source: "admin",
    amount: adjustment.amount,
    reference: adjustmentReference(userId, adjustment.idempotencyKey),
    line: LEDGER_MESSAGES.adjustment(adjustment.note),
    createdBy: adjustment.adminId,
  }, adjustment.audit);
}

// ---------------------------------------------------------------- purchases

type PricingRow = {
  id: number;
  app_id: number;
  key_type_id: number;
  price: number;
  currency: "VND" | "USD";
  is_active: number;
  type_active: number;
  app_name: string;
  bundle_identifier: string | null;
  key_type_name: string;
  /** The type's code (key_types.name): the ledger line's English names the type by it. */
  key_type_code: string | null;
  app_status: string;
  /** The app's open pause's reasons (issue 55 item 1), null when it is not paused. */
  pause_reason: string | null;
  pause_reason_en: string | null;
};

/** A paused app sells nothing (workers/licensing/app-pause.ts); its buyers hear the shop's reason. */
const NOT_PAUSED = "NOT EXISTS (SELECT 1 FROM app_pauses WHERE app_id = ?4 AND resumed_at IS NULL)";

export type PurchaseOutcome =
  | { ok: true; replayed: boolean; order: PurchasedOrder; wallet: WalletSnapshot }
  | { ok: false; error: "pricing_not_found" | "paused" | "sold_out" | "user_not_found" | "balance_only" | "key_reused" }
  | { ok: false; error: "in_debt"; debt: number }
  | { ok: false; error: "insufficient_balance"; required: number; current: number }
  | { ok: false; error: "app_paused"; reason: string; reasonEn: string };

/**
 * What a buyer asks a purchase for: an Idempotency-Key is bound to it (a retry must ask the same).
 * `deviceId`: the phone the key is bound to at once (a purchase from Sileo or Zebra, decision 0054).
 */
export type PurchaseRequest = { pricingId: number; paymentMethod: string; deviceId?: string | null };

/** The order made with `reference`, and the pricing it was asked for. */
async function findOrder(db: D1Database, reference: string): Promise<{ order: PurchasedOrder; pricingId: number | null } | null> {
  const row = await db
    .prepare(
      `SELECT ${ORDER_COLUMNS}, key_pricing_id FROM orders WHERE reference = ?`,
    )
    .bind(reference)
    .first<OrderRow & { key_pricing_id: number | null }>();
  if (!row) return null;
  const { key_pricing_id, ...order } = row;
  return { order: toPurchasedOrder(order), pricingId: key_pricing_id };
}

/**
 * The first purchase made with this reference, answered again when `request` asks what it asked;
 * the same Idempotency-Key with another pricing or payment method is refused rather than taken
 * for the first request (as an admin's adjustment is, adjustBalance).
 */
async function replayedPurchase(db: D1Database, userId: number, reference: string, request: PurchaseRequest): Promise<PurchaseOutcome | null> {
  const first = await findOrder(db, reference);
  if (!first) return null;
  if (first.pricingId !== request.pricingId || first.order.payment_method !== request.paymentMethod) return { ok: false, error: "key_reused" };
  return { ok: true, replayed: true, order: first.order, wallet: (await walletSnapshot(db, userId))! };
}

/** The order reference of a purchase: the client's idempotency key, scoped to the buyer. */
export function purchaseReference(userId: number, idempotencyKey?: string | null): string {
  return `purchase:${userId}:${idempotencyKey ?? randomToken(16)}`;
}

async function availableKeys(db: D1Database, appId: number, keyTypeId: number): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM license_keys WHERE app_id = ? AND key_type_id = ? AND status = 'available'")
    .bind(appId, keyTypeId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Buys one key of a pricing with the wallet's balance, as one batch: claim an available key
 * (another buyer's wallet may race for it), record the order bound to that key (its NOT NULL
 * key_code fails the batch when no key was claimed), debit the balance (the CHECK fails it when
 * funds are short) and write the ledger row. A reference seen before returns its first result.
 * The debit is always VND: a USD price at `rate` (VND per 1 US$); with no rate it is not for sale.
 */
export async function purchaseKey(db: D1Database, userId: number, request: PurchaseRequest, reference: string, rate: number | null, notices = NOTICES_OFF, now = Date.now()): Promise<PurchaseOutcome> {
  const replayed = await replayedPurchase(db, userId, reference, request);
  if (replayed) return replayed;
  // The wallet is the only way to pay (docs/product.md §8); asked after the replay, so a key reused with
  // another method is a 409 like any other changed request.
  if (request.paymentMethod !== "balance") return { ok: false, error: "balance_only" };
  // An account that owes (a refunded crypto credit) buys nothing until a top-up has paid it back.
  const debt = await debtOf(db, userId);
  if (debt > 0) return { ok: false, error: "in_debt", debt };
  const pricingId = request.pricingId;

  const pricing = await db
    .prepare(
      `SELECT p.id, p.app_id, p.key_type_id, p.price, p.currency, p.is_active, a.name AS app_name,
         a.bundle_identifier, a.status AS app_status, t.display_name AS key_type_name, t.name AS key_type_code, t.is_active AS type_active,
         ap.reason AS pause_reason, ap.reason_en AS pause_reason_en
       FROM key_pricing p JOIN apps a ON a.id = p.app_id JOIN key_types t ON t.id = p.key_type_id
         LEFT JOIN app_pauses ap ON ap.app_id = a.id AND ap.resumed_at IS NULL
       WHERE p.id = ?`,
    )
    .bind(pricingId)
    .first<PricingRow>();
  if (!pricing || pricing.app_status === "failed") return { ok: false, error: "pricing_not_found" };
  if (pricing.pause_reason !== null) return { ok: false, error: "app_paused", reason: pricing.pause_reason, reasonEn: pricing.pause_reason_en ?? "" };
  // A pricing is on sale only while both it and its key type are switched on.
  if (!pricing.is_active || !pricing.type_active) return { ok: false, error: "paused" };
  const charge = vndPrice(pricing.price, pricing.currency, rate);
  if (charge === null) return { ok: false, error: "paused" };
  const usedRate = pricing.currency === "USD" ? rate : null;
  const wallet = await walletSnapshot(db, userId);
  if (!wallet) return { ok: false, error: "user_not_found" };
  if ((await availableKeys(db, pricing.app_id, pricing.key_type_id)) === 0) return { ok: false, error: "sold_out" };
  if (wallet.balance < charge) return { ok: false, error: "insufficient_balance", required: charge, current: wallet.balance };

  const claim = db
    .prepare(
      `UPDATE license_keys SET status = 'sold', order_reference = ?1, sold_to_user_id = ?2, sold_at = ?3, updated_at = ?3
       WHERE id = (SELECT id FROM license_keys WHERE app_id = ?4 AND key_type_id = ?5 AND status = 'available' ORDER BY id LIMIT 1)
         AND status = 'available' AND ${NOT_PAUSED}`,
    )
    .bind(reference, userId, now, pricing.app_id, pricing.key_type_id);
  const order = db
    .prepare(
      `INSERT INTO orders (reference, user_id, app_id, key_pricing_id, key_type_id, key_id, app_name, app_bundle_id,
         key_type_name, key_code, amount, currency, vnd_amount, exchange_rate, payment_method, status, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, (SELECT id FROM license_keys WHERE order_reference = ?1), ?6, ?7, ?8,
         (SELECT key_code FROM license_keys WHERE order_reference = ?1), ?9, ?10, ?12, ?13, 'balance', 'completed', ?11)`,
    )
    .bind(reference, userId, pricing.app_id, pricing.id, pricing.key_type_id, pricing.app_name, pricing.bundle_identifier, pricing.key_type_name, pricing.price, pricing.currency, now, charge, usedRate);
  // Bought from a phone: the key is active on that phone from the sale, as its first check would
  // have made it (workers/licensing/key-check.ts), its days counted from now.
  const bind = request.deviceId
    ? [
        db
          .prepare(
            `UPDATE license_keys SET status = 'used', device_id = ?1, activated_at = ?2, updated_at = ?2,
               expires_at = (SELECT CASE WHEN duration_days > 0 THEN ?2 + duration_days * 86400000 END FROM key_types WHERE id = ?3)
             WHERE order_reference = ?4`,
          )
          .bind(request.deviceId, now, pricing.key_type_id, reference),
      ]
    : [];
  const entry: LedgerEntry = {
    type: "purchase",
    source: "purchase",
    amount: -charge,
    reference,
    orderReference: reference,
    line: LEDGER_MESSAGES.purchase(pricing.key_type_name, pricing.app_name, pricing.key_type_code),
  };

  try {
    const stock = { id: pricing.id, appId: pricing.app_id, keyTypeId: pricing.key_type_id, appName: pricing.app_name, keyTypeName: pricing.key_type_name };
    // The shop's webhook hears of the sale (workers/db/statements/store-events.ts), never the key's code.
    const sold = recordKeyEvent(db, "key.sold", { key_type: pricing.key_type_name, amount: charge, currency: "VND", buyer_id: userId }, { sql: "k.order_reference = ?", binds: [reference] }, { dedupe: `key.sold:${reference}`, now });
    await db.batch([claim, order, ...bind, ...ledgerStatements(db, userId, entry, now), ...stockStatements(db, notices, stock, stockTexts(stock), reference, now), sold]);
  } catch (error) {
    // Nothing was written. Find out why, from the data rather than the error text.
    const raced = await replayedPurchase(db, userId, reference, request);
    if (raced) return raced;
    // A pause that committed between the read and the batch: the claim took no key.
    const pause = await db.prepare("SELECT reason, reason_en FROM app_pauses WHERE app_id = ? AND resumed_at IS NULL").bind(pricing.app_id).first<{ reason: string; reason_en: string }>();
    if (pause) return { ok: false, error: "app_paused", reason: pause.reason, reasonEn: pause.reason_en };
    if ((await availableKeys(db, pricing.app_id, pricing.key_type_id)) === 0) return { ok: false, error: "sold_out" };
    const current = (await walletSnapshot(db, userId))?.balance ?? 0;
    if (current < charge) return { ok: false, error: "insufficient_balance", required: charge, current };
    throw error;
  }
  return { ok: true, replayed: false, order: (await findOrder(db, reference))!.order, wallet: (await walletSnapshot(db, userId))! };
}

/** Buys one key at the USD rate in force when the purchase runs (the order records it). */
export async function purchase(env: Env, userId: number, request: PurchaseRequest, idempotencyKey?: string | null): Promise<PurchaseOutcome> {
  return purchaseKey(env.DB, userId, request, purchaseReference(userId, idempotencyKey), await usdVndRate(env.DB, getConfig(env).USD_VND_RATE), noticeSettings(env));
}

// ---------------------------------------------------------------- deposits

/** What a credited deposit records beside itself: the owner's notice and the shop's webhook event. */
function depositRecords(db: D1Database, notices: NoticeSettings, deposit: DepositNotice, now: number): D1PreparedStatement[] {
  const event = recordEvent(db, "topup.credited", { user_id: deposit.userId, amount: deposit.amount, currency: "VND", channel: deposit.channel, reference: deposit.reference }, { subject: `user:${deposit.userId}`, dedupe: `topup.credited:${deposit.reference}`, now });
  return [...depositNotice(notices, deposit, now).map((notice) => noticeStatement(db, notice)), event];
}

/** The best bonus for a user's deposit right now, read from D1 (the preview reads the same, depositPromotions). */
async function findDepositBonus(db: D1Database, userId: number, amount: number, now: number, code: string | null) {
  const { promotions, usage } = await depositPromotions(db, userId, now);
  return promotions.length === 0 ? null : bestPromotion(promotions, amount, usage, now, code);
}

/** The statements that count one use of a promotion for a deposit (unique per deposit). */
function usageStatements(db: D1Database, promotionId: number, userId: number, depositReference: string, amount: number, bonus: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare("INSERT INTO promotion_usages (promotion_id, user_id, deposit_reference, deposit_amount, bonus_amount, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(promotionId, userId, depositReference, amount, bonus, now),
    // The CHECK on total_used fails the batch if another deposit took the last use meanwhile.
    db.prepare("UPDATE promotions SET total_used = total_used + 1, updated_at = ?1 WHERE id = ?2").bind(now, promotionId),
  ];
}

/** Where a top-up records the bonus paid with it (its row's bonus_amount), and the code its buyer typed. */
type BonusTarget = { table: "vietqr_topups" | "card_topups" | "crypto_topups"; id: number; code: string | null; base?: number };

/**
 * A deposit with the best promotion's bonus as its own ledger row, counted once, and recorded on
 * the top-up (`target`). If another deposit took the promotion's last use meanwhile, the deposit
 * is credited without it.
 */
async function creditDeposit(db: D1Database, userId: number, deposit: LedgerEntry, extra: D1PreparedStatement[], now: number, target: BonusTarget): Promise<BalanceChange> {
  const best = await findDepositBonus(db, userId, target.base ?? deposit.amount, now, target.code);
  if (best) {
    const bonus: LedgerEntry = {
      type: "deposit",
      source: "bonus",
      amount: best.bonus,
      reference: `${deposit.reference}:bonus`,
      promotionId: best.promotion.id,
      line: LEDGER_MESSAGES.bonus(best.promotion.name),
    };
    const usage = usageStatements(db, best.promotion.id, userId, deposit.reference, target.base ?? deposit.amount, best.bonus, now);
    const recorded = db.prepare(`UPDATE ${target.table} SET bonus_amount = ?1 WHERE id = ?2`).bind(best.bonus, target.id);
    const withBonus = await applyEntries(db, userId, [deposit, bonus], [...extra, ...usage, recorded], now);
    if (withBonus.ok) return withBonus;
  }
  return applyEntries(db, userId, [deposit], extra, now);
}

export type TopupSettlement = { topupId: number; eventId: number; amount: number; reference: string };

/**
 * Credits a bank transfer that matched a pending top-up: the deposit, the top-up marked paid and
 * the event marked credited commit together. Cancellation runs on the same wallet queue, so a
 * top-up is never both cancelled and paid.
 */
export async function settleTopup(db: D1Database, userId: number, settlement: TopupSettlement, notices = NOTICES_OFF): Promise<"credited" | "duplicate" | "not_pending"> {
  const topup = await db
    .prepare("SELECT status, transfer_code, promotion_code FROM vietqr_topups WHERE id = ? AND user_id = ?")
    .bind(settlement.topupId, userId)
    .first<{ status: string; transfer_code: string; promotion_code: string | null }>();
  if (!topup || (topup.status !== "pending" && topup.status !== "expired")) return "not_pending";
  const now = Date.now();
  const entry: LedgerEntry = { type: "deposit", source: "vietqr", amount: settlement.amount, reference: settlement.reference, line: LEDGER_MESSAGES.vietqr(topup.transfer_code) };
  const result = await creditDeposit(db, userId, entry, [
    db.prepare("UPDATE vietqr_topups SET status = 'paid', paid_at = ?1, payment_event_id = ?2, updated_at = ?1 WHERE id = ?3 AND status IN ('pending', 'expired')").bind(now, settlement.eventId, settlement.topupId),
    db.prepare("UPDATE payment_events SET status = 'credited', credited_user_id = ?1 WHERE id = ?2").bind(userId, settlement.eventId),
    ...depositRecords(db, notices, { userId, amount: settlement.amount, channel: "vietqr", code: topup.transfer_code, reference: settlement.reference }, now),
  ], now, { table: "vietqr_topups", id: settlement.topupId, code: topup.promotion_code });
  if (!result.ok) throw new Error(`top-up ${settlement.topupId} could not be credited: ${result.error}`);
  return result.duplicate ? "duplicate" : "credited";
}

/** The buyer cancels a pending top-up (on the wallet's queue, so it never races a payment). */
export async function cancelTopup(db: D1Database, userId: number, topupId: number, reason: string): Promise<boolean> {
  const now = Date.now();
  const row = await db
    .prepare(
      "UPDATE vietqr_topups SET status = 'cancelled', cancelled_at = ?1, cancel_reason = ?2, updated_at = ?1 WHERE id = ?3 AND user_id = ?4 AND status = 'pending' AND expires_at > ?1 RETURNING id",
    )
    .bind(now, reason.slice(0, 200), topupId, userId)
    .first();
  return row !== null;
}


/**
 * A card's ledger line names the card: carrier, face value and the serial's last digits, and what
 * the carrier's fee took (issue 53: the fee at every step); a wrong declared value adds the real
 * value and how the credit came about.
 */
function cardDepositLine(card: { telco: string; card_value: number; card_serial: string; fee_percent: number }, settlement: CardSettlement): Message {
  const serial = card.card_serial.slice(-4);
  if (settlement.status !== "wrong_amount" || settlement.realValue === null) return LEDGER_MESSAGES.card(card.telco, card.card_value, serial, card.fee_percent, settlement.amount);
  return LEDGER_MESSAGES.cardWrongValue(card.telco, card.card_value, serial, settlement.realValue, card.fee_percent, settlement.amount);
}

export type CardSettlement = {
  cardId: number;
  status: "success" | "wrong_amount" | "failed" | "invalid_card" | "used_card" | "system_error";
  amount: number;
  realValue: number | null;
  gatewayStatus: number;
  message: string;
  maskedCode: string;
  reference: string;
};

/**
 * Finishes a pending card: a good card's amount (and any bonus) is credited in the same batch
 * that marks it settled; a bad card is only marked. A card already settled stays as it is.
 */
export async function settleCard(db: D1Database, userId: number, settlement: CardSettlement, notices = NOTICES_OFF): Promise<"credited" | "closed" | "already_settled"> {
  const card = await db
    .prepare("SELECT status, telco, card_value, card_serial, fee_percent, promotion_code FROM card_topups WHERE id = ? AND user_id = ?")
    .bind(settlement.cardId, userId)
    .first<{ status: string; telco: string; card_value: number; card_serial: string; fee_percent: number; promotion_code: string | null }>();
  if (card?.status !== "pending") return "already_settled";
  const now = Date.now();
  const close = db
    .prepare(
      `UPDATE card_topups SET status = ?1, amount_received = ?2, real_value = ?3, gateway_status = ?4, gateway_message = ?5,
         card_code = ?6, credited_at = ?7, updated_at = ?8 WHERE id = ?9 AND status = 'pending'`,
    )
    .bind(settlement.status, settlement.amount, settlement.realValue, settlement.gatewayStatus, settlement.message.slice(0, 300), settlement.maskedCode, settlement.amount > 0 ? now : null, now, settlement.cardId);
  // A card parked for an admin (no answer for a day) that the gateway settles after all
  // leaves the review queue in the same batch.
  const resolve = db
    .prepare(
      `UPDATE payment_events SET status = ?1, credited_user_id = ?2, resolution_note = ?3, resolved_at = ?4
         WHERE provider = 'card' AND card_topup_id = ?5 AND status = 'unmatched'`,
    )
    .bind(settlement.amount > 0 ? "credited" : "dismissed", settlement.amount > 0 ? userId : null, `Cổng thẻ trả lời: ${settlement.message}`.slice(0, 500), now, settlement.cardId);
  if (settlement.amount <= 0) {
    await db.batch([close, resolve]);
    return "closed";
  }
  const entry: LedgerEntry = { type: "deposit", source: "card", amount: settlement.amount, reference: settlement.reference, line: cardDepositLine(card, settlement) };
  const notice = depositRecords(db, notices, { userId, amount: settlement.amount, channel: "card", code: null, reference: settlement.reference }, now);
  const result = await creditDeposit(db, userId, entry, [close, resolve, ...notice], now, { table: "card_topups", id: settlement.cardId, code: card.promotion_code });
  if (!result.ok) throw new Error(`card ${settlement.cardId} could not be credited: ${result.error}`);
  return result.duplicate ? "already_settled" : "credited";
}

/** `audit`: the admin's record of the credit, committed in its batch. */
export type TransferResolution = { eventId: number; amount: number; reference: string; adminId: number; note: string; audit: AuditRecord };
export type ParkedCardResolution = TransferResolution & { cardId: number; maskedCode: string };

/** The deposit an admin credits by hand: its line marks it reviewed, then says the admin's note if any. */
function manualDeposit(source: "bank_transfer" | "card", resolution: TransferResolution): LedgerEntry {
  return {
    type: "deposit",
    source,
    amount: resolution.amount,
    reference: resolution.reference,
    line: source === "card" ? LEDGER_MESSAGES.cardByHand(resolution.note) : LEDGER_MESSAGES.transferByHand(resolution.note),
    createdBy: resolution.adminId,
  };
}

/** An admin credits a parked bank transfer to this user; keyed like the automatic credit. */
export function creditTransfer(db: D1Database, userId: number, resolution: TransferResolution, notices = NOTICES_OFF): Promise<BalanceChange> {
  const now = Date.now();
  return applyEntries(db, userId, [manualDeposit("bank_transfer", resolution)], [
    db.prepare("UPDATE payment_events SET status = 'credited', credited_user_id = ?1, resolved_by = ?2, resolution_note = ?3, resolved_at = ?4 WHERE id = ?5")
      .bind(userId, resolution.adminId, resolution.note.slice(0, 500), now, resolution.eventId),
    auditStatement(db, resolution.audit),
    ...depositRecords(db, notices, { userId, amount: resolution.amount, channel: "bank_transfer", code: null, reference: resolution.reference }, now),
  ], now);
}

/**
 * An admin credits a parked card (a late success, or a card with no answer) to its owner: the
 * deposit, the card marked successful with its code masked, and the review entry marked credited
 * commit together. Keyed like the automatic credit, so a card is credited once either way.
 */
export function creditParkedCard(db: D1Database, userId: number, resolution: ParkedCardResolution, notices = NOTICES_OFF): Promise<BalanceChange> {
  const now = Date.now();
  return applyEntries(db, userId, [manualDeposit("card", resolution)], [
    db
      .prepare(
        `UPDATE card_topups SET status = 'success', amount_received = ?1, card_code = ?2, credited_at = ?3, updated_at = ?3,
           gateway_message = 'Quản trị viên đã duyệt', next_check_at = NULL WHERE id = ?4 AND user_id = ?5 AND status NOT IN ('success', 'wrong_amount')`,
      )
      .bind(resolution.amount, resolution.maskedCode, now, resolution.cardId, userId),
    db
      .prepare("UPDATE payment_events SET status = 'credited', credited_user_id = ?1, resolved_by = ?2, resolution_note = ?3, resolved_at = ?4 WHERE id = ?5 AND status = 'unmatched'")
      .bind(userId, resolution.adminId, resolution.note.slice(0, 500), now, resolution.eventId),
    auditStatement(db, resolution.audit),
    ...depositRecords(db, notices, { userId, amount: resolution.amount, channel: "card_review", code: null, reference: resolution.reference }, now),
  ], now);
}

// ---------------------------------------------------------------- crypto top-ups (workers/money/crypto.ts)

/**
 * What a crypto payment brings its top-up now, as the gateway's read-back says: `target` is what
 * the top-up should have been credited in all (a partial payment's share, or the whole invoice),
 * at the rate locked when the invoice was made.
 */
export type CryptoSettlement = {
  topupId: number;
  paymentId: string;
  target: number;
  /** The whole invoice is paid (the deposit bonus comes with it). */
  final: boolean;
  gatewayStatus: string;
  payAmount: string | null;
  actuallyPaid: string | null;
  payCurrency: string | null;
};

type CryptoTopupRow = { status: string; usd_cents: number; vnd_amount: number; credited_vnd: number; bonus_amount: number | null; promotion_code: string | null; payment_id: string | null };

async function cryptoTopup(db: D1Database, userId: number, topupId: number) {
  return db
    .prepare("SELECT status, usd_cents, vnd_amount, credited_vnd, bonus_amount, promotion_code, payment_id FROM crypto_topups WHERE id = ? AND user_id = ?")
    .bind(topupId, userId)
    .first<CryptoTopupRow>();
}

/**
 * Credits what a crypto payment brought beyond what its top-up was credited before, once per
 * payment and amount (the ledger reference `crypto:<payment id>:<target>`): duplicates, replays
 * and a late `partially_paid` after `finished` change nothing, and `finished` after a partial
 * credits only the difference. A top-up that is closed is left alone (the caller parks the payment).
 */
export async function settleCrypto(db: D1Database, userId: number, settlement: CryptoSettlement, notices = NOTICES_OFF): Promise<"credited" | "unchanged" | "closed"> {
  const topup = await cryptoTopup(db, userId, settlement.topupId);
  // A duplicate that was judged while its twin was being credited finds its own payment's credit.
  if (topup && (topup.status === "credited" || topup.status === "refunded") && topup.payment_id === settlement.paymentId) return "unchanged";
  if (!topup || (topup.status !== "pending" && topup.status !== "partial")) return "closed";
  if (topup.payment_id !== null && topup.payment_id !== settlement.paymentId) return "closed";
  const now = Date.now();
  const target = Math.min(Math.max(0, Math.floor(settlement.target)), topup.vnd_amount);
  const status = settlement.final && target === topup.vnd_amount ? "credited" : "partial";
  const record = db
    .prepare(
      `UPDATE crypto_topups SET credited_vnd = max(credited_vnd, ?1), status = ?2, payment_id = ?3, gateway_status = ?4, pay_amount = coalesce(?5, pay_amount),
         actually_paid = coalesce(?6, actually_paid), pay_currency = coalesce(?7, pay_currency), next_check_at = ?8, updated_at = ?9
       WHERE id = ?10 AND status IN ('pending', 'partial')`,
    )
    .bind(target, status, settlement.paymentId, settlement.gatewayStatus.slice(0, 30), settlement.payAmount, settlement.actuallyPaid, settlement.payCurrency, status === "credited" ? null : now + 10 * 60_000, now, settlement.topupId);
  if (target <= topup.credited_vnd) {
    // Nothing more to credit; a partial top-up the gateway now calls finished is complete.
    if (status === "credited") await record.run();
    return "unchanged";
  }
  const part = status === "credited" ? (topup.credited_vnd > 0 ? "rest" : null) : "partial";
  const entry: LedgerEntry = {
    type: "deposit",
    source: "crypto",
    amount: target - topup.credited_vnd,
    reference: `crypto:${settlement.paymentId}:${target}`,
    line: LEDGER_MESSAGES.crypto(topup.usd_cents, part, settlement.paymentId),
  };
  const notice = depositNotice(notices, { userId, amount: entry.amount, channel: "crypto", code: `thanh toán ${settlement.paymentId}`, reference: entry.reference }, now).map((notice) => noticeStatement(db, notice));
  // The bonus comes with the credit that completes the invoice, reckoned on the whole invoice.
  const result =
    status === "credited"
      ? await creditDeposit(db, userId, entry, [record, ...notice], now, { table: "crypto_topups", id: settlement.topupId, code: topup.promotion_code, base: topup.vnd_amount })
      : await applyEntries(db, userId, [entry], [record, ...notice], now);
  if (!result.ok) throw new Error(`crypto top-up ${settlement.topupId} could not be credited: ${result.error}`);
  return result.duplicate ? "unchanged" : "credited";
}

/**
 * Takes back `amount` đồng the store credited for a crypto payment the gateway refunded, in one
 * ledger line (`crypto:<payment id>:refund`, so once per payment). What the balance cannot cover
 * is owed (users.debt: the balance itself never goes below zero), and the account buys nothing
 * until a top-up has paid it. `extra` commits in the same batch; the owner is told.
 */
async function takeBackCrypto(db: D1Database, userId: number, refund: { paymentId: string; amount: number; extra: D1PreparedStatement[] }, notices: NoticeSettings, now: number): Promise<"refunded" | "nothing"> {
  const wallet = await walletSnapshot(db, userId);
  if (!wallet || refund.amount <= 0) return "nothing";
  const fromBalance = Math.min(wallet.balance, refund.amount);
  const debt = refund.amount - fromBalance;
  const entry: LedgerEntry = {
    type: "deposit",
    source: "crypto",
    amount: -fromBalance,
    reference: `crypto:${refund.paymentId}:refund`,
    line: LEDGER_MESSAGES.cryptoRefund(refund.paymentId, refund.amount, debt),
  };
  const result = await applyEntries(db, userId, [entry], [
    db.prepare("UPDATE users SET debt = debt + ?1 WHERE id = ?2").bind(debt, userId),
    ...refund.extra,
    ...refundNotice(notices, { userId, amount: refund.amount, debt, paymentId: refund.paymentId }, now).map((notice) => noticeStatement(db, notice)),
  ], now);
  if (!result.ok) throw new Error(`crypto payment ${refund.paymentId} could not be refunded: ${result.error}`);
  return result.duplicate ? "nothing" : "refunded";
}

/** The gateway refunded the payment its top-up was credited for: the credit and its bonus are taken back. */
export async function refundCrypto(db: D1Database, userId: number, refund: { topupId: number; paymentId: string }, notices = NOTICES_OFF): Promise<"refunded" | "nothing"> {
  const topup = await cryptoTopup(db, userId, refund.topupId);
  if (!topup || (topup.status !== "credited" && topup.status !== "partial") || topup.credited_vnd <= 0) return "nothing";
  const now = Date.now();
  const takeBack = topup.credited_vnd + (topup.bonus_amount ?? 0);
  const close = db.prepare("UPDATE crypto_topups SET status = 'refunded', refunded_vnd = ?1, gateway_status = 'refunded', next_check_at = NULL, updated_at = ?2 WHERE id = ?3").bind(takeBack, now, refund.topupId);
  return takeBackCrypto(db, userId, { paymentId: refund.paymentId, amount: takeBack, extra: [close] }, notices, now);
}

/**
 * The gateway refunded a payment that was parked for an admin (a second deposit, say). Still
 * parked: it is closed, so no admin can credit it any more. Credited by an admin: that credit
 * (the ledger line `crypto:<payment id>:review`) is taken back as a top-up's is. Runs on the
 * wallet queue after any admin's credit queued before it, so a credit never escapes the refund.
 */
export async function refundParkedCrypto(db: D1Database, userId: number, refund: { paymentRowId: number; paymentId: string }, notices = NOTICES_OFF): Promise<"refunded" | "closed" | "nothing"> {
  const row = await db.prepare("SELECT review FROM crypto_payments WHERE id = ?").bind(refund.paymentRowId).first<{ review: string }>();
  const now = Date.now();
  if (row?.review === "parked") {
    const closed = await db
      .prepare("UPDATE crypto_payments SET review = 'refused', resolution_note = ?1, resolved_at = ?2, updated_at = ?2 WHERE id = ?3 AND review = 'parked' RETURNING id")
      .bind("NOWPayments đã hoàn tiền khoản này trước khi được duyệt", now, refund.paymentRowId)
      .first();
    return closed ? "closed" : "nothing";
  }
  if (row?.review !== "credited") return "nothing";
  const credit = await db
    .prepare("SELECT amount FROM wallet_transactions WHERE reference = ? AND user_id = ?")
    .bind(`crypto:${refund.paymentId}:review`, userId)
    .first<{ amount: number }>();
  if (!credit) return "nothing";
  return takeBackCrypto(db, userId, { paymentId: refund.paymentId, amount: credit.amount, extra: [] }, notices, now);
}

/** An admin's decision on a parked crypto payment (crypto_payments, review 'parked'). */
export type CryptoReview = { paymentRowId: number; paymentId: string; amount: number; credit: boolean; adminId: number; note: string; audit: AuditRecord };

/**
 * Credits or refuses a parked crypto payment, on its buyer's wallet queue: two admins deciding
 * at once decide once (the second finds it handled, and the ledger reference
 * `crypto:<payment id>:review` is credited at most once). A payment the gateway refunded is
 * credited by nobody.
 */
export async function reviewParkedCrypto(db: D1Database, userId: number, review: CryptoReview, notices = NOTICES_OFF): Promise<"credited" | "refused" | "handled" | "refunded"> {
  const row = await db.prepare("SELECT review, payment_status FROM crypto_payments WHERE id = ?").bind(review.paymentRowId).first<{ review: string; payment_status: string }>();
  // The gateway gave this money back to the buyer: there is nothing left to credit (refundParkedCrypto).
  if (row?.payment_status === "refunded") return "refunded";
  if (row?.review !== "parked") return "handled";
  const now = Date.now();
  const decide = db
    .prepare("UPDATE crypto_payments SET review = ?1, resolved_by = ?2, resolution_note = ?3, resolved_at = ?4, updated_at = ?4 WHERE id = ?5 AND review = 'parked'")
    .bind(review.credit ? "credited" : "refused", review.adminId, review.note.slice(0, 500), now, review.paymentRowId);
  if (!review.credit) {
    await db.batch([decide, auditStatement(db, review.audit)]);
    return "refused";
  }
  const entry: LedgerEntry = {
    type: "deposit",
    source: "crypto",
    amount: review.amount,
    reference: `crypto:${review.paymentId}:review`,
    line: LEDGER_MESSAGES.cryptoByHand(review.paymentId, review.note),
    createdBy: review.adminId,
  };
  const result = await applyEntries(db, userId, [entry], [
    decide,
    auditStatement(db, review.audit),
    ...depositNotice(notices, { userId, amount: review.amount, channel: "crypto_review", code: `thanh toán ${review.paymentId}`, reference: entry.reference }, now).map((notice) => noticeStatement(db, notice)),
  ], now);
  if (!result.ok) throw new Error(`crypto payment ${review.paymentId} could not be credited: ${result.error}`);
  return result.duplicate ? "handled" : "credited";
}
