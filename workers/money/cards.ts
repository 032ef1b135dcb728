// Phone-card top-ups through a `chargingws/v2` gateway (docs/formats.md#card-gateway, docs/architecture.md#top-ups). The
// callback's signature covers neither status nor amount, so a card is re-checked with the gateway
// before anything is credited, and the amount actually received is credited once. A card is never
// given up on: without a final answer it is re-checked with backoff for a day, then parked for an
// admin in the review queue of unmatched bank transfers (payment_events, provider 'card').
import { createHash, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { formatVND } from "../shared/format";
import type { Config } from "../platform/config";
import { type Database, getDb, insertSelect } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { errorText } from "../lib/log";
import { cardTopups, paymentEvents } from "../db/schema";
import { noticeQuery } from "../db/statements/notifications";
import type { CreateCardInput } from "./schemas/cards";
import { wholeNumber } from "../shared/fields";
import { cardEstimate, telcoLabel } from "../shared/money/topup";
import { CARD_TELCOS, CARD_VALUES, type CardInput, cardErrors } from "../shared/money/card-rule";
import { walletFor } from "./wallet/port";
import { ConflictError, type FieldErrors, NotFoundError, RateLimitedError, UnavailableError, ValidationError } from "../platform/errors";
import { cardReviewNotice } from "../owner/notifications";
import { cardGatewayFailed } from "../owner/ops-alarms";
import { hit } from "../platform/rate-limit";
import { CARD_MESSAGES, CARD_STATES } from "./messages";
import type { Message } from "../shared/message";
import { promotionCodeForTopup } from "./deposit-bonus";

type CardConfig = Pick<Config, "CARD_GATEWAY_URL" | "CARD_PARTNER_ID" | "CARD_PARTNER_KEY" | "CARD_FEES" | "CARD_CREDIT">;
export type CardRow = typeof cardTopups.$inferSelect;
export type Telco = CardRow["telco"];
export type CardStatus = CardRow["status"];

/** The first re-check of a card whose callback did not come; later ones back off (nextRecheckDelay). */
export const PENDING_RECHECK_MS = 10 * 60_000;
const MAX_RECHECK_DELAY_MS = 2 * 60 * 60_000;
/** How long the cron keeps asking the gateway before it parks a card for an admin. */
const RECHECK_WINDOW_MS = 24 * 60 * 60_000;

/** 10, 20, 40, 80 minutes, then every 2 hours: about 17 re-checks in the first day. */
function nextRecheckDelay(attempts: number): number {
  return Math.min(PENDING_RECHECK_MS * 2 ** Math.max(0, attempts), MAX_RECHECK_DELAY_MS);
}

/** A card's state in the store's words (CARD_STATES): its data and the notes kept for the admin show it. */
export const CARD_STATUS_DISPLAY = Object.fromEntries(Object.entries(CARD_STATES satisfies Record<CardStatus, Message>).map(([status, said]) => [status, said.in("vi")])) as Record<CardStatus, string>;

function cardFees(config: Pick<Config, "CARD_FEES">): Record<Telco, number> {
  const fees: Record<Telco, number> = { VIETTEL: 20, VINAPHONE: 20, MOBIFONE: 20 };
  for (const pair of config.CARD_FEES.split(",")) {
    const [telco, fee] = pair.split(":");
    fees[telco as Telco] = Number(fee);
  }
  return fees;
}

export function cardSettings(config: CardConfig) {
  const fees = cardFees(config);
  return {
    enabled: Boolean(config.CARD_GATEWAY_URL),
    supported_telcos: CARD_TELCOS.map((telco) => ({ value: telco, label: telcoLabel(telco), fee: fees[telco] })),
    supported_values: CARD_VALUES.map((value) => ({ value, label: formatVND(value) })),
  };
}

/** The rules of docs/product.md §5 (shared with the card form: cardErrors) as the API's field errors; an empty object means the card may be sent. */
function cardFieldErrors(input: CardInput): FieldErrors {
  return Object.fromEntries(Object.entries(cardErrors(input, CARD_MESSAGES)).map(([field, message]) => [field, [message]]));
}

export function cardSign(partnerKey: string, code: string, serial: string): string {
  return createHash("md5").update(partnerKey + code + serial).digest("hex");
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type GatewayAnswer = { status: number; message: string; value: number | null; amount: number | null; transId: string | null };

/** A gateway that has not answered by then is treated as unreachable: the card stays pending for the cron. */
const GATEWAY_TIMEOUT_MS = 8_000;

async function callGateway(config: CardConfig, card: Pick<CardRow, "telco" | "cardCode" | "cardSerial" | "cardValue" | "requestId">, command: "charging" | "check"): Promise<GatewayAnswer> {
  const response = await fetch(config.CARD_GATEWAY_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      telco: card.telco,
      code: card.cardCode,
      serial: card.cardSerial,
      amount: String(card.cardValue),
      request_id: card.requestId,
      partner_id: config.CARD_PARTNER_ID,
      command,
      sign: cardSign(config.CARD_PARTNER_KEY, card.cardCode, card.cardSerial),
    }),
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  const body = (await response.json()) as Record<string, unknown>;
  const number = (value: unknown) => (value === null || value === undefined || value === "" ? null : Number(value));
  return {
    status: Number(body.status),
    message: String(body.message ?? ""),
    value: number(body.value),
    amount: number(body.amount),
    transId: body.trans_id ? String(body.trans_id) : null,
  };
}

function submitCard(config: CardConfig, card: CardRow) {
  return callGateway(config, card, "charging");
}

function recheckCard(config: CardConfig, card: CardRow) {
  return callGateway(config, card, "check");
}

/** The gateway's codes as the product's statuses: 1 success, 2 wrong value, 3 bad card, 4 maintenance, 99 pending. */
function mapGatewayStatus(answer: Pick<GatewayAnswer, "status" | "message">): CardStatus {
  switch (answer.status) {
    case 1:
      return "success";
    case 2:
      return "wrong_amount";
    case 3:
      return /used|đã (được )?sử dụng/i.test(answer.message) ? "used_card" : "invalid_card";
    case 4:
      return "system_error";
    case 99:
      return "pending";
    default:
      return "failed";
  }
}

/**
 * Whether an answer settles the card. Only "success", "wrong value" and "bad card" are final;
 * pending, maintenance, "not found" or a garbled answer mean: ask again later. At submission a
 * refusal (maintenance, failed submission) is final too, since the gateway did not take the card.
 */
function isFinalAnswer(answer: Pick<GatewayAnswer, "status">, command: "charging" | "check"): boolean {
  if (answer.status === 1 || answer.status === 2 || answer.status === 3) return true;
  return command === "charging" && (answer.status === 4 || answer.status === 100);
}

/**
 * What a finished card credits: the gateway's amount, or the value less the carrier's fee; never
 * more than the card's declared value, whatever the gateway (or a callback) reports.
 */
export function amountToCredit(config: CardConfig, card: Pick<CardRow, "telco" | "feePercent" | "cardValue">, answer: GatewayAnswer): number {
  // The fee formula is the card dialog's estimate itself (one function, exact for fees in tenths).
  const raw = config.CARD_CREDIT === "fee_formula" ? cardEstimate(answer.value ?? 0, card.feePercent) : (answer.amount ?? 0);
  return capCardCredit(card, raw);
}

/** The one rule every card credit passes: a whole number of đồng, from 0 up to the declared value. */
export function capCardCredit(card: Pick<CardRow, "cardValue">, amount: unknown): number {
  const whole = Math.floor(Number(amount));
  return Number.isFinite(whole) ? Math.min(Math.max(0, whole), card.cardValue) : 0;
}

/** The card's code is only needed to re-check it; once settled, keep only its last digits. */
export function maskCode(code: string): string {
  return code.length <= 4 ? code : `${"*".repeat(code.length - 4)}${code.slice(-4)}`;
}

export function toPublicCard(row: CardRow) {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    telco: row.telco,
    card_serial: row.cardSerial,
    card_value: row.cardValue,
    formatted_card_value: formatVND(row.cardValue),
    fee_percent: row.feePercent,
    status: row.status,
    status_display: CARD_STATUS_DISPLAY[row.status],
    amount_received: row.amountReceived,
    formatted_amount_received: row.amountReceived === null ? null : formatVND(row.amountReceived),
    // What the gateway says the card was worth (a wrong declared value) and the bonus paid with it.
    real_value: row.realValue,
    formatted_real_value: row.realValue === null ? null : formatVND(row.realValue),
    bonus_amount: row.bonusAmount,
    formatted_bonus_amount: row.bonusAmount ? formatVND(row.bonusAmount) : null,
    // A card's data keeps the store's words, as its status_display does (the screens show their own).
    message: row.status === "pending" ? CARD_MESSAGES.pending.in("vi") : (row.gatewayMessage ?? CARD_STATUS_DISPLAY[row.status]),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Applies what the gateway says about a card (at submission, after a callback, or when the cron
 * re-checks it): no final answer changes nothing; a final one settles the card through the user's
 * wallet.
 */
async function applyGatewayAnswer(env: Env, config: CardConfig, card: CardRow, answer: GatewayAnswer, command: "charging" | "check" = "check"): Promise<CardStatus> {
  if (!isFinalAnswer(answer, command)) return "pending";
  const status = mapGatewayStatus(answer);
  if (status === "pending") return "pending";
  const amount = status === "success" || status === "wrong_amount" ? amountToCredit(config, card, answer) : 0;
  await walletFor(env, card.userId).settleCard({
    cardId: card.id,
    status,
    amount,
    realValue: answer.value,
    gatewayStatus: answer.status,
    message: answer.message || CARD_STATUS_DISPLAY[status],
    maskedCode: maskCode(card.cardCode),
    reference: `card:${card.requestId}`,
  });
  return status;
}

/** The credit a card would bring at its declared value (what an admin sees for a card with no answer). */
function expectedCredit(card: Pick<CardRow, "cardValue" | "feePercent">): number {
  return capCardCredit(card, cardEstimate(card.cardValue, card.feePercent));
}

/**
 * Puts a card in the admin's review queue (payment_events, provider 'card'), once per card, if the
 * card is still in the state the caller saw (a callback or a re-check may settle it meanwhile). An
 * entry an admin dismissed is reopened when the gateway later confirms the card: money that
 * arrives is never dropped. The owner's notification is recorded with it, only if it was parked.
 */
function parkCard(env: Env, db: Database, card: CardRow, amount: number, reason: string, detail: unknown, now: number, state: "pending" | "closed") {
  const content = `Thẻ ${telcoLabel(card.telco)} serial ${card.cardSerial}, mệnh giá ${formatVND(card.cardValue)}: ${reason}`;
  const inState = state === "pending" ? sql`status = 'pending'` : sql`status NOT IN ('pending', 'success', 'wrong_amount')`;
  const entry = {
    provider: sql`'card'`,
    provider_transaction_id: sql`${card.requestId}`,
    transfer_type: sql`'in'`,
    amount: sql`${amount}`,
    content: sql`${content.slice(0, 1000)}`,
    raw_body: sql`${JSON.stringify(detail ?? null).slice(0, 20_000)}`,
    status: sql`'unmatched'`,
    card_topup_id: sql`${card.id}`,
    created_at: sql`${now}`,
  };
  const park = insertSelect(db, paymentEvents, entry, sql`EXISTS (SELECT 1 FROM card_topups WHERE id = ${card.id} AND ${inState})`).onConflictDoUpdate({
    target: [paymentEvents.provider, paymentEvents.providerTransactionId],
    set: { status: "unmatched", amount: sql`excluded.amount`, content: sql`excluded.content`, rawBody: sql`excluded.raw_body`, resolvedBy: null, resolutionNote: null, resolvedAt: null, receivedAt: sql`excluded.created_at` },
    setWhere: sql`${paymentEvents.status} = 'dismissed'`,
  });
  const notices = cardReviewNotice(env, { requestId: card.requestId, description: `${content}\nCó thể cộng: ${formatVND(amount)}` }, now);
  return [park, ...notices.map((notice) => noticeQuery(db, notice))] as const;
}

export type RecheckOutcome = "settled" | "pending" | "parked";

/**
 * The cron's re-check of one pending card. A card whose submission never got an answer and that
 * the gateway does not know is sent again under the same request_id (the gateway takes a
 * request_id once, so this never charges twice). Without a final answer the card is asked again
 * later (backoff), and after RECHECK_WINDOW_MS it is parked for an admin and no longer re-checked;
 * its code is kept until then, since every re-check is signed with it.
 */
export async function recheckPendingCard(env: Env, config: CardConfig, card: CardRow, now: number): Promise<RecheckOutcome> {
  let answer: GatewayAnswer | null = null;
  try {
    answer = await recheckCard(config, card);
    if (!isFinalAnswer(answer, "check") && card.gatewayStatus === null && answer.status === 100) answer = await submitCard(config, card);
  } catch (error) {
    await cardGatewayFailed(env, `card ${card.id} re-check: ${errorText(error)}`, now);
  }
  if (answer && isFinalAnswer(answer, "check")) {
    await applyGatewayAnswer(env, config, card, answer);
    return "settled";
  }
  const attempts = card.checkAttempts + 1;
  const acknowledged = answer?.status === 99 ? 99 : card.gatewayStatus;
  const db = getDb(env.DB);
  const stillPending = and(eq(cardTopups.id, card.id), eq(cardTopups.status, "pending"));
  if (now - card.createdAt.getTime() < RECHECK_WINDOW_MS) {
    await db.update(cardTopups).set({ checkAttempts: attempts, nextCheckAt: new Date(now + nextRecheckDelay(attempts)), gatewayStatus: acknowledged, updatedAt: new Date(now) }).where(stillPending);
    return "pending";
  }
  // Both statements act only while the card is still pending (a callback may settle it meanwhile).
  await db.batch([
    db.update(cardTopups).set({ checkAttempts: attempts, nextCheckAt: null, gatewayStatus: acknowledged, updatedAt: new Date(now) }).where(stillPending),
    ...parkCard(env, db, card, expectedCredit(card), "cổng thẻ chưa trả lời sau 24 giờ", answer, now, "pending"),
  ]);
  return "parked";
}

export type CallbackOutcome = "unknown" | "mismatch" | "settled" | "parked" | "nothing_to_do";

/** Whether a callback the store refused (its signature unproven) names a pending card by its request id and serial: then the gateway's key has most likely drifted. */
export async function namesPendingCard(env: Env, fields: { requestId: string; serial: string }): Promise<boolean> {
  const [row] = await getDb(env.DB).select({ serial: cardTopups.cardSerial }).from(cardTopups).where(and(eq(cardTopups.requestId, fields.requestId.slice(0, 64)), eq(cardTopups.status, "pending"))).limit(1);
  return row !== undefined && row.serial === fields.serial;
}

/**
 * A callback whose signature (over its own code and serial) has been verified. It must name a
 * card of ours with that very code and serial; the gateway is then asked about the card, since
 * the signature covers neither status nor amount. A success for a card already closed as failed
 * is parked for an admin, never dropped. Throws when the gateway cannot be asked (the caller
 * answers an error, so the gateway calls again).
 */
export async function receiveCardCallback(env: Env, config: CardConfig, fields: { requestId: string; code: string; serial: string }, now = Date.now()): Promise<CallbackOutcome> {
  const db = getDb(env.DB);
  const [row] = await db.select().from(cardTopups).where(eq(cardTopups.requestId, fields.requestId.slice(0, 64))).limit(1);
  if (!row) return "unknown";
  // A settled card keeps only a masked code: compare in that form.
  const code = row.status === "pending" ? fields.code : maskCode(fields.code);
  if (row.cardSerial !== fields.serial || row.cardCode !== code) return "mismatch";
  if (row.status === "success" || row.status === "wrong_amount") return "nothing_to_do";
  const answer = await recheckCard(config, { ...row, cardCode: fields.code });
  if (row.status === "pending") return (await applyGatewayAnswer(env, config, row, answer)) === "pending" ? "nothing_to_do" : "settled";
  if (answer.status !== 1 && answer.status !== 2) return "nothing_to_do";
  const amount = amountToCredit(config, row, answer);
  if (amount <= 0) return "nothing_to_do";
  await db.batch(parkCard(env, db, row, amount, `cổng thẻ báo thành công sau khi thẻ đã đóng (${CARD_STATUS_DISPLAY[row.status]})`, answer, now, "closed"));
  return "parked";
}

// ---------------------------------------------------------------- the buyer's cards

const CARD_LIMIT = { name: "card-user", max: 10, windowMs: 60 * 60_000 };

/** Cards can be sent only while a gateway is configured. */
export function ensureCardGateway(config: Pick<Config, "CARD_GATEWAY_URL">): void {
  if (!config.CARD_GATEWAY_URL) throw new UnavailableError(CARD_MESSAGES.unavailable);
}

/**
 * A buyer sends a card: checked against the rules and the rate limits (per user and per
 * `address`), stored as pending, then submitted to the gateway; a final answer settles it at once.
 */
export async function createCardTopup(env: Env, config: CardConfig, userId: number, address: string, raw: CreateCardInput): Promise<CardRow> {
  const db = getDb(env.DB);
  const input = {
    telco: typeof raw.telco === "string" ? raw.telco.toUpperCase() : raw.telco,
    card_serial: typeof raw.card_serial === "string" ? raw.card_serial.trim() : raw.card_serial,
    card_code: typeof raw.card_code === "string" ? raw.card_code.trim() : raw.card_code,
    // The form sends the value as text: a canonical decimal, like every number (workers/shared/fields.ts).
    card_value: wholeNumber(raw.card_value),
  };
  const errors = cardFieldErrors(input);
  if (Object.keys(errors).length) throw new ValidationError(Object.values(errors)[0][0], errors);
  const promotionCode = await promotionCodeForTopup(env.DB, { userId, address }, raw.promotion_code);
  for (const [rule, subject] of [[CARD_LIMIT, `user:${userId}`], [{ ...CARD_LIMIT, name: "card-ip", max: 30 }, address]] as const) {
    const limited = await hit(db, rule, subject);
    if (!limited.allowed) throw new RateLimitedError(CARD_MESSAGES.tooMany(limited.retryAfterSeconds), limited.retryAfterSeconds);
  }
  const telco = input.telco as Telco;
  const duplicate = () => new ConflictError(CARD_MESSAGES.duplicate, { card_serial: [CARD_MESSAGES.duplicate] });
  // A card that already paid is refused outright; one pending twice is refused by the unique
  // index (card_topups_pending_card_unique), which decides a race that a check cannot.
  const [paid] = await db
    .select({ id: cardTopups.id })
    .from(cardTopups)
    .where(and(eq(cardTopups.telco, telco), eq(cardTopups.cardSerial, input.card_serial as string), inArray(cardTopups.status, ["success", "wrong_amount"])))
    .limit(1);
  if (paid) throw duplicate();

  const now = new Date();
  let card: CardRow;
  try {
    [card] = await db
      .insert(cardTopups)
      .values({
        transactionId: crypto.randomUUID(),
        requestId: crypto.randomUUID().replace(/-/g, ""),
        userId,
        telco,
        cardSerial: input.card_serial as string,
        cardCode: input.card_code as string,
        cardValue: input.card_value as number,
        feePercent: cardFees(config)[telco],
        promotionCode,
        nextCheckAt: new Date(now.getTime() + PENDING_RECHECK_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  try {
    const answer = await submitCard(config, card);
    if (isFinalAnswer(answer, "charging")) {
      await applyGatewayAnswer(env, config, card, answer, "charging");
    } else if (answer.status === 99) {
      await db.update(cardTopups).set({ gatewayTransId: answer.transId, gatewayStatus: answer.status, updatedAt: new Date() }).where(eq(cardTopups.id, card.id));
    }
  } catch (error) {
    // The gateway did not answer: the card stays pending, unacknowledged, and the cron re-checks it.
    await cardGatewayFailed(env, errorText(error));
  }
  const [latest] = await db.select().from(cardTopups).where(eq(cardTopups.id, card.id));
  return latest;
}

/** One page of a user's cards, newest first. */
export async function listCards(db: Database, userId: number, page: number, pageSize: number) {
  const [{ total }] = await db.select({ total: count() }).from(cardTopups).where(eq(cardTopups.userId, userId));
  const rows = await db
    .select()
    .from(cardTopups)
    .where(eq(cardTopups.userId, userId))
    .orderBy(desc(cardTopups.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { cards: rows.map(toPublicCard), total };
}

/** One of the user's own cards, by its public transaction id. */
export async function findCard(db: Database, userId: number, transactionId: string) {
  const [row] = await db
    .select()
    .from(cardTopups)
    .where(and(eq(cardTopups.transactionId, transactionId.slice(0, 64)), eq(cardTopups.userId, userId)))
    .limit(1);
  if (!row) throw new NotFoundError(CARD_MESSAGES.notFound);
  return toPublicCard(row);
}

export async function cardStats(db: Database, userId: number) {
  const [row] = await db
    .select({
      total: count(),
      successful: sql<number>`sum(case when ${cardTopups.status} in ('success', 'wrong_amount') then 1 else 0 end)`,
      pending: sql<number>`sum(case when ${cardTopups.status} = 'pending' then 1 else 0 end)`,
      received: sql<number>`coalesce(sum(${cardTopups.amountReceived}), 0)`,
    })
    .from(cardTopups)
    .where(eq(cardTopups.userId, userId));
  const received = Number(row.received);
  return {
    total_cards: row.total,
    successful_cards: Number(row.successful ?? 0),
    pending_cards: Number(row.pending ?? 0),
    total_received: received,
    formatted_total_received: formatVND(received),
  };
}
