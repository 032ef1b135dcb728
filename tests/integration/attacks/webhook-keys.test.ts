// Gateway keys and refused webhooks (docs/operations.md, "Alarms" and "Rotating secrets"): a
// refused signature is never silent, and a key change accepts the previous key without accepting
// a forged one.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { notifications } from "../../../workers/db/schema";
import worker from "../../../workers/index";
import { verifySepay } from "../../../workers/money/bank-transfers";
import { cardSign } from "../../../workers/money/cards";
import { db, hmac, person, topupFor } from "../../factories";

/** An end date `days` from today (…_PREVIOUS_UNTIL), as an operator writes it. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60_000).toISOString();
}

let nextId = Math.floor(Math.random() * 1e9);
function sepayBody() {
  nextId += 1;
  return { id: nextId, gateway: "Vietcombank", transactionDate: "2026-11-26 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, code: null, content: "NAP KHONG MA", transferType: "in", transferAmount: 60000, accumulated: 1, subAccount: null, referenceCode: `FT${nextId}`, description: "" };
}

async function sepay(authorization: string, settings: Record<string, string> = {}) {
  const context = createExecutionContext();
  const response = await worker.fetch(
    new Request("http://store.test/api/webhooks/sepay/", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: authorization, "CF-Ray": "7a6b5c4d3e2f1a0b-HAN" },
      body: JSON.stringify(sepayBody()),
    }) as Parameters<typeof worker.fetch>[0],
    { ...env, ...settings } as Env,
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

describe("attack: a webhook with a drifted or forged key", () => {
  it("is refused with a JSON log line naming the provider, the reason and the request's ray id (it was silent)", async () => {
    const warnings = vi.spyOn(console, "warn");
    const response = await sepay("Apikey not-the-key");
    expect(response.status).toBe(401);
    const line = warnings.mock.calls.map(([text]) => String(text)).find((text) => text.includes('"event":"webhook_refused"'));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ level: "warn", event: "webhook_refused", provider: "sepay", reason: "signature", ray: "7a6b5c4d3e2f1a0b-HAN" });
  });

  it("anyone's junk with a forged signature, seven times, spends no alarm: it names no deposit of the store", async () => {
    const before = await db.select().from(notifications).where(like(notifications.dedupeKey, "ops:ops-webhook-refused:casso:%"));
    const context = createExecutionContext();
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await worker.fetch(
        new Request("http://store.test/api/webhooks/casso/", { method: "POST", headers: { "Content-Type": "application/json", "X-Casso-Signature": "t=1,v1=forged" }, body: "{}" }) as Parameters<typeof worker.fetch>[0],
        env,
        context,
      );
      expect(response.status).toBe(401);
    }
    await waitOnExecutionContext(context);
    const after = await db.select().from(notifications).where(like(notifications.dedupeKey, "ops:ops-webhook-refused:casso:%"));
    expect(after.length - before.length).toBe(0);
  });

  it("refused five times within an hour, tells the owner once on Telegram (a drifted key stops every deposit)", async () => {
    // The gateway's own reports of a buyer's transfer, signed with a key the store no longer holds.
    const buyer = await person();
    const topup = await topupFor(buyer, 70000);
    const report = (id: number) => JSON.stringify({ error: 0, data: { id, reference: `FT${id}`, description: `CK ${topup.description}`, amount: 70000, runningBalance: 1, transactionDateTime: "2026-11-25 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, bankName: "VCB", bankAbbreviation: "VCB" } });
    const before = await db.select().from(notifications).where(like(notifications.dedupeKey, "ops:ops-webhook-refused:casso:%"));
    const context = createExecutionContext();
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await worker.fetch(
        new Request("http://store.test/api/webhooks/casso/", { method: "POST", headers: { "Content-Type": "application/json", "X-Casso-Signature": "t=1,v1=forged" }, body: report(nextId + attempt) }) as Parameters<typeof worker.fetch>[0],
        env,
        context,
      );
      expect(response.status).toBe(401);
    }
    await waitOnExecutionContext(context);
    const after = await db.select().from(notifications).where(like(notifications.dedupeKey, "ops:ops-webhook-refused:casso:%"));
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)?.kind).toBe("ops");
  });

  it("during a key change the previous SePay key is accepted, and a key that is neither is still refused", async () => {
    const rotating = { SEPAY_API_KEY: "sepay-new-key-0123456789", SEPAY_API_KEY_PREVIOUS: env.SEPAY_API_KEY, SEPAY_API_KEY_PREVIOUS_UNTIL: inDays(7) };
    expect((await sepay(`Apikey ${env.SEPAY_API_KEY}`, rotating)).status).toBe(200);
    expect((await sepay("Apikey sepay-new-key-0123456789", rotating)).status).toBe(200);
    expect((await sepay("Apikey sepay-guessed-key", rotating)).status).toBe(401);
  });

  it("signs a SePay webhook with the previous key after its end date: refused", async () => {
    vi.spyOn(console, "warn");
    const ended = { SEPAY_API_KEY: "sepay-new-key-0123456789", SEPAY_API_KEY_PREVIOUS: env.SEPAY_API_KEY, SEPAY_API_KEY_PREVIOUS_UNTIL: inDays(-1) };
    expect((await sepay(`Apikey ${env.SEPAY_API_KEY}`, ended)).status).toBe(401);
    expect((await sepay("Apikey sepay-new-key-0123456789", ended)).status).toBe(200);
  });

  it("a call proved with the previous key is logged and its last use kept, so the operator knows when the key can go", async () => {
    const warnings = vi.spyOn(console, "warn");
    warnings.mockClear();
    const rotating = { SEPAY_API_KEY: "sepay-new-key-0123456789", SEPAY_API_KEY_PREVIOUS: env.SEPAY_API_KEY, SEPAY_API_KEY_PREVIOUS_UNTIL: inDays(7) };
    const before = Date.now();
    expect((await sepay("Apikey sepay-new-key-0123456789", rotating)).status).toBe(200);
    expect(warnings.mock.calls.some(([text]) => String(text).includes('"event":"previous_key_used"'))).toBe(false);
    expect((await sepay(`Apikey ${env.SEPAY_API_KEY}`, rotating)).status).toBe(200);
    const line = warnings.mock.calls.map(([text]) => String(text)).find((text) => text.includes('"event":"previous_key_used"'));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ level: "warn", event: "previous_key_used", provider: "sepay" });
    const used = await env.DB.prepare("SELECT at FROM ops_heartbeats WHERE name = 'previous-key:sepay'").first<{ at: number }>();
    expect(used?.at).toBeGreaterThanOrEqual(before);
  });

  it("signs a card callback with the previous partner key after its end date: refused", async () => {
    vi.spyOn(console, "warn");
    const callback = async (key: string, until: string) => {
      const body = { status: 1, message: "Thành công", request_id: "req-unknown-1", declared_value: 100000, value: 100000, amount: 100000, code: "123456789012", serial: "SERIAL0001", telco: "VIETTEL", trans_id: "1", callback_sign: cardSign(key, "123456789012", "SERIAL0001") };
      const context = createExecutionContext();
      const response = await worker.fetch(
        new Request("http://store.test/api/webhooks/cards/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }) as Parameters<typeof worker.fetch>[0],
        { ...env, CARD_PARTNER_KEY: "card-new-partner-key", CARD_PARTNER_KEY_PREVIOUS: env.CARD_PARTNER_KEY, CARD_PARTNER_KEY_PREVIOUS_UNTIL: until } as Env,
        context,
      );
      await waitOnExecutionContext(context);
      return response.status;
    };
    // Within its dates the previous key gets past the signature (to the unknown request id: 404).
    expect(await callback(env.CARD_PARTNER_KEY, inDays(7))).toBe(404);
    expect(await callback(env.CARD_PARTNER_KEY, inDays(-1))).toBe(401);
  });

  it("in HMAC mode with a previous secret set, a forged signature is refused (each candidate is awaited, none taken for granted)", async () => {
    const config = { SEPAY_AUTH: "hmac" as const, SEPAY_API_KEY: "", SEPAY_HMAC_SECRET: "hmac-new", SEPAY_HMAC_SECRET_PREVIOUS: "hmac-old" };
    const now = Date.now();
    const body = JSON.stringify(sepayBody());
    const timestamp = String(Math.floor(now / 1000));
    const signed = async (secret: string) => new Headers({ "X-SePay-Timestamp": timestamp, "X-SePay-Signature": `sha256=${await hmac("SHA-256", secret, `${timestamp}.${body}`)}` });
    expect(await verifySepay(await signed("hmac-old"), body, config, now)).toBe(true);
    expect(await verifySepay(await signed("hmac-new"), body, config, now)).toBe(true);
    expect(await verifySepay(await signed("hmac-forged"), body, config, now)).toBe(false);
  });
});
