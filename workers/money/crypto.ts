// Crypto top-ups through NOWPayments (docs/product.md, "Crypto"; docs/decisions/0050-crypto-top-ups.md).
// A buyer asks for an invoice in US dollars; the rate is locked when it is made, so the VND it
// credits never moves. The gateway's notifications are signed hints: before acting, the store
// reads the payment back with its API key and judges by that answer alone (judgePayment), which
// the cron also does for top-ups whose notification never came. Money moves only in the buyer's
// wallet object, once per payment and amount.
import { and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb, type Database } from "../db/client";
import { cryptoPayments, cryptoTopups } from "../db/schema";
import { noticeQuery } from "../db/statements/notifications";
import { cryptoSettings, usdVndRate } from "../db/statements/store-settings";
import { errorText, logEvent } from "../lib/log";
import type { Config } from "../platform/config";
import { fieldError, NotFoundError, UnavailableError, ValidationError, ConflictError } from "../platform/errors";
import { formatVND } from "../shared/format";
import { usdCents, vndFor } from "../shared/money/topup";
import { cryptoParkedNotice } from "../owner/notifications";
import { promotionCodeForTopup } from "./deposit-bonus";
import { CRYPTO_MESSAGES, REVIEW_MESSAGES } from "./messages";
import { createInvoice, invoicePayments, type NowPaymentsConfig, type PaymentReadBack, readPayment } from "./nowpayments";
import type { CreateCryptoInput } from "./schemas/crypto";
import { walletFor } from "./wallet/port";
import type { AuditRecord } from "../db/statements/audit";

export type CryptoConfig = NowPaymentsConfig & Pick<Config, "USD_VND_RATE">;
export type CryptoRow = typeof cryptoTopups.$inferSelect;
type PaymentRow = typeof cryptoPayments.$inferSelect;

/** How long an invoice waits for a payment to start; a payment under way is followed past it. */
const INVOICE_MS = 60 * 60_000;
/** The cron reads back a top-up with no news this long after the last look. */
const RECHECK_MS = 10 * 60_000;
/** A top-up still not settled by the gateway after this long is no longer read back by the cron. */
const RECHECK_WINDOW_MS = 7 * 24 * 60 * 60_000;
const MAX_PENDING_PER_USER = 5;
/** The gateway's own words for a payment under way: the top-up stays pending and shows them. */
const UNDER_WAY = ["waiting", "confirming", "confirmed", "sending"];

export async function cryptoTerms(env: Env, config: CryptoConfig) {
  const settings = await cryptoSettings(env.DB, Boolean(config.NOWPAYMENTS_API_URL));
  const rate = await usdVndRate(env.DB, config.USD_VND_RATE);
  return { enabled: settings.enabled && rate !== null, minimum_usd: settings.minUsd, maximum_usd: settings.maxUsd, rate };
}

/** A pending top-up with no payment under way past its invoice's time: shown expired before the cron closes it. */
function lapsed(row: Pick<CryptoRow, "status" | "gatewayStatus" | "expiresAt">, now: number): boolean {
  return row.status === "pending" && (row.gatewayStatus === null || row.gatewayStatus === "waiting") && row.expiresAt.getTime() <= now;
}

export function toPublicCrypto(row: CryptoRow, now = Date.now()) {
  const waiting = lapsed(row, now);
  return {
    id: row.id,
    order_id: String(row.id),
    invoice_url: row.invoiceUrl,
    amount_usd: row.usdCents / 100,
    vnd_amount: row.vndAmount,
    formatted_vnd_amount: formatVND(row.vndAmount),
    rate: row.rate,
    // An invoice past its time with no payment is shown expired before the cron closes it.
    status: waiting ? "expired" : row.status,
    gateway_status: row.gatewayStatus,
    payment_id: row.paymentId,
    pay_currency: row.payCurrency,
    credited_vnd: row.creditedVnd,
    formatted_credited_vnd: formatVND(row.creditedVnd),
    bonus_amount: row.bonusAmount,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A buyer asks for a crypto invoice of `amount_usd`: within the shop's limits and the pending
 * limit, at the rate in force now, locked on the row. The row is made first (its id is the
 * invoice's order_id), then the invoice; a gateway that makes none closes the row as failed.
 */
export async function createCryptoTopup(env: Env, config: CryptoConfig, userId: number, address: string, input: CreateCryptoInput, origin: string, now = Date.now()): Promise<CryptoRow> {
  const terms = await cryptoTerms(env, config);
  if (!terms.enabled) throw new UnavailableError(terms.rate === null && config.NOWPAYMENTS_API_URL ? CRYPTO_MESSAGES.noRate : CRYPTO_MESSAGES.unavailable);
  const rate = terms.rate as number;
  const cents = usdCents(input.amount_usd, terms.minimum_usd, terms.maximum_usd);
  if (cents === null) throw fieldError("amount_usd", CRYPTO_MESSAGES.amount(terms.minimum_usd, terms.maximum_usd));
  const code = await promotionCodeForTopup(env.DB, { userId, address }, input.promotion_code, now);
  const db = getDb(env.DB);
  const open = and(eq(cryptoTopups.userId, userId), eq(cryptoTopups.status, "pending"), sql`${cryptoTopups.expiresAt} > ${now}`);
  const [pending] = await db.select({ n: count() }).from(cryptoTopups).where(open);
  if (pending.n >= MAX_PENDING_PER_USER) throw new ValidationError(CRYPTO_MESSAGES.tooManyPending);
  const [row] = await db
    .insert(cryptoTopups)
    .values({ userId, usdCents: cents, rate, vndAmount: vndFor(cents, rate), promotionCode: code, gatewayStatus: "waiting", expiresAt: new Date(now + INVOICE_MS), nextCheckAt: new Date(now + RECHECK_MS), createdAt: new Date(now), updatedAt: new Date(now) })
    .returning();
  // As VietQR's limit holds under a race: a row that finds as many open before it withdraws itself.
  const [before] = await db.select({ n: count() }).from(cryptoTopups).where(and(open, sql`${cryptoTopups.id} < ${row.id}`));
  if (before.n >= MAX_PENDING_PER_USER) {
    await db.delete(cryptoTopups).where(eq(cryptoTopups.id, row.id));
    throw new ValidationError(CRYPTO_MESSAGES.tooManyPending);
  }
  let invoice: Awaited<ReturnType<typeof createInvoice>>;
  try {
    invoice = await createInvoice(config, {
      usdCents: cents,
      orderId: String(row.id),
      description: `Wallet top-up #${row.id}`,
      ipnUrl: `${origin}/api/webhooks/nowpayments/`,
      successUrl: `${origin}/en/?crypto=${row.id}`,
      cancelUrl: `${origin}/en/?crypto=${row.id}`,
    });
  } catch (error) {
    logEvent("error", "crypto_invoice_failed", { topup: row.id, error: errorText(error) });
    await db.update(cryptoTopups).set({ status: "failed", gatewayStatus: "no_invoice", nextCheckAt: null, updatedAt: new Date() }).where(eq(cryptoTopups.id, row.id));
    throw new UnavailableError(CRYPTO_MESSAGES.gatewayFailed);
  }
  const [made] = await db.update(cryptoTopups).set({ invoiceId: invoice.id, invoiceUrl: invoice.invoiceUrl, updatedAt: new Date() }).where(eq(cryptoTopups.id, row.id)).returning();
  // The buyer's other open screens list the money on its way at once.
  await walletFor(env, userId).notify({ event: "crypto", crypto_id: row.id, state: "waiting" });
  return made;
}

/** The buyer's open crypto top-ups (waiting for a payment, or paid in part), newest first. */
export async function listOpenCrypto(db: Database, userId: number, now = Date.now()) {
  const rows = await db
    .select()
    .from(cryptoTopups)
    .where(and(eq(cryptoTopups.userId, userId), inArray(cryptoTopups.status, ["pending", "partial"])))
    .orderBy(desc(cryptoTopups.id))
    .limit(50);
  return rows.filter((row) => !lapsed(row, now)).map((row) => toPublicCrypto(row, now));
}

// ---------------------------------------------------------------- judging a payment

export type CryptoOutcome = "unknown" | "mismatch" | "pending" | "credited" | "unchanged" | "closed" | "refunded" | "parked";

/** A payment's share of its invoice, at the locked rate, in whole đồng (never above the invoice). */
function shareOf(topup: CryptoRow, payment: PaymentReadBack): number | null {
  if (payment.actuallyPaid === null || payment.payAmount === null || payment.payAmount <= 0) return null;
  const share = Math.floor(((payment.actuallyPaid / payment.payAmount) * topup.usdCents * topup.rate) / 100);
  return Number.isSafeInteger(share) ? Math.min(Math.max(0, share), topup.vndAmount) : null;
}

const amountText = (value: number | null) => (value === null ? null : String(value).slice(0, 40));

/**
 * Keeps the payment (once per payment_id) with the gateway's latest word; a payment parked for an
 * admin is parked once, and the owner is told then. Answers the stored row.
 */
async function recordPayment(env: Env, topup: CryptoRow, payment: PaymentReadBack, park: { reason: string; creditable: number } | null, now: number): Promise<PaymentRow> {
  const db = getDb(env.DB);
  const at = new Date(now);
  const kept = db
    .insert(cryptoPayments)
    .values({
      paymentId: payment.paymentId,
      parentPaymentId: payment.parentPaymentId,
      topupId: topup.id,
      paymentStatus: payment.status.slice(0, 30),
      actuallyPaid: amountText(payment.actuallyPaid),
      payAmount: amountText(payment.payAmount),
      creditableVnd: park?.creditable ?? 0,
      review: park ? "parked" : "none",
      reason: park?.reason ?? null,
      rawBody: JSON.stringify(payment.raw).slice(0, 20_000),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: cryptoPayments.paymentId,
      set: {
        paymentStatus: sql`excluded.payment_status`,
        actuallyPaid: sql`excluded.actually_paid`,
        payAmount: sql`excluded.pay_amount`,
        // A review once set stays, and once decided keeps its creditable amount.
        creditableVnd: sql`CASE WHEN ${cryptoPayments.review} IN ('none', 'parked') THEN excluded.creditable_vnd ELSE ${cryptoPayments.creditableVnd} END`,
        review: sql`CASE WHEN ${cryptoPayments.review} = 'none' THEN excluded.review ELSE ${cryptoPayments.review} END`,
        reason: sql`coalesce(${cryptoPayments.reason}, excluded.reason)`,
        rawBody: sql`excluded.raw_body`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  const notices = park ? cryptoParkedNotice(env, payment, topup, park, now) : [];
  await db.batch([kept, ...notices.map((notice) => noticeQuery(db, notice))]);
  const [row] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.paymentId, payment.paymentId)).limit(1);
  return row;
}

/**
 * Acts on what the gateway says of a payment (read back with the store's key, never taken from a
 * notification). The payment must belong to the invoice of the top-up its order_id names, in US
 * dollars, for the invoice's amount; otherwise nothing is credited and it is parked for an admin.
 */
async function judgePayment(env: Env, payment: PaymentReadBack, now = Date.now()): Promise<CryptoOutcome> {
  const db = getDb(env.DB);
  const topupId = payment.orderId !== null && /^\d{1,15}$/.test(payment.orderId) ? Number(payment.orderId) : null;
  const [topup] = topupId === null ? [] : await db.select().from(cryptoTopups).where(eq(cryptoTopups.id, topupId)).limit(1);
  if (!topup || !payment.paymentId) return "unknown";
  // Another invoice's payment claiming this order_id credits nobody here.
  if (topup.invoiceId === null || payment.invoiceId !== topup.invoiceId) return "mismatch";
  const wallet = walletFor(env, topup.userId);
  if (payment.status === "refunded" && topup.paymentId !== payment.paymentId) {
    // A payment once parked for an admin (a second deposit, a second payment, money for a closed
    // top-up) credits only through the review: its refund closes the review or takes that credit back.
    const [known] = await db.select({ id: cryptoPayments.id, review: cryptoPayments.review }).from(cryptoPayments).where(eq(cryptoPayments.paymentId, payment.paymentId)).limit(1);
    if (known && known.review !== "none") {
      await recordPayment(env, topup, payment, null, now);
      const outcome = await wallet.refundParkedCrypto({ paymentRowId: known.id, paymentId: payment.paymentId });
      return outcome === "refunded" ? "refunded" : outcome === "closed" ? "closed" : "unchanged";
    }
  }
  const share = shareOf(topup, payment);
  const parked = (reason: string, creditable = share ?? 0) => recordPayment(env, topup, payment, { reason, creditable }, now).then(() => "parked" as const);
  if (payment.priceCurrency !== "usd" || payment.priceAmount === null || Math.abs(payment.priceAmount * 100 - topup.usdCents) > 1e-6) {
    return parked(`giá hóa đơn không khớp (${payment.priceAmount ?? "?"} ${payment.priceCurrency || "?"}, đơn ${topup.usdCents / 100} usd)`, 0);
  }
  const paying = payment.status === "finished" || payment.status === "partially_paid";
  // A second deposit to the same address is never credited by itself.
  if (payment.parentPaymentId !== null) {
    if (paying) return parked(`khoản nạp thêm vào cùng địa chỉ (thanh toán gốc ${payment.parentPaymentId})`);
    // Its later states (refunded, failed) are kept for the admin's review; nothing moves by itself.
    await recordPayment(env, topup, payment, null, now);
    return "pending";
  }
  // Another payment of the same invoice after one was credited (the buyer paid twice).
  if (topup.paymentId !== null && topup.paymentId !== payment.paymentId) return paying ? parked(`thanh toán thứ hai cho cùng hóa đơn (đã có ${topup.paymentId})`) : "pending";
  const open = topup.status === "pending" || topup.status === "partial";
  const settlement = { topupId: topup.id, paymentId: payment.paymentId, gatewayStatus: payment.status, payAmount: amountText(payment.payAmount), actuallyPaid: amountText(payment.actuallyPaid), payCurrency: payment.payCurrency };
  switch (payment.status) {
    case "finished":
    case "partially_paid": {
      if (!open) {
        if (topup.status === "credited" || topup.status === "refunded") return "unchanged";
        // Money that arrived for a closed top-up (expired, failed, refused) waits for an admin.
        return parked(`tiền đến sau khi đơn đã đóng (${topup.status})`);
      }
      const target = payment.status === "finished" ? topup.vndAmount : share;
      if (target === null) return parked("số tiền cổng trả về không đọc được", 0);
      await recordPayment(env, topup, payment, null, now);
      const outcome = await wallet.settleCrypto({ ...settlement, target, final: payment.status === "finished" });
      return outcome === "credited" ? "credited" : outcome === "closed" ? "closed" : "unchanged";
    }
    case "refunded": {
      await recordPayment(env, topup, payment, null, now);
      if (topup.status === "credited" || topup.status === "partial") return (await wallet.refundCrypto({ topupId: topup.id, paymentId: payment.paymentId })) === "refunded" ? "refunded" : "unchanged";
      if (topup.status === "refunded") return "unchanged";
      if (topup.status === "pending") await closeTopup(env, topup, "refunded", payment.status, now);
      return "closed";
    }
    case "failed":
    case "expired": {
      await recordPayment(env, topup, payment, null, now);
      // A partial credit stays; a top-up with nothing credited closes.
      if (topup.status === "pending") await closeTopup(env, topup, payment.status, payment.status, now);
      else if (topup.status === "partial") {
        await db.update(cryptoTopups).set({ gatewayStatus: payment.status, nextCheckAt: null, updatedAt: new Date(now) }).where(and(eq(cryptoTopups.id, topup.id), eq(cryptoTopups.status, "partial")));
      }
      return "closed";
    }
    default: {
      if (!UNDER_WAY.includes(payment.status)) return "pending";
      await recordPayment(env, topup, payment, null, now);
      // Only a top-up still waiting shows the gateway's word; a credited one is past it (out of order).
      // The payment is not yet the top-up's: a buyer who switches coin on the invoice page starts another.
      if (topup.status !== "pending" || topup.gatewayStatus === payment.status) return "pending";
      await db.update(cryptoTopups).set({ gatewayStatus: payment.status, updatedAt: new Date(now) }).where(and(eq(cryptoTopups.id, topup.id), eq(cryptoTopups.status, "pending")));
      await wallet.notify({ event: "crypto", crypto_id: topup.id, state: payment.status });
      return "pending";
    }
  }
}

async function closeTopup(env: Env, topup: CryptoRow, status: "failed" | "expired" | "refunded", gatewayStatus: string, now: number): Promise<void> {
  const [closed] = await getDb(env.DB)
    .update(cryptoTopups)
    .set({ status, gatewayStatus: gatewayStatus.slice(0, 30), nextCheckAt: null, updatedAt: new Date(now) })
    .where(and(eq(cryptoTopups.id, topup.id), eq(cryptoTopups.status, "pending")))
    .returning({ id: cryptoTopups.id });
  if (closed) await walletFor(env, topup.userId).notify({ event: "crypto", crypto_id: topup.id, state: status });
}

/**
 * A notification whose signature was verified: the payment it names is read back and judged.
 * Throws when the gateway cannot be asked (the caller answers an error, so the gateway retries).
 */
export async function receiveCryptoNotification(env: Env, config: NowPaymentsConfig, paymentId: string): Promise<CryptoOutcome> {
  const payment = await readPayment(config, paymentId);
  if (payment.paymentId !== paymentId) return "mismatch";
  return judgePayment(env, payment);
}

/** Whether a refused notification names an open top-up of ours (then the IPN secret has most likely drifted). */
export async function namesOpenCrypto(env: Env, orderId: unknown): Promise<boolean> {
  if (typeof orderId !== "string" && typeof orderId !== "number") return false;
  const id = Number(orderId);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const [row] = await getDb(env.DB).select({ id: cryptoTopups.id }).from(cryptoTopups).where(and(eq(cryptoTopups.id, id), inArray(cryptoTopups.status, ["pending", "partial"]))).limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------- the cron

/**
 * The cron's look at top-ups whose notification has not come: each due one is read back (its
 * invoice's payments) and judged as a notification would be; an invoice past its time with no
 * payment is closed as expired. Answers how many it looked at.
 */
export async function recheckCryptoTopups(env: Env, config: NowPaymentsConfig, now = Date.now(), limit = 25): Promise<number> {
  if (!config.NOWPAYMENTS_API_URL) return 0;
  const db = getDb(env.DB);
  const due = await db
    .select()
    .from(cryptoTopups)
    .where(and(inArray(cryptoTopups.status, ["pending", "partial"]), lte(cryptoTopups.nextCheckAt, new Date(now))))
    .orderBy(cryptoTopups.nextCheckAt)
    .limit(limit);
  for (const topup of due) {
    try {
      const ids = topup.invoiceId ? await invoicePayments(config, topup.invoiceId) : [];
      for (const id of ids) await judgePayment(env, await readPayment(config, id), now);
      const [after] = await db.select().from(cryptoTopups).where(eq(cryptoTopups.id, topup.id));
      if (after.status !== "pending" && after.status !== "partial") continue;
      if (ids.length === 0 && after.expiresAt.getTime() <= now) {
        await closeTopup(env, after, "expired", "expired", now);
        continue;
      }
      const giveUp = now - after.createdAt.getTime() > RECHECK_WINDOW_MS;
      await db.update(cryptoTopups).set({ checkAttempts: after.checkAttempts + 1, nextCheckAt: giveUp ? null : new Date(now + RECHECK_MS) }).where(eq(cryptoTopups.id, topup.id));
    } catch (error) {
      logEvent("error", "crypto_recheck_failed", { topup: topup.id, error: errorText(error) });
      await db.update(cryptoTopups).set({ checkAttempts: topup.checkAttempts + 1, nextCheckAt: new Date(now + RECHECK_MS) }).where(eq(cryptoTopups.id, topup.id));
    }
  }
  return due.length;
}

// ---------------------------------------------------------------- the admin

export type AdminCryptoQuery = { page: number; page_size: number; status?: CryptoRow["status"] | "parked" };

/** The admin's list of crypto top-ups, newest first, each with its payments (a parked one marked). */
export async function listCryptoForAdmin(db: Database, query: AdminCryptoQuery) {
  const parkedTopups = db.select({ id: cryptoPayments.topupId }).from(cryptoPayments).where(eq(cryptoPayments.review, "parked"));
  const where = query.status === "parked" ? inArray(cryptoTopups.id, parkedTopups) : query.status ? eq(cryptoTopups.status, query.status) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(cryptoTopups).where(where);
  const rows = await db.select().from(cryptoTopups).where(where).orderBy(desc(cryptoTopups.id)).limit(query.page_size).offset((query.page - 1) * query.page_size);
  const payments = rows.length ? await db.select().from(cryptoPayments).where(inArray(cryptoPayments.topupId, rows.map((row) => row.id))).orderBy(cryptoPayments.id) : [];
  return {
    total,
    topups: rows.map((row) => {
      const own = payments.filter((payment) => payment.topupId === row.id);
      return {
        ...toPublicCrypto(row),
        user_id: row.userId,
        refunded_vnd: row.refundedVnd,
        partial: row.status === "partial" || (row.creditedVnd > 0 && row.creditedVnd < row.vndAmount),
        parked: own.some((payment) => payment.review === "parked"),
        payments: own.map(toAdminPayment),
      };
    }),
  };
}

function toAdminPayment(payment: PaymentRow) {
  return {
    id: payment.id,
    payment_id: payment.paymentId,
    parent_payment_id: payment.parentPaymentId,
    payment_status: payment.paymentStatus,
    actually_paid: payment.actuallyPaid,
    pay_amount: payment.payAmount,
    creditable_vnd: payment.creditableVnd,
    review: payment.review,
    reason: payment.reason,
    resolved_by: payment.resolvedBy,
    resolution_note: payment.resolutionNote,
    resolved_at: payment.resolvedAt?.toISOString() ?? null,
    created_at: payment.createdAt.toISOString(),
  };
}

/**
 * An admin credits (`amount` đồng, the payment's suggestion by default) or refuses a parked
 * payment, audited in the same batch, in the buyer's wallet: two admins at once decide once. A
 * payment the gateway refunded (before or while the admin decides) is refused with its own code.
 */
export async function reviewCryptoPayment(env: Env, id: number, decision: { credit: boolean; amount?: number; note: string }, admin: { id: number; audit: (details: Record<string, unknown>) => AuditRecord }) {
  const db = getDb(env.DB);
  const [payment] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.id, id)).limit(1);
  if (!payment) throw new NotFoundError(CRYPTO_MESSAGES.notFound);
  if (payment.paymentStatus === "refunded") throw new ConflictError(CRYPTO_MESSAGES.refundedByGateway);
  if (payment.review !== "parked") throw new ConflictError(CRYPTO_MESSAGES.handled);
  const [topup] = await db.select().from(cryptoTopups).where(eq(cryptoTopups.id, payment.topupId)).limit(1);
  const amount = decision.amount ?? payment.creditableVnd;
  if (decision.credit && !(amount > 0)) throw fieldError("amount", REVIEW_MESSAGES.notPositive);
  const outcome = await walletFor(env, topup.userId).reviewParkedCrypto({
    paymentRowId: payment.id,
    paymentId: payment.paymentId,
    amount,
    credit: decision.credit,
    adminId: admin.id,
    note: decision.note,
    audit: admin.audit({ payment_id: payment.paymentId, topup_id: topup.id, user_id: topup.userId, decision: decision.credit ? "credit" : "refuse", amount: decision.credit ? amount : 0, note: decision.note }),
  });
  if (outcome === "refunded") throw new ConflictError(CRYPTO_MESSAGES.refundedByGateway);
  if (outcome === "handled") throw new ConflictError(CRYPTO_MESSAGES.handled);
  return { outcome, amount: decision.credit ? amount : 0 };
}
