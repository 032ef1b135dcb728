// The buyer's top-up history (issue 53): GET /api/auth/wallet/topups/ lists every VietQR top-up,
// card and late transfer of the buyer's own, newest first, each with its state and why; a refused
// card and a transfer that came after its code closed stay there with their final state, and the
// buyer's open screens hear of a late transfer's every step.
import { env, SELF } from "cloudflare:test";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, vietqrTopups } from "../../workers/db/schema";
import { CARD_TEST } from "../test-servers";
import { api, apiWithHeaders, cardCallback, cardDigits, cardRow, db, person, request, submitCard, topupFor } from "../factories";

type Body = Record<string, any>;

const history = (token: string, page = 1, lang?: "en") =>
  apiWithHeaders(`/api/auth/wallet/topups/?page=${page}`, { token, headers: lang ? { "Accept-Language": "en" } : {} }).then(({ status, body }) => ({ status, body }));

/** A card sent and answered by the simulated gateway (its callback after the gateway has had time). */
async function sentCard(token: string, { serial = cardDigits(), code = cardDigits(), value = 100_000 } = {}) {
  const created = await submitCard(token, { telco: "VIETTEL", card_serial: serial, card_code: code, card_value: value });
  expect(created.status).toBe(201);
  const card = await cardRow(created.body.data.transaction_id);
  await new Promise((resolve) => setTimeout(resolve, CARD_TEST.delayMs * 3));
  await cardCallback(card);
  return card;
}

let transferId = Math.floor(Math.random() * 1e9);
async function bankPays(content: string, amount: number) {
  transferId += 1;
  const body = { id: transferId, gateway: "Vietcombank", transactionDate: "2026-12-02 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, code: null, content, transferType: "in", transferAmount: amount, accumulated: 1, subAccount: null, referenceCode: `FT${transferId}`, description: "" };
  const response = await request("/api/webhooks/sepay/", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body: JSON.stringify(body) });
  return ((await response.json()) as Body).outcome as string;
}

/** A VietQR top-up whose deadline has passed. */
async function expiredTopup(token: string, amount = 60_000) {
  const topup = await topupFor({ token }, amount);
  await db.update(vietqrTopups).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(vietqrTopups.transactionId, topup.transaction_id));
  return topup;
}

async function listen(token: string) {
  const ticket = (await api("/api/auth/wallet/live-ticket/", { token, method: "POST" })).body.data.ticket as string;
  const response = await SELF.fetch(`http://store.test/api/auth/wallet/live/?ticket=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket", Origin: "http://store.test" } });
  const socket = response.webSocket!;
  socket.accept();
  const messages: Body[] = [];
  socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data)) as Body));
  const heard = async (test: (message: Body) => boolean) => {
    for (let waited = 0; waited < 3000 && !messages.some(test); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    return messages.find(test) ?? null;
  };
  return { socket, heard };
}

describe("the top-up history", () => {
  it("another buyer tries to read a buyer's top-ups: each sees only their own, and nobody without signing in", async () => {
    const [alice, mallory] = [await person(), await person()];
    await topupFor(alice, 70_000);
    const own = await history(alice.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0]).toMatchObject({ channel: "vietqr", state: "waiting", amount: 70_000, credited: null, reason: null });
    expect(own.body.pagination).toEqual({ page: 1, page_size: 20, total: 1, total_pages: 1 });
    expect((await history(mallory.token)).body.data).toEqual([]);
    expect((await api("/api/auth/wallet/topups/")).status).toBe(401);
    expect((await history(alice.token, 0)).status).toBe(400);
  });

  it("a refused card stays with its final state and the gateway's reason, in the reader's language", async () => {
    const buyer = await person();
    const card = await sentCard(buyer.token, { serial: cardDigits("0000") });
    expect((await cardRow(card.transactionId)).status).toBe("invalid_card");
    const [entry] = (await history(buyer.token)).body.data;
    expect(entry).toMatchObject({ channel: "card", card_id: card.id, state: "refused", amount: 100_000, credited: null, telco: "Viettel", fee_percent: 20, reason: "Cổng thẻ từ chối thẻ: Thẻ không hợp lệ" });
    expect((await history(buyer.token, 1, "en")).body.data[0].reason).toBe("The card gateway refused the card: Invalid card");
  });

  it("a card says its fee while checked and credited, and a wrong-value card why it gave less", async () => {
    const buyer = await person();
    const pending = await submitCard(buyer.token, { telco: "VIETTEL", card_serial: cardDigits(), card_code: cardDigits(), card_value: 100_000 });
    let [entry] = (await history(buyer.token)).body.data;
    expect(entry).toMatchObject({ transaction_id: pending.body.data.transaction_id, state: "checking", estimate: 80_000, reason: "Thẻ 100.000\u00a0₫ trừ phí nhà mạng 20%" });
    const good = await cardRow(pending.body.data.transaction_id);
    await new Promise((resolve) => setTimeout(resolve, CARD_TEST.delayMs * 3));
    await cardCallback(good);
    [entry] = (await history(buyer.token)).body.data;
    expect(entry).toMatchObject({ state: "credited", credited: 80_000, formatted_credited: "80.000\u00a0₫", reason: "Thẻ 100.000\u00a0₫ trừ phí nhà mạng 20%" });

    await sentCard(buyer.token, { code: cardDigits("9999") });
    [entry] = (await history(buyer.token)).body.data;
    // The simulated gateway: real value half the declared one, 20% fee, then half again as the penalty.
    expect(entry).toMatchObject({ state: "partial", amount: 100_000, credited: 20_000 });
    expect(entry.reason).toBe("Thẻ khai báo 100.000\u00a0₫ nhưng giá trị thật là 50.000\u00a0₫; sau phí nhà mạng 20% và phạt sai mệnh giá, cổng thẻ trả 20.000\u00a0₫");
    expect((await history(buyer.token, 1, "en")).body.data[0].reason).toBe(
      "The card was declared as 100,000\u00a0₫ but is worth 50,000\u00a0₫; after the carrier's 20% fee and the wrong-value penalty, the gateway paid 20,000\u00a0₫",
    );
  });

  it("a transfer that came after its code expired is the buyer's, awaiting review, told live; the owner's notice names the buyer", async () => {
    const buyer = await person();
    const topup = await expiredTopup(buyer.token);
    const tab = await listen(buyer.token);
    expect(await bankPays(`CK ${topup.description}`, 60_000)).toBe("unmatched");

    const entries = (await history(buyer.token)).body.data as Body[];
    expect(entries.map((entry) => [entry.channel, entry.state])).toEqual([
      ["bank_transfer", "awaiting_review"],
      ["vietqr", "expired"],
    ]);
    expect(entries[0]).toMatchObject({ amount: 60_000, credited: null, transfer_code: topup.description, reason: `Chuyển khoản mang mã ${topup.description} đến sau khi giao dịch đã đóng; cửa hàng đang xem xét` });
    expect(await tab.heard((message) => message.event === "transfer_review" && message.event_id === entries[0].event_id)).toMatchObject({ state: "awaiting_review", delta: 0 });

    const [notice] = await db.select().from(notifications).where(like(notifications.dedupeKey, `transfer_parked:sepay:${transferId}`));
    expect(notice.text).toContain(`Mã chuyển khoản của: ${buyer.username} (#${buyer.id})`);
    tab.socket.close();
  });

  it("the admin's dismissal and credit of late transfers reach the buyer's history with the note, live", async () => {
    const buyer = await person();
    const admin = await person("superuser");
    const topup = await expiredTopup(buyer.token);
    expect(await bankPays(topup.description, 60_000)).toBe("unmatched");
    expect(await bankPays(topup.description, 40_000)).toBe("unmatched");
    const [second, first] = (await history(buyer.token)).body.data as Body[];
    const tab = await listen(buyer.token);

    expect((await api(`/api/admin/bank-transfers/${first.event_id}/dismiss/`, { token: admin.token, body: { note: "Đã hoàn tiền cho khách" } })).status).toBe(200);
    expect(await tab.heard((message) => message.event_id === first.event_id)).toMatchObject({ event: "transfer_review", state: "dismissed" });
    expect((await api(`/api/admin/bank-transfers/${second.event_id}/credit/`, { token: admin.token, body: { user_id: buyer.id, note: "Khách chuyển trễ" } })).status).toBe(200);
    expect(await tab.heard((message) => message.event_id === second.event_id)).toMatchObject({ event: "credit", delta: 40_000 });

    const entries = (await history(buyer.token)).body.data as Body[];
    expect(entries.map((entry) => [entry.event_id, entry.state, entry.credited, entry.reason])).toEqual([
      [second.event_id, "credited_by_shop", 40_000, "Cửa hàng đã duyệt và cộng tiền: Khách chuyển trễ"],
      [first.event_id, "dismissed", null, "Cửa hàng đã bỏ qua giao dịch: Đã hoàn tiền cho khách"],
      [null, "expired", null, "Hết thời gian chờ mà chưa nhận được chuyển khoản"],
    ]);
    tab.socket.close();
  });

  it("pages newest first, twenty to a page", async () => {
    const buyer = await person();
    const made: string[] = [];
    for (let index = 0; index < 3; index += 1) made.push((await topupFor(buyer, 60_000 + index * 1000)).transaction_id);
    await api("/api/vietqr/cancel/", { token: buyer.token, body: { transaction_id: made[0] } });
    const entries = (await history(buyer.token)).body.data as Body[];
    expect(entries.map((entry) => entry.transaction_id)).toEqual([...made].reverse());
    expect(entries[2]).toMatchObject({ state: "cancelled", reason: "Giao dịch đã bị hủy" });
    expect((await history(buyer.token, 2)).body).toMatchObject({ data: [], pagination: { page: 2, total: 3, total_pages: 1 } });
  });
});
