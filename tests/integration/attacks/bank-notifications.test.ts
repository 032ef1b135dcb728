// Attacks on bank-transfer notifications (issue #13, Money 4): a payOS event that is not a
// successful incoming payment, an admin credit of a parked "transfer" of 0 or less, and one transfer
// reported by two providers watching the same account, counted twice; issue #41 item 5: the same
// transfer reported again without the account number or with its reference in another case.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentEvents, walletTransactions } from "../../../workers/db/schema";
import { REVIEW_MESSAGES } from "../../../workers/money/messages";
import { api, balanceOf, cassoSignature, db, payosSignature, person, request, topupFor, unique } from "../../factories";

type Body = Record<string, any>;

let nextId = Math.floor(Math.random() * 1e9);

/** `accountNumber: null` sends a report without the account number, as some providers do. */
type Transfer = { reference: string; amount: number; content: string; accountNumber?: string | null };

async function sepay({ reference, amount, content, accountNumber = env.VIETQR_ACCOUNT_NUMBER }: Transfer) {
  nextId += 1;
  const body = {
    id: nextId,
    gateway: "Vietcombank",
    transactionDate: "2026-11-25 10:00:00",
    accountNumber,
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

async function casso({ reference, amount, content, accountNumber = env.VIETQR_ACCOUNT_NUMBER }: Transfer) {
  nextId += 1;
  const data: Body = { id: nextId, reference, description: content, amount, runningBalance: 1, transactionDateTime: "2026-11-25 10:00:00", accountNumber, bankName: "VCB", bankAbbreviation: "VCB" };
  if (accountNumber === null) delete data.accountNumber;
  const body = { error: 0, data };
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

/** Every stored report of a reference, whatever its case or the spaces around it. */
const eventsLike = (reference: string) =>
  db
    .select()
    .from(paymentEvents)
    .where(sql`upper(trim(${paymentEvents.bankReference})) = ${reference.trim().toUpperCase()}`);

function withoutAccount(data: Body): Body {
  const { accountNumber: _omitted, ...rest } = data;
  return rest;
}

/** A bank reference as one bank writes it (FT + digits), unique to the test. */
const bankRef = () => `FT${Date.now()}${Math.floor(Math.random() * 1e6)}`;

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

describe("attack: the same transfer reported again in another form is parked as new money (issue #41, 5)", () => {
  it("the same transfer reported again without the account number is answered duplicate, not parked", async () => {
    const user = await person();
    const topup = await topupFor(user, 130000);
    const reference = bankRef();
    expect((await sepay({ reference, amount: 130000, content: topup.description })).body.outcome).toBe("credited");
    for (const again of [casso, sepay]) {
      expect((await again({ reference, amount: 130000, content: topup.description, accountNumber: null })).body).toEqual({ success: true, outcome: "duplicate" });
    }
    expect(await balanceOf(user.id)).toBe(130000);
    expect((await eventsLike(reference)).map((event) => event.status)).toEqual(["credited"]);
  });

  it("the same transfer reported again with the reference in lower case is answered duplicate, not parked", async () => {
    const user = await person();
    const topup = await topupFor(user, 140000);
    const reference = bankRef();
    expect((await sepay({ reference, amount: 140000, content: topup.description })).body.outcome).toBe("credited");
    for (const written of [reference.toLowerCase(), `  ${reference.toLowerCase()} `, `${reference.slice(0, 2).toLowerCase()}${reference.slice(2)}`]) {
      expect((await casso({ reference: written, amount: 140000, content: `CK ${topup.description}` })).body).toEqual({ success: true, outcome: "duplicate" });
    }
    expect((await payos(payosData({ reference: reference.toLowerCase(), amount: 140000, description: topup.description }))).body).toEqual({ success: true, outcome: "duplicate" });
    expect(await balanceOf(user.id)).toBe(140000);
    expect((await eventsLike(reference)).map((event) => event.status)).toEqual(["credited"]);
  });

  it("a transfer an admin credited, reported again in lower case without the account number, is answered duplicate", async () => {
    const user = await person();
    const admin = await person("superuser");
    const reference = bankRef();
    expect((await sepay({ reference, amount: 85000, content: "chuyen tien khong ghi ma" })).body.outcome).toBe("unmatched");
    const [parked] = await eventsWithReference(reference);
    expect((await api(`/api/admin/bank-transfers/${parked.id}/credit/`, { token: admin.token, body: { user_id: user.id, note: "đã đối chiếu" } })).status).toBe(200);
    expect((await casso({ reference: reference.toLowerCase(), amount: 85000, content: "chuyen tien khong ghi ma", accountNumber: null })).body).toEqual({ success: true, outcome: "duplicate" });
    const unmatched = (await api("/api/admin/bank-transfers/?status=unmatched", { token: admin.token })).body.data as Body[];
    expect(unmatched.filter((event) => event.bank_reference?.toUpperCase() === reference)).toEqual([]);
    expect(await balanceOf(user.id)).toBe(85000);
  });

  it("reports of one transfer in every form, racing in parallel, credit it once and park nothing", async () => {
    const user = await person();
    const topup = await topupFor(user, 150000);
    const reference = bankRef();
    const transfer = { reference, amount: 150000, content: topup.description };
    const answers = await Promise.all([
      sepay(transfer),
      sepay({ ...transfer, accountNumber: null }),
      sepay({ ...transfer, reference: reference.toLowerCase() }),
      casso({ ...transfer, reference: ` ${reference.toLowerCase()}`, accountNumber: null }),
      casso(transfer),
      payos(withoutAccount(payosData({ reference: reference.toLowerCase(), amount: 150000, description: topup.description }))),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(["credited", "duplicate", "duplicate", "duplicate", "duplicate", "duplicate"]);
    expect(await balanceOf(user.id)).toBe(150000);
    expect((await eventsLike(reference)).map((event) => event.status)).toEqual(["credited"]);
  });
});

describe("attack: an admin credits a parked copy of a transfer already credited (issue #41, 5)", () => {
  /** A second report of `reference` parked by the store before issue #41 (it took lower case and no account number for new money). */
  async function parkedCopy(reference: string, amount: number) {
    const [copy] = await db
      .insert(paymentEvents)
      .values({
        provider: "casso",
        providerTransactionId: unique("copy"),
        amount,
        content: "chuyen tien",
        accountNumber: null,
        bankReference: reference.toLowerCase(),
        // As migration 0018 fills it in for the rows it finds.
        referenceKey: reference.trim().toUpperCase(),
        rawBody: "{}",
        status: "unmatched",
      } as typeof paymentEvents.$inferInsert)
      .returning();
    return copy;
  }

  it("a parked copy of a credited transfer is marked in the list and cannot be credited again", async () => {
    const user = await person();
    const admin = await person("superuser");
    const topup = await topupFor(user, 95000);
    const reference = bankRef();
    expect((await sepay({ reference, amount: 95000, content: topup.description })).body.outcome).toBe("credited");
    const [credited] = await eventsWithReference(reference);
    const copy = await parkedCopy(reference, 95000);

    const listed = ((await api("/api/admin/bank-transfers/?status=unmatched", { token: admin.token })).body.data as Body[]).find((event) => event.id === copy.id);
    expect(listed?.duplicate_of).toMatchObject({ id: credited.id, credited_user_id: user.id });

    const other = await person();
    const credit = await api(`/api/admin/bank-transfers/${copy.id}/credit/`, { token: admin.token, body: { user_id: other.id, note: "cộng lại" } });
    expect(credit).toEqual({ status: 409, body: { success: false, code: "transfer_duplicate", message: REVIEW_MESSAGES.sameTransferCredited(credited.id).in("vi") } });
    expect(await balanceOf(other.id)).toBe(0);
    expect(await balanceOf(user.id)).toBe(95000);
    expect((await db.select().from(paymentEvents).where(eq(paymentEvents.id, copy.id)))[0].status).toBe("unmatched");
    // Dismissing it is what is left to do.
    expect((await api(`/api/admin/bank-transfers/${copy.id}/dismiss/`, { token: admin.token, body: { note: "trùng giao dịch đã cộng" } })).body.success).toBe(true);
  });

  it("two parked copies of one transfer credited at once pay once", async () => {
    const admin = await person("superuser");
    const [first, second] = [await person(), await person()];
    const reference = bankRef();
    const copies = [await parkedCopy(reference, 72000), await parkedCopy(` ${reference} `, 72000)];
    const credits = await Promise.all(
      copies.map((copy, index) => api(`/api/admin/bank-transfers/${copy.id}/credit/`, { token: admin.token, body: { user_id: [first, second][index].id, note: "song song" } })),
    );
    expect(credits.map((credit) => credit.status).sort()).toEqual([200, 409]);
    const winner = copies[credits.findIndex((credit) => credit.status === 200)];
    expect(credits.find((credit) => credit.status === 409)?.body).toEqual({ success: false, code: "transfer_duplicate", message: REVIEW_MESSAGES.sameTransferCredited(winner.id).in("vi") });
    expect((await balanceOf(first.id)) + (await balanceOf(second.id))).toBe(72000);
  });
});
