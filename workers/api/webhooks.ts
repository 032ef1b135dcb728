// Payment providers call these. Authentication is checked on the raw body before anything is
// parsed; a refused call stores and credits nothing.
import { Hono } from "hono";
import { getConfig } from "../config";
import { eq } from "drizzle-orm";
import { cardTopups } from "../db/schema";
import { BANK_PROVIDERS, receiveTransfer } from "../services/bank-transfers";
import { applyGatewayAnswer, cardSign, recheckCard, signatureMatches } from "../services/cards";
import { type ApiEnv, db } from "./context";

export const webhooksApi = new Hono<ApiEnv>();

webhooksApi.post("/:provider{sepay|casso|payos}", async (c) => {
  const config = getConfig(c.env);
  const provider = BANK_PROVIDERS[c.req.param("provider") as keyof typeof BANK_PROVIDERS];
  const rawBody = await c.req.text();
  if (!(await provider.verify(c.req.raw.headers, rawBody, config))) return c.json({ success: false, message: "Unauthorized" }, 401);
  let transfer;
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

// The card gateway's callback (POST JSON or form, or GET). Its signature covers neither status
// nor amount, so the card is re-checked with the gateway before anything is credited.
webhooksApi.on(["GET", "POST"], "/cards", async (c) => {
  const config = getConfig(c.env);
  let fields: Record<string, unknown> = c.req.query();
  if (c.req.method === "POST") {
    const type = c.req.header("Content-Type") ?? "";
    fields = type.includes("application/json") ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(await c.req.text()));
  }
  const requestId = String(fields.request_id ?? "");
  const [card] = requestId ? await db(c).select().from(cardTopups).where(eq(cardTopups.requestId, requestId.slice(0, 64))).limit(1) : [];
  if (!card) return c.json({ status: 0, message: "Unknown request_id" }, 404);
  if (card.status !== "pending") return c.json({ status: 1, message: "Already processed" });
  const expected = cardSign(config.CARD_PARTNER_KEY, card.cardCode, card.cardSerial);
  if (!signatureMatches(expected, String(fields.callback_sign ?? ""))) return c.json({ status: 0, message: "Invalid signature" }, 401);
  try {
    await applyGatewayAnswer(c.env, config, card, await recheckCard(config, card));
  } catch (error) {
    console.error("Card re-check failed; the cron will retry", error);
    return c.json({ status: 0, message: "Re-check failed" }, 502);
  }
  return c.json({ status: 1, message: "OK" });
});
