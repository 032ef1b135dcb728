// Attacks on the live wallet's socket (issue 52 item 1): a socket, or a ticket, that outlives the
// session that opened it; tickets minted without end; sockets opened from another site; junk
// tickets that make the store fail or make wallet objects; tabs past the cap that fight forever.
// Store-wide (vitest.config.ts STORE_WIDE): one test ends every session of the store.
import { env, listDurableObjectIds, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../../workers/db/schema";
import { createResetToken } from "../../../workers/accounts/accounts";
import { startSession } from "../../../workers/accounts/sessions";
import { LIVE_CLOSE } from "../../../workers/shared/money/live-wallet";
import { WALLET_MESSAGES } from "../../../workers/money/messages";
import { api, db, person, sessionToken, topupFor, unique } from "../../factories";
import { call } from "../../requests";
import { signInWithGoogle } from "../../fixtures/google-flow";
import { login, PASSWORD, passwordAccount } from "../../second-factor";

const LIVE_TICKET_INVALID = WALLET_MESSAGES.liveTicketInvalid.in("vi");

type Body = Record<string, any>;

const STORE = "http://store.test";

async function ticketFor(token: string): Promise<string> {
  const answer = await api("/api/auth/wallet/live-ticket/", { token, method: "POST" });
  expect(answer.status).toBe(200);
  return answer.body.data.ticket as string;
}

/** Opens a socket with `ticket` from a page of `origin`: the socket, what it hears, and how it ends. */
async function listen(ticket: string, origin: string | null = STORE) {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (origin !== null) headers.Origin = origin;
  const response = await SELF.fetch(`${STORE}/api/auth/wallet/live/?ticket=${encodeURIComponent(ticket)}`, { headers });
  const socket = response.webSocket;
  const messages: Body[] = [];
  let closed: { code: number; reason: string } | null = null;
  const closing: ((value: { code: number; reason: string }) => void)[] = [];
  if (socket) {
    socket.accept();
    socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data)) as Body));
    socket.addEventListener("close", (event) => {
      closed = { code: event.code, reason: event.reason };
      for (const resolve of closing.splice(0)) resolve(closed);
    });
  }
  /** How the store closed the socket, or null when it stays open for 3 s. */
  const ended = () =>
    new Promise<{ code: number; reason: string } | null>((resolve) => {
      if (closed) return resolve(closed);
      closing.push(resolve);
      setTimeout(() => resolve(closed), 3000);
    });
  return { status: response.status, response, socket, messages, ended };
}

let transferId = Math.floor(Math.random() * 1e9);

/** The bank pays the buyer's top-up (SePay's wire format). */
async function bankPays(content: string, amount: number) {
  transferId += 1;
  const body = { id: transferId, gateway: "Vietcombank", transactionDate: "2026-12-02 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, code: null, content, transferType: "in", transferAmount: amount, accumulated: 1, subAccount: null, referenceCode: `FT${transferId}`, description: content };
  const answer = await call("/api/webhooks/sepay/", { body, headers: { Authorization: `Apikey ${env.SEPAY_API_KEY}` } });
  expect(answer.body.outcome).toBe("credited");
}

const SESSION_ENDED = { code: LIVE_CLOSE.sessionEnded, reason: "session ended" };

describe("attack: a live socket that outlives its session", () => {
  it("logs out, and the socket opened before goes on hearing the account's top-ups", async () => {
    const buyer = await person();
    const session = await startSession(db, env.JWT_SECRET, buyer.id);
    const other = await listen(await ticketFor(buyer.token));
    const tab = await listen(await ticketFor(session.access));
    expect(tab.status).toBe(101);
    expect((await api("/api/auth/logout/", { body: { refresh: session.refresh } })).status).toBe(200);
    expect(await tab.ended()).toEqual(SESSION_ENDED);
    // Only that session's socket: the buyer's other session still hears the top-up.
    const topup = await topupFor(buyer, 60_000);
    await bankPays(topup.description, 60_000);
    await expect.poll(() => other.messages.length).toBe(1);
    expect(other.messages[0]).toMatchObject({ event: "topup_paid", delta: 60_000 });
    expect(tab.messages).toEqual([]);
  });

  it("keeps a ticket minted before logout and opens a socket with it afterwards", async () => {
    const buyer = await person();
    const session = await startSession(db, env.JWT_SECRET, buyer.id);
    const ticket = await ticketFor(session.access);
    expect((await api("/api/auth/logout/", { body: { refresh: session.refresh } })).status).toBe(200);
    const late = await listen(ticket);
    expect(late.status).toBe(401);
    expect(await late.response.json()).toMatchObject({ success: false, message: LIVE_TICKET_INVALID });
  });

  it("changes the password elsewhere (or the owner does), and the other session's socket stays open", async () => {
    const account = await passwordAccount({ buyer: true });
    const first = (await login(account)).body;
    const second = (await login(account)).body;
    const tab = await listen(await ticketFor(second.access));
    expect(tab.status).toBe(101);
    const changed = await call("/api/auth/change-password/", { token: first.access, body: { current_password: PASSWORD, new_password: "mat-khau-moi-9", confirm_password: "mat-khau-moi-9" } });
    expect(changed.status).toBe(200);
    expect(await tab.ended()).toEqual(SESSION_ENDED);
  });

  it("holds a socket while the owner resets the password through a mailed link", async () => {
    const account = await passwordAccount({ buyer: true });
    const thief = (await login(account)).body;
    const tab = await listen(await ticketFor(thief.access));
    const reset = await createResetToken(db, account.email);
    const done = await call("/api/auth/reset-password/", { body: { token: reset!.token, new_password: "mat-khau-moi-8", confirm_password: "mat-khau-moi-8" } });
    expect(done.status).toBe(200);
    expect(await tab.ended()).toEqual(SESSION_ENDED);
  });

  it("holds a socket while the owner ends every session of the store", async () => {
    const buyer = await person();
    const admin = await person("superuser");
    const tab = await listen(await ticketFor(buyer.token));
    const ended = await call("/api/admin/users/end-all-sessions/", { token: await sessionToken(admin.id), body: { confirm: "END ALL SESSIONS" } });
    expect(ended.status).toBe(200);
    expect(await tab.ended()).toEqual(SESSION_ENDED);
  });

  it("squats an address, and keeps its socket after the address's owner signs in with Google", async () => {
    const email = `${unique("victim")}@example.com`;
    const name = unique("q").replace(/-/g, "_").slice(0, 28);
    const registered = await call("/api/auth/register/", { body: { username: name, email, first_name: "Kẻ", last_name: "Chiếm", password: PASSWORD, password_confirm: PASSWORD } });
    expect(registered.status).toBe(201);
    const squatter = (await login({ username: name })).body;
    const tab = await listen(await ticketFor(squatter.access));
    expect(tab.status).toBe(101);
    expect((await signInWithGoogle(email)).status).toBe(200);
    expect(await tab.ended()).toEqual(SESSION_ENDED);
  });

  it("a session ended where the wallet was not told (the end-sessions script on D1) hears nothing more", async () => {
    const buyer = await person();
    const session = await startSession(db, env.JWT_SECRET, buyer.id);
    const tab = await listen(await ticketFor(session.access));
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, buyer.id));
    await db.update(users).set({ securityEpoch: buyer.securityEpoch + 1 }).where(eq(users.id, buyer.id));
    const topup = await topupFor({ token: await sessionToken(buyer.id) }, 60_000);
    await bankPays(topup.description, 60_000);
    expect(await tab.ended()).toEqual(SESSION_ENDED);
    expect(tab.messages).toEqual([]);
  });
});

describe("attack: tickets and sockets nobody meant", () => {
  it("mints tickets without end: refused past the account's limit", async () => {
    const buyer = await person();
    const statuses: number[] = [];
    for (let minted = 0; minted < 61; minted += 1) statuses.push((await api("/api/auth/wallet/live-ticket/", { token: buyer.token, method: "POST" })).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it("opens the socket from another site's page, or with no page at all: refused", async () => {
    const buyer = await person();
    const foreign = await listen(await ticketFor(buyer.token), "https://evil.example");
    expect(foreign.status).toBe(403);
    const none = await listen(await ticketFor(buyer.token), null);
    expect(none.status).toBe(403);
    // The store's own page still opens it.
    expect((await listen(await ticketFor(buyer.token))).status).toBe(101);
  });

  it("sends tickets whose id is past JavaScript's safe integers: 400 each, never a failure of the store", async () => {
    const junk = ["9999999999999999", "9007199254740992", "0"].map((id) => `${id}.${"A".repeat(32)}`);
    const answers = [];
    for (let sent = 0; sent < 11; sent += 1) {
      const response = await SELF.fetch(`${STORE}/api/auth/wallet/live/?ticket=${junk[sent % junk.length]}`, { headers: { Upgrade: "websocket", Origin: STORE } });
      answers.push({ status: response.status, body: (await response.json()) as Body });
    }
    expect(answers).toHaveLength(11);
    for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: { success: false, message: LIVE_TICKET_INVALID } });
  });

  it("sends a ticket for a user who does not exist: refused, and no wallet object is made for it", async () => {
    const [last] = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(1).offset(0);
    const nobody = (last?.id ?? 0) + 900_000_000 + Math.floor(Math.random() * 1e6);
    const before = (await listDurableObjectIds(env.USER_WALLET)).length;
    const answer = await listen(`${nobody}.${"A".repeat(32)}`);
    expect(answer.status).toBe(401);
    const named = env.USER_WALLET.idFromName(String(nobody)).toString();
    const after = await listDurableObjectIds(env.USER_WALLET);
    expect(after.map((id) => id.toString())).not.toContain(named);
    expect(after.length).toBe(before);
  });

  it("opens a ninth tab: the oldest socket is closed, for good, and the eight newest hear", async () => {
    const buyer = await person();
    const tabs = [];
    for (let opened = 0; opened < 9; opened += 1) {
      const tab = await listen(await ticketFor(buyer.token));
      expect(tab.status).toBe(101);
      tabs.push(tab);
    }
    expect(await tabs[0].ended()).toEqual({ code: LIVE_CLOSE.tooManyTabs, reason: "too many tabs" });
    const topup = await topupFor(buyer, 60_000);
    await bankPays(topup.description, 60_000);
    for (const tab of tabs.slice(1)) await expect.poll(() => tab.messages.length).toBe(1);
    expect(tabs[0].messages).toEqual([]);
  });
});
