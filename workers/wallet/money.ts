// The money rules (DESIGN.md §3). Every change of a balance is one D1 batch holding the balance
// update and its ledger row, whose balance_before/after are read from the row the batch just
// changed, so the ledger can never disagree with the balance. The functions here are called only
// by the user's UserWallet object, which runs them one at a time.
import { isCheckViolation } from "../db/errors";
import { formatPrice, formatPriceWithVnd, formatVND } from "../../app/lib/format";
import { randomToken } from "./crypto";
import { vndPrice } from "./store-settings";

export type LedgerType = "deposit" | "purchase" | "admin_adjustment";
export type LedgerSource = "vietqr" | "card" | "bank_transfer" | "bonus" | "purchase" | "admin";

/** One balance change: `amount` is signed (credits positive). `reference` is unique forever. */
export type LedgerEntry = {
  type: LedgerType;
  source: LedgerSource;
  amount: number;
  reference: string;
  description: string;
  promotionId?: number | null;
  createdBy?: number | null;
  orderReference?: string | null;
};

export const WALLET_MESSAGES = {
  purchased: "Mua key thành công!",
  paused: "Loại key này đã tạm dừng bán. Vui lòng chọn loại key khác.",
  soldOut: "Key này đã hết hàng. Vui lòng chọn loại key khác.",
  pricingNotFound: "Không tìm thấy bảng giá của loại key này",
  balanceOnly: "Chỉ hỗ trợ thanh toán bằng số dư...",
  insufficient: (required: number, current: number) =>
    `Số dư không đủ. Cần ${formatVND(required)}, số dư hiện tại ${formatVND(current)}. Vui lòng nạp thêm tiền vào ví.`,
  userNotFound: "Không tìm thấy người dùng",
  wouldGoNegative: (current: number) => `Không thể trừ quá số dư hiện tại (${formatVND(current)}).`,
  duplicate: "Giao dịch này đã được ghi nhận trước đó",
} as const;

/** The two statements of one ledger entry: move the balance, then record it from the moved row. */
export function ledgerStatements(db: D1Database, userId: number, entry: LedgerEntry, now: number): D1PreparedStatement[] {
  const spent = entry.type === "purchase" ? -entry.amount : 0;
  const keys = entry.type === "purchase" ? 1 : 0;
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
           status, description, reference, order_id, promotion_id, created_by, created_at)
         VALUES (?1, ?2, ?3, ?4, (SELECT balance FROM users WHERE id = ?1) - ?4, (SELECT balance FROM users WHERE id = ?1),
           'completed', ?5, ?6, (SELECT id FROM orders WHERE reference = ?7), ?8, ?9, ?10)`,
      )
      .bind(userId, entry.type, entry.source, entry.amount, entry.description, entry.reference, entry.orderReference ?? null, entry.promotionId ?? null, entry.createdBy ?? null, now),
  ];
}

/** A ledger row as the API shows it (spec §3 "Transaction"); `amount` is signed. */
export function toPublicTransaction(row: {
  id: number;
  transactionType: LedgerType;
  source: LedgerSource;
  status: string;
  amount: number;
  description: string;
  balanceBefore: number;
  balanceAfter: number;
  reference: string;
  createdBy: number | null;
  createdAt: Date;
}) {
  return {
    id: row.id,
    transaction_type: row.transactionType,
    source: row.source,
    status: row.status,
    amount: row.amount,
    formatted_amount: formatVND(Math.abs(row.amount)),
    description: row.description,
    balance_before: row.balanceBefore,
    balance_after: row.balanceAfter,
    reference: row.reference,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

export type WalletSnapshot = { balance: number; formatted_balance: string; total_spent: number; total_keys_purchased: number };

export async function walletSnapshot(db: D1Database, userId: number): Promise<WalletSnapshot | null> {
  const row = await db
    .prepare("SELECT balance, total_spent, total_keys_purchased FROM users WHERE id = ?")
    .bind(userId)
    .first<{ balance: number; total_spent: number; total_keys_purchased: number }>();
  return row ? { ...row, formatted_balance: formatVND(row.balance) } : null;
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
  try {
    await db.batch([...entries.flatMap((entry) => ledgerStatements(db, userId, entry, now)), ...extra]);
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
export function adjustmentReference(userId: number, idempotencyKey?: string | null): string {
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
export async function adjustBalance(db: D1Database, userId: number, entry: LedgerEntry, now = Date.now()): Promise<AdjustmentOutcome> {
  const replay = async (): Promise<AdjustmentOutcome | null> => {
    const first = await walletAfter(db, userId, entry.reference);
    if (!first) return null;
    if (first.row.amount !== entry.amount || first.row.transaction_type !== entry.type) return { ok: false, error: "key_reused" };
    return { ok: true, replayed: true, wallet: first.wallet };
  };
  const seen = await replay();
  if (seen) return seen;
  const result = await applyEntries(db, userId, [entry], [], now);
  if (!result.ok) return result;
  if (result.duplicate) return (await replay()) ?? { ok: true, replayed: true, wallet: result.wallet };
  return { ok: true, replayed: false, wallet: result.wallet };
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
  app_status: string;
};

export type PurchasedOrder = {
  id: number;
  reference: string;
  app_id: number | null;
  app_name: string;
  app_bundle_id: string | null;
  key_type_name: string;
  key_code: string;
  /** The price in `currency`. */
  amount: number;
  currency: "VND" | "USD";
  formatted_price: string;
  /** What the wallet was charged, always VND, and the VND per US$ used (null for a VND price). */
  vnd_amount: number;
  exchange_rate: number | null;
  formatted_vnd_amount: string;
  /** "5,00 US$ ≈ 127.500 ₫", or the VND price as itself. */
  formatted_total: string;
  status: string;
  payment_method: string;
  purchased_at: string;
};

export type PurchaseOutcome =
  | { ok: true; replayed: boolean; order: PurchasedOrder; wallet: WalletSnapshot }
  | { ok: false; error: "pricing_not_found" | "paused" | "sold_out" | "user_not_found" }
  | { ok: false; error: "insufficient_balance"; required: number; current: number };

type OrderRow = Omit<PurchasedOrder, "formatted_price" | "formatted_vnd_amount" | "formatted_total" | "purchased_at"> & { created_at: number };

async function findOrder(db: D1Database, reference: string): Promise<PurchasedOrder | null> {
  const row = await db
    .prepare(
      `SELECT id, reference, app_id, app_name, app_bundle_id, key_type_name, key_code, amount, currency, vnd_amount,
         exchange_rate, status, payment_method, created_at FROM orders WHERE reference = ?`,
    )
    .bind(reference)
    .first<OrderRow>();
  return row ? toPurchasedOrder(row) : null;
}

export function toPurchasedOrder(row: OrderRow): PurchasedOrder {
  const { created_at, ...rest } = row;
  return {
    ...rest,
    formatted_price: formatPrice(row.amount, row.currency),
    formatted_vnd_amount: formatVND(row.vnd_amount),
    formatted_total: formatPriceWithVnd(row.amount, row.currency, row.vnd_amount),
    purchased_at: new Date(created_at).toISOString(),
  };
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
export async function purchaseKey(db: D1Database, userId: number, pricingId: number, reference: string, rate: number | null, now = Date.now()): Promise<PurchaseOutcome> {
  const existing = await findOrder(db, reference);
  if (existing) return { ok: true, replayed: true, order: existing, wallet: (await walletSnapshot(db, userId))! };

  const pricing = await db
    .prepare(
      `SELECT p.id, p.app_id, p.key_type_id, p.price, p.currency, p.is_active, a.name AS app_name,
         a.bundle_identifier, a.status AS app_status, t.display_name AS key_type_name, t.is_active AS type_active
       FROM key_pricing p JOIN apps a ON a.id = p.app_id JOIN key_types t ON t.id = p.key_type_id WHERE p.id = ?`,
    )
    .bind(pricingId)
    .first<PricingRow>();
  if (!pricing || pricing.app_status === "failed") return { ok: false, error: "pricing_not_found" };
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
         AND status = 'available'`,
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
  const entry: LedgerEntry = {
    type: "purchase",
    source: "purchase",
    amount: -charge,
    reference,
    orderReference: reference,
    description: `Mua key ${pricing.key_type_name} - ${pricing.app_name}`,
  };

  try {
    await db.batch([claim, order, ...ledgerStatements(db, userId, entry, now)]);
  } catch (error) {
    // Nothing was written. Find out why, from the data rather than the error text.
    const raced = await findOrder(db, reference);
    if (raced) return { ok: true, replayed: true, order: raced, wallet: (await walletSnapshot(db, userId))! };
    if ((await availableKeys(db, pricing.app_id, pricing.key_type_id)) === 0) return { ok: false, error: "sold_out" };
    const current = (await walletSnapshot(db, userId))?.balance ?? 0;
    if (current < charge) return { ok: false, error: "insufficient_balance", required: charge, current };
    throw error;
  }
  return { ok: true, replayed: false, order: (await findOrder(db, reference))!, wallet: (await walletSnapshot(db, userId))! };
}
