// Attacks on the money of crypto top-ups (issue 54): the rate changed between the invoice and the
// payment, a partial payment topped up, a refund after the buyer spent the money, a parked second
// deposit credited by two admins at once, and top-ups whose notification never comes (the cron).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, cryptoPayments, cryptoTopups, notifications, users, walletTransactions } from "../../../workers/db/schema";
import { runScheduledJobs } from "../../../workers/scheduled";
import { cryptoInvoice, deliver, simPay } from "../../crypto";
import { api, apiWithHeaders, balanceOf, db, listing, person, request } from "../../factories";

const RATE = 25_500; // USD_VND_RATE of .dev.vars.example
const topupRow = async (id: number) => (await db.select().from(cryptoTopups).where(eq(cryptoTopups.id, id)))[0];
const cryptoLines = async (userId: number) => (await db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))).filter((row) => row.source === "crypto");
const pay = async (orderId: string, usd: number, status: string, extra: Record<string, unknown> = {}) => {
  const paid = await simPay({ order_id: orderId, usd, status, ...extra });
  const answers = [];
  for (const notification of paid.notifications) answers.push(await deliver(notification));
  return { ...paid, answers };
};

describe("attack: the rate changes between the invoice and the payment", () => {
  it("credits at the rate locked when the invoice was made, whichever way the rate moved", async () => {
    const admin = await person("superuser");
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 10);
    expect(invoice).toMatchObject({ rate: RATE, vnd_amount: 10 * RATE, amount_usd: 10, order_id: String(invoice.id), status: "pending" });
    expect(invoice.invoice_url).toMatch(/\/payment\/\?iid=\d+$/);
    const changed = await api("/api/admin/settings/", { token: admin.token, method: "PUT", body: { usd_vnd_rate: 40_000 } });
    expect(changed.status).toBe(200);
    try {
      await pay(invoice.order_id, 10, "finished");
      expect(await balanceOf(buyer.id)).toBe(10 * RATE);
      // A new invoice takes the new rate.
      expect((await cryptoInvoice(buyer, 2)).rate).toBe(40_000);
    } finally {
      await api("/api/admin/settings/", { token: admin.token, method: "PUT", body: { usd_vnd_rate: null } });
    }
  });
});

describe("attack: a partial payment, then the rest", () => {
  it("credits the share that arrived, then only the difference when the payment finishes, and a late partial changes nothing", async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 20);
    const partial = await pay(invoice.order_id, 5, "partially_paid");
    expect(partial.answers[0].body.outcome).toBe("credited");
    const share = Math.floor(((5 * 1.000731) / (20 * 1.000731)) * 2000 * RATE / 100);
    expect(await balanceOf(buyer.id)).toBe(share);
    expect(await topupRow(invoice.id)).toMatchObject({ status: "partial", creditedVnd: share });
    // The buyer's open list and history show it as partial.
    const open = await api("/api/crypto/pending/", { token: buyer.token });
    expect(open.body.data.map((row: { id: number }) => row.id)).toContain(invoice.id);
    const history = await api("/api/auth/wallet/topups/", { token: buyer.token });
    expect(history.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ channel: "crypto", crypto_id: invoice.id, state: "partial", credited: share })]));

    await pay(invoice.order_id, 20, "finished", { repeat: 3 });
    expect(await balanceOf(buyer.id)).toBe(20 * RATE);
    const lines = await cryptoLines(buyer.id);
    expect(lines.map((line) => line.amount).sort((a, b) => a - b)).toEqual([share, 20 * RATE - share].sort((a, b) => a - b));
    // Each ledger line names the channel and the payment, and the owner is told of each credit once.
    for (const line of lines) {
      expect(line.description).toContain(String(partial.payment_id));
      expect(line.description).toContain("crypto");
      const told = await db.select().from(notifications).where(eq(notifications.dedupeKey, `deposit:${line.reference}`));
      expect(told).toHaveLength(1);
      expect(told[0].text).toContain("crypto (NOWPayments)");
    }
    // A late partial notification (out of order) credits nothing more.
    await pay(invoice.order_id, 5, "partially_paid");
    expect(await balanceOf(buyer.id)).toBe(20 * RATE);
  });
});

describe("attack: refunded after the buyer spent the money", () => {
  it("takes the credit back in one ledger line, owes what the balance lacks, refuses purchases until a top-up repays it, and tells the owner", async () => {
    const buyer = await person();
    const { pricing } = await listing({ price: 200_000 });
    const invoice = await cryptoInvoice(buyer, 10);
    const paid = await pay(invoice.order_id, 10, "finished");
    expect(await balanceOf(buyer.id)).toBe(255_000);
    const bought = await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id, payment_method: "balance" } });
    expect(bought.status).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(55_000);

    const refund = await pay(invoice.order_id, 10, "refunded", { repeat: 2 });
    expect(refund.answers.map((answer) => answer.body.outcome).sort()).toEqual(["refunded", "unchanged"]);
    const [account] = await db.select().from(users).where(eq(users.id, buyer.id));
    expect(account).toMatchObject({ balance: 0, debt: 200_000 });
    expect((await api("/api/auth/wallet/balance/", { token: buyer.token })).body.data).toMatchObject({ balance: 0, debt: 200_000 });
    const lines = (await cryptoLines(buyer.id)).filter((line) => line.amount < 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount: -55_000, reference: `crypto:${paid.payment_id}:refund` });
    expect(lines[0].description).toContain("255.000");
    expect(await topupRow(invoice.id)).toMatchObject({ status: "refunded", refundedVnd: 255_000 });
    // The key already bought stays the buyer's; the account cannot buy again while it owes.
    const blocked = await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id, payment_method: "balance" } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe("account_in_debt");
    const notices = await db.select().from(notifications).where(eq(notifications.dedupeKey, `refund:crypto:${paid.payment_id}`));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain("Hoàn tiền crypto");

    // A new top-up pays the debt first; what is left is the buyer's.
    const next = await cryptoInvoice(buyer, 10);
    await pay(next.order_id, 10, "finished");
    const [after] = await db.select().from(users).where(eq(users.id, buyer.id));
    expect(after).toMatchObject({ balance: 55_000, debt: 0 });
  });
});

describe("attack: a parked second deposit credited by two admins at once", () => {
  it("parks a second deposit to the same address, credits it once when two admins credit it together, and audits the credit", async () => {
    const buyer = await person();
    const first = await person("superuser");
    const second = await person("superuser");
    const invoice = await cryptoInvoice(buyer, 10);
    await pay(invoice.order_id, 10, "finished");
    const redeposit = await pay(invoice.order_id, 4, "redeposit");
    expect(redeposit.answers[0].body.outcome).toBe("parked");
    expect(await balanceOf(buyer.id)).toBe(10 * RATE);
    const [parked] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.paymentId, String(redeposit.payment_id)));
    expect(parked).toMatchObject({ review: "parked", parentPaymentId: expect.any(String) });

    const listed = await api("/api/admin/crypto/?status=parked", { token: first.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((row: { id: number }) => row.id === invoice.id)).toMatchObject({ parked: true });
    // A buyer cannot review.
    expect((await api(`/api/admin/crypto/payments/${parked.id}/credit/`, { token: buyer.token, body: {} })).status).toBe(403);

    const answers = await Promise.all([first, second, first, second].map((admin) => api(`/api/admin/crypto/payments/${parked.id}/credit/`, { token: admin.token, body: { note: "khách nạp thêm" } })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(await balanceOf(buyer.id)).toBe(10 * RATE + parked.creditableVnd);
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.targetId, String(parked.id)));
    expect(audits.filter((row) => row.action === "crypto.credit")).toHaveLength(1);
    // Refusing it afterwards changes nothing.
    expect((await api(`/api/admin/crypto/payments/${parked.id}/refuse/`, { token: second.token, body: { note: "x" } })).status).toBe(409);
  });

  it("refuses a parked payment without crediting it", async () => {
    const buyer = await person();
    const admin = await person("superuser");
    const invoice = await cryptoInvoice(buyer, 3);
    await pay(invoice.order_id, 3, "finished");
    const redeposit = await pay(invoice.order_id, 1, "redeposit");
    const [parked] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.paymentId, String(redeposit.payment_id)));
    const refused = await api(`/api/admin/crypto/payments/${parked.id}/refuse/`, { token: admin.token, body: { note: "không rõ nguồn" } });
    expect(refused.status).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(3 * RATE);
    // The gateway notifies the refused payment again: it stays refused, uncredited.
    expect((await deliver(redeposit.notifications[0])).status).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(3 * RATE);
    expect((await db.select().from(cryptoPayments).where(eq(cryptoPayments.id, parked.id)))[0].review).toBe("refused");
  });
});

describe("attack: the notification never comes", () => {
  it("the cron reads a paid top-up back and credits it once, and expires an invoice nobody paid", async () => {
    const buyer = await person();
    const paidInvoice = await cryptoInvoice(buyer, 6);
    const unpaid = await cryptoInvoice(buyer, 6);
    // Paid at the gateway, but the notification is lost (never delivered).
    await simPay({ order_id: paidInvoice.order_id, usd: 6, status: "finished" });
    const due = new Date(Date.now() - 1000);
    await db.update(cryptoTopups).set({ nextCheckAt: due }).where(eq(cryptoTopups.id, paidInvoice.id));
    await db.update(cryptoTopups).set({ nextCheckAt: due, expiresAt: due }).where(eq(cryptoTopups.id, unpaid.id));
    await runScheduledJobs(env, new Date());
    await runScheduledJobs(env, new Date());
    expect(await topupRow(paidInvoice.id)).toMatchObject({ status: "credited", creditedVnd: 6 * RATE });
    expect((await topupRow(unpaid.id)).status).toBe("expired");
    expect(await balanceOf(buyer.id)).toBe(6 * RATE);
  });
});

describe("the admin's crypto settings", () => {
  it("turns crypto off and bounds the amounts; a buyer cannot change them", async () => {
    const admin = await person("superuser");
    const buyer = await person();
    expect((await api("/api/admin/crypto/settings/", { token: buyer.token, method: "PUT", body: { enabled: false, min_usd: 1, max_usd: 2 } })).status).toBe(403);
    const saved = await api("/api/admin/crypto/settings/", { token: admin.token, method: "PUT", body: { enabled: true, min_usd: 5, max_usd: 50 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ enabled: true, min_usd: 5, max_usd: 50 });
    expect((await api("/api/crypto/create/", { token: buyer.token, body: { amount_usd: 4.99 } })).status).toBe(400);
    expect((await api("/api/crypto/create/", { token: buyer.token, body: { amount_usd: 50.01 } })).status).toBe(400);
    await api("/api/admin/crypto/settings/", { token: admin.token, method: "PUT", body: { enabled: false, min_usd: 5, max_usd: 50 } });
    expect((await api("/api/crypto/create/", { token: buyer.token, body: { amount_usd: 10 } })).status).toBe(503);
    expect((await api("/api/admin/crypto/settings/", { token: admin.token, method: "PUT", body: { enabled: true, min_usd: 60, max_usd: 50 } })).status).toBe(400);
    await api("/api/admin/crypto/settings/", { token: admin.token, method: "PUT", body: { enabled: true, min_usd: 2, max_usd: 1000 } });
  });
});

describe("attack: a parked second deposit refunded by the gateway", () => {
  /** A buyer with a credited invoice of 10 USD and a second deposit of 4 USD parked for the admin. */
  const parkedDeposit = async () => {
    const buyer = await person();
    const invoice = await cryptoInvoice(buyer, 10);
    await pay(invoice.order_id, 10, "finished");
    const redeposit = await pay(invoice.order_id, 4, "redeposit");
    expect(redeposit.answers[0].body.outcome).toBe("parked");
    const [parked] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.paymentId, String(redeposit.payment_id)));
    expect(parked.creditableVnd).toBe(4 * RATE);
    return { buyer, invoice, paymentId: redeposit.payment_id, parked };
  };
  const refundLines = async (userId: number, paymentId: number) => (await cryptoLines(userId)).filter((line) => line.reference === `crypto:${paymentId}:refund`);

  it("takes back an admin's credit of a parked deposit once, in one ledger line, owing what the balance lacks, and tells the owner", async () => {
    const admin = await person("superuser");
    const { buyer, invoice, paymentId, parked } = await parkedDeposit();
    const credited = await api(`/api/admin/crypto/payments/${parked.id}/credit/`, { token: admin.token, body: { note: "khách nạp thêm" } });
    expect(credited.status).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(14 * RATE);
    // The buyer spends most of it before the gateway refunds the second deposit.
    const { pricing } = await listing({ price: 300_000 });
    expect((await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id, payment_method: "balance" } })).status).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(14 * RATE - 300_000);

    const refund = await pay(invoice.order_id, 4, "refunded", { payment_id: paymentId });
    expect(refund.answers[0].body.outcome).toBe("refunded");
    const lines = await refundLines(buyer.id, paymentId);
    expect(lines).toHaveLength(1);
    expect(lines[0].amount).toBe(-(14 * RATE - 300_000));
    expect(lines[0].description).toContain("102.000");
    const [account] = await db.select().from(users).where(eq(users.id, buyer.id));
    expect(account).toMatchObject({ balance: 0, debt: 4 * RATE - (14 * RATE - 300_000) });
    // The first payment's credit stands: only the second deposit was refunded.
    expect(await topupRow(invoice.id)).toMatchObject({ status: "credited", creditedVnd: 10 * RATE, refundedVnd: 0 });
    const notices = await db.select().from(notifications).where(eq(notifications.dedupeKey, `refund:crypto:${paymentId}`));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain("Hoàn tiền crypto");
  });

  it("takes the credit back once when the same refunded notification comes five times at once and again later", async () => {
    const admin = await person("superuser");
    const { buyer, invoice, paymentId, parked } = await parkedDeposit();
    expect((await api(`/api/admin/crypto/payments/${parked.id}/credit/`, { token: admin.token, body: { note: "" } })).status).toBe(200);
    const refund = await pay(invoice.order_id, 4, "refunded", { payment_id: paymentId, repeat: 5 });
    expect(refund.answers.map((answer) => answer.body.outcome).sort()).toEqual(["refunded", "unchanged", "unchanged", "unchanged", "unchanged"]);
    // The same bytes replayed later.
    expect((await deliver(refund.notifications[0])).body.outcome).toBe("unchanged");
    expect(await refundLines(buyer.id, paymentId)).toHaveLength(1);
    expect(await balanceOf(buyer.id)).toBe(10 * RATE);
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0].debt).toBe(0);
  });

  it("closes a parked deposit the gateway refunded before review, and an admin can no longer credit it", async () => {
    const admin = await person("superuser");
    const { buyer, invoice, paymentId, parked } = await parkedDeposit();
    const refund = await pay(invoice.order_id, 4, "refunded", { payment_id: paymentId, repeat: 2 });
    expect(refund.answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [closed] = await db.select().from(cryptoPayments).where(eq(cryptoPayments.id, parked.id));
    expect(closed).toMatchObject({ paymentStatus: "refunded" });
    expect(closed.review).not.toBe("parked");
    // It leaves the admin's queue of parked payments.
    const listed = await api("/api/admin/crypto/?status=parked", { token: admin.token });
    expect(listed.body.data.map((row: { id: number }) => row.id)).not.toContain(invoice.id);

    const refused = await api(`/api/admin/crypto/payments/${parked.id}/credit/`, { token: admin.token, body: { note: "khách nạp thêm" } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: "crypto_payment_refunded" });
    expect(refused.body.message).toContain("hoàn tiền");
    const english = await apiWithHeaders(`/api/admin/crypto/payments/${parked.id}/credit/`, { token: admin.token, body: { note: "" }, headers: { "Accept-Language": "en" } });
    expect(english.body).toMatchObject({ code: "crypto_payment_refunded" });
    expect(english.body.message).toContain("refunded");
    expect(await balanceOf(buyer.id)).toBe(10 * RATE);
    expect(await refundLines(buyer.id, paymentId)).toHaveLength(0);
  });

  it("never leaves an admin's credit standing when it races the gateway's refund", async () => {
    const admin = await person("superuser");
    for (let round = 0; round < 4; round++) {
      const { buyer, invoice, paymentId, parked } = await parkedDeposit();
      const refund = await simPay({ order_id: invoice.order_id, usd: 4, status: "refunded", payment_id: paymentId, repeat: 3 });
      const credit = () => api(`/api/admin/crypto/payments/${parked.id}/credit/`, { token: admin.token, body: { note: "đua" } });
      // The notifications set off a little later each round, so the admin's click lands before, among or after them.
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const [creditAnswer] = await Promise.all([credit(), ...refund.notifications.map((notification, n) => later([0, 8, 25, 60][round] + n * 5).then(() => deliver(notification)))]);
      const lines = await cryptoLines(buyer.id);
      const reviewed = lines.filter((line) => line.reference === `crypto:${paymentId}:review`);
      const takenBack = lines.filter((line) => line.reference === `crypto:${paymentId}:refund`);
      expect(reviewed.length).toBeLessThanOrEqual(1);
      // Credited and taken back, or never credited: the buyer ends where the first payment left them.
      expect(takenBack).toHaveLength(reviewed.length);
      if (reviewed.length === 0) expect(creditAnswer).toMatchObject({ status: 409, body: { code: "crypto_payment_refunded" } });
      else expect(creditAnswer.status).toBe(200);
      expect(await balanceOf(buyer.id)).toBe(10 * RATE);
      expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0].debt).toBe(0);
      // After the race the payment cannot be credited again.
      expect((await credit()).status).toBe(409);
    }
  });
});

describe("the owner sees crypto as its own channel", () => {
  it("counts crypto deposits net of refunds in the overview and names the channel and the payment in the CSV ledger", async () => {
    const admin = await person("superuser");
    const buyer = await person();
    const channel = async () => ((await api("/api/admin/overview/", { token: admin.token })).body as { deposits_by_channel: Record<string, number> }).deposits_by_channel.crypto ?? 0;
    const before = await channel();
    const kept = await cryptoInvoice(buyer, 4);
    const paid = await pay(kept.order_id, 4, "finished");
    const refunded = await cryptoInvoice(buyer, 2);
    await pay(refunded.order_id, 2, "finished");
    await pay(refunded.order_id, 2, "refunded");
    expect((await channel()) - before).toBe(4 * RATE);

    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const response = await request(`/api/admin/exports/transactions.csv?from=${today}&to=${today}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    const lines = (await response.text()).split("\r\n").filter((line) => line.includes(`,${buyer.username},`));
    const credit = lines.find((line) => line.includes(`thanh toán ${paid.payment_id}`));
    expect(credit).toContain("Crypto (NOWPayments)");
    expect(credit).toContain(`,${4 * RATE},`);
  });
});
