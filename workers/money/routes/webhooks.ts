// Payment providers call these. Authentication is checked on the raw body before anything is
// parsed; a refused call stores and credits nothing.
import { type Context, Hono } from "hono";
import { getConfig, previousSecret } from "../../platform/config";
import { BANK_PROVIDERS, type IncomingTransfer, namesPendingTopup, receiveTransfer } from "../bank-transfers";
import { type CallbackOutcome, cardSign, namesPendingCard, receiveCardCallback, signatureMatches } from "../cards";
import { bankProviderPath } from "../schemas/bank-transfers";
import { type CryptoOutcome, namesOpenCrypto, receiveCryptoNotification } from "../crypto";
import { ipnSignatureMatches } from "../nowpayments";
import { cardCallbackSchema } from "../schemas/cards";
import { errorText, logEvent } from "../../lib/log";
import { cardGatewayFailed, previousKeyUsed, webhookRefused } from "../../owner/ops-alarms";
import { type ApiEnv, langOf, say } from "../../platform/http/context";
import { readParams } from "../../platform/http/validate";
import { WEBHOOK_MESSAGES } from "../messages";
import { refusalBody } from "../../platform/http/refusals";
import type { Message } from "../../shared/message";

/** A refusal to the card gateway: its own status 0, in the store's error shape. */
const cardRefusal = (c: Context, httpStatus: number, message: Message) => ({ ...refusalBody(httpStatus, message, langOf(c)), status: 0 });

export const webhooksApi = new Hono<ApiEnv>()
  // The pattern routes, it does not check: without it this route, declared first, would take the
  // card gateway's and NOWPayments' calls below (POST /cards, /nowpayments) and answer them 404.
  .post("/:provider{sepay|casso|payos}", async (c) => {
    const config = getConfig(c.env);
    const provider = BANK_PROVIDERS[readParams(c, bankProviderPath).provider];
    const rawBody = await c.req.text();
    const providerName = readParams(c, bankProviderPath).provider;
    const keyUsed = await provider.verify(c.req.raw.headers, rawBody, config);
    if (!keyUsed) {
      // Only a refused report that names a real pending top-up counts towards the owner's alarm.
      await webhookRefused(c.env, c.req.raw, providerName, "signature", await namesPendingTopup(c.env, providerName, rawBody));
      return c.json(refusalBody(401, WEBHOOK_MESSAGES.unauthorized, langOf(c)), 401);
    }
    if (keyUsed === "previous") await previousKeyUsed(c.env, providerName, c.req.raw);
    let transfer: IncomingTransfer | null;
    try {
      transfer = provider.parse(rawBody);
    } catch {
      transfer = null;
    }
    if (!transfer) {
      // Proved by the provider's key: the provider's own report that the store cannot read.
      await webhookRefused(c.env, c.req.raw, providerName, "payload", true);
      return c.json(refusalBody(400, WEBHOOK_MESSAGES.invalidPayload, langOf(c)), 400);
    }
    const outcome = await receiveTransfer(c.env, config.VIETQR_ACCOUNT_NUMBER, transfer);
    // Providers retry anything but a success answer; every stored outcome is a success for them.
    return c.json({ success: true, outcome });
  })
  // The card gateway's callback (POST JSON or form, or GET). Its signature is checked first, over the
  // callback's own code and serial, so nobody without the partner key learns anything about our
  // request ids; the card is then re-checked with the gateway before anything is credited or parked.
  .on(["GET", "POST"], "/cards", async (c) => {
    const config = getConfig(c.env);
    // A GET callback's fields are in its query string; cardCallbackSchema reads them as it reads a body.
    // Read here, with no takes*: the gateway sends them as a query, JSON or a form, and is never
    // refused for how it sent them (the schema takes anything; the signature decides).
    let raw: unknown = c.req.query();
    if (c.req.method === "POST") {
      const type = c.req.header("Content-Type") ?? "";
      raw = type.includes("application/json") ? await c.req.json().catch(() => null) : Object.fromEntries(new URLSearchParams(await c.req.text()));
    }
    const fields = cardCallbackSchema.parse(raw);
    const { code, serial } = fields;
    // During a partner key change, a callback signed with the previous key is accepted too, until its end date.
    const signedWith = (key: string) => Boolean(key && code && serial && signatureMatches(cardSign(key, code, serial), fields.callback_sign));
    const keyUsed = signedWith(config.CARD_PARTNER_KEY) ? "current" : signedWith(previousSecret(config, "CARD_PARTNER_KEY_PREVIOUS")) ? "previous" : null;
    if (!code || !serial || !keyUsed) {
      await webhookRefused(c.env, c.req.raw, "card", "signature", Boolean(code && serial) && (await namesPendingCard(c.env, { requestId: fields.request_id, serial: serial as string })));
      return c.json(cardRefusal(c, 401, WEBHOOK_MESSAGES.invalidSignature), 401);
    }
    if (keyUsed === "previous") await previousKeyUsed(c.env, "card", c.req.raw);
    let outcome: CallbackOutcome;
    try {
      outcome = await receiveCardCallback(c.env, config, { requestId: fields.request_id, code, serial });
    } catch (error) {
      // The gateway or the cron retries.
      await cardGatewayFailed(c.env, `callback re-check: ${errorText(error)}`);
      return c.json(cardRefusal(c, 502, WEBHOOK_MESSAGES.recheckFailed), 502);
    }
    if (outcome === "unknown") return c.json(cardRefusal(c, 404, WEBHOOK_MESSAGES.unknownRequest), 404);
    if (outcome === "mismatch") return c.json(cardRefusal(c, 400, WEBHOOK_MESSAGES.mismatch), 400);
    return c.json({ status: 1, message: outcome === "parked" ? say(c, WEBHOOK_MESSAGES.parked) : "OK" });
  })
  // NOWPayments' notification (IPN). Its signature covers the whole body (keys sorted), checked
  // before anything is read from it; then the payment is read back from the gateway and judged by
  // that answer alone (workers/money/crypto.ts), so a replayed or reordered notification, or one
  // whose amounts were changed, credits nothing more than the gateway's own word.
  .post("/nowpayments", async (c) => {
    const config = getConfig(c.env);
    const rawBody = await c.req.text();
    let body: unknown = null;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = null;
    }
    const fields = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const signature = c.req.header("x-nowpayments-sig") ?? "";
    if (!fields || !config.NOWPAYMENTS_IPN_SECRET || !ipnSignatureMatches(config.NOWPAYMENTS_IPN_SECRET, fields, signature)) {
      await webhookRefused(c.env, c.req.raw, "nowpayments", "signature", Boolean(fields) && (await namesOpenCrypto(c.env, fields?.order_id)));
      return c.json(refusalBody(401, WEBHOOK_MESSAGES.invalidSignature, langOf(c)), 401);
    }
    const paymentId = fields.payment_id;
    if ((typeof paymentId !== "number" && typeof paymentId !== "string") || !/^[0-9A-Za-z_-]{1,64}$/.test(String(paymentId))) {
      await webhookRefused(c.env, c.req.raw, "nowpayments", "payload", true);
      return c.json(refusalBody(400, WEBHOOK_MESSAGES.invalidPayload, langOf(c)), 400);
    }
    let outcome: CryptoOutcome;
    try {
      outcome = await receiveCryptoNotification(c.env, config, String(paymentId));
    } catch (error) {
      // The gateway could not be asked: it notifies again, and the cron reads back meanwhile.
      logEvent("error", "crypto_readback_failed", { payment: String(paymentId), error: errorText(error) });
      return c.json(refusalBody(502, WEBHOOK_MESSAGES.readBackFailed, langOf(c)), 502);
    }
    if (outcome === "unknown" || outcome === "mismatch") {
      await webhookRefused(c.env, c.req.raw, "nowpayments", outcome, false);
      return c.json(refusalBody(outcome === "unknown" ? 404 : 400, outcome === "unknown" ? WEBHOOK_MESSAGES.unknownRequest : WEBHOOK_MESSAGES.mismatch, langOf(c)), outcome === "unknown" ? 404 : 400);
    }
    return c.json({ success: true, outcome });
  });
