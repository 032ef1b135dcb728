// Attacks on phone-card top-ups (issue #13, Money 3): cards lost by a slow or unreachable gateway,
// late successes dropped, credits above the card's value, the same card pending twice, and a
// callback that talks before it proves who sent it. The simulated gateway (scripts/card-gateway.mjs)
// plays the gateway: a code ending in 8888 stays pending, 7777 reports twice its value, 6666 is
// dropped the first time it is submitted, a serial ending in 0000 is a bad card.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardTopups, paymentEvents, walletTransactions } from "../../../workers/db/schema";
import { amountToCredit, maskCode } from "../../../workers/money/cards";
import { runScheduledJobs } from "../../../workers/scheduled";
import { CARD_TEST } from "../../test-servers";
import { api, balanceOf, cardCallback, cardDigits, cardRow, db, person, submitCard } from "../../factories";

type Body = Record<string, any>;

const settle = () => new Promise((resolve) => setTimeout(resolve, CARD_TEST.delayMs * 4));

/** Makes the card due for the cron: old enough for today's rule and for a scheduled re-check. */
async function makeDue(transactionId: string, ageMs = 11 * 60_000) {
  await db
    .update(cardTopups)
    .set({ createdAt: new Date(Date.now() - ageMs), nextCheckAt: new Date(Date.now() - 1000) })
    .where(eq(cardTopups.transactionId, transactionId));
}

const parkedFor = (cardId: number) => db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, "card"), eq(paymentEvents.cardTopupId, cardId)));

describe("attack: a phone card is lost because the gateway is slow or unreachable", () => {
  it("leaves a card the gateway still reports pending after 10 minutes pending, and re-checks it later with a growing delay", async () => {
    const user = await person();
    const code = cardDigits("8888");
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: code, card_value: 10000 });
    expect(created.status).toBe(201);
    const id = created.body.data.transaction_id;
    await makeDue(id);

    const first = Date.now();
    await runScheduledJobs(env, new Date(first));
    const once = await cardRow(id);
    expect(once).toMatchObject({ status: "pending", cardCode: code, checkAttempts: 1 });
    expect(once.nextCheckAt!.getTime()).toBeGreaterThan(first);

    // Not due yet: the next run leaves it alone.
    await runScheduledJobs(env, new Date());
    expect((await cardRow(id)).checkAttempts).toBe(1);

    await db.update(cardTopups).set({ nextCheckAt: new Date(Date.now() - 1000) }).where(eq(cardTopups.transactionId, id));
    const second = Date.now();
    await runScheduledJobs(env, new Date(second));
    const twice = await cardRow(id);
    expect(twice).toMatchObject({ status: "pending", cardCode: code, checkAttempts: 2 });
    expect(twice.nextCheckAt!.getTime() - second).toBeGreaterThan(once.nextCheckAt!.getTime() - first);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("sends a card the gateway never received once more, and credits it when the gateway says so", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits("6666"), card_value: 20000 });
    expect(created.status).toBe(201);
    const id = created.body.data.transaction_id;
    expect(await cardRow(id)).toMatchObject({ status: "pending", gatewayStatus: null });

    await makeDue(id);
    await runScheduledJobs(env, new Date());
    expect((await cardRow(id)).status).toBe("pending");

    await settle();
    await makeDue(id);
    await runScheduledJobs(env, new Date());
    expect(await cardRow(id)).toMatchObject({ status: "success", amountReceived: 16000 });
    expect(await balanceOf(user.id)).toBe(16000);
  });

  it("parks a card with no answer after a whole day for an admin instead of failing it; the admin's dismiss closes it", async () => {
    const user = await person();
    const admin = await person("superuser");
    const code = cardDigits("8888");
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: code, card_value: 50000 });
    const id = created.body.data.transaction_id;
    await makeDue(id, 25 * 60 * 60_000);
    await runScheduledJobs(env, new Date());

    const card = await cardRow(id);
    expect(card).toMatchObject({ status: "pending", cardCode: code, nextCheckAt: null });
    const parked = await parkedFor(card.id);
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ status: "unmatched", amount: 40000 });

    const list = await api("/api/admin/bank-transfers/?status=unmatched", { token: admin.token });
    const listed = list.body.data.find((event: Body) => event.id === parked[0].id);
    expect(listed).toMatchObject({ provider: "card", card: { telco: "VIETTEL", card_serial: card.cardSerial, card_value: 50000, status: "pending" }, user: { id: user.id, username: user.username } });

    // Parked cards are not re-checked again and again by the cron.
    await runScheduledJobs(env, new Date());
    expect(await parkedFor(card.id)).toHaveLength(1);

    const dismissed = await api(`/api/admin/bank-transfers/${parked[0].id}/dismiss/`, { token: admin.token, body: { note: "Nhà mạng xác nhận thẻ chưa nạp" } });
    expect(dismissed.status).toBe(200);
    expect(await cardRow(id)).toMatchObject({ status: "failed", cardCode: maskCode(code) });
    expect(await balanceOf(user.id)).toBe(0);
  });
});

describe("attack: a late success for a card closed as failed is dropped", () => {
  it("parks the late success for an admin, who credits the card's owner exactly once", async () => {
    const owner = await person();
    const stranger = await person();
    const admin = await person("superuser");
    const code = cardDigits();
    const created = await submitCard(owner.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: code, card_value: 100000 });
    const id = created.body.data.transaction_id;
    const pending = await cardRow(id);
    await settle(); // the gateway has charged the card
    // An earlier rule closed it as failed and masked its code.
    await db.update(cardTopups).set({ status: "failed", cardCode: maskCode(code), gatewayMessage: "Quá thời gian xử lý thẻ" }).where(eq(cardTopups.id, pending.id));

    const late = await cardCallback(pending);
    expect(late.status).toBe(200);
    expect(late.body.message).not.toBe("Already processed");
    expect((await cardCallback(pending)).status).toBe(200); // the gateway repeats itself
    const parked = await parkedFor(pending.id);
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ status: "unmatched", amount: 80000 });
    expect(await balanceOf(owner.id)).toBe(0);

    const list = await api("/api/admin/bank-transfers/?status=unmatched", { token: admin.token });
    expect(list.body.data.find((event: Body) => event.id === parked[0].id)).toMatchObject({
      provider: "card",
      card: { transaction_id: id, telco: "VIETTEL", card_serial: pending.cardSerial, card_value: 100000, status: "failed" },
      user: { id: owner.id, username: owner.username },
    });

    // Credits go to the card's owner whatever user the request names; double clicks credit once.
    const credits = await Promise.all(
      Array.from({ length: 5 }, () => api(`/api/admin/bank-transfers/${parked[0].id}/credit/`, { token: admin.token, body: { user_id: stranger.id, note: "Thẻ nạp muộn" } })),
    );
    expect(credits.filter((result) => result.status === 200)).toHaveLength(1);
    expect(credits.filter((result) => result.status === 409)).toHaveLength(4);
    expect(await balanceOf(owner.id)).toBe(80000);
    expect(await balanceOf(stranger.id)).toBe(0);
    const ledger = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, owner.id));
    expect(ledger.map((row) => [row.source, row.amount, row.reference])).toEqual([["card", 80000, `card:${pending.requestId}`]]);
    expect(await cardRow(id)).toMatchObject({ status: "success", amountReceived: 80000 });
    expect((await parkedFor(pending.id))[0]).toMatchObject({ status: "credited", creditedUserId: owner.id, resolvedBy: admin.id });

    // Once credited, a further callback changes nothing.
    expect((await cardCallback(pending)).status).toBe(200);
    expect(await balanceOf(owner.id)).toBe(80000);
  });

  it("reopens a parked late success an admin dismissed when the gateway confirms it again", async () => {
    const user = await person();
    const admin = await person("superuser");
    const code = cardDigits();
    const created = await submitCard(user.token, { telco: "VINAPHONE", card_serial: cardDigits(), card_code: code, card_value: 20000 });
    const card = await cardRow(created.body.data.transaction_id);
    await settle();
    await db.update(cardTopups).set({ status: "failed", cardCode: maskCode(code) }).where(eq(cardTopups.id, card.id));
    await cardCallback(card);
    const [parked] = await parkedFor(card.id);
    expect((await api(`/api/admin/bank-transfers/${parked.id}/dismiss/`, { token: admin.token, body: { note: "Nhầm" } })).status).toBe(200);
    expect((await parkedFor(card.id))[0].status).toBe("dismissed");
    await cardCallback(card);
    expect(await parkedFor(card.id)).toMatchObject([{ id: parked.id, status: "unmatched", amount: 16000, resolvedAt: null }]);
  });

  it("does not park a 'success' callback for a card the gateway says is bad", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VINAPHONE", card_serial: cardDigits("0000"), card_code: cardDigits(), card_value: 200000 });
    const card = await cardRow(created.body.data.transaction_id);
    await settle();
    await cardCallback(card);
    expect((await cardRow(card.transactionId)).status).toBe("invalid_card");
    expect((await cardCallback(card, { amount: 200000, value: 200000 })).status).toBe(200);
    expect(await parkedFor(card.id)).toEqual([]);
    expect(await balanceOf(user.id)).toBe(0);
  });
});

describe("attack: a card credits more than its value", () => {
  it("credits at most the declared value when the gateway reports more", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits("7777"), card_value: 100000 });
    const card = await cardRow(created.body.data.transaction_id);
    await settle();
    await cardCallback(card, { value: 200000, amount: 160000 });
    expect(await cardRow(card.transactionId)).toMatchObject({ status: "success", amountReceived: 100000 });
    expect(await balanceOf(user.id)).toBe(100000);

    const config = { CARD_GATEWAY_URL: "x", CARD_PARTNER_ID: "x", CARD_PARTNER_KEY: "x", CARD_FEES: "VIETTEL:20", CARD_CREDIT: "fee_formula" as const };
    const answer = { status: 1, message: "", value: 1_000_000, amount: 900_000, transId: null };
    expect(amountToCredit(config, { telco: "VIETTEL", feePercent: 10, cardValue: 100000 }, answer)).toBe(100000);
    expect(amountToCredit({ ...config, CARD_CREDIT: "gateway_amount" }, { telco: "VIETTEL", feePercent: 10, cardValue: 100000 }, answer)).toBe(100000);
  });
});

describe("attack: the same card is submitted many times at once", () => {
  it("leaves exactly one pending card and answers the others 'already sent'", async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    const card = { telco: "MOBIFONE", card_serial: cardDigits(), card_code: cardDigits("8888"), card_value: 10000 };
    const results = await Promise.all(people.map((user) => submitCard(user.token, card)));
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const result of results.filter((item) => item.status === 409)) {
      expect(result.body).toEqual({ success: false, code: "card_duplicate", message: "Thẻ này đã được gửi trước đó", errors: { card_serial: ["Thẻ này đã được gửi trước đó"] } });
    }
    const rows = await db.select().from(cardTopups).where(and(eq(cardTopups.telco, "MOBIFONE"), eq(cardTopups.cardSerial, card.card_serial)));
    expect(rows).toHaveLength(1);
  });
});

describe("attack: the card callback answers before it checks who is calling", () => {
  it("says nothing about request ids to an unsigned caller", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 10000 });
    const card = await cardRow(created.body.data.transaction_id);
    await settle();
    await cardCallback(card); // settled
    const unsigned = { callback_sign: "0".repeat(32) };
    const settled = await cardCallback(card, unsigned);
    const unknown = await cardCallback({ ...card, requestId: "no-such-request" }, unsigned);
    expect(settled).toEqual({ status: 401, body: { success: false, code: "webhook_invalid_signature", status: 0, message: "Chữ ký không hợp lệ" } });
    expect(unknown).toEqual({ status: 401, body: { success: false, code: "webhook_invalid_signature", status: 0, message: "Chữ ký không hợp lệ" } });
  });

  it("refuses a callback signed for another card", async () => {
    const user = await person();
    const first = await cardRow((await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 10000 })).body.data.transaction_id);
    const second = await cardRow((await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 500000 })).body.data.transaction_id);
    const swapped = await cardCallback({ ...second, requestId: first.requestId });
    expect(swapped.status).toBeGreaterThanOrEqual(400);
    expect((await cardRow(first.transactionId)).status).toBe("pending");
    expect(await balanceOf(user.id)).toBe(0);
  });
});
