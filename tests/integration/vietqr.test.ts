import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentEvents, vietqrTopups, walletTransactions } from "../../workers/db/schema";
import { verifySepay } from "../../workers/money/bank-transfers";
import { crc16 } from "../../workers/money/vietqr-payload";
import { api, balanceOf, cassoSignature, db, hmac, payosSignature, person, request, topupFor, unique } from "../factories";

type Body = Record<string, any>;

let sepayId = Math.floor(Math.random() * 1e9);
function sepayBody(overrides: Body = {}) {
  sepayId += 1;
  return {
    id: sepayId,
    gateway: "Vietcombank",
    transactionDate: "2026-11-25 10:00:00",
    accountNumber: env.VIETQR_ACCOUNT_NUMBER,
    code: null,
    content: "",
    transferType: "in",
    transferAmount: 60000,
    accumulated: 1000000,
    subAccount: null,
    referenceCode: `FT${sepayId}`,
    description: "",
    ...overrides,
  };
}

async function webhook(body: unknown, authorization: string | null = `Apikey ${env.SEPAY_API_KEY}`) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (authorization !== null) headers.Authorization = authorization;
  const response = await request("/api/webhooks/sepay/", { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Body };
}

describe("VietQR top-ups", () => {
  it("publishes the product's defaults and the shop's bank", async () => {
    const { body } = await api("/api/vietqr/config/");
    expect(body.data).toMatchObject({
      minimum_amount: 60000,
      maximum_amount: 50000000,
      formatted_minimum: "60.000\u00a0₫",
      formatted_maximum: "50.000.000\u00a0₫",
      currency: "VND",
      step: 1000,
      suggested_amounts: [60000, 100000, 200000, 500000, 1000000, 2000000, 5000000],
      transaction_timeout_minutes: 30,
      bank_info: { bank_code: "VCB", bank_bin: "970436", account_number: env.VIETQR_ACCOUNT_NUMBER },
    });
  });

  it("validates the amount with the product's messages", async () => {
    const user = await person();
    const cases: [unknown, string][] = [
      ["abc", "Vui lòng nhập số tiền hợp lệ"],
      [-5, "Vui lòng nhập số tiền hợp lệ"],
      [59000, "Số tiền tối thiểu là 60.000\u00a0₫"],
      [50001000, "Số tiền tối đa là 50.000.000\u00a0₫"],
      [60500, "Số tiền phải là bội số của 1.000 VND"],
    ];
    for (const [amount, message] of cases) {
      const result = await api("/api/vietqr/create/", { token: user.token, body: { amount } });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ message, errors: { amount: [message] } });
    }
    expect((await db.select().from(vietqrTopups).where(eq(vietqrTopups.userId, user.id))).length).toBe(0);
    expect((await api("/api/vietqr/create/", { body: { amount: 60000 } })).status).toBe(401);
  });

  it("creates a pending top-up with a short code, a deadline and our own QR image", async () => {
    const user = await person();
    const topup = await topupFor(user, "150000" as unknown as number);
    expect(topup).toMatchObject({ amount: 150000, formatted_amount: "150.000\u00a0₫", status: "pending", status_display: "Đang chờ thanh toán" });
    expect(topup.description).toMatch(/^IGH[A-HJ-NP-Z2-9]{8}$/);
    expect(topup.time_remaining).toBeGreaterThan(29 * 60);
    expect(topup.qr_code_url).toBe(`http://store.test/api/vietqr/qr/${topup.transaction_id}.png`);
    expect(topup.qr_fallback_url).toContain("https://img.vietqr.io/image/970436-");

    const [row] = await db.select().from(vietqrTopups).where(eq(vietqrTopups.transactionId, topup.transaction_id));
    expect(row.qrPayload).toContain(`54061500005802VN`);
    expect(row.qrPayload).toContain(topup.description);
    expect(row.qrPayload.slice(-4)).toBe(crc16(row.qrPayload.slice(0, -4)));

    const image = await request(new URL(topup.qr_code_url).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await image.arrayBuffer()).subarray(0, 4)]).toEqual([137, 80, 78, 71]);
  });

  it("answers a QR image that names no top-up, or is no `<transaction id>.png`, as an unknown address", async () => {
    const topup = await topupFor(await person());
    const id = topup.transaction_id;
    const names = [`${crypto.randomUUID()}.png`, `${id.toUpperCase()}.png`, `${id}.PNG`, `${id}.png.png`, `${id}`, `${id.slice(1)}.png`, "none.png", `%25${id.slice(1)}.png`];
    for (const name of names) {
      const answer = await request(`/api/vietqr/qr/${name}`);
      expect([name, answer.status, await answer.json()]).toEqual([name, 404, { success: false, code: "route_not_found", message: "Không tìm thấy đường dẫn API" }]);
    }
  });

  it("shows a user only their own top-ups", async () => {
    const owner = await person();
    const other = await person();
    const topup = await topupFor(owner);
    expect((await api(`/api/vietqr/detail/${topup.transaction_id}/`, { token: owner.token })).status).toBe(200);
    expect((await api(`/api/vietqr/detail/${topup.transaction_id}/`, { token: other.token })).status).toBe(404);
    expect((await api("/api/vietqr/status/", { token: other.token, body: { transaction_id: topup.transaction_id } })).status).toBe(404);
    expect((await api("/api/vietqr/cancel/", { token: other.token, body: { transaction_id: topup.transaction_id } })).status).toBe(404);
    expect((await api("/api/vietqr/history/", { token: other.token })).body.data).toEqual([]);
  });

  it("lets the buyer cancel a pending top-up once", async () => {
    const user = await person();
    const topup = await topupFor(user);
    const cancelled = await api("/api/vietqr/cancel/", { token: user.token, body: { transaction_id: topup.transaction_id, reason: "User cancelled" } });
    expect(cancelled.body).toMatchObject({ success: true, message: "Đã hủy giao dịch", data: { status: "cancelled", status_display: "Đã hủy" } });
    expect(await api("/api/vietqr/cancel/", { token: user.token, body: { transaction_id: topup.transaction_id } })).toEqual({
      status: 409,
      body: { success: false, code: "transaction_not_cancellable", message: "Không thể hủy giao dịch" },
    });
  });
});

describe("POST /api/webhooks/sepay/", () => {
  it("refuses a missing or wrong key and stores nothing", async () => {
    const body = sepayBody();
    for (const authorization of [null, "Apikey wrong", `Bearer ${env.SEPAY_API_KEY}`, `apikey ${env.SEPAY_API_KEY}x`]) {
      expect((await webhook(body, authorization)).status).toBe(401);
    }
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.providerTransactionId, String(body.id)))).toEqual([]);
  });

  it("credits a matching transfer once, whatever the bank writes around the code", async () => {
    const user = await person();
    const topup = await topupFor(user, 200000);
    const body = sepayBody({ transferAmount: 200000, content: `MBVCB.8812.${topup.description.toLowerCase()}.CT tu 0123 NGUYEN VAN A` });
    expect(await webhook(body)).toEqual({ status: 200, body: { success: true, outcome: "credited" } });
    expect(await balanceOf(user.id)).toBe(200000);
    const status = await api("/api/vietqr/status/", { token: user.token, body: { transaction_id: topup.transaction_id } });
    expect(status.body.data).toMatchObject({ status: "paid", status_display: "Đã thanh toán" });

    // SePay retries: sequential and concurrent replays still answer success and credit nothing more.
    expect((await webhook(body)).body).toEqual({ success: true, outcome: "duplicate" });
    const replays = await Promise.all(Array.from({ length: 10 }, () => webhook(body)));
    expect(replays.every((replay) => replay.status === 200 && replay.body.success)).toBe(true);
    expect(await balanceOf(user.id)).toBe(200000);
    const ledger = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ transactionType: "deposit", source: "vietqr", amount: 200000, reference: `bank:sepay:${body.id}` });
  });

  it("credits once when the first delivery and its replays arrive together", async () => {
    const user = await person();
    const topup = await topupFor(user, 90000);
    const body = sepayBody({ transferAmount: 90000, content: `${topup.description} nap tien` });
    const results = await Promise.all(Array.from({ length: 12 }, () => webhook(body)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.body.outcome === "credited")).toHaveLength(1);
    // The others are replays of the same transfer: each says so, none is parked for an admin.
    expect(results.filter((result) => result.body.outcome === "duplicate")).toHaveLength(11);
    expect(await balanceOf(user.id)).toBe(90000);
  });

  it("parks late, cancelled, wrong-amount and codeless money for an admin, and ignores outgoing transfers", async () => {
    const user = await person();
    const late = await topupFor(user);
    await db.update(vietqrTopups).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(vietqrTopups.transactionId, late.transaction_id));
    const cancelled = await topupFor(user);
    await api("/api/vietqr/cancel/", { token: user.token, body: { transaction_id: cancelled.transaction_id } });
    const short = await topupFor(user, 100000);

    const parked = [
      sepayBody({ content: late.description }),
      sepayBody({ content: cancelled.description }),
      sepayBody({ content: short.description, transferAmount: 99000 }),
      sepayBody({ content: "chuyen tien khong ghi ma" }),
    ];
    for (const body of parked) expect((await webhook(body)).body).toEqual({ success: true, outcome: "unmatched" });
    expect((await webhook(sepayBody({ content: short.description, transferType: "out", transferAmount: 100000 }))).body.outcome).toBe("ignored");
    expect(await balanceOf(user.id)).toBe(0);

    const admin = await person("superuser");
    const list = await api("/api/admin/bank-transfers/?status=unmatched", { token: admin.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const ids = parked.map((body) => String(body.id));
    const listed = list.body.data.filter((event: Body) => ids.includes(event.provider_transaction_id));
    expect(listed).toHaveLength(4);
    expect(listed.every((event: Body) => event.status === "unmatched")).toBe(true);
    expect((await api("/api/admin/bank-transfers/?status=unmatched", { token: user.token })).status).toBe(403);

    // The admin credits the short transfer to the buyer, and dismisses the codeless one.
    const shortEvent = listed.find((event: Body) => event.provider_transaction_id === String(parked[2].id));
    const credit = await api(`/api/admin/bank-transfers/${shortEvent.id}/credit/`, { token: admin.token, body: { user_id: user.id, note: "Chuyển thiếu 1.000đ" } });
    expect(credit.body).toMatchObject({ success: true, data: { balance: 99000 } });
    expect((await api(`/api/admin/bank-transfers/${shortEvent.id}/credit/`, { token: admin.token, body: { user_id: user.id } })).status).toBe(409);
    // A replay of the same bank transaction can no longer credit it either.
    expect((await webhook(parked[2])).body.outcome).toBe("duplicate");
    expect(await balanceOf(user.id)).toBe(99000);

    const codeless = listed.find((event: Body) => event.provider_transaction_id === String(parked[3].id));
    expect((await api(`/api/admin/bank-transfers/${codeless.id}/dismiss/`, { token: admin.token, body: { note: "" } })).status).toBe(400);
    expect((await api(`/api/admin/bank-transfers/${codeless.id}/dismiss/`, { token: admin.token, body: { note: "Không rõ người gửi" } })).body.success).toBe(true);
    const [dismissed] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, codeless.id));
    expect(dismissed).toMatchObject({ status: "dismissed", resolutionNote: "Không rõ người gửi", resolvedBy: admin.id });
  });

  it("refuses a malformed body after authentication, storing nothing", async () => {
    const response = await request("/api/webhooks/sepay/", { method: "POST", headers: { Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body: "{not json" });
    expect(response.status).toBe(400);
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(paymentEvents).where(eq(paymentEvents.rawBody, "{not json"));
    expect(count.n).toBe(0);
  });
});

describe("SePay HMAC mode", () => {
  const config = { SEPAY_AUTH: "hmac" as const, SEPAY_API_KEY: "", SEPAY_HMAC_SECRET: "hmac-secret" };
  async function sign(timestamp: string, body: string) {
    return `sha256=${await hmac("SHA-256", "hmac-secret", `${timestamp}.${body}`)}`;
  }

  it("accepts a fresh, correctly signed body and refuses a stale, altered or unsigned one", async () => {
    const now = Date.now();
    const body = JSON.stringify(sepayBody());
    const timestamp = String(Math.floor(now / 1000));
    const headers = (ts: string, signature: string) => new Headers({ "X-SePay-Timestamp": ts, "X-SePay-Signature": signature });
    expect(await verifySepay(headers(timestamp, await sign(timestamp, body)), body, config, now)).toBe(true);
    expect(await verifySepay(headers(timestamp, await sign(timestamp, body)), `${body} `, config, now)).toBe(false);
    const stale = String(Math.floor((now - 6 * 60_000) / 1000));
    expect(await verifySepay(headers(stale, await sign(stale, body)), body, config, now)).toBe(false);
    expect(await verifySepay(new Headers(), body, config, now)).toBe(false);
  });
});

describe("deposit promotions", () => {
  it("add the best bonus as its own ledger row, count its use once, and stop at the limits", async () => {
    const { promotions, promotionUsages } = await import("../../workers/db/schema");
    const now = Date.now();
    // Other tests' promotions must not interfere: this one gives far more than anything else.
    const [promo] = await db
      .insert(promotions)
      .values({
        name: "Nạp lần đầu",
        code: unique("BONUS").toUpperCase(),
        promotionType: "fixed",
        bonusAmount: 7_777_000,
        minDepositAmount: 60000,
        usageLimitPerUser: 1,
        totalUsageLimit: 1000,
        startDate: new Date(now - 60_000),
        endDate: new Date(now + 86_400_000),
      })
      .returning();
    const user = await person();
    const first = await topupFor(user, 60000);
    const firstBody = sepayBody({ content: first.description });
    await webhook(firstBody);
    await webhook(firstBody); // a replay adds no second bonus
    expect(await balanceOf(user.id)).toBe(60000 + 7_777_000);
    const ledger = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
    expect(ledger.map((row) => [row.source, row.amount, row.promotionId])).toEqual([
      ["vietqr", 60000, null],
      ["bonus", 7_777_000, promo.id],
    ]);
    const uses = await db.select().from(promotionUsages).where(eq(promotionUsages.promotionId, promo.id));
    expect(uses).toHaveLength(1);
    expect((await db.select().from(promotions).where(eq(promotions.id, promo.id)))[0].totalUsed).toBe(1);

    // The per-user limit is reached: the next deposit is credited without this bonus.
    const second = await topupFor(user, 60000);
    await webhook(sepayBody({ content: second.description }));
    expect((await db.select().from(promotionUsages).where(eq(promotionUsages.promotionId, promo.id))).length).toBe(1);
    await db.update(promotions).set({ status: "inactive" }).where(eq(promotions.id, promo.id));
  });
});

describe("Casso and payOS adapters", () => {
  it("Casso: a body signed with HMAC-SHA512 over its sorted JSON is credited once; a bad signature is refused", async () => {
    const user = await person();
    const topup = await topupFor(user, 70000);
    sepayId += 1;
    const body = { error: 0, data: { id: sepayId, reference: `FT${sepayId}`, description: `CK ${topup.description}`, amount: 70000, runningBalance: 1, transactionDateTime: "2026-11-25 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, bankName: "VCB", bankAbbreviation: "VCB" } };
    const t = String(Date.now());
    const signature = await cassoSignature(body, t);
    const post = (sig: string) => request("/api/webhooks/casso/", { method: "POST", headers: { "Content-Type": "application/json", "X-Casso-Signature": sig }, body: JSON.stringify(body) });
    expect((await post(`t=${t},v1=${"0".repeat(128)}`)).status).toBe(401);
    expect(await (await post(signature)).json()).toEqual({ success: true, outcome: "credited" });
    expect(await (await post(signature)).json()).toEqual({ success: true, outcome: "duplicate" });
    expect(await balanceOf(user.id)).toBe(70000);
  });

  it("payOS: a body signed over its sorted data fields is credited; a tampered amount is refused", async () => {
    const user = await person();
    const topup = await topupFor(user, 80000);
    sepayId += 1;
    const data: Body = { orderCode: sepayId, amount: 80000, description: topup.description, accountNumber: env.VIETQR_ACCOUNT_NUMBER, reference: `PO${sepayId}`, transactionDateTime: "2026-11-25 10:00:00", currency: "VND", paymentLinkId: "abc", code: "00", desc: "success", counterAccountName: null };
    const signature = await payosSignature(data);
    const post = (payload: Body) => request("/api/webhooks/payos/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
    expect((await post({ code: "00", desc: "success", success: true, data: { ...data, amount: 8000000 }, signature })).status).toBe(401);
    expect(await (await post({ code: "00", desc: "success", success: true, data, signature })).json()).toEqual({ success: true, outcome: "credited" });
    expect(await balanceOf(user.id)).toBe(80000);
  });
});
