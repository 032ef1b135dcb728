// Payment providers call these. Authentication is checked on the raw body before anything is
// parsed; a refused call stores and credits nothing.
import { Hono } from "hono";
import { getConfig } from "../config";
import { parseSepay, receiveTransfer, verifySepay } from "../services/bank-transfers";
import type { ApiEnv } from "./context";

export const webhooksApi = new Hono<ApiEnv>();

webhooksApi.post("/sepay", async (c) => {
  const config = getConfig(c.env);
  const rawBody = await c.req.text();
  if (rawBody.length > 64 * 1024) return c.json({ success: false, message: "Payload too large" }, 413);
  if (!(await verifySepay(c.req.raw.headers, rawBody, config))) return c.json({ success: false, message: "Unauthorized" }, 401);
  const transfer = parseSepay(rawBody);
  if (!transfer) return c.json({ success: false, message: "Invalid payload" }, 400);
  const outcome = await receiveTransfer(c.env, config.VIETQR_ACCOUNT_NUMBER, transfer);
  // SePay retries anything but a success answer; every stored outcome is a success for it.
  return c.json({ success: true, outcome });
});
