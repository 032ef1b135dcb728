// The buyer's wallet as the API reads it (docs/product.md §7 "Auth and wallet"): balance, ledger, purchases,
// a purchase and its messages. Every change of a balance is asked of the user's wallet object
// (walletFor, workers/money/wallet/port.ts); no money SQL is written here.
import { desc, eq } from "drizzle-orm";
import { formatVND } from "../shared/format";
import type { Database } from "../db/client";
import { keyTypes, licenseKeys, orders, walletTransactions } from "../db/schema";
import { walletFor } from "./wallet/port";
import { ConflictError, InsufficientFundsError, NotFoundError, ValidationError } from "../platform/errors";
import { purchaseKeyFields } from "../licensing/key-devices";
import { shopWords } from "../licensing/messages";
import { type LedgerSource, type LedgerType, type WalletSnapshot, walletSnapshot } from "./wallet/reads";
import { toPurchasedOrder } from "../db/statements/orders";
import { CRYPTO_MESSAGES, LEDGER_LINE_MAX, WALLET_MESSAGES, ledgerLine } from "./messages";
import type { Lang } from "../shared/lang";


/**
 * A ledger row as the API shows it (docs/product.md §3 "Transaction"); `amount` is signed.
 * `description` is the Vietnamese the row stored; `line` is the row's declared line (its code and
 * arguments, workers/money/messages.ts LEDGER_MESSAGES) said in the reader's language, null when the
 * row has none (a page then shows `description`, or its type in English), and `line_code` its code.
 */
function toPublicTransaction(row: {
  id: number;
  transactionType: LedgerType;
  source: LedgerSource;
  status: string;
  amount: number;
  description: string;
  descriptionCode: string | null;
  descriptionArgs: string | null;
  balanceBefore: number;
  balanceAfter: number;
  reference: string;
  createdBy: number | null;
  createdAt: Date;
}, lang: Lang) {
  const line = ledgerLine(row.descriptionCode, row.descriptionArgs);
  return {
    id: row.id,
    transaction_type: row.transactionType,
    source: row.source,
    status: row.status,
    amount: row.amount,
    formatted_amount: formatVND(Math.abs(row.amount)),
    description: row.description,
    line: line ? line.in(lang).slice(0, LEDGER_LINE_MAX) : null,
    line_code: line ? line.code : null,
    balance_before: row.balanceBefore,
    balance_after: row.balanceAfter,
    reference: row.reference,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** The wallet with its spending formatted, as the profile and a purchase's answer show it. */
function toPublicUserWallet(wallet: WalletSnapshot) {
  return { ...wallet, formatted_total_spent: formatVND(wallet.total_spent) };
}

/**
 * The balance tab's wallet, with what the account owes after a refunded crypto credit (`debt`; the
 * account buys nothing while it owes, docs/decisions/0050-crypto-top-ups.md).
 */
export async function findWallet(db: D1Database, userId: number) {
  const wallet = await walletSnapshot(db, userId);
  if (!wallet) return null;
  const debt = (await db.prepare("SELECT debt FROM users WHERE id = ?").bind(userId).first<{ debt: number }>())?.debt ?? 0;
  return { ...toPublicUserWallet(wallet), debt, formatted_debt: formatVND(debt) };
}

/** The newest `limit` ledger rows of a user, each line said in `lang` (a purchase names its key type in English there, by the type's code). */
export async function listTransactions(db: Database, userId: number, limit: number, lang: Lang) {
  const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId)).orderBy(desc(walletTransactions.id)).limit(limit);
  return rows.map((row) => toPublicTransaction(row, lang));
}

/** One of the buyer's purchases as the purchases tab shows it: the order and where its key stands. */
export type Purchase = Awaited<ReturnType<typeof listPurchases>>[number];

/** A user's orders, newest first, each with where its key stands (activation, device, expiry, ban). */
export async function listPurchases(db: Database, userId: number, deviceResetHours: number, now = Date.now()) {
  const rows = await db
    .select({ order: orders, key: licenseKeys, typeCode: keyTypes.name })
    .from(orders)
    .leftJoin(licenseKeys, eq(licenseKeys.id, orders.keyId))
    .leftJoin(keyTypes, eq(keyTypes.id, orders.keyTypeId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.id))
    .limit(500);
  return rows.map(({ order, key, typeCode }) => ({
    ...toPurchasedOrder({
      id: order.id,
      reference: order.reference,
      app_id: order.appId,
      app_name: order.appName,
      app_bundle_id: order.appBundleId,
      key_type_name: order.keyTypeName,
      key_code: order.keyCode,
      amount: order.amount,
      currency: order.currency,
      vnd_amount: order.vndAmount,
      exchange_rate: order.exchangeRate,
      status: order.status,
      payment_method: order.paymentMethod,
      created_at: order.createdAt.getTime(),
    }),
    /** The key type's code (key_types.name), so an English page names it in English (the order keeps the shop's name). */
    key_type_code: typeCode,
    ...purchaseKeyFields(key && { status: key.status, device_id: key.deviceId, activated_at: time(key.activatedAt), expires_at: time(key.expiresAt), last_check_at: time(key.lastCheckAt), banned_at: time(key.bannedAt), device_reset_at: time(key.deviceResetAt) }, deviceResetHours, now),
  }));
}

const time = (value: Date | null) => value?.getTime() ?? null;

/**
 * Buys one key of a pricing with the buyer's balance, in the buyer's wallet (one purchase at a
 * time per buyer, one atomic batch each). The same idempotency key answers the first result; with
 * another pricing or payment method it is refused (409).
 */
export async function buyKey(env: Env, userId: number, request: { pricingId: number; paymentMethod: string; deviceId?: string | null }, idempotencyKey: string | null) {
  const outcome = await walletFor(env, userId).purchase(request.pricingId, idempotencyKey, request.paymentMethod, request.deviceId ?? null);
  if (outcome.ok) return { replayed: outcome.replayed, order: outcome.order, wallet: toPublicUserWallet(outcome.wallet) };
  switch (outcome.error) {
    case "balance_only":
      throw new ValidationError(WALLET_MESSAGES.balanceOnly);
    case "key_reused":
      throw new ConflictError(WALLET_MESSAGES.keyReused, { non_field_errors: [WALLET_MESSAGES.keyReused] });
    case "pricing_not_found":
    case "user_not_found":
      throw new NotFoundError(WALLET_MESSAGES.pricingNotFound);
    case "paused":
      throw new ConflictError(WALLET_MESSAGES.paused);
    case "sold_out":
      throw new ConflictError(WALLET_MESSAGES.soldOut);
    case "in_debt":
      throw new ConflictError(CRYPTO_MESSAGES.inDebt(outcome.debt));
    case "app_paused":
      throw new ConflictError(WALLET_MESSAGES.appPaused(shopWords(outcome.reason, outcome.reasonEn)));
    case "insufficient_balance":
      throw new InsufficientFundsError(WALLET_MESSAGES.insufficient(outcome.required, outcome.current), outcome.required, outcome.current);
  }
}
