import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardTopups, walletTransactions } from "../../workers/db/schema";
import worker from "../../workers/index";
import { amountToCredit, cardSign } from "../../workers/money/cards";
import { cardEstimate } from "../../workers/shared/money/topup";
import { CARD_TEST } from "../test-servers";
import { balanceOf, cardCallback, cardDigits, cardRow, db, person, request, submitCard, unique } from "../factories";

type Body = Record<string, any>;

/** The gateway's callback, once the gateway has had time to answer the submission. */
async function callback(card: Parameters<typeof cardCallback>[0], overrides: Body = {}) {
  await new Promise((resolve) => setTimeout(resolve, CARD_TEST.delayMs * 3));
  return cardCallback(card, overrides);
}

describe("phone cards", () => {
  it("publish the carriers with their fees and the card values", async () => {
    const body = (await (await request("/api/cards/config/")).json()) as Body;
    expect(body.data.supported_telcos).toEqual([
      { value: "VIETTEL", label: "Viettel", fee: 20 },
      { value: "VINAPHONE", label: "Vinaphone", fee: 20 },
      { value: "MOBIFONE", label: "Mobifone", fee: 22 },
    ]);
    expect(body.data.supported_values[0]).toEqual({ value: 10000, label: "10.000\u00a0₫" });
  });

  it("validate with the product's messages and store nothing when refused", async () => {
    const user = await person();
    const result = await submitCard(user.token, { telco: "", card_serial: "123", card_code: "12ab", card_value: 15000 });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({
      telco: ["Vui lòng chọn nhà mạng"],
      card_serial: ["Số serial phải có ít nhất 10 ký tự"],
      card_code: ["Mã thẻ phải có ít nhất 10 ký tự"],
      card_value: ["Vui lòng chọn mệnh giá thẻ"],
    });
    expect((await submitCard(user.token, { telco: "VIETTEL", card_serial: "12345abcde12", card_code: cardDigits(), card_value: 10000 })).body.errors).toEqual({
      card_serial: ["Chỉ được nhập chữ số"],
    });
    expect((await submitCard(undefined, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 10000 })).status).toBe(401);
    expect(await db.select().from(cardTopups).where(eq(cardTopups.userId, user.id))).toEqual([]);
  });

  it("a good card is pending, then credited once with the amount received after the carrier's fee", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 100000 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: "pending", status_display: "Đang xử lý", message: "Đang xử lý thẻ cào, vui lòng chờ...", card_value: 100000, fee_percent: 20 });
    const card = await cardRow(created.body.data.transaction_id);

    expect((await callback(card)).body).toEqual({ status: 1, message: "OK" });
    const detail = (await (await request(`/api/cards/detail/${card.transactionId}/`, { headers: { Authorization: `Bearer ${user.token}` } })).json()) as Body;
    expect(detail.data).toMatchObject({ status: "success", amount_received: 80000, formatted_amount_received: "80.000\u00a0₫" });
    expect(await balanceOf(user.id)).toBe(80000);
    const settled = await cardRow(card.transactionId);
    expect(settled.cardCode).toMatch(/^\*+\d{4}$/); // the code is no longer kept

    // The gateway calls again: nothing more is credited.
    expect((await callback(card)).body.status).toBe(1);
    expect(await balanceOf(user.id)).toBe(80000);
    const ledger = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, user.id));
    expect(ledger.map((row) => [row.source, row.amount, row.reference])).toEqual([["card", 80000, `card:${card.requestId}`]]);
  });

  it("trusts the gateway's re-check, not the callback: a forged 'success' for a bad card credits nothing", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VINAPHONE", card_serial: cardDigits("0000"), card_code: cardDigits(), card_value: 500000 });
    const card = await cardRow(created.body.data.transaction_id);
    await callback(card, { status: 1, amount: 500000, value: 500000 });
    expect(await cardRow(card.transactionId)).toMatchObject({ status: "invalid_card", amountReceived: 0 });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("refuses a callback with a bad signature and changes nothing", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 50000 });
    const card = await cardRow(created.body.data.transaction_id);
    expect((await callback(card, { callback_sign: "0".repeat(32) })).status).toBe(401);
    expect((await callback(card, { callback_sign: cardSign("another-key", card.cardCode, card.cardSerial) })).status).toBe(401);
    expect(await cardRow(card.transactionId)).toMatchObject({ status: "pending" });
    expect(await balanceOf(user.id)).toBe(0);
    expect((await callback({ ...card, requestId: "unknown" })).status).toBe(404);
  });

  it("credits a wrong declared value at what the gateway actually received", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "MOBIFONE", card_serial: cardDigits(), card_code: cardDigits("9999"), card_value: 100000 });
    const card = await cardRow(created.body.data.transaction_id);
    await callback(card);
    // The simulator's real value is half the declared one, with a 50% penalty after the 22% fee.
    expect(await cardRow(card.transactionId)).toMatchObject({ status: "wrong_amount", realValue: 50000, amountReceived: 19500 });
    expect(await balanceOf(user.id)).toBe(19500);
  });

  it("a wrong declared value's ledger row and CSV export row carry the declared value, the real value and how the credit came about (issue 43 item 5)", async () => {
    const user = await person();
    const admin = await person("superuser");
    const serial = cardDigits();
    const created = await submitCard(user.token, { telco: "MOBIFONE", card_serial: serial, card_code: cardDigits("9999"), card_value: 100000 });
    const card = await cardRow(created.body.data.transaction_id);
    const good = await cardRow((await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 20000 })).body.data.transaction_id);
    await callback(card);
    await cardCallback(good);
    // 50.000 ₫ real less Mobifone's 22% is 39.000 ₫; the gateway paid 19.500 ₫ (its penalty for the wrong value).
    const description = `Nạp tiền bằng thẻ cào Mobifone 100.000\u00a0₫, serial …${serial.slice(-4)}; sai mệnh giá, khai báo 100.000\u00a0₫, giá trị thật 50.000\u00a0₫: 50.000\u00a0₫ trừ phí 22% còn 39.000\u00a0₫, cổng thẻ trừ thêm 19.500\u00a0₫ vì khai sai mệnh giá`;
    const reference = `card:${card.requestId}`;
    const [entry] = await db.select().from(walletTransactions).where(eq(walletTransactions.reference, reference));
    expect(entry).toMatchObject({ amount: 19500, source: "card", description });

    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const response = await request(`/api/admin/exports/transactions.csv?from=${today}&to=${today}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0].endsWith(",Mã tham chiếu,Mệnh giá khai báo (₫),Giá trị thật (₫)")).toBe(true);
    const line = lines.find((text) => text.includes(reference));
    expect(line).toContain(`,19500,`);
    expect(line).toContain(`"${description}"`);
    expect(line?.endsWith(`,${reference},100000,50000`)).toBe(true);
    // A good card's row carries both values too: the same.
    expect(lines.find((text) => text.includes(`card:${good.requestId}`))?.endsWith(`,card:${good.requestId},20000,20000`)).toBe(true);
  });

  it("refuses the same card twice while it is pending or used", async () => {
    const user = await person();
    const card = { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 20000 };
    expect((await submitCard(user.token, card)).status).toBe(201);
    const again = await submitCard(user.token, card);
    expect(again).toEqual({ status: 409, body: { success: false, code: "card_duplicate", message: "Thẻ này đã được gửi trước đó", errors: { card_serial: ["Thẻ này đã được gửi trước đó"] } } });
  });

  it("the cron re-checks cards pending for over 10 minutes and settles those the gateway has answered; the others wait for their next re-check", async () => {
    const user = await person();
    const created = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 10000 });
    await new Promise((resolve) => setTimeout(resolve, CARD_TEST.delayMs * 3)); // the gateway has the result; its callback never came
    const eleven = new Date(Date.now() - 11 * 60_000);
    await db.update(cardTopups).set({ createdAt: eleven, nextCheckAt: new Date(Date.now() - 1000) }).where(eq(cardTopups.transactionId, created.body.data.transaction_id));
    // A card from before re-check times existed, which the gateway never received.
    const [lost] = await db
      .insert(cardTopups)
      .values({ transactionId: crypto.randomUUID(), requestId: unique("unknown"), userId: user.id, telco: "VIETTEL", cardSerial: cardDigits(), cardCode: cardDigits(), cardValue: 10000, feePercent: 20, createdAt: eleven })
      .returning();
    const fresh = await submitCard(user.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 10000 });

    const context = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, context);
    await waitOnExecutionContext(context);

    expect((await cardRow(created.body.data.transaction_id)).status).toBe("success");
    // Not failed: sent again under its request_id, and asked about later (updated: it used to be failed).
    expect(await cardRow(lost.transactionId)).toMatchObject({ status: "pending", checkAttempts: 1, gatewayStatus: 99 });
    expect((await cardRow(fresh.body.data.transaction_id)).status).toBe("pending");
    expect((await cardRow(fresh.body.data.transaction_id)).checkAttempts).toBe(0);
    expect(await balanceOf(user.id)).toBe(8000);
  });

  it("can credit by the fee formula instead of the gateway's amount", () => {
    const config = { CARD_GATEWAY_URL: "x", CARD_PARTNER_ID: "x", CARD_PARTNER_KEY: "x", CARD_FEES: "VIETTEL:20", CARD_CREDIT: "fee_formula" as const };
    expect(amountToCredit(config, { telco: "VIETTEL", feePercent: 18, cardValue: 100000 }, { status: 1, message: "", value: 100000, amount: 1, transId: null })).toBe(82000);
    expect(amountToCredit({ ...config, CARD_CREDIT: "gateway_amount" }, { telco: "VIETTEL", feePercent: 18, cardValue: 100000 }, { status: 1, message: "", value: 100000, amount: 77777, transId: null })).toBe(77777);
  });
});

describe("attack: a fee with a fraction shaving a đồng off what the screen promised", () => {
  it("credits exactly the estimate the card dialog shows, for every card value and every fee in tenths", () => {
    const differing: string[] = [];
    for (const value of [10_000, 20_000, 30_000, 50_000, 100_000, 200_000, 300_000, 500_000, 1_000_000]) {
      for (let tenths = 0; tenths <= 1000; tenths++) {
        const feePercent = tenths / 10;
        const credited = amountToCredit({ CARD_CREDIT: "fee_formula" } as Parameters<typeof amountToCredit>[0], { telco: "VIETTEL", feePercent, cardValue: value }, { status: 1, value, amount: null, message: "" } as unknown as Parameters<typeof amountToCredit>[2]);
        if (credited !== cardEstimate(value, feePercent)) differing.push(`${value} at ${feePercent}%: ${credited} ≠ ${cardEstimate(value, feePercent)}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
