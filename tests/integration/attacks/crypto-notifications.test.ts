// Attacks on NOWPayments' notifications (issue 54): a forged signature, a body re-serialised with
// its keys in another order (which must still verify), replays, a storm of duplicates, a
// notification that claims more than the gateway says, another buyer's order_id, a changed price,
// a payment for a closed top-up, and amounts written to trip a parser. The simulator
// (scripts/nowpayments-sim.mjs) plays the gateway; the tests deliver what it signed.
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cryptoPayments, cryptoTopups, notifications, walletTransactions } from "../../../workers/db/schema";
import { cryptoInvoice, deliver, reversedKeys, signText, simPay } from "../../crypto";
import { api, balanceOf, db, person } from "../../factories";

const RATE = 25_500; // USD_VND_RATE of .dev.vars.example
const topupRow = async (id: number) => (await db.select().from(cryptoTopups).where(eq(cryptoTopups.id, id)))[0];
const creditsOf = async (userId: number) => (await db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))).filter((row) => row.source === "crypto");

describe("attack: a notification with a forged signature", () => {
  it("is refused with 401 and credits nothing, whether the signature is made with another secret, cut short, or missing", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 10);
    const paid = await simPay({ order_id: invoice.order_id, usd: 10, status: "finished", bad_signature: true });
    const [forged] = paid.notifications;
    expect((await deliver(forged)).status).toBe(401);
    expect((await deliver(forged, forged.signature.slice(0, 64))).status).toBe(401);
    expect((await deliver(forged, "")).status).toBe(401);
    // The same body with a changed amount, signed with the right secret over the original: refused.
    const real = (await simPay({ order_id: invoice.order_id, usd: 10, status: "finished" })).notifications[0];
    const tampered = { body: real.body.replace(/"actually_paid":[^,]+/, '"actually_paid":1000000'), signature: real.signature };
    expect((await deliver(tampered)).status).toBe(401);
    expect(await balanceOf(buyer.id)).toBe(0);
    expect((await topupRow(invoice.id)).status).toBe("pending");
  });
});

describe("attack: a drifted IPN secret", () => {
  it("refuses notifications for an open top-up signed with another secret, and tells the owner once an hour as for the bank webhooks", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 3);
    const alarms = () => db.select().from(notifications).where(like(notifications.dedupeKey, "ops:ops-webhook-refused:nowpayments:%"));
    const before = await alarms();
    for (let attempt = 0; attempt < 7; attempt++) {
      const [forged] = (await simPay({ order_id: invoice.order_id, usd: 3, status: "finished", bad_signature: true })).notifications;
      expect((await deliver(forged)).status).toBe(401);
    }
    const after = await alarms();
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({ kind: "ops" });
    expect(await balanceOf(buyer.id)).toBe(0);
  });
});

describe("attack: the same body with its keys in another order", () => {
  it("verifies, because the signature is over the keys sorted at every depth, and credits once", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 10);
    const [notification] = (await simPay({ order_id: invoice.order_id, usd: 10, status: "finished" })).notifications;
    const reordered = JSON.stringify(reversedKeys(JSON.parse(notification.body)));
    expect(reordered).not.toBe(notification.body);
    const answer = await deliver({ body: reordered, signature: notification.signature });
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).toBe("credited");
    expect(await balanceOf(buyer.id)).toBe(10 * RATE);
    // A signature over the bytes as sent (not over the sorted keys) is not NOWPayments' and is refused.
    expect((await deliver({ body: reordered, signature: await signText(reordered) })).status).toBe(401);
  });
});

describe("attack: a notification replayed, or five `finished` at once", () => {
  it("credits a replayed `finished` once", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 4);
    const [notification] = (await simPay({ order_id: invoice.order_id, usd: 4, status: "finished" })).notifications;
    for (let i = 0; i < 3; i++) expect((await deliver(notification)).status).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(4 * RATE);
    expect(await creditsOf(buyer.id)).toHaveLength(1);
  });

  it("credits five `finished` notifications delivered at the same moment once", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 7.5);
    const paid = await simPay({ order_id: invoice.order_id, usd: 7.5, status: "finished", repeat: 5 });
    expect(paid.notifications).toHaveLength(5);
    const answers = await Promise.all(paid.notifications.map((notification) => deliver(notification)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.outcome === "credited")).toHaveLength(1);
    expect(await balanceOf(buyer.id)).toBe(Math.floor(750 * RATE / 100));
    expect(await creditsOf(buyer.id)).toHaveLength(1);
    expect(await topupRow(invoice.id)).toMatchObject({ status: "credited", creditedVnd: Math.floor(750 * RATE / 100), paymentId: String(paid.payment_id) });
  });

  it("keeps a credited top-up credited when an earlier status arrives after it (out of order)", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 3);
    const paid = await simPay({ order_id: invoice.order_id, usd: 3, status: "finished", out_of_order: true });
    for (const notification of paid.notifications) expect((await deliver(notification)).status).toBe(200);
    expect(await topupRow(invoice.id)).toMatchObject({ status: "credited", creditedVnd: 3 * RATE });
  });
});

describe("attack: crediting on `confirmed` instead of `finished`", () => {
  it("keeps the top-up pending through `confirming`, `confirmed` and `sending`, crediting nothing and showing the gateway's word to the buyer", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 6);
    for (const status of ["confirming", "confirmed", "sending"]) {
      const [notification] = (await simPay({ order_id: invoice.order_id, usd: 6, status })).notifications;
      const answer = await deliver(notification);
      expect(answer.body.outcome).toBe("pending");
      expect(await balanceOf(buyer.id)).toBe(0);
      expect(await topupRow(invoice.id)).toMatchObject({ status: "pending", gatewayStatus: status, creditedVnd: 0 });
      const open = await api("/api/crypto/pending/", { token: buyer.token });
      expect(open.body.data.find((row: { id: number }) => row.id === invoice.id)).toMatchObject({ status: "pending", gateway_status: status });
    }
    expect(await creditsOf(buyer.id)).toHaveLength(0);
  });
});

describe("attack: a notification that says more than the gateway", () => {
  it("credits nothing for a `finished` notification while the read-back says `waiting`", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 10);
    // The notification is signed and says finished; the payment the store reads back is waiting.
    const [notification] = (await simPay({ order_id: invoice.order_id, usd: 10, status: "finished", payment: { payment_status: "waiting", actually_paid: 0 } })).notifications;
    expect(JSON.parse(notification.body).payment_status).toBe("finished");
    const answer = await deliver(notification);
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).toBe("pending");
    expect(await balanceOf(buyer.id)).toBe(0);
    expect((await topupRow(invoice.id)).status).toBe("pending");
  });

  it("credits nothing to the buyer whose order_id a payment of another invoice claims", async () => {
    const victim = await person();
    const attacker = await person();
    const theirs = await cryptoInvoice(victim, 50);
    const mine = await cryptoInvoice(attacker, 2);
    // The attacker pays $2 on their own invoice; the payment (and its notification) names the victim's order.
    const paid = await simPay({ order_id: mine.order_id, usd: 2, status: "finished", notice: { order_id: theirs.order_id }, payment: { order_id: theirs.order_id } });
    const answer = await deliver(paid.notifications[0]);
    expect(answer.status).toBe(400);
    expect(await balanceOf(victim.id)).toBe(0);
    expect(await balanceOf(attacker.id)).toBe(0);
    expect((await topupRow(theirs.id)).status).toBe("pending");
  });

  it("parks, never credits, a payment whose price_currency or amount differs from the invoice", async () => {
    const buyer = await person();
    for (const payment of [{ price_currency: "eur" }, { price_amount: 1000 }, { price_amount: "10.000001" }]) {
      const invoice = await cryptoInvoice(buyer, 10);
      const paid = await simPay({ order_id: invoice.order_id, usd: 10, status: "finished", payment });
      const answer = await deliver(paid.notifications[0]);
      expect(answer.body.outcome, JSON.stringify(payment)).toBe("parked");
      const [parked] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.paymentId, String(paid.payment_id)));
      expect(parked).toMatchObject({ review: "parked", creditableVnd: 0 });
    }
    expect(await balanceOf(buyer.id)).toBe(0);
  });
});

describe("attack: a notification for a top-up already closed", () => {
  it("credits nothing for an expired top-up; money the gateway confirms after the close is parked for an admin", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 5);
    const expired = await simPay({ order_id: invoice.order_id, status: "expired" });
    await deliver(expired.notifications[0]);
    expect((await topupRow(invoice.id)).status).toBe("expired");
    // A replayed notification from before (finished) whose read-back still says expired: nothing.
    const stale = await simPay({ order_id: invoice.order_id, usd: 5, status: "finished", payment: { payment_status: "expired" } });
    expect((await deliver(stale.notifications[0])).body.outcome).toBe("closed");
    expect(await balanceOf(buyer.id)).toBe(0);
    // The gateway really says finished now: the money waits for the shop, uncredited.
    const late = await simPay({ order_id: invoice.order_id, usd: 5, status: "finished", payment: { payment_status: "finished" } });
    expect((await deliver(late.notifications[0])).body.outcome).toBe("parked");
    expect(await balanceOf(buyer.id)).toBe(0);
    const [parked] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.paymentId, String(late.payment_id)));
    expect(parked).toMatchObject({ review: "parked", creditableVnd: 5 * RATE });
  });

  it("credits nothing for a top-up the gateway failed", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 5);
    await deliver((await simPay({ order_id: invoice.order_id, status: "failed" })).notifications[0]);
    expect((await topupRow(invoice.id)).status).toBe("failed");
    const again = await simPay({ order_id: invoice.order_id, usd: 5, status: "finished" });
    expect((await deliver(again.notifications[0])).body.outcome).toBe("parked");
    expect(await balanceOf(buyer.id)).toBe(0);
  });
});

describe("attack: amounts written to trip the parser", () => {
  it("credits a partial payment at the share the gateway reports, whatever the notification's amounts say", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 10);
    const paid = await simPay({ order_id: invoice.order_id, usd: 4, status: "partially_paid", notice: { actually_paid: "99999999999999999999", pay_amount: -1, price_amount: 1e308 } });
    expect((await deliver(paid.notifications[0])).body.outcome).toBe("credited");
    // actually_paid / pay_amount × price × rate, rounded down: $4 of $10.
    const share = Math.floor(((4 * 1.000731) / (10 * 1.000731)) * 1000 * RATE / 100);
    expect(await balanceOf(buyer.id)).toBe(share);
  });

  for (const [name, payment] of [
    ["strings that are not numbers", { actually_paid: "ten", pay_amount: "10" }],
    ["a negative amount", { actually_paid: -5 }],
    ["a huge amount", { actually_paid: 1e30 }],
    ["a zero pay_amount", { pay_amount: 0 }],
    ["Infinity written as text", { actually_paid: "Infinity" }],
  ] as const) {
    it(`parks a partial payment whose read-back carries ${name}, crediting nothing`, async () => {
      const buyer = await person();
      const invoice = await cryptoInvoice(buyer, 10);
      const paid = await simPay({ order_id: invoice.order_id, usd: 4, status: "partially_paid", payment });
      expect((await deliver(paid.notifications[0])).body.outcome).toBe("parked");
      expect(await balanceOf(buyer.id)).toBe(0);
    });
  }

  it("credits at most the invoice when the read-back says more arrived than was asked, with many decimals", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 10);
    const paid = await simPay({ order_id: invoice.order_id, usd: 4, status: "partially_paid", payment: { actually_paid: "20.123456789012345678", pay_amount: "10.007310" } });
    expect((await deliver(paid.notifications[0])).body.outcome).toBe("credited");
    expect(await balanceOf(buyer.id)).toBe(10 * RATE);
    expect((await topupRow(invoice.id)).status).toBe("partial");
  });

  it("refuses an invoice amount as an exponent, a sign, three decimals or above the shop's maximum", async () => {
    const buyer = await person();
    for (const amount_usd of ["1e2", -5, "10.001", 1_000_000, "", null, true, [10], "0x10"]) {
      const answer = await (await import("../../factories")).api("/api/crypto/create/", { token: buyer.token, body: { amount_usd } });
      expect(answer.status, String(amount_usd)).toBe(400);
      expect(answer.body.errors.amount_usd).toHaveLength(1);
    }
  });
});
