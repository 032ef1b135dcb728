// The owner's Telegram notifications (issue #18): recorded with the change they report, sent to
// the simulated Bot API (scripts/telegram-sim.mjs) after the answer, retried with backoff, listed
// for admins; low stock told once per crossing.
import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardTopups, keyPricing, licenseKeys, notifications, users } from "../../workers/db/schema";
import { deliverNotifications, depositNotice, MAX_ATTEMPTS, noticeSettings } from "../../workers/owner/notifications";
import { recordAdminSignIn } from "../../workers/accounts/admin-notices";
import { runScheduledJobs } from "../../workers/scheduled";
import { startSession } from "../../workers/accounts/sessions";
import { api, cardDigits, cardRow, db, funded, listing, person, request, submitCard, topupFor, unique } from "../factories";

let nextId = Math.floor(Math.random() * 1e9);

async function sepay(amount: number, content: string) {
  nextId += 1;
  const body = { id: nextId, gateway: "Vietcombank", transactionDate: "2026-11-26 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, code: null, content, transferType: "in", transferAmount: amount, accumulated: 1, subAccount: null, referenceCode: `FT${nextId}`, description: content };
  const response = await request("/api/webhooks/sepay/", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body: JSON.stringify(body) });
  expect(((await response.json()) as { outcome: string }).outcome).toBe("credited");
  return `deposit:bank:sepay:${nextId}`;
}

async function notification(dedupeKey: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.dedupeKey, dedupeKey));
  return row;
}

/** Waits for the delivery that runs after the answer (waitUntil) to leave the row as `until` says. */
async function settled(dedupeKey: string, until: (row: typeof notifications.$inferSelect) => boolean) {
  for (let tries = 0; tries < 100; tries += 1) {
    const row = await notification(dedupeKey);
    if (row && until(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`notification ${dedupeKey} did not settle`);
}

/** A buyer whose name makes the simulated Bot API refuse messages about them `times` times with `code`. */
async function refusedBuyer(times: number, code: number) {
  const user = await person();
  const username = `tgfail${times}x${code}_${user.id}`;
  await db.update(users).set({ username }).where(eq(users.id, user.id));
  return { ...user, username };
}

async function buy(token: string, pricingId: number) {
  const answer = await api("/api/keys/purchase/", { token, body: { key_pricing_id: pricingId, payment_method: "balance" } });
  expect(answer.status).toBe(200);
}

describe("a deposit notification", () => {
  it("is sent to Telegram after the credit and marked sent", async () => {
    const user = await person();
    const topup = await topupFor(user, 90000);
    const key = await sepay(90000, topup.description);
    const row = await settled(key, (candidate) => candidate.status === "sent");
    expect(row).toMatchObject({ kind: "deposit", attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
    expect(row.text).toContain(user.username);
    expect(row.text).toContain(user.email);
    expect(row.text).toContain("90.000");
    expect(row.text).toContain(topup.description);
    expect(row.text).toContain("VietQR");
  });

  it("is retried after Telegram refuses it (429 with retry_after), then marked sent", async () => {
    const user = await refusedBuyer(1, 429);
    const topup = await topupFor(user, 80000);
    const key = await sepay(80000, topup.description);
    const failed = await settled(key, (candidate) => candidate.attempts === 1 && candidate.lastError !== null);
    expect(failed.status).toBe("pending");
    expect(failed.lastError).toContain("429");
    // Not before the backoff (a minute after the first attempt).
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await deliverNotifications(env, Date.now());
    expect((await notification(key)).attempts).toBe(1);

    await runScheduledJobs(env, new Date(failed.nextAttemptAt!.getTime() + 1000));
    const sent = await notification(key);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it(`is marked failed after ${MAX_ATTEMPTS} refused attempts and never sent again`, async () => {
    const user = await refusedBuyer(MAX_ATTEMPTS, 400);
    const topup = await topupFor(user, 60000);
    const key = await sepay(60000, topup.description);
    let row = await settled(key, (candidate) => candidate.attempts === 1 && candidate.lastError !== null);
    while (row.status === "pending") {
      await deliverNotifications(env, row.nextAttemptAt!.getTime() + 1);
      row = await notification(key);
    }
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(row.lastError).toContain("chat not found");
  });
});

describe("low stock and sold out", () => {
  it("alert once per crossing, and again after a restock falls", async () => {
    const { app, pricing } = await listing({ stock: 7, price: 1000 });
    const buyer = await funded(100_000);
    const alerts = async () => (await db.select().from(notifications).where(like(notifications.dedupeKey, `%:${pricing.id}:%`))).map((row) => row.kind);

    await buy(buyer.token, pricing.id); // 6 left
    expect(await alerts()).toEqual([]);
    await buy(buyer.token, pricing.id); // 5: low
    await buy(buyer.token, pricing.id); // 4: still low
    expect(await alerts()).toEqual(["low_stock"]);
    for (let left = 3; left >= 0; left -= 1) await buy(buyer.token, pricing.id);
    expect(await alerts()).toEqual(["low_stock", "sold_out"]);
    expect((await db.select().from(keyPricing).where(eq(keyPricing.id, pricing.id)))[0].stockAlert).toBe("sold_out");

    // A restock of 10: the next sale clears the level, and the fall to 5 alerts again.
    await db.insert(licenseKeys).values(Array.from({ length: 10 }, () => ({ appId: app.id, keyTypeId: pricing.keyTypeId, keyCode: unique("RESTOCK") })));
    await buy(buyer.token, pricing.id); // 9
    expect((await db.select().from(keyPricing).where(eq(keyPricing.id, pricing.id)))[0].stockAlert).toBeNull();
    for (let left = 8; left >= 5; left -= 1) await buy(buyer.token, pricing.id);
    expect(await alerts()).toEqual(["low_stock", "sold_out", "low_stock"]);
    const [low] = await db.select().from(notifications).where(like(notifications.dedupeKey, `low_stock:${pricing.id}:%`));
    expect(low.text).toContain(app.name);
  });
});

describe("other events", () => {
  it("tells the owner once when a card is parked for review", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits("8888"), card_value: 10000 });
    expect(created.status).toBe(201);
    const id = created.body.data.transaction_id;
    await db.update(cardTopups).set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000), nextCheckAt: new Date(Date.now() - 1000) }).where(eq(cardTopups.transactionId, id));
    await runScheduledJobs(env, new Date());
    const { requestId } = await cardRow(id);
    const rows = await db.select().from(notifications).where(like(notifications.dedupeKey, `card_review:${requestId}:%`));
    expect(rows).toHaveLength(1);
    expect(rows[0].kind).toBe("card_review");
    expect(rows[0].text).toContain(created.body.data.card_serial ?? "");
  });

  it("tells the owner when an admin signs in from an address none of their sessions came from", async () => {
    const admin = await person("superuser");
    const signIn = async (address: string) => {
      await startSession(db, env.JWT_SECRET, admin.id, { ipAddress: address });
      await recordAdminSignIn(env, admin, address);
    };
    await signIn("203.0.113.7");
    await signIn("203.0.113.7");
    await signIn("198.51.100.2");
    const rows = await db.select().from(notifications).where(like(notifications.dedupeKey, `admin_login:${admin.id}:%`));
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual([`admin_login:${admin.id}:198.51.100.2`, `admin_login:${admin.id}:203.0.113.7`]);
    expect(rows[0].text).toContain(admin.username);
  });

  it("lists the newest notifications for an admin, with kind, status, attempts and times", async () => {
    const admin = await person("superuser");
    const user = await person();
    const topup = await topupFor(user, 75000);
    const key = await sepay(75000, topup.description);
    await settled(key, (row) => row.status === "sent");
    const answer = await api("/api/admin/notifications/?limit=100", { token: admin.token });
    expect(answer.status).toBe(200);
    const item = answer.body.data.find((row: { text: string }) => row.text.includes(user.username));
    expect(item).toMatchObject({ kind: "deposit", status: "sent", attempts: 1 });
    expect(new Date(item.created_at).getTime()).toBeGreaterThan(0);
    expect(new Date(item.sent_at).getTime()).toBeGreaterThanOrEqual(new Date(item.created_at).getTime());
    expect((await api("/api/admin/notifications/?limit=0", { token: admin.token })).status).toBe(400);
  });
});

describe("settings", () => {
  it("record nothing without a bot token, and only the chosen events", async () => {
    const deposit = { userId: 1, amount: 1000, channel: "vietqr" as const, code: null, reference: "r" };
    expect(noticeSettings({ ...env, TELEGRAM_BOT_TOKEN: "" }).kinds.size).toBe(0);
    expect(depositNotice(noticeSettings({ ...env, TELEGRAM_BOT_TOKEN: "" }), deposit, Date.now())).toEqual([]);
    const chosen = noticeSettings({ ...env, TELEGRAM_EVENTS: "sold_out,admin_login", LOW_STOCK_THRESHOLD: "3" });
    expect([...chosen.kinds]).toEqual(["sold_out", "admin_login"]);
    expect(chosen.lowStockThreshold).toBe(3);
    expect(depositNotice(chosen, deposit, Date.now())).toEqual([]);
    // Delivery does nothing at all without a token.
    expect(await deliverNotifications({ ...env, TELEGRAM_BOT_TOKEN: "" } as Env, Date.now() + 86_400_000)).toEqual({ sent: 0, failed: 0 });
  });
});
