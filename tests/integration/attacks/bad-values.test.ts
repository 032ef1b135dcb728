// Attacks with malformed values (issue #24, items 8–11): numbers written as hex, exponents,
// booleans or arrays, pages and searches the database cannot take, broken escapes, names of
// invisible characters. Each was written to fail on the code before its fix; refused, each changes
// nothing and is told why in Vietnamese, in the store's error shape.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { keyBatches, keyPricing, licenseKeys, paymentEvents, promotions, users, walletTransactions } from "../../../workers/db/schema";
import { api, apiWithHeaders, balanceOf, bytes, createApp, db, funded, listing, person, request, typeId, unique } from "../../factories";
import { looksEnglish } from "../../messages";

type Body = Record<string, any>;
type Answer = { status: number; body: Body };

const call = (method: string, path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) =>
  api(path, { method, token, body, headers: { "CF-Connecting-IP": unique("ip"), ...headers } });

/** A refusal as the store gives one: 4xx, {success:false, message} in Vietnamese. */
function expectRefusal(answer: Answer, status: number) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBeLessThan(500);
  expect(answer.body.success).toBe(false);
  expect(looksEnglish(answer.body.message), `English or empty: ${JSON.stringify(answer.body.message)}`).toBe(false);
}

/** Other spellings of the id `n` that Number() reads as n. */
function oddSpellings(n: number): string[] {
  return [`0x${n.toString(16)}`, `0b${n.toString(2)}`, `0o${n.toString(8)}`, `${n}.0`, `${n}e0`, `%2B${n}`, `%20${n}`, `${n}%20`, `0${n}`, `${n}.`];
}

async function sepay(body: Body): Promise<Answer> {
  const response = await request("/api/webhooks/sepay/", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

let transferId = Math.floor(Math.random() * 1e9);
function sepayTransfer(overrides: Body = {}): Body {
  transferId += 1;
  return {
    id: transferId,
    gateway: "Vietcombank",
    transactionDate: "2026-11-26 10:00:00",
    accountNumber: env.VIETQR_ACCOUNT_NUMBER,
    code: null,
    content: "chuyen tien khong ma",
    transferType: "in",
    transferAmount: 70_000,
    accumulated: 1_000_000,
    subAccount: null,
    referenceCode: unique("FT"),
    description: "chuyen tien khong ma",
    ...overrides,
  };
}

/** A transfer that matched no top-up, parked for an admin. */
async function parkedTransfer(): Promise<number> {
  const body = sepayTransfer();
  expect((await sepay(body)).body.outcome).toBe("unmatched");
  const [event] = await db.select().from(paymentEvents).where(eq(paymentEvents.providerTransactionId, String(body.id)));
  return event.id;
}

async function ledgerCount(): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(walletTransactions);
  return row.n;
}

/**
 * Pricing 1 and key 1 exist, for sale: what `true` (read as 1) would reach. The first listing of
 * a fresh database has both; otherwise they are made so.
 */
async function ensureRowOne() {
  const made = await listing({ price: 10_000, stock: 3 });
  const [pricingOne] = await db.select().from(keyPricing).where(eq(keyPricing.id, 1));
  if (!pricingOne) {
    await db.update(keyPricing).set({ id: 1 }).where(eq(keyPricing.id, made.pricing.id));
  } else {
    // On sale, with a key in stock.
    await db.update(keyPricing).set({ isActive: true, price: 10_000, currency: "VND" }).where(eq(keyPricing.id, 1));
    await db.insert(licenseKeys).values({ appId: pricingOne.appId, keyTypeId: pricingOne.keyTypeId, keyCode: unique("ONE") });
  }
  const [keyOne] = await db.select().from(licenseKeys).where(eq(licenseKeys.id, 1));
  if (!keyOne) await db.insert(licenseKeys).values({ id: 1, appId: made.app.id, keyTypeId: await typeId("7days"), keyCode: unique("ONE") });
}

// ---------------------------------------------------------------- item 8

describe("attack: pages and searches the database cannot take", () => {
  it("asks for page 1e308, Infinity, 1.5 or -1 of the card history, the users list, the audit log and an app's keys", async () => {
    const admin = await person("superuser");
    const buyer = await person();
    const app = await createApp();
    for (const page of ["1e308", "Infinity", "1.5", "-1", "0x2", "", " 2", "2 "]) {
      for (const name of ["page", "page_size"]) {
        const query = `${name}=${encodeURIComponent(page)}`;
        expectRefusal(await call("GET", `/api/cards/history/?${query}`, buyer.token), 400);
        expectRefusal(await call("GET", `/api/admin/users/?${query}`, admin.token), 400);
        expectRefusal(await call("GET", `/api/admin/audit/?${query}`, admin.token), 400);
        expectRefusal(await call("GET", `/api/keys/apps/${app.url}/keys/?${name === "page" ? query : `page=1&${query}`}`, admin.token), 400);
      }
    }
    // A page past the last one is an empty page, not an error.
    const far = await call("GET", "/api/cards/history/?page=100000", buyer.token);
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
  });

  it("searches the users list and the audit log with 49 characters, 30 percent signs or 20 accented letters", async () => {
    const admin = await person("superuser");
    for (const search of ["a".repeat(49), "%".repeat(30), "_".repeat(30), "ễ".repeat(20), "\\".repeat(30)]) {
      const q = encodeURIComponent(search);
      expectRefusal(await call("GET", `/api/admin/users/?search=${q}`, admin.token), 400);
      expectRefusal(await call("GET", `/api/admin/audit/?actor=${q}`, admin.token), 400);
    }
    // A search that fits finds what it says, wildcards included.
    const found = await call("GET", `/api/admin/users/?search=${encodeURIComponent(admin.username.slice(0, 20))}`, admin.token);
    expect(found.status).toBe(200);
    expect(found.body.data.map((user: Body) => user.id)).toContain(admin.id);
    expect((await call("GET", `/api/admin/users/?search=${encodeURIComponent("%".repeat(24))}`, admin.token)).status).toBe(200);
    expect((await call("GET", `/api/admin/audit/?actor=${encodeURIComponent("%_\\".repeat(8))}`, admin.token)).status).toBe(200);
  });

  it("reads a media file whose name ends in a broken escape, or is longer than R2 allows", async () => {
    for (const path of ["/api/media/icons/a%zz.png", "/api/media/media/%E0%A4%A.png", "/api/media/icons/%", `/api/media/icons/${"a".repeat(1100)}.png`, `/api/media/icons/${"%C3%A9".repeat(600)}`]) {
      const response = await request(path);
      expectRefusal({ status: response.status, body: (await response.json()) as Body }, 404);
    }
  });

  it("posts the card callback with the JSON body null, an array or a number", async () => {
    for (const body of ["null", "[]", "7", '"x"', "{"]) {
      const response = await request("/api/webhooks/cards/", { method: "POST", headers: { "Content-Type": "application/json" }, body });
      expectRefusal({ status: response.status, body: (await response.json()) as Body }, 401);
    }
  });

  it("deletes a pricing, which the store does not do, and hears it in English with a 501", async () => {
    const admin = await person("superuser");
    const { app, pricing } = await listing();
    const answer = await apiWithHeaders(`/api/keys/apps/${app.url}/pricing/${pricing.id}/`, { method: "DELETE", token: admin.token });
    expectRefusal(answer, 405);
    expect(answer.headers.get("Allow")).toBe("PATCH");
    expect(await db.select().from(keyPricing).where(eq(keyPricing.id, pricing.id))).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- item 9

describe("attack: another spelling of an id", () => {
  it("deletes key 0x10 (and every other spelling of a real key's id) hoping to delete that key", async () => {
    const admin = await person("superuser");
    const { app } = await listing({ stock: 1 });
    const [key] = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    for (const id of oddSpellings(key.id)) {
      expectRefusal(await call("DELETE", `/api/keys/keys/${id}/`, admin.token), 404);
      expectRefusal(await call("POST", `/api/keys/keys/${id}/deactivate/`, admin.token), 404);
      expectRefusal(await call("PATCH", `/api/keys/keys/${id}/update-status/`, admin.token, { status: "revoked" }), 404);
    }
    const [after] = await db.select().from(licenseKeys).where(eq(licenseKeys.id, key.id));
    expect(after.status).toBe("available");
  });

  it("adjusts the balance of user 3.0, 0x3, 3e0 or +3: money moves for user 3", async () => {
    const admin = await person("superuser");
    const target = await funded(10_000);
    for (const id of oddSpellings(target.id)) {
      expectRefusal(await call("POST", `/api/admin/users/${id}/adjust-balance/`, admin.token, { amount: 5_000, transaction_type: "deposit" }), 404);
      expectRefusal(await call("GET", `/api/admin/users/${id}/transactions/`, admin.token), 404);
    }
    expect(await balanceOf(target.id)).toBe(10_000);
  });

  it("credits, dismisses or edits a parked transfer, a promotion, a pricing and a batch through another spelling of its id", async () => {
    const admin = await person("superuser");
    const eventId = await parkedTransfer();
    const { app, pricing } = await listing({ price: 40_000 });
    const promotion = await call("POST", "/api/promotions/", admin.token, { name: "Khuyến mãi thử", promotion_type: "percentage", bonus_percentage: 10 });
    expect(promotion.status).toBe(201);
    const [batch] = await db.insert(keyBatches).values({ appId: app.id, keyTypeId: pricing.keyTypeId, batchName: unique("lo") }).returning();
    const buyer = await person();
    for (const id of oddSpellings(eventId)) {
      expectRefusal(await call("POST", `/api/admin/bank-transfers/${id}/credit/`, admin.token, { user_id: buyer.id }), 404);
      expectRefusal(await call("POST", `/api/admin/bank-transfers/${id}/dismiss/`, admin.token, { note: "bỏ" }), 404);
    }
    for (const id of oddSpellings(promotion.body.data.id)) {
      expectRefusal(await call("PUT", `/api/promotions/${id}/`, admin.token, { name: "Đổi tên", promotion_type: "percentage", bonus_percentage: 20 }), 404);
      expectRefusal(await call("DELETE", `/api/promotions/${id}/`, admin.token), 404);
    }
    for (const id of oddSpellings(pricing.id)) {
      expectRefusal(await call("PATCH", `/api/keys/apps/${app.url}/pricing/${id}/`, admin.token, { price: 1 }), 404);
    }
    for (const id of oddSpellings(batch.id)) expectRefusal(await call("GET", `/api/keys/batches/${id}/`, admin.token), 404);
    for (const id of oddSpellings(buyer.id)) expectRefusal(await call("POST", `/api/auth/purchase/${id}/reset-device/`, buyer.token), 404);

    expect(await balanceOf(buyer.id)).toBe(0);
    expect((await db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId)))[0].status).toBe("unmatched");
    expect((await db.select().from(promotions).where(eq(promotions.id, promotion.body.data.id)))[0].name).toBe("Khuyến mãi thử");
    expect((await db.select().from(keyPricing).where(eq(keyPricing.id, pricing.id)))[0].price).toBe(40_000);
  });
});

// ---------------------------------------------------------------- item 10

describe("attack: booleans, arrays, hex and exponents where a number is meant", () => {
  beforeAll(ensureRowOne);

  it("buys with key_pricing_id true, hoping for pricing 1", async () => {
    const buyer = await funded(100_000);
    for (const id of [true, [1], "0x1", "1e0", " 1", "1.0", "", null]) {
      expectRefusal(await call("POST", "/api/keys/purchase/", buyer.token, { key_pricing_id: id, payment_method: "balance" }), 400);
    }
    expect(await balanceOf(buyer.id)).toBe(100_000);
  });

  it("adjusts a balance by the amount 0x10, [5000], true, 1e4 or ' 5000'", async () => {
    const admin = await person("superuser");
    const target = await person();
    for (const amount of ["0x10", [5000], true, "1e4", " 5000", "5000 ", "5_000", "+5000", "5000.0", 5000.5, "Infinity", "", "0b11"]) {
      expectRefusal(await call("POST", `/api/admin/users/${target.id}/adjust-balance/`, admin.token, { amount, transaction_type: "deposit" }), 400);
    }
    expect(await balanceOf(target.id)).toBe(0);
    // The decimal string the admin's form sends still works, negative included.
    expect((await call("POST", `/api/admin/users/${target.id}/adjust-balance/`, admin.token, { amount: "5000", transaction_type: "deposit" })).status).toBe(200);
    expect((await call("POST", `/api/admin/users/${target.id}/adjust-balance/`, admin.token, { amount: "-2000" })).status).toBe(200);
    expect(await balanceOf(target.id)).toBe(3_000);
  });

  it("credits a parked transfer to user true, that is user 1, the admin", async () => {
    const admin = await person("superuser");
    const eventId = await parkedTransfer();
    const [userOne] = await db.select().from(users).where(eq(users.id, 1));
    expect(userOne).toBeDefined();
    const before = await balanceOf(1);
    for (const userId of [true, [1], "0x1", "1e0", "01", " 1"]) {
      expectRefusal(await call("POST", `/api/admin/bank-transfers/${eventId}/credit/`, admin.token, { user_id: userId }), 400);
    }
    expect(await balanceOf(1)).toBe(before);
    expect((await db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId)))[0].status).toBe("unmatched");
  });

  it("sets the exchange rate to [30000], true or 0x7530", async () => {
    const admin = await person("superuser");
    const before = (await call("GET", "/api/admin/settings/", admin.token)).body.data;
    for (const rate of [[30000], true, "0x7530", "3e4", " 30000", "", false]) {
      expectRefusal(await call("PUT", "/api/admin/settings/", admin.token, { usd_vnd_rate: rate }), 400);
    }
    expect((await call("GET", "/api/admin/settings/", admin.token)).body.data).toEqual(before);
  });

  it("deletes key_ids [true], that is key 1", async () => {
    const admin = await person("superuser");
    for (const ids of [[true], ["0x1"], [[1]], ["1e0"], [1.5], "1", [" 1"]]) {
      expectRefusal(await call("POST", "/api/keys/keys/bulk-delete/", admin.token, { key_ids: ids }), 400);
    }
    expect(await db.select().from(licenseKeys).where(eq(licenseKeys.id, 1))).toHaveLength(1);
  });

  it("sends a bank webhook whose transferAmount is true, an array or hex, hoping to park 1 đồng", async () => {
    const ledger = await ledgerCount();
    for (const amount of [true, [70000], "0x10", "1e3", " 70000"]) {
      const transfer = sepayTransfer({ transferAmount: amount });
      expectRefusal(await sepay(transfer), 400);
      expect(await db.select().from(paymentEvents).where(eq(paymentEvents.providerTransactionId, String(transfer.id)))).toEqual([]);
    }
    expect(await ledgerCount()).toBe(ledger);
  });

  it("writes hex, exponents and booleans into the admin's other numbers: prices, promotions, days, limits", async () => {
    const admin = await person("superuser");
    const { app, pricing } = await listing({ price: 40_000 });
    for (const bad of ["0x10", true, [16], "1e3", " 16"]) {
      expectRefusal(await call("PATCH", `/api/keys/apps/${app.url}/pricing/${pricing.id}/`, admin.token, { price: bad }), 400);
      expectRefusal(await call("POST", "/api/promotions/", admin.token, { name: "Số lạ", promotion_type: "fixed", bonus_amount: bad }), 400);
      expectRefusal(await call("POST", "/api/promotions/", admin.token, { name: "Số lạ", bonus_percentage: bad }), 400);
    }
    for (const bad of ["0x10", "1e1", "true", " 16", "16.0", "+16", "016"]) {
      expectRefusal(await call("GET", `/api/admin/overview/?days=${encodeURIComponent(bad)}`, admin.token), 400);
      expectRefusal(await call("GET", `/api/admin/notifications/?limit=${encodeURIComponent(bad)}`, admin.token), 400);
    }
    expect((await db.select().from(keyPricing).where(eq(keyPricing.id, pricing.id)))[0].price).toBe(40_000);
    expect(await db.select().from(promotions).where(eq(promotions.name, "Số lạ"))).toEqual([]);
  });

  it("repeats a query parameter, hoping the second one is read", async () => {
    const admin = await person("superuser");
    expectRefusal(await call("GET", "/api/admin/users/?page=1&page=2", admin.token), 400);
    expectRefusal(await call("GET", "/api/admin/overview/?days=7&days=0x10", admin.token), 400);
  });
});

// ---------------------------------------------------------------- item 11

describe("attack: refusals in English, invisible names, empty changes, any method", () => {
  it("fails a Google sign-in and is told so in English", async () => {
    const answer = await call("POST", "/api/auth/google-auth/", undefined, {
      code: "x",
      redirect_uri: "https://evil.example/auth/google/callback",
      code_verifier: "a".repeat(43),
      nonce: "nonce-123",
    });
    expectRefusal(answer, 400);
  });

  it("sends bank webhooks without their key, or signed with a body that is not a transfer", async () => {
    for (const provider of ["sepay", "casso", "payos"]) {
      const response = await request(`/api/webhooks/${provider}/`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      expectRefusal({ status: response.status, body: (await response.json()) as Body }, 401);
    }
    expectRefusal(await sepay({ id: 1 }), 400);
    const card = await request("/api/webhooks/cards/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: "1", serial: "2", callback_sign: "x" }) });
    expectRefusal({ status: card.status, body: (await card.json()) as Body }, 401);
  });

  it("names an account, an app and a promotion with only zero-width characters, NUL or bidi overrides", async () => {
    const admin = await person("superuser");
    const app = await createApp({ name: "Tên thật" });
    for (const name of ["\u200b\u200b", "\u0000", "\u202e", "\u2066\u2069", "\ufeff", "A\u0000B", "Ứng\u202edụng"]) {
      const username = unique("n").replace(/-/g, "_").slice(0, 28);
      const registered = await call("POST", "/api/auth/register/", undefined, {
        username,
        email: `${username}@example.com`,
        first_name: name,
        last_name: "Bình",
        password: "mat-khau-dai-1",
        password_confirm: "mat-khau-dai-1",
      });
      expectRefusal(registered, 400);
      expect(await db.select().from(users).where(eq(users.username, username))).toEqual([]);

      const form = new FormData();
      form.set("name", name);
      const updated = await request(`/api/apps/update/${app.id}/`, { method: "PUT", headers: { Authorization: `Bearer ${admin.token}` }, body: form });
      expectRefusal({ status: updated.status, body: (await updated.json()) as Body }, 400);

      expectRefusal(await call("POST", "/api/promotions/", admin.token, { name, promotion_type: "percentage", bonus_percentage: 10 }), 400);
    }
    expect((await call("GET", `/api/apps/admin/detail/${app.id}/`, admin.token)).body.data.name).toBe("Tên thật");
    // Names with a joiner inside an emoji, or accents, are names.
    const emoji = await call("POST", "/api/promotions/", admin.token, { name: "Gia đình 👨\u200d👩\u200d👧", promotion_type: "percentage", bonus_percentage: 10 });
    expect(emoji.status).toBe(201);
  });

  it("sends an app update with nothing in it (or only fields it does not know) and is told it succeeded", async () => {
    const admin = await person("superuser");
    const app = await createApp({ file: bytes(64) });
    const unknown = new FormData();
    unknown.set("nothing", "x");
    for (const body of [new FormData(), unknown]) {
      const response = await request(`/api/apps/update/${app.id}/`, { method: "PUT", headers: { Authorization: `Bearer ${admin.token}` }, body });
      expectRefusal({ status: response.status, body: (await response.json()) as Body }, 400);
    }
  });

  it("sends POST, PUT and DELETE to /manifest.webmanifest", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const response = await request("/manifest.webmanifest", { method, body: method === "DELETE" ? undefined : "{}" });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
    }
    expect((await request("/manifest.webmanifest", { method: "HEAD" })).status).toBe(200);
  });
});
