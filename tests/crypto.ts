// Crypto top-ups as the tests drive them: an invoice made through the API, paid at the simulated
// NOWPayments (scripts/nowpayments-sim.mjs) with POST /sim/pay {deliver: false}, and its signed
// notifications delivered to the Worker by the test, byte for byte as the simulator signed them.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { CRYPTO_TEST } from "./test-servers";
import { api, hmac } from "./factories";

type Body = Record<string, any>;
export type Notification = { body: string; signature: string };

/** A crypto invoice of `usd` for the user: the API's answer (201). */
export async function cryptoInvoice(user: { token: string }, usd: unknown = 10): Promise<Body> {
  const created = await api("/api/crypto/create/", { token: user.token, body: { amount_usd: usd } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as Body;
}

/** Pays at the simulator; answers its payment and the notifications it signed (not sent). */
export async function simPay(body: Body): Promise<{ payment_id: number; notifications: Notification[] }> {
  // The Worker's own setting: workerd does not see TEST_PORT_BASE, which moves the port (tests/test-servers.ts).
  const response = await fetch(`${env.NOWPAYMENTS_API_URL}/sim/pay`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ deliver: false, ...body }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { payment_id: number; notifications: Notification[] };
}

/** Delivers one notification to the store as NOWPayments would. */
export async function deliver(notification: Notification, signature = notification.signature) {
  const response = await exports.default.fetch(
    new Request("http://store.test/api/webhooks/nowpayments/", { method: "POST", headers: { "Content-Type": "application/json", "x-nowpayments-sig": signature }, body: notification.body }),
  );
  return { status: response.status, body: (await response.json()) as Body };
}

/** The hex HMAC-SHA512 of `text` with the tests' IPN secret (what a signature over exactly these bytes is). */
export function signText(text: string): Promise<string> {
  return hmac("SHA-512", CRYPTO_TEST.ipnSecret, text);
}

/** The same JSON value with its keys in reverse order at every depth. */
export function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.keys(value).reverse().map((key) => [key, reversedKeys((value as Body)[key])]));
}
