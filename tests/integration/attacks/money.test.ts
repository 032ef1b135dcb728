// Attacks on money (issue #13, Money 1, 2, 5): each test plays the attacker against the real
// Worker, D1 and wallet objects, and was written to fail on the code before its fix.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { keyPricing, keyTypes, licenseKeys, vietqrTopups, walletTransactions } from "../../../workers/db/schema";
import { VIETQR_MESSAGES } from "../../../workers/money/messages";
import worker from "../../../workers/index";
import { purchaseKey, purchaseReference } from "../../../workers/money/wallet/money";
import { api, balanceOf, db, funded, listing, moneyOf, person, request, unique } from "../../factories";

type Body = Record<string, any>;

async function ledgerOf(userId: number) {
  return db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId));
}

const call = (method: string, path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) => api(path, { method, token, body, headers });

function buy(token: string, pricingId: number, idempotencyKey?: string) {
  return call("POST", "/api/keys/purchase/", token, { key_pricing_id: pricingId, payment_method: "balance" }, idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {});
}

describe("attack: buying a key whose key type is paused", () => {
  it("buys a key of a key type the admin has switched off", async () => {
    const { app, pricing } = await listing({ typeActive: false });
    const buyer = await funded(200_000);

    const listed = await call("GET", `/api/keys/apps/${app.url}/pricing/`, buyer.token);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].can_purchase).toBe(false);
    const availability = await call("GET", `/api/keys/availability/${app.url}/?pricing_id=${pricing.id}`, undefined);
    expect(availability.body.data.can_purchase).toBe(false);

    const bought = await buy(buyer.token, pricing.id);
    expect(bought.status).toBe(409);
    expect(bought.body.message).toBe("Loại key này đã tạm dừng bán. Vui lòng chọn loại key khác.");
    expect(await balanceOf(buyer.id)).toBe(200_000);
    const sold = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(sold.every((key) => key.status === "available")).toBe(true);
  });
});

describe("attack: a double-clicked or retried balance adjustment", () => {
  function adjust(token: string, userId: number, body: unknown, idempotencyKey?: string) {
    return call("POST", `/api/admin/users/${userId}/adjust-balance/`, token, body, idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {});
  }

  it("sends the same adjustment ten times at once, hoping to credit it ten times", async () => {
    const admin = await person("superuser");
    const target = await person();
    const key = `adj-${crypto.randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(admin.token, target.id, { amount: 100_000, transaction_type: "deposit" }, key)));

    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const first = answers[0].body;
    expect(first.data.balance).toBe(100_000);
    for (const answer of answers) expect(answer.body).toEqual(first);
    expect(await ledgerOf(target.id)).toHaveLength(1);
    expect(await balanceOf(target.id)).toBe(100_000);
  });

  it("replays an adjustment that already succeeded, after the balance has moved on", async () => {
    const admin = await person("superuser");
    const target = await funded(50_000);
    const key = `adj-${crypto.randomUUID()}`;
    const first = await adjust(admin.token, target.id, { amount: -20_000, description: "Thu hồi" }, key);
    expect(first.status).toBe(200);
    expect(first.body.data.balance).toBe(30_000);
    // Something else changes the balance before the retry arrives.
    await adjust(admin.token, target.id, { amount: 5_000 }, `adj-${crypto.randomUUID()}`);

    const replay = await adjust(admin.token, target.id, { amount: -20_000, description: "Thu hồi" }, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await ledgerOf(target.id)).toHaveLength(3);
    expect(await balanceOf(target.id)).toBe(35_000);
  });

  it("uses one key for two different users: each user's adjustment is its own", async () => {
    const admin = await person("superuser");
    const one = await person();
    const two = await person();
    const key = `adj-${crypto.randomUUID()}`;
    expect((await adjust(admin.token, one.id, { amount: 1_000 }, key)).status).toBe(200);
    expect((await adjust(admin.token, two.id, { amount: 2_000 }, key)).status).toBe(200);
    expect(await balanceOf(one.id)).toBe(1_000);
    expect(await balanceOf(two.id)).toBe(2_000);
  });

  it("sends a malformed Idempotency-Key", async () => {
    const admin = await person("superuser");
    const target = await person();
    const refused = await adjust(admin.token, target.id, { amount: 1_000 }, "short");
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ non_field_errors: ["Idempotency-Key không hợp lệ"] });
    expect(await ledgerOf(target.id)).toHaveLength(0);
  });
});

describe("attack: an adjustment key reused for another amount", () => {
  it("replays a small credit's key with a large amount, hoping the large one is taken", async () => {
    const admin = await person("superuser");
    const target = await person();
    const key = `adj-${crypto.randomUUID()}`;
    const call1 = await call("POST", `/api/admin/users/${target.id}/adjust-balance/`, admin.token, { amount: 1_000 }, { "Idempotency-Key": key });
    expect(call1.status).toBe(200);
    const call2 = await call("POST", `/api/admin/users/${target.id}/adjust-balance/`, admin.token, { amount: 900_000 }, { "Idempotency-Key": key });
    expect(call2.status).toBe(409);
    expect(call2.body.success).toBe(false);
    expect(await balanceOf(target.id)).toBe(1_000);
  });
});

describe("attack: a purchase's Idempotency-Key sent again for another request", () => {
  it("buys the cheap key, then sends its Idempotency-Key for the dear pricing and is told it bought that (200 replayed with the first order)", async () => {
    const buyer = await funded(200_000);
    const cheap = await listing({ price: 1_000, stock: 2 });
    const dear = await listing({ price: 90_000, stock: 2, type: "30days" });
    const key = `buy-${crypto.randomUUID()}`;
    const first = await buy(buyer.token, cheap.pricing.id, key);
    expect(first.status).toBe(200);

    const other = await buy(buyer.token, dear.pricing.id, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ success: false, code: "idempotency_key_reused", message: "Idempotency-Key này đã được dùng cho một yêu cầu mua khác.", errors: { non_field_errors: ["Idempotency-Key này đã được dùng cho một yêu cầu mua khác."] } });
    // Another payment method with the same key is another request too.
    const otherMethod = await call("POST", "/api/keys/purchase/", buyer.token, { key_pricing_id: cheap.pricing.id, payment_method: "card" }, { "Idempotency-Key": key });
    expect(otherMethod.status).toBe(409);

    expect(await balanceOf(buyer.id)).toBe(199_000);
    const dearKeys = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, dear.app.id));
    expect(dearKeys.every((row) => row.status === "available")).toBe(true);
    // The same request again is still the first purchase, answered as it was.
    const again = await buy(buyer.token, cheap.pricing.id, key);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, order: first.body.order });
  });
});

// The development example (and so the tests) sets USD_VND_RATE=25500.
const RATE = 25_500;

function settings(token: string, method = "GET", body?: unknown) {
  return call(method, "/api/admin/settings/", token, body);
}

/** The Worker called directly with another env (here: without a USD rate). */
async function direct(method: string, path: string, workerEnv: Env, token: string, body?: unknown) {
  const response = await worker.fetch(
    new Request(`http://store.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    }) as Parameters<typeof worker.fetch>[0],
    workerEnv,
    createExecutionContext(),
  );
  return { status: response.status, body: (await response.json()) as Body };
}

describe("attack: paying a USD price with the same number of đồng", () => {
  it("buys a key priced 5 US$ for 5 ₫", async () => {
    const { app, pricing } = await listing({ price: 5, currency: "USD" });
    const buyer = await funded(200_000);

    const listed = await call("GET", `/api/keys/apps/${app.url}/pricing/`, buyer.token);
    expect(listed.body.data[0]).toMatchObject({ price: 5, currency: "USD", vnd_price: 5 * RATE, can_purchase: true });

    const bought = await buy(buyer.token, pricing.id, `usd-${crypto.randomUUID()}`);
    expect(bought.status).toBe(200);
    expect(bought.body.order).toMatchObject({ amount: 5, currency: "USD", vnd_amount: 127_500, exchange_rate: RATE });
    // Intl puts a no-break space before the currency sign.
    expect(bought.body.order.formatted_price.replace(/\u00a0/g, " ")).toBe("5,00 US$");
    expect(bought.body.order.formatted_total.replace(/\u00a0/g, " ")).toBe("5,00 US$ ≈ 127.500 ₫");
    expect(bought.body.user.balance).toBe(200_000 - 127_500);
    const after = await moneyOf(buyer.id);
    expect(after).toEqual({ balance: 72_500, spent: 127_500 });
    const [row] = (await ledgerOf(buyer.id)).filter((entry) => entry.transactionType === "purchase");
    expect(row.amount).toBe(-127_500);

    const history = await call("GET", "/api/auth/purchase/history/", buyer.token);
    expect(history.body.data[0]).toMatchObject({ amount: 5, currency: "USD", vnd_amount: 127_500, exchange_rate: RATE });
  });

  it("buys a 5 US$ key with only 1.000 ₫ in the wallet", async () => {
    const { pricing } = await listing({ price: 5, currency: "USD" });
    const buyer = await funded(1_000);
    const bought = await buy(buyer.token, pricing.id);
    expect(bought.status).toBe(402);
    expect(bought.body).toMatchObject({ required: 127_500, current: 1_000 });
    expect(await balanceOf(buyer.id)).toBe(1_000);
  });

  it("gets a VND price recorded as what it was charged, with no rate", async () => {
    const { pricing } = await listing({ price: 40_000 });
    const buyer = await funded(100_000);
    const bought = await buy(buyer.token, pricing.id);
    expect(bought.body.order).toMatchObject({ amount: 40_000, currency: "VND", vnd_amount: 40_000, exchange_rate: null });
  });

  it("creates a USD pricing while the shop has no rate, so nothing can say what it costs", async () => {
    const admin = await person("superuser");
    const { app } = await listing({ stock: 0 });
    const withoutRate = { ...env, USD_VND_RATE: "" } as Env;
    const [type] = await db.insert(keyTypes).values({ name: unique("kt").slice(0, 40), displayName: "Không tỷ giá", durationDays: 1 }).returning();
    const created = await direct("POST", `/api/keys/apps/${app.url}/pricing/`, withoutRate, admin.token, { key_type: type.id, price: 5, currency: "USD" });
    expect(created.status).toBe(400);
    expect(created.body.message).toMatch(/tỷ giá/);
    expect((await db.select().from(keyPricing).where(eq(keyPricing.keyTypeId, type.id))).length).toBe(0);

    // A USD pricing made while there was a rate cannot be bought once there is none.
    const { app: usdApp, pricing } = await listing({ price: 5, currency: "USD" });
    const buyer = await funded(500_000);
    const listed = await direct("GET", `/api/keys/apps/${usdApp.url}/pricing/`, withoutRate, buyer.token);
    expect(listed.body.data[0]).toMatchObject({ vnd_price: null, can_purchase: false });
    // The purchase itself runs in the buyer's wallet object, whose env has the rate: the rule it
    // applies is called here with the rate missing.
    const bought = await purchaseKey(env.DB, buyer.id, { pricingId: pricing.id, paymentMethod: "balance" }, purchaseReference(buyer.id, null), null);
    expect(bought).toEqual({ ok: false, error: "paused" });
    expect(await balanceOf(buyer.id)).toBe(500_000);
  });

  it("lets only an admin set the rate; the admin's rate wins over the setting and reaches the app page", async () => {
    const admin = await person("superuser");
    const plain = await person();
    const { app, pricing } = await listing({ price: 2, currency: "USD" });
    expect((await call("PUT", "/api/admin/settings/", undefined, { usd_vnd_rate: 1 })).status).toBe(401);
    expect((await settings(plain.token, "PUT", { usd_vnd_rate: 1 })).status).toBe(403);
    expect((await settings(plain.token)).status).toBe(403);
    expect((await settings(admin.token)).body.data).toMatchObject({ usd_vnd_rate: RATE, default_usd_vnd_rate: RATE, source: "env" });

    const before = await request(`/${app.url}`, { headers: { Accept: "text/html" } });
    expect(await before.text()).toContain("51.000"); // 2 US$ at 25.500
    try {
      expect((await settings(admin.token, "PUT", { usd_vnd_rate: 0 })).status).toBe(400);
      const saved = await settings(admin.token, "PUT", { usd_vnd_rate: 26_000 });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ usd_vnd_rate: 26_000, source: "store" });

      const after = await request(`/${app.url}`, { headers: { Accept: "text/html" } });
      expect(await after.text()).toContain("52.000");
      const buyer = await funded(100_000);
      const bought = await buy(buyer.token, pricing.id);
      expect(bought.body.order).toMatchObject({ vnd_amount: 52_000, exchange_rate: 26_000 });
      expect(await balanceOf(buyer.id)).toBe(48_000);
    } finally {
      const cleared = await settings(admin.token, "PUT", { usd_vnd_rate: null });
      expect(cleared.body.data).toMatchObject({ usd_vnd_rate: RATE, source: "env" });
    }
  });
});

describe("attack: opening more pending top-ups than the limit, all at once", () => {
  it("asks for 15 VietQR top-ups in parallel and gets 5, the limit; the others are told why", async () => {
    const user = await person();
    const results = await Promise.all(Array.from({ length: 15 }, () => api("/api/vietqr/create/", { token: user.token, body: { amount: 60000 } })));
    expect(results.filter((result) => result.status === 201)).toHaveLength(5);
    const refused = results.filter((result) => result.status !== 201);
    expect(refused.map((result) => result.status)).toEqual(Array(10).fill(400));
    expect(new Set(refused.map((result) => result.body.message))).toEqual(new Set([VIETQR_MESSAGES.tooManyPending.in("vi")]));
    const pending = await db.select().from(vietqrTopups).where(and(eq(vietqrTopups.userId, user.id), eq(vietqrTopups.status, "pending")));
    expect(pending).toHaveLength(5);
  });
});
