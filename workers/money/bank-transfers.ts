// Bank-transfer confirmations (docs/architecture.md#top-ups, docs/formats.md#bank-webhooks): every notification is stored once per
// provider transaction id; an incoming transfer whose code, amount and deadline match a pending
// top-up is credited through the user's wallet; anything else is parked for an admin, never dropped.
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { type Config, previousSecret } from "../platform/config";
import { integerField, wholeNumber } from "../shared/fields";
import { eq, inArray, sql } from "drizzle-orm";
import { type Database, getDb, insertSelect } from "../db/client";
import { paymentEvents, vietqrTopups } from "../db/schema";
import { walletFor } from "./wallet/port";
import { recordTransferParked } from "../owner/notifications";
import { findTransferCodes } from "./vietqr";
import { WEBHOOK_MESSAGES } from "./messages";

export type IncomingTransfer = {
  provider: "sepay" | "casso" | "payos";
  transactionId: string;
  direction: "in" | "out";
  /** False when the provider reports a payment that did not go through (payOS: a code other than "00"). */
  succeeded: boolean;
  amount: number;
  /** The bank's own reference (SePay `referenceCode`, Casso and payOS `reference`): the same transfer reported by two providers carries the same one. */
  bankReference: string | null;
  content: string;
  accountNumber: string | null;
  rawBody: string;
};

export type ReceiveOutcome = "credited" | "duplicate" | "unmatched" | "ignored";

/** Equal-time comparison of two secrets of any length (both are hashed to 32 bytes first). */
async function safeEqual(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [left, right] = await Promise.all([crypto.subtle.digest("SHA-256", encoder.encode(a)), crypto.subtle.digest("SHA-256", encoder.encode(b))]);
  return timingSafeEqual(new Uint8Array(left), new Uint8Array(right));
}

async function hmacHex(algorithm: "SHA-256" | "SHA-512", secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: algorithm }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------- SePay

// Amounts are whole numbers as everywhere (workers/shared/fields.ts): true or "0x10" is no amount.
const AMOUNT_INVALID = WEBHOOK_MESSAGES.amountInvalid.token;

const sepaySchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  transferType: z.enum(["in", "out"]),
  transferAmount: integerField({ min: 0, max: Number.MAX_SAFE_INTEGER, message: AMOUNT_INVALID }),
  content: z.string().nullish().transform((value) => value ?? ""),
  description: z.string().nullish(),
  accountNumber: z.union([z.string(), z.number()]).nullish().transform((value) => (value === null || value === undefined ? null : String(value))),
  code: z.string().nullish(),
  referenceCode: z.union([z.string(), z.number()]).nullish(),
});

/**
 * A bank reference in the form every report of one transfer shares, whatever its provider writes:
 * no spaces, upper case. With the amount it is the transfer's identity (migration 0018).
 */
function referenceKey(reference: string | null): string | null {
  const key = reference?.normalize("NFKC").replace(/\s+/g, "").toUpperCase() ?? "";
  return key || null;
}

/** A bank reference worth matching on: present and not blank. */
function referenceOf(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  return text ? text.slice(0, 100) : null;
}

const SEPAY_TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

/**
 * SePay authenticates with `Authorization: Apikey <key>`, or (HMAC mode) a signed timestamp.
 * During a key change the previous key (SEPAY_API_KEY_PREVIOUS, SEPAY_HMAC_SECRET_PREVIOUS) is
 * accepted too, so no deposit is refused while SePay and the store are switched one after the other.
 */
export async function verifySepay(
  headers: Headers,
  rawBody: string,
  config: Pick<Config, "SEPAY_AUTH" | "SEPAY_API_KEY" | "SEPAY_HMAC_SECRET"> & Partial<Pick<Config, "SEPAY_API_KEY_PREVIOUS" | "SEPAY_HMAC_SECRET_PREVIOUS">>,
  now = Date.now(),
): Promise<boolean> {
  if (config.SEPAY_AUTH === "apikey") {
    const given = headers.get("Authorization") ?? "";
    for (const key of [config.SEPAY_API_KEY, config.SEPAY_API_KEY_PREVIOUS]) if (key && (await safeEqual(given, `Apikey ${key}`))) return true;
    return false;
  }
  const secrets = [config.SEPAY_HMAC_SECRET, config.SEPAY_HMAC_SECRET_PREVIOUS].filter((secret): secret is string => Boolean(secret));
  if (secrets.length === 0) return false;
  const timestamp = headers.get("X-SePay-Timestamp") ?? "";
  const seconds = Number(timestamp);
  const millis = seconds > 1e12 ? seconds : seconds * 1000;
  if (!Number.isFinite(millis) || Math.abs(now - millis) > SEPAY_TIMESTAMP_TOLERANCE_MS) return false;
  const given = headers.get("X-SePay-Signature") ?? "";
  for (const secret of secrets) if (await safeEqual(given, `sha256=${await hmacHex("SHA-256", secret, `${timestamp}.${rawBody}`)}`)) return true;
  return false;
}

function parseSepay(rawBody: string): IncomingTransfer | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const result = sepaySchema.safeParse(json);
  if (!result.success) return null;
  const body = result.data;
  return {
    provider: "sepay",
    transactionId: body.id,
    direction: body.transferType,
    succeeded: true,
    amount: body.transferAmount,
    bankReference: referenceOf(body.referenceCode),
    // Some banks put the transfer content in `description` only; look in both.
    content: [body.content, body.code ?? "", body.description ?? ""].join(" ").trim(),
    accountNumber: body.accountNumber,
    rawBody,
  };
}

// ---------------------------------------------------------------- Casso and payOS

/** JSON with object keys sorted at every depth (Casso signs this form of the body). */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

const cassoSchema = z.object({
  data: z.object({
    id: z.union([z.number(), z.string()]).transform(String),
    reference: z.union([z.string(), z.number()]).nullish(),
    // Money out is negative.
    amount: integerField({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, message: AMOUNT_INVALID }),
    description: z.string().nullish().transform((value) => value ?? ""),
    accountNumber: z.union([z.string(), z.number()]).nullish().transform((value) => (value === null || value === undefined ? null : String(value))),
  }),
});

/** Casso v2: `X-Casso-Signature: t=<ms>,v1=<hex HMAC-SHA512(key, t + "." + sorted JSON)>`. */
async function verifyCasso(headers: Headers, rawBody: string, secret: string, now = Date.now()): Promise<boolean> {
  if (!secret) return false;
  const parts = Object.fromEntries((headers.get("X-Casso-Signature") ?? "").split(",").map((part) => part.trim().split("=") as [string, string]));
  const timestamp = Number(parts.t);
  if (!parts.t || !parts.v1 || !Number.isFinite(timestamp) || Math.abs(now - timestamp) > SEPAY_TIMESTAMP_TOLERANCE_MS) return false;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return false;
  }
  return safeEqual(parts.v1, await hmacHex("SHA-512", secret, `${parts.t}.${sortedJson(body)}`));
}

function parseCasso(rawBody: string): IncomingTransfer | null {
  const result = cassoSchema.safeParse(JSON.parse(rawBody));
  if (!result.success) return null;
  const { data } = result.data;
  // Casso reports money out as a negative amount.
  return {
    provider: "casso",
    transactionId: data.id,
    direction: data.amount >= 0 ? "in" : "out",
    succeeded: true,
    amount: Math.abs(data.amount),
    bankReference: referenceOf(data.reference),
    content: data.description,
    accountNumber: data.accountNumber,
    rawBody,
  };
}

const payosSchema = z.object({
  code: z.string(),
  data: z.record(z.string(), z.unknown()),
  signature: z.string(),
});

/** payOS: `signature` = HMAC-SHA256(checksum key, the data's keys sorted as k=v&…, null as empty). */
async function verifyPayos(rawBody: string, checksumKey: string): Promise<boolean> {
  if (!checksumKey) return false;
  let parsed: ReturnType<typeof payosSchema.safeParse>;
  try {
    parsed = payosSchema.safeParse(JSON.parse(rawBody));
  } catch {
    return false;
  }
  if (!parsed.success) return false;
  const data = parsed.data.data;
  const canonical = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key] === null || data[key] === undefined ? "" : typeof data[key] === "object" ? JSON.stringify(data[key]) : String(data[key])}`)
    .join("&");
  return safeEqual(parsed.data.signature, await hmacHex("SHA-256", checksumKey, canonical));
}

function parsePayos(rawBody: string): IncomingTransfer | null {
  const { data, code } = payosSchema.parse(JSON.parse(rawBody));
  // Negative amounts are read (and ignored as money out), like Casso's.
  const amount = wholeNumber(data.amount, { negative: true });
  const id = data.reference ?? data.paymentLinkId ?? data.orderCode;
  if (amount === null || id === undefined || id === null) return null;
  return {
    provider: "payos",
    transactionId: String(id),
    direction: "in",
    // payOS says a payment went through twice: the answer's code and the payment's own data.code.
    succeeded: code === "00" && data.code === "00",
    amount,
    bankReference: referenceOf(data.reference),
    content: String(data.description ?? ""),
    accountNumber: data.accountNumber === undefined || data.accountNumber === null ? null : String(data.accountNumber),
    rawBody,
  };
}

/** Which of a provider's keys proved a call: the current one, the previous one (until its end date), or none. */
export type KeyUsed = "current" | "previous" | null;

/** SePay with its current key alone, then with the previous one while its end date has not passed. */
async function sepayKeyUsed(headers: Headers, raw: string, config: Config): Promise<KeyUsed> {
  const now = Date.now();
  if (await verifySepay(headers, raw, { ...config, SEPAY_API_KEY_PREVIOUS: "", SEPAY_HMAC_SECRET_PREVIOUS: "" }, now)) return "current";
  const previous = { SEPAY_API_KEY: previousSecret(config, "SEPAY_API_KEY_PREVIOUS", now), SEPAY_HMAC_SECRET: previousSecret(config, "SEPAY_HMAC_SECRET_PREVIOUS", now) };
  if (!previous.SEPAY_API_KEY && !previous.SEPAY_HMAC_SECRET) return null;
  return (await verifySepay(headers, raw, { ...config, ...previous, SEPAY_API_KEY_PREVIOUS: "", SEPAY_HMAC_SECRET_PREVIOUS: "" }, now)) ? "previous" : null;
}

/** The bank-notification providers: how each proves a call is theirs (and with which key) and what it says. */
export const BANK_PROVIDERS = {
  sepay: { verify: sepayKeyUsed, parse: parseSepay },
  casso: { verify: async (headers: Headers, raw: string, config: Config): Promise<KeyUsed> => ((await verifyCasso(headers, raw, config.CASSO_SECRET)) ? "current" : null), parse: parseCasso },
  payos: { verify: async (_headers: Headers, raw: string, config: Config): Promise<KeyUsed> => ((await verifyPayos(raw, config.PAYOS_CHECKSUM_KEY)) ? "current" : null), parse: parsePayos },
} as const;

/**
 * Whether a report the store refused (its signature unproven) names a pending top-up by its
 * transfer code and amount: then it is most likely the gateway's own, with a key that drifted, and
 * a deposit is being lost. Junk from anyone else names none (the codes are the buyers' own).
 */
export async function namesPendingTopup(env: Env, provider: keyof typeof BANK_PROVIDERS, rawBody: string, now = Date.now()): Promise<boolean> {
  let transfer: IncomingTransfer | null;
  try {
    transfer = BANK_PROVIDERS[provider].parse(rawBody);
  } catch {
    return false;
  }
  const codes = transfer ? findTransferCodes(transfer.content) : [];
  if (!transfer || codes.length === 0) return false;
  const row = await getDb(env.DB).get(
    sql`SELECT 1 AS found FROM vietqr_topups WHERE ${inArray(vietqrTopups.transferCode, codes)} AND status = 'pending' AND amount = ${transfer.amount} AND expires_at > ${now} LIMIT 1`,
  );
  return row !== undefined;
}

// ---------------------------------------------------------------- matching

type TopupMatch = { id: number; user_id: number; amount: number; status: string; expires_at: number };

/**
 * Records a notification and credits it when it matches. Replays (sequential or concurrent) of
 * the same provider transaction are recognised by the unique event key; the credit itself is keyed
 * by the same id, so even a replay racing the first delivery credits once.
 */
export async function receiveTransfer(env: Env, accountNumber: string, transfer: IncomingTransfer, now = Date.now()): Promise<ReceiveOutcome> {
  const { outcome, late } = await matchTransfer(env, accountNumber, transfer, now);
  if (outcome !== "unmatched") return outcome;
  // Parked for an admin: the owner is told once per event (a provider's retry comes back here),
  // with the buyer whose code it carried; that buyer's open screens hear of it at once.
  const buyer = late && (await getDb(env.DB).get<{ id: number; username: string }>(sql`SELECT id, username FROM users WHERE id = ${late.userId}`));
  await recordTransferParked(env, transfer, now, buyer || null);
  if (late) await walletFor(env, late.userId).notify({ event: "transfer_review", event_id: late.eventId, state: "awaiting_review" });
  return outcome;
}

type Matched = { outcome: ReceiveOutcome; late?: { userId: number; eventId: number } };

async function matchTransfer(env: Env, accountNumber: string, transfer: IncomingTransfer, now: number): Promise<Matched> {
  // Only money that arrived counts: a successful, incoming, positive transfer to our account.
  const ours = transfer.succeeded && transfer.direction === "in" && transfer.amount > 0 && (transfer.accountNumber === null || transfer.accountNumber === accountNumber);
  // Any unique key refuses a second row: the provider's transaction id (a retry), or the bank's
  // reference with the account and amount (the same transfer from another provider). Only money
  // that counts takes a reference, so an ignored report can never shadow a real transfer.
  // A report whose reference in normal form and amount are stored already is that transfer again,
  // however it is written or whatever it lacks: one statement checks and inserts, so copies racing
  // each other store one row.
  const key = ours ? referenceKey(transfer.bankReference) : null;
  const db = getDb(env.DB);
  const event = {
    provider: sql`${transfer.provider}`,
    provider_transaction_id: sql`${transfer.transactionId}`,
    transfer_type: sql`${transfer.direction}`,
    amount: sql`${transfer.amount}`,
    content: sql`${transfer.content.slice(0, 1000)}`,
    account_number: sql`${transfer.accountNumber}`,
    bank_reference: sql`${ours ? transfer.bankReference : null}`,
    reference_key: sql`${key}`,
    raw_body: sql`${transfer.rawBody.slice(0, 20_000)}`,
    status: sql`${ours ? "unmatched" : "ignored"}`,
    created_at: sql`${now}`,
  };
  const newTransfer = sql`${key} IS NULL OR NOT EXISTS (SELECT 1 FROM payment_events WHERE reference_key = ${key} AND amount = ${transfer.amount})`;
  const [inserted] = await insertSelect(db, paymentEvents, event, newTransfer).onConflictDoNothing().returning({ id: paymentEvents.id });

  let eventId = inserted?.id;
  if (!eventId) {
    // Seen before. Finish its matching only if the first delivery left it unmatched (say, it died
    // mid-way); crediting is idempotent, so this can never pay twice. The same transfer reported
    // by another provider is only a duplicate: the first report is the one matched or parked.
    const previous = await db.get<{ id: number; status: string; resolved_at: number | null }>(
      sql`SELECT id, status, resolved_at FROM payment_events WHERE provider = ${transfer.provider} AND provider_transaction_id = ${transfer.transactionId}`,
    );
    if (previous?.status !== "unmatched" || previous.resolved_at) return { outcome: "duplicate" };
    // A copy parked before migration 0018 whose transfer another report credited: not matched again.
    if (await creditedCopyOf(db, { id: previous.id, referenceKey: key, amount: transfer.amount })) return { outcome: "duplicate" };
    eventId = previous.id;
  }
  if (!ours) return { outcome: "ignored" };

  const codes = findTransferCodes(transfer.content);
  if (codes.length === 0) return { outcome: "unmatched" };
  const topup = await db.get<TopupMatch>(sql`SELECT id, user_id, amount, status, expires_at FROM vietqr_topups WHERE ${inArray(vietqrTopups.transferCode, codes)} ORDER BY id DESC LIMIT 1`);
  if (!topup) return { outcome: "unmatched" };
  await db.update(paymentEvents).set({ matchedTopupId: topup.id }).where(eq(paymentEvents.id, eventId));

  if (topup.status !== "pending" || topup.expires_at <= now || topup.amount !== transfer.amount) {
    // A retry that raced its first delivery finds the top-up paid by that very transfer.
    if (!inserted && topup.status === "paid" && (await creditedFor(db, transfer))) return { outcome: "duplicate" };
    // Late, cancelled, already paid by another transfer, or a different amount: park it for an
    // admin, and in the buyer's history (workers/money/topup-history.ts) beside the top-up.
    return { outcome: "unmatched", late: { userId: topup.user_id, eventId } };
  }

  const settled = await walletFor(env, topup.user_id).settleTopup({
    topupId: topup.id,
    eventId,
    amount: transfer.amount,
    reference: bankReference(transfer),
  });
  if (settled === "credited" || settled === "duplicate") return { outcome: inserted ? "credited" : "duplicate" };
  // Paid meanwhile: by this very transfer's first delivery (a replay racing it), or by another.
  if (!inserted && (await creditedFor(db, transfer))) return { outcome: "duplicate" };
  return { outcome: "unmatched", late: { userId: topup.user_id, eventId } };
}

/** The credited report of the same transfer as `event` (same reference in normal form and amount), if another one is. */
export async function creditedCopyOf(db: Database, event: { id: number; referenceKey: string | null; amount: number }): Promise<{ id: number } | null> {
  if (!event.referenceKey) return null;
  const copy = await db.get<{ id: number }>(
    sql`SELECT id FROM payment_events WHERE reference_key = ${event.referenceKey} AND amount = ${event.amount} AND status = 'credited' AND id <> ${event.id} LIMIT 1`,
  );
  return copy ?? null;
}

async function creditedFor(db: Database, transfer: IncomingTransfer): Promise<boolean> {
  return (await db.get(sql`SELECT 1 AS found FROM wallet_transactions WHERE reference = ${bankReference(transfer)} LIMIT 1`)) !== undefined;
}

/** The ledger reference of a bank transfer: the same for the automatic credit and an admin's. */
export function bankReference(transfer: Pick<IncomingTransfer, "provider" | "transactionId">): string {
  return `bank:${transfer.provider}:${transfer.transactionId}`;
}
