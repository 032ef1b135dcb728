// The live wallet (docs/architecture.md, "The live wallet"): a buyer's open screens hear of each
// change of their wallet over a WebSocket to their UserWallet object, opened with a single-use ticket.
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserWallet } from "../../workers/money/wallet/user-wallet";
import { cardTopups } from "../../workers/db/schema";
import { walletFor } from "../../workers/money/wallet/port";
import { api, apiWithHeaders, db, funded, listing, person, request, topupFor, unique } from "../factories";

type Body = Record<string, any>;

async function ticketFor(token: string): Promise<string> {
  const answer = await api("/api/auth/wallet/live-ticket/", { token, method: "POST" });
  expect(answer.status).toBe(200);
  return answer.body.data.ticket as string;
}

/** Opens a socket with `ticket`: the socket and the messages it receives, or the refusal's status. */
async function listen(ticket: string) {
  const response = await SELF.fetch(`http://store.test/api/auth/wallet/live/?ticket=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket", Origin: "http://store.test" } });
  const socket = response.webSocket;
  if (!socket) return { status: response.status, messages: [] as Body[], next: async () => null as Body | null };
  socket.accept();
  const messages: Body[] = [];
  const waiting: ((message: Body) => void)[] = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as Body;
    messages.push(message);
    waiting.shift()?.(message);
  });
  /** The next message, or null when none comes within 3 s. */
  const next = () => new Promise<Body | null>((resolve) => {
    if (messages.length > 0) return resolve(messages.shift() ?? null);
    waiting.push((message) => {
      messages.splice(messages.indexOf(message), 1);
      resolve(message);
    });
    setTimeout(() => resolve(null), 3000);
  });
  return { status: response.status, socket, messages, next };
}

let transferId = Math.floor(Math.random() * 1e9);

/** The bank reports a transfer with the top-up's content (SePay's wire format). */
async function bankPays(content: string, amount: number) {
  transferId += 1;
  const body = { id: transferId, gateway: "Vietcombank", transactionDate: "2026-11-28 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, code: null, content, transferType: "in", transferAmount: amount, accumulated: 1, subAccount: null, referenceCode: `FT${transferId}`, description: content };
  const response = await request("/api/webhooks/sepay/", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body: JSON.stringify(body) });
  expect(((await response.json()) as Body).outcome).toBe("credited");
}

function walletObject(userId: number) {
  return env.USER_WALLET.get(env.USER_WALLET.idFromName(String(userId)));
}

describe("the live wallet", () => {
  it("two open tabs of one buyer both hear of one bank credit: the new balance, what was added, the top-up", async () => {
    const buyer = await person();
    const topup = await topupFor(buyer, 70_000);
    const tabs = [await listen(await ticketFor(buyer.token)), await listen(await ticketFor(buyer.token))];
    expect(tabs.map((tab) => tab.status)).toEqual([101, 101]);
    await bankPays(topup.description, 70_000);
    for (const tab of tabs) {
      const message = await tab.next();
      expect(message).toMatchObject({ event: "topup_paid", topup_id: topup.id, state: "completed", delta: 70_000 });
      expect(message?.balance).toBe(message?.delta);
      expect(message?.formatted_balance).toMatch(/^70\.000\s₫$/);
    }
  });

  it("a cancelled top-up and a purchase are told too; a replayed purchase is not", async () => {
    const buyer = await funded(100_000);
    const tab = await listen(await ticketFor(buyer.token));
    const topup = await topupFor(buyer, 60_000);
    expect((await api("/api/vietqr/cancel/", { token: buyer.token, body: { transaction_id: topup.transaction_id } })).status).toBe(200);
    expect(await tab.next()).toMatchObject({ event: "topup_cancelled", topup_id: topup.id, delta: 0 });

    const { pricing } = await listing({ price: 30_000 });
    const buy = () => apiWithHeaders("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id, payment_method: "balance" }, headers: { "Idempotency-Key": "live-wallet-once" } });
    expect((await buy()).status).toBe(200);
    expect(await tab.next()).toMatchObject({ event: "purchase", delta: -30_000, balance: 70_000 });
    expect((await buy()).status).toBe(200);
    expect(await tab.next()).toBeNull();
  });

  it("a phone card settled by the gateway is told with its card and state", async () => {
    const buyer = await person();
    const [card] = await db
      .insert(cardTopups)
      .values({ transactionId: unique("card"), requestId: unique("req"), userId: buyer.id, telco: "VIETTEL", cardSerial: "10000000004321", cardCode: "20000000001111", cardValue: 100_000, feePercent: 20 })
      .returning();
    const tab = await listen(await ticketFor(buyer.token));
    await walletFor(env, buyer.id).settleCard({ cardId: card.id, status: "success", amount: 80_000, realValue: 100_000, gatewayStatus: 1, message: "Thành công", maskedCode: "2000****1111", reference: `card:${card.id}` });
    expect(await tab.next()).toMatchObject({ event: "card_settled", card_id: card.id, state: "success", delta: 80_000, balance: 80_000 });
  });

  it("an attacker replays a spent ticket: refused, and the first socket still hears", async () => {
    const buyer = await person();
    const ticket = await ticketFor(buyer.token);
    const first = await listen(ticket);
    expect(first.status).toBe(101);
    expect((await listen(ticket)).status).toBe(401);
  });

  it("an attacker puts another buyer's id on their own ticket, or a made-up ticket: refused", async () => {
    const victim = await person();
    const attacker = await person();
    const own = await ticketFor(attacker.token);
    const forged = `${victim.id}.${own.split(".")[1]}`;
    expect((await listen(forged)).status).toBe(401);
    expect((await listen(`${victim.id}.${"A".repeat(32)}`)).status).toBe(401);
    // The attacker's ticket was not spent by the forgery: it opens the attacker's own wallet only.
    expect((await listen(own)).status).toBe(101);
  });

  it("a ticket older than a minute is refused", async () => {
    const buyer = await person();
    const ticket = await ticketFor(buyer.token);
    await runInDurableObject(walletObject(buyer.id), async (_instance: UserWallet, state) => {
      for (const [key, kept] of await state.storage.list<Record<string, unknown>>({ prefix: "ticket:" })) await state.storage.put(key, { ...kept, expires: Date.now() - 1 });
    });
    expect((await listen(ticket)).status).toBe(401);
  });

  it("asks without a ticket, with a malformed one, or without an upgrade: refused in the store's shape", async () => {
    const buyer = await person();
    expect((await api("/api/auth/wallet/live-ticket/", { method: "POST" })).status).toBe(401);
    const malformed = await request("/api/auth/wallet/live/?ticket=1.short", { headers: { Upgrade: "websocket" } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, message: "Phiên kết nối ví không hợp lệ hoặc đã hết hạn" });
    const plain = await request(`/api/auth/wallet/live/?ticket=${encodeURIComponent(await ticketFor(buyer.token))}`);
    expect(plain.status).toBe(426);
  });

  it("leaves no alarm on the object: nothing keeps it awake between changes", async () => {
    const buyer = await person();
    const topup = await topupFor(buyer, 60_000);
    const tab = await listen(await ticketFor(buyer.token));
    await bankPays(topup.description, 60_000);
    expect(await tab.next()).toMatchObject({ event: "topup_paid" });
    await runInDurableObject(walletObject(buyer.id), async (_instance: UserWallet, state) => {
      expect(await state.storage.getAlarm()).toBeNull();
      expect(state.getWebSockets()).toHaveLength(1);
    });
  });
});
