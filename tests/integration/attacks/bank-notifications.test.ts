// Attacks on bank-transfer notifications (issue #13, Money 4): a payOS event that is not a
// successful incoming payment, an admin credit of a parked "transfer" of 0 or less, and one transfer
// reported by two providers watching the same account, counted twice.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentEvents, walletTransactions } from "../../../workers/db/schema";
import { api, balanceOf, cassoSignature, db, payosSignature, person, request, topupFor, unique } from "../../factories";

type Body = Record<string, any>;

let nextId = Math.floor(Math.random() * 1e9);

type Transfer = { reference: string; amount: number; content: string };

async function sepay({ reference, amount, content }: Transfer) {
  nextId += 1;
  const body = {
    id: nextId,
    gateway: "Vietcombank",
    transactionDate: "2026-11-25 10:00:00",
    accountNumber: env.VIETQR_ACCOUNT_NUMBER,
    code: null,
    content,
    transferType: "in",
    transferAmount: amount,
    accumulated: 1000000,
    subAccount: null,
    referenceCode: reference,
    description: content,
  };
  const response = await request("/api/webhooks/sepay/", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Body };
}

async function casso({ reference, amount, content }: Transfer) {
  nextId += 1;
  const body = {
    error: 0,
    data: { id: nextId, reference, description: content, amount, runningBalance: 1, transactionDateTime: "2026-11-25 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, bankName: "VCB", bankAbbreviation: "VCB" },
  };
  const t = String(Date.now());
  const signature = await cassoSignature(body, t);
  const response = await request("/api/webhooks/casso/", { method: "POST", headers: { "Content-Type": "application/json", "X-Casso-Signature": signature }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Body };
}

async function payos(data: Body, code = "00") {
  const signature = await payosSignature(data);
  const response = await request("/api/webhooks/payos/", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, desc: code === "00" ? "success" : "failed", success: code === "00", data, signature }),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

function payosData(overrides: Body): Body {
  nextId += 1;
  return {
    orderCode: nextId,
    amount: 80000,
    description: "",
    accountNumber: env.VIETQR_ACCOUNT_NUMBER,
    reference: `PO${nextId}`,
    transactionDateTime: "2026-11-25 10:00:00",
    currency: "VND",
    paymentLinkId: "abc",
    code: "00",
    desc: "success",
    counterAccountName: null,
    ...overrides,
  };
}

const eventsWithReference = (reference: string) => db.select().from(paymentEvents).where(eq(paymentEvents.bankReference, reference));

describe("attack: payOS reports a payment that did not succeed", () => {
  it("credits nothing when the payment's own code is not 00, even under a top-level 00", async () => {
    const user = await person();
    const topup = await topupFor(user, 80000);
    const answer = await payos(payosData({ description: topup.description, code: "01", desc: "Giao dịch thất bại" }));
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).not.toBe("credited");
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("neither credits nor parks an amount of 0 or less", async () => {
    const user = await person();
    const topup = await topupFor(user, 80000);
    for (const amount of [0, -80000]) {
      const data = payosData({ description: topup.description, amount });
      const answer = await payos(data);
      expect(answer.status).toBe(200);
      expect(answer.body.outcome).toBe("ignored");
      // Recorded as read (an amount of money out is kept too), and only as ignored.
      const events = await db.select().from(paymentEvents).where(eq(paymentEvents.providerTransactionId, String(data.reference)));
      expect(events.map((event) => ({ status: event.status, amount: event.amount }))).toEqual([{ status: "ignored", amount }]);
    }
    expect(await balanceOf(user.id)).toBe(0);
  });
});

describe("attack: an admin credits a parked transfer of 0 or less", () => {
  it("refuses the credit and leaves the balance as it is", async () => {
    const user = await person();
    const admin = await person("superuser");
    // Money the user really has, so a negative "credit" could take some away.
    const paid = await topupFor(user, 100000);
    expect((await sepay({ reference: unique("FT"), amount: 100000, content: paid.description })).body.outcome).toBe("credited");
    for (const amount of [0, -50000]) {
      const [event] = await db
        .insert(paymentEvents)
        .values({ provider: "sepay", providerTransactionId: unique("neg"), amount, content: "?", accountNumber: env.VIETQR_ACCOUNT_NUMBER, rawBody: "{}", status: "unmatched" })
        .returning();
      const credit = await api(`/api/admin/bank-transfers/${event.id}/credit/`, { token: admin.token, body: { user_id: user.id, note: "thử" } });
      expect(credit.status).toBe(400);
      expect(credit.body.success).toBe(false);
      expect((await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id)))[0].status).toBe("unmatched");
    }
    expect(await balanceOf(user.id)).toBe(100000);
    expect(await db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id))).toHaveLength(1);
  });
});

describe("attack: one transfer reported by two providers watching the account is counted twice", () => {
  for (const [first, second, names] of [
    [sepay, casso, "SePay then Casso"],
    [casso, sepay, "Casso then SePay"],
  ] as const) {
    it(`credits a matched top-up once and parks nothing (${names})`, async () => {
      const user = await person();
      const topup = await topupFor(user, 120000);
      const transfer = { reference: unique("FT"), amount: 120000, content: `CK ${topup.description}` };
      expect((await first(transfer)).body).toEqual({ success: true, outcome: "credited" });
      expect((await second(transfer)).body).toEqual({ success: true, outcome: "duplicate" });
      expect(await balanceOf(user.id)).toBe(120000);
      const events = await eventsWithReference(transfer.reference);
      expect(events).toHaveLength(1);
      expect(events[0].status).toBe("credited");
    });

    it(`parks an unmatched transfer once, not as two sums of new money (${names})`, async () => {
      const transfer = { reference: unique("FT"), amount: 75000, content: "chuyen tien khong ghi ma" };
      expect((await first(transfer)).body).toEqual({ success: true, outcome: "unmatched" });
      expect((await second(transfer)).body).toEqual({ success: true, outcome: "duplicate" });
      const events = await eventsWithReference(transfer.reference);
      expect(events).toHaveLength(1);
      expect(events[0].status).toBe("unmatched");
      const admin = await person("superuser");
      const unmatched = (await api("/api/admin/bank-transfers/?status=unmatched", { token: admin.token })).body.data as Body[];
      expect(unmatched.filter((event) => event.bank_reference === transfer.reference)).toHaveLength(1);
    });
  }

  it("keeps two transfers apart that share a reference but not the amount", async () => {
    const reference = unique("FT");
    expect((await sepay({ reference, amount: 61000, content: "khong ma" })).body.outcome).toBe("unmatched");
    expect((await casso({ reference, amount: 62000, content: "khong ma" })).body.outcome).toBe("unmatched");
  });
});
