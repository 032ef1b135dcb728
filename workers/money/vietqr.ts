// VietQR top-ups (docs/architecture.md#top-ups): a pending top-up with a short transfer code and a deadline; the
// bank's confirmation (bank-transfers.ts) credits it through the user's wallet exactly once.
import { isUniqueViolation } from "../db/errors";
import { and, desc, eq, lt, lte, sql } from "drizzle-orm";
import { formatVND } from "../shared/format";
import type { Message } from "../shared/message";
import { TOPUP_MESSAGES } from "../shared/money/messages";
import { vietqrAmountError } from "../shared/money/topup";
import type { Config } from "../platform/config";
import { type Database, getDb } from "../db/client";
import { promotionCodeForTopup } from "./deposit-bonus";
import { vietqrTopups } from "../db/schema";
import { walletFor } from "./wallet/port";
import { ConflictError, fieldError, NotFoundError, ValidationError } from "../platform/errors";
import { buildVietQrPayload } from "./vietqr-payload";
import { VIETQR_MESSAGES, VIETQR_STATES } from "./messages";

type VietQrConfig = Pick<
  Config,
  | "VIETQR_BANK_BIN"
  | "VIETQR_BANK_CODE"
  | "VIETQR_ACCOUNT_NUMBER"
  | "VIETQR_ACCOUNT_NAME"
  | "VIETQR_MIN_AMOUNT"
  | "VIETQR_MAX_AMOUNT"
  | "VIETQR_STEP"
  | "VIETQR_TIMEOUT_MINUTES"
>;
export type TopupRow = typeof vietqrTopups.$inferSelect;

/** A transfer's state in the store's words (VIETQR_STATES), as its data shows it. */
const STATUS_DISPLAY = Object.fromEntries(Object.entries(VIETQR_STATES satisfies Record<TopupRow["status"], Message>).map(([status, said]) => [status, said.in("vi")])) as Record<TopupRow["status"], string>;

/** docs/product.md §9 suggested amounts; the modal's quick picks are its own. */
const SUGGESTED_AMOUNTS = [60_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000];
const MAX_PENDING_PER_USER = 5;

export function vietqrSettings(config: VietQrConfig) {
  return {
    minimum_amount: config.VIETQR_MIN_AMOUNT,
    maximum_amount: config.VIETQR_MAX_AMOUNT,
    formatted_minimum: formatVND(config.VIETQR_MIN_AMOUNT),
    formatted_maximum: formatVND(config.VIETQR_MAX_AMOUNT),
    currency: "VND",
    step: config.VIETQR_STEP,
    suggested_amounts: SUGGESTED_AMOUNTS.filter((amount) => amount >= config.VIETQR_MIN_AMOUNT && amount <= config.VIETQR_MAX_AMOUNT),
    bank_info: { bank_code: config.VIETQR_BANK_CODE, bank_bin: config.VIETQR_BANK_BIN, account_number: config.VIETQR_ACCOUNT_NUMBER, account_name: config.VIETQR_ACCOUNT_NAME },
    transaction_timeout_minutes: config.VIETQR_TIMEOUT_MINUTES,
  };
}

/**
 * The amount rules of docs/product.md §5 with this store's limits: vietqrAmountError
 * (workers/shared/money/topup.ts), which the VietQR dialog pre-checks with too, in the page's own
 * words (app/money/topup/vietqr-actions.ts amountError).
 */
function amountError(amount: unknown, config: VietQrConfig): Message | null {
  return vietqrAmountError(typeof amount === "number" ? amount : null, { minimum_amount: config.VIETQR_MIN_AMOUNT, maximum_amount: config.VIETQR_MAX_AMOUNT, step: config.VIETQR_STEP }, TOPUP_MESSAGES);
}

// Transfer codes avoid look-alike characters (0/O, 1/I) so a buyer can type them.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const TRANSFER_CODE_PATTERN = /IGH[A-HJ-NP-Z2-9]{8}/g;

function newTransferCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `IGH${[...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("")}`;
}

/** Transfer codes found in a bank's transfer content, whatever the bank wrote around them. */
export function findTransferCodes(content: string): string[] {
  const compact = content.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return [...new Set(compact.match(TRANSFER_CODE_PATTERN) ?? [])];
}

function qrImagePath(transactionId: string): string {
  return `/api/vietqr/qr/${transactionId}.png`;
}

/** The public image service of docs/product.md, used by the browser only if our own image fails. */
function fallbackQrUrl(row: Pick<TopupRow, "bankBin" | "accountNumber" | "accountName" | "amount" | "transferCode">): string {
  const query = new URLSearchParams({ amount: String(row.amount), addInfo: row.transferCode, accountName: row.accountName });
  return `https://img.vietqr.io/image/${row.bankBin}-${row.accountNumber}-compact2.png?${query}`;
}

export function toPublicTopup(row: TopupRow, origin: string, now = Date.now()) {
  const expired = row.status === "pending" && row.expiresAt.getTime() <= now;
  const status = expired ? "expired" : row.status;
  return {
    id: row.id,
    transaction_id: row.transactionId,
    amount: row.amount,
    formatted_amount: formatVND(row.amount),
    description: row.transferCode,
    status,
    status_display: STATUS_DISPLAY[status],
    qr_code_url: new URL(qrImagePath(row.transactionId), origin).toString(),
    qr_fallback_url: fallbackQrUrl(row),
    bank_info: { bank_code: row.bankCode, bank_bin: row.bankBin, account_number: row.accountNumber, account_name: row.accountName },
    expires_at: row.expiresAt.toISOString(),
    time_remaining: status === "pending" ? Math.max(0, Math.floor((row.expiresAt.getTime() - now) / 1000)) : 0,
    promotion_code: row.promotionCode,
    // The bonus the wallet paid with it (null until paid, or when none applied).
    bonus_amount: row.bonusAmount,
    formatted_bonus_amount: row.bonusAmount ? formatVND(row.bonusAmount) : null,
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A new pending top-up of `amount` for the user, within the amount rules and the pending limit,
 * with the promotion code the buyer typed (refused unless it names a running promotion; counted
 * per account and per `address` like the preview's).
 */
export async function createTopup(env: Env, config: VietQrConfig, userId: number, address: string, amount: unknown, promotionCode?: string, now = Date.now()): Promise<TopupRow> {
  const problem = amountError(amount, config);
  if (problem) throw fieldError("amount", problem);
  const code = await promotionCodeForTopup(env.DB, { userId, address }, promotionCode, now);
  const db = getDb(env.DB);
  const [pending] = await db
    .select({ n: sql<number>`count(*)` })
    .from(vietqrTopups)
    .where(and(eq(vietqrTopups.userId, userId), eq(vietqrTopups.status, "pending"), sql`${vietqrTopups.expiresAt} > ${now}`));
  if (pending.n >= MAX_PENDING_PER_USER) throw new ValidationError(VIETQR_MESSAGES.tooManyPending);

  for (let attempt = 0; attempt < 5; attempt++) {
    const transferCode = newTransferCode();
    try {
      const [topup] = await db
        .insert(vietqrTopups)
        .values({
          transactionId: crypto.randomUUID(),
          userId,
          amount: amount as number,
          transferCode,
          promotionCode: code,
          bankCode: config.VIETQR_BANK_CODE,
          bankBin: config.VIETQR_BANK_BIN,
          accountNumber: config.VIETQR_ACCOUNT_NUMBER,
          accountName: config.VIETQR_ACCOUNT_NAME,
          qrPayload: buildVietQrPayload({ bankBin: config.VIETQR_BANK_BIN, accountNumber: config.VIETQR_ACCOUNT_NUMBER, amount: amount as number, content: transferCode }),
          expiresAt: new Date(now + config.VIETQR_TIMEOUT_MINUTES * 60_000),
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning();
      // The limit holds however many requests race: the first MAX_PENDING_PER_USER pending top-ups
      // by id stay, and a later one that finds as many before it withdraws itself before anyone saw it.
      const [before] = await db
        .select({ n: sql<number>`count(*)` })
        .from(vietqrTopups)
        .where(and(eq(vietqrTopups.userId, userId), eq(vietqrTopups.status, "pending"), sql`${vietqrTopups.expiresAt} > ${now}`, lt(vietqrTopups.id, topup.id)));
      if (before.n >= MAX_PENDING_PER_USER) {
        await db.delete(vietqrTopups).where(eq(vietqrTopups.id, topup.id));
        throw new ValidationError(VIETQR_MESSAGES.tooManyPending);
      }
      return topup;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // a transfer code collision: draw again
    }
  }
  throw new Error("could not draw a unique transfer code");
}

/** Pending top-ups past their time, expired by the cron (workers/scheduled.ts); answers how many. */
export async function expireVietqrTopups(db: Database, now: Date): Promise<number> {
  const expired = await db
    .update(vietqrTopups)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(vietqrTopups.status, "pending"), lte(vietqrTopups.expiresAt, now)))
    .returning({ id: vietqrTopups.id });
  return expired.length;
}

export async function findTopup(db: Database, transactionId: string, userId?: number): Promise<TopupRow | null> {
  const [row] = await db
    .select()
    .from(vietqrTopups)
    .where(userId === undefined ? eq(vietqrTopups.transactionId, transactionId) : and(eq(vietqrTopups.transactionId, transactionId), eq(vietqrTopups.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function listTopups(db: Database, userId: number): Promise<TopupRow[]> {
  return db.select().from(vietqrTopups).where(eq(vietqrTopups.userId, userId)).orderBy(desc(vietqrTopups.id)).limit(100);
}

export async function topupStats(db: Database, userId: number, now = Date.now()) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      paid: sql<number>`sum(case when ${vietqrTopups.status} = 'paid' then 1 else 0 end)`,
      pending: sql<number>`sum(case when ${vietqrTopups.status} = 'pending' and ${vietqrTopups.expiresAt} > ${now} then 1 else 0 end)`,
      deposited: sql<number>`coalesce(sum(case when ${vietqrTopups.status} = 'paid' then ${vietqrTopups.amount} else 0 end), 0)`,
    })
    .from(vietqrTopups)
    .where(eq(vietqrTopups.userId, userId));
  return {
    total_transactions: Number(row.total),
    paid_transactions: Number(row.paid ?? 0),
    pending_transactions: Number(row.pending ?? 0),
    total_deposited: Number(row.deposited),
    formatted_total_deposited: formatVND(Number(row.deposited)),
  };
}

/** One of the user's own top-ups, by its public transaction id. */
export async function findOwnTopup(db: Database, userId: number, transactionId: string): Promise<TopupRow> {
  const topup = transactionId.length <= 64 ? await findTopup(db, transactionId, userId) : null;
  if (!topup) throw new NotFoundError(VIETQR_MESSAGES.notFound);
  return topup;
}

/** The buyer cancels a pending top-up, in their wallet so it never races the top-up's payment. */
export async function cancelOwnTopup(env: Env, db: Database, userId: number, topup: TopupRow, reason: string): Promise<TopupRow> {
  if (!(await walletFor(env, userId).cancelTopup(topup.id, reason))) throw new ConflictError(VIETQR_MESSAGES.cannotCancel);
  return (await findTopup(db, topup.transactionId, userId))!;
}
