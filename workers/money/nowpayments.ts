// NOWPayments' wire format (docs/formats.md#nowpayments): the invoice the store makes, the payment it
// reads back, and the signature of a notification (IPN). The store trusts only what it reads back
// with its API key; a notification is a signed hint to go and read.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../platform/config";

export type NowPaymentsConfig = Pick<Config, "NOWPAYMENTS_API_URL" | "NOWPAYMENTS_API_KEY" | "NOWPAYMENTS_IPN_SECRET">;

/** The gateway has this long to answer; the cron reads again whatever it missed. */
const GATEWAY_TIMEOUT_MS = 8_000;

/** The value with its object keys sorted at every depth (NOWPayments' sortObject); arrays keep their order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, sortKeys(object[key])]),
  );
}

/**
 * Whether `signature` is the hex HMAC-SHA512, keyed with `secret`, of `body` re-serialised with its
 * keys sorted (JSON.stringify escapes neither slashes nor Unicode, as NOWPayments' examples ask):
 * the same body with its keys in another order verifies. Compared in constant time.
 */
export function ipnSignatureMatches(secret: string, body: unknown, signature: string): boolean {
  if (!secret || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac("sha512", secret).update(JSON.stringify(sortKeys(body))).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export type Invoice = { id: string; invoiceUrl: string };

export type InvoiceRequest = { usdCents: number; orderId: string; description: string; ipnUrl: string; successUrl: string; cancelUrl: string };

/** POST /v1/invoice: a hosted invoice in USD at a fixed rate. Throws when the gateway does not make one. */
export async function createInvoice(config: NowPaymentsConfig, request: InvoiceRequest): Promise<Invoice> {
  const response = await fetch(`${config.NOWPAYMENTS_API_URL}/v1/invoice`, {
    method: "POST",
    headers: { "x-api-key": config.NOWPAYMENTS_API_KEY, "Content-Type": "application/json" },
    body: JSON.stringify({
      price_amount: request.usdCents / 100,
      price_currency: "usd",
      order_id: request.orderId,
      // ASCII only: the gateway shows it as given.
      order_description: request.description.replace(/[^\x20-\x7e]/g, "").slice(0, 100),
      ipn_callback_url: request.ipnUrl,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      is_fixed_rate: true,
      is_fee_paid_by_user: false,
    }),
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || (typeof body.id !== "string" && typeof body.id !== "number") || typeof body.invoice_url !== "string") {
    throw new Error(`NOWPayments made no invoice: HTTP ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return { id: String(body.id), invoiceUrl: body.invoice_url };
}

/** A payment as read back from the gateway, its amounts as exact decimals (null when unreadable). */
export type PaymentReadBack = {
  paymentId: string;
  parentPaymentId: string | null;
  invoiceId: string | null;
  orderId: string | null;
  status: string;
  priceAmount: number | null;
  priceCurrency: string;
  payAmount: number | null;
  actuallyPaid: number | null;
  payCurrency: string | null;
  raw: Record<string, unknown>;
};

/** The biggest amount read as such: anything above is not a real payment of this shop's. */
const MAX_AMOUNT = 1e12;

/**
 * An amount as the gateway writes it (a number, or its decimal text): a finite, non-negative
 * number below MAX_AMOUNT, else null (the payment is then not credited by itself).
 */
function gatewayAmount(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,13}(\.\d{1,18})?$|^\d(\.\d+)?e[+-]?\d+$/i.test(text)) return null;
  const amount = Number(text);
  return Number.isFinite(amount) && amount >= 0 && amount < MAX_AMOUNT ? amount : null;
}

const idText = (value: unknown): string | null => (typeof value === "number" && Number.isSafeInteger(value)) || (typeof value === "string" && /^[0-9A-Za-z_-]{1,64}$/.test(value)) ? String(value) : null;

/** GET /v1/payment/{id}: what the gateway says of a payment now. Throws when it cannot say. */
export async function readPayment(config: NowPaymentsConfig, paymentId: string): Promise<PaymentReadBack> {
  const response = await fetch(`${config.NOWPAYMENTS_API_URL}/v1/payment/${encodeURIComponent(paymentId)}`, {
    headers: { "x-api-key": config.NOWPAYMENTS_API_KEY },
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || typeof body !== "object") throw new Error(`NOWPayments did not read back payment ${paymentId}: HTTP ${response.status}`);
  return {
    paymentId: idText(body.payment_id) ?? "",
    parentPaymentId: idText(body.parent_payment_id),
    invoiceId: idText(body.invoice_id),
    orderId: idText(body.order_id),
    status: typeof body.payment_status === "string" ? body.payment_status : "",
    priceAmount: gatewayAmount(body.price_amount),
    priceCurrency: typeof body.price_currency === "string" ? body.price_currency.toLowerCase() : "",
    payAmount: gatewayAmount(body.pay_amount),
    actuallyPaid: gatewayAmount(body.actually_paid),
    payCurrency: typeof body.pay_currency === "string" ? body.pay_currency.slice(0, 20) : null,
    raw: body,
  };
}

/**
 * The payments of an invoice, for the cron when no notification came: NOWPayments lists them
 * under GET /v1/payment/?invoiceId=… (the simulator keeps this shape).
 */
export async function invoicePayments(config: NowPaymentsConfig, invoiceId: string): Promise<string[]> {
  const response = await fetch(`${config.NOWPAYMENTS_API_URL}/v1/payment/?invoiceId=${encodeURIComponent(invoiceId)}&limit=10`, {
    headers: { "x-api-key": config.NOWPAYMENTS_API_KEY },
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as { data?: { payment_id?: unknown }[] } | null;
  if (!response.ok || !body || !Array.isArray(body.data)) throw new Error(`NOWPayments did not list the payments of invoice ${invoiceId}: HTTP ${response.status}`);
  return body.data.flatMap((payment) => idText(payment.payment_id) ?? []);
}
