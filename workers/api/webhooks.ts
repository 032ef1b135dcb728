// Payment providers call these. Authentication is checked on the raw body before anything is
// parsed; a refused call stores and credits nothing.
import { Hono } from "hono";
import { getConfig } from "../config";
import { BANK_PROVIDERS, type IncomingTransfer, receiveTransfer } from "../services/bank-transfers";
import { type CallbackOutcome, cardSign, receiveCardCallback, signatureMatches } from "../services/cards";
import type { ApiEnv } from "./context";

export const webhooksApi = new Hono<ApiEnv>();

webhooksApi.post("/:provider{sepay|casso|payos}", async (c) => {
  const config = getConfig(c.env);
  const provider = BANK_PROVIDERS[c.req.param("provider") as keyof typeof BANK_PROVIDERS];
  const rawBody = await c.req.text();
  if (!(await provider.verify(c.req.raw.headers, rawBody, config))) return c.json({ success: false, message: "Unauthorized" }, 401);
  let transfer: IncomingTransfer | null;
  try {
    transfer = provider.parse(rawBody);
  } catch {
    transfer = null;
  }
  if (!transfer) return c.json({ success: false, message: "Invalid payload" }, 400);
  const outcome = await receiveTransfer(c.env, config.VIETQR_ACCOUNT_NUMBER, transfer);
  // Providers retry anything but a success answer; every stored outcome is a success for them.
  return c.json({ success: true, outcome });
});

// The card gateway's callback (POST JSON or form, or GET). Its signature is checked first, over the
// callback's own code and serial, so nobody without the partner key learns anything about our
// request ids; the card is then re-checked with the gateway before anything is credited or parked.
webhooksApi.on(["GET", "POST"], "/cards", async (c) => {
  const config = getConfig(c.env);
  let fields: Record<string, unknown> = c.req.query();
  if (c.req.method === "POST") {
    const type = c.req.header("Content-Type") ?? "";
    fields = type.includes("application/json") ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(await c.req.text()));
  }
  const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
  const code = text(fields.code);
  const serial = text(fields.serial);
  if (!config.CARD_PARTNER_KEY || !code || !serial || !signatureMatches(cardSign(config.CARD_PARTNER_KEY, code, serial), text(fields.callback_sign))) {
    return c.json({ status: 0, message: "Invalid signature" }, 401);
  }
  let outcome: CallbackOutcome;
  try {
    outcome = await receiveCardCallback(c.env, config, { requestId: text(fields.request_id), code, serial });
  } catch (error) {
    console.error("Card re-check failed; the gateway or the cron will retry", error);
    return c.json({ status: 0, message: "Re-check failed" }, 502);
  }
  if (outcome === "unknown") return c.json({ status: 0, message: "Unknown request_id" }, 404);
  if (outcome === "mismatch") return c.json({ status: 0, message: "Card does not match request_id" }, 400);
  return c.json({ status: 1, message: outcome === "parked" ? "Parked for review" : "OK" });
});
