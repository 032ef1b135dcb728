// One UserWallet per user (walletFor names it by the user id): every change of that user's
// balance passes through it, one at a time (docs/architecture.md). Awaiting D1 inside a Durable Object
// lets other requests interleave, so operations are chained on an explicit queue rather than
// relying on the input gate. The SQL is in ./money; all state lives in D1, committed one atomic
// batch per operation, so an object that is evicted or restarted mid-sequence leaves nothing
// half-done.
//
// It also tells its owner's open screens (docs/architecture.md, "The live wallet"): a WebSocket per
// tab, accepted through the Hibernation API so the object sleeps between changes, opened with a
// single-use ticket it issued itself to one session chain; after each change that moved money or a
// top-up, one message. A socket lives only as long as its session chain (decision 0045).
import { DurableObject } from "cloudflare:workers";
import { type Bookmarked, onPrimary } from "../../db/client";
import { liveSessionFamilies } from "../../db/statements/live-sessions";
import { noticeSettings } from "../../platform/config";
import { randomToken, sha256Hex } from "../../platform/crypto";
import { formatVND } from "../../shared/format";
import { LIVE_CLOSE } from "../../shared/money/live-wallet";
import * as money from "./money";

/** A ticket opens one socket within this time. */
const TICKET_MS = 60_000;
/** Open tabs per buyer; the oldest socket is closed past it. */
const MAX_SOCKETS = 8;

/** A ticket as the object keeps it (under `ticket:<sha-256 of its secret>`): until when, for which session chain. */
type StoredTicket = { expires: number; session: string };
/** What each socket carries through hibernation: its session chain, and when it opened (the cap closes the oldest). */
type SocketTag = { session: string; opened: number };

function tagOf(socket: WebSocket): SocketTag | null {
  const tag = socket.deserializeAttachment() as SocketTag | null;
  return tag && typeof tag.session === "string" ? tag : null;
}

/** What an open screen is told: the balance after the change, what moved it, and by how much. */
export type LiveChange = {
  event: "topup_paid" | "topup_cancelled" | "card_settled" | "purchase" | "credit" | "adjust" | "transfer_review" | "crypto";
  topup_id?: number;
  card_id?: number;
  /** A crypto top-up (its id, also the invoice's order_id) that moved: state is where it stands now. */
  crypto_id?: number;
  /** A late transfer (payment_events) that carried one of the buyer's codes: parked, credited or dismissed. */
  event_id?: number;
  state?: string;
};
export type LiveMessage = LiveChange & { balance: number; formatted_balance: string; delta: number };

export class UserWallet extends DurableObject<Env> {
  #tail: Promise<unknown> = Promise.resolve();
  /** Whose wallet this is: the name walletFor gave the object. */
  readonly #userId: number;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#userId = Number(ctx.id.name);
    if (!Number.isSafeInteger(this.#userId) || this.#userId <= 0) throw new Error(`UserWallet ${ctx.id} is not named by a user id: reach it through walletFor`);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /**
   * Runs `operation` after every operation queued before it has settled. Its SQL reads and writes
   * the primary; the answer carries the bookmark of its writes, for the request's next reads
   * (walletFor hands it to the request's session: docs/decisions/0029-read-replicas-and-placement.md).
   */
  #serialise<T>(operation: () => Promise<T>, told?: (value: T) => LiveChange | null): Promise<Bookmarked<T>> {
    const run = async () => {
      // The balance before is read only when a screen listens (the binding reads the primary).
      const before = told && this.ctx.getWebSockets().length > 0 ? await this.#balance() : null;
      const result = await onPrimary(this.env.DB, operation);
      const change = before === null ? null : told?.(result.value);
      if (change) await this.#tell(change, before as number);
      return result;
    };
    const result = this.#tail.then(run, run);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  async #balance(): Promise<number> {
    return (await this.env.DB.prepare("SELECT balance FROM users WHERE id = ?1").bind(this.#userId).first<{ balance: number }>())?.balance ?? 0;
  }

  /**
   * One message to every open screen whose session still lives (one ended where this object was not
   * told, as by the end-sessions script, is closed instead); a screen that went away meanwhile is skipped.
   */
  async #tell(change: LiveChange, before: number): Promise<void> {
    const open = await this.#closeEnded();
    if (open.length === 0) return;
    const balance = await this.#balance();
    const message = JSON.stringify({ ...change, balance, formatted_balance: formatVND(balance), delta: balance - before } satisfies LiveMessage);
    for (const socket of open) {
      try {
        socket.send(message);
      } catch {
        // Closed between the list and the send: its tab reads the balance when it reconnects.
      }
    }
  }

  /**
   * Tells the open screens of a change that moved no money here (a late transfer parked or
   * dismissed for the shop), so the buyer's history follows it live.
   */
  async notify(change: LiveChange): Promise<void> {
    if (this.ctx.getWebSockets().length > 0) await this.#tell(change, await this.#balance());
  }

  /** Answers without touching money: the health check's proof that wallet objects run. */
  ping(): string {
    return "ok";
  }

  /**
   * A ticket for one socket to this wallet, `<user id>.<secret>`, single use, valid TICKET_MS, for
   * the session chain `session` that asked for it: it opens nothing once that chain has ended.
   */
  async liveTicket(session: string): Promise<string> {
    const now = Date.now();
    // Tickets never used are swept here, so the object needs no alarm (which would wake it).
    const stale = [...(await this.ctx.storage.list<StoredTicket>({ prefix: "ticket:" })).entries()].filter(([, ticket]) => !(ticket?.expires >= now)).map(([key]) => key);
    if (stale.length > 0) await this.ctx.storage.delete(stale);
    const secret = randomToken(24);
    await this.ctx.storage.put(`ticket:${await sha256Hex(secret)}`, { expires: now + TICKET_MS, session } satisfies StoredTicket);
    return `${this.#userId}.${secret}`;
  }

  /** The WebSocket upgrade (workers/money/routes/wallet.ts forwards it): its ticket is spent here. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 426, headers: { Upgrade: "websocket" } });
    const secret = (new URL(request.url).searchParams.get("ticket") ?? "").split(".")[1] ?? "";
    const key = `ticket:${await sha256Hex(secret)}`;
    const ticket = await this.ctx.storage.get<StoredTicket>(key);
    const now = Date.now();
    if (!ticket || !(ticket.expires >= now)) return new Response(null, { status: 401 });
    await this.ctx.storage.delete(key);
    // The chain that asked for the ticket must still live (a logout between the two is the ticket's end).
    if (!(await liveSessionFamilies(this.env.DB, this.#userId, [ticket.session], now)).has(ticket.session)) return new Response(null, { status: 401 });
    const open = this.ctx.getWebSockets();
    if (open.length >= MAX_SOCKETS) {
      // The oldest gives way; its tab is told not to come back (the newest tabs are the ones in use).
      const opened = (socket: WebSocket) => tagOf(socket)?.opened ?? 0;
      const oldest = open.reduce((first, socket) => (opened(socket) < opened(first) ? socket : first));
      oldest.close(LIVE_CLOSE.tooManyTabs, "too many tabs");
    }
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ session: ticket.session, opened: now } satisfies SocketTag);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Closes every socket whose session chain has ended (a logout, a new password, a reset, a
   * takeover, every session ended: the accounts domain calls this after each, decision 0045) with
   * LIVE_CLOSE.sessionEnded, which the browser does not reopen. Answers how many it closed.
   */
  async closeEndedSessions(): Promise<number> {
    const open = this.ctx.getWebSockets().length;
    return open - (await this.#closeEnded()).length;
  }

  /** Closes the sockets of ended chains; answers the sockets left open. */
  async #closeEnded(): Promise<WebSocket[]> {
    const open = this.ctx.getWebSockets();
    if (open.length === 0) return [];
    const live = await liveSessionFamilies(this.env.DB, this.#userId, open.flatMap((socket) => tagOf(socket)?.session ?? []), Date.now());
    const kept: WebSocket[] = [];
    for (const socket of open) {
      if (live.has(tagOf(socket)?.session ?? "")) kept.push(socket);
      else {
        try {
          socket.close(LIVE_CLOSE.sessionEnded, "session ended");
        } catch {
          // Closed meanwhile by its tab.
        }
      }
    }
    return kept;
  }

  /** The screens only listen; a ping is answered without waking the object (setWebSocketAutoResponse). */
  webSocketMessage(): void {}

  webSocketClose(socket: WebSocket, code: number): void {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
  }

  /**
   * Buys one key with the balance; the same idempotency key returns the first result, or refuses
   * another pricing or payment method (key_reused).
   */
  purchase(pricingId: number, idempotencyKey?: string | null, paymentMethod = "balance", deviceId: string | null = null): Promise<Bookmarked<money.PurchaseOutcome>> {
    return this.#serialise(
      () => money.purchase(this.env, this.#userId, { pricingId, paymentMethod, deviceId }, idempotencyKey),
      (outcome) => (outcome.ok && !outcome.replayed ? { event: "purchase" } : null),
    );
  }

  /** Credits a bank transfer that matched one of this user's pending top-ups. */
  settleTopup(settlement: money.TopupSettlement): Promise<Bookmarked<"credited" | "duplicate" | "not_pending">> {
    return this.#serialise(
      () => money.settleTopup(this.env.DB, this.#userId, settlement, noticeSettings(this.env)),
      (outcome) => (outcome === "credited" ? { event: "topup_paid", topup_id: settlement.topupId, state: "completed" } : null),
    );
  }

  /** The buyer cancels a pending top-up; on this queue, so it never races the top-up's payment. */
  cancelTopup(topupId: number, reason: string): Promise<Bookmarked<boolean>> {
    return this.#serialise(
      () => money.cancelTopup(this.env.DB, this.#userId, topupId, reason),
      (cancelled) => (cancelled ? { event: "topup_cancelled", topup_id: topupId, state: "cancelled" } : null),
    );
  }

  /** Finishes one of this user's pending cards, crediting it if it paid. */
  settleCard(settlement: money.CardSettlement): Promise<Bookmarked<"credited" | "closed" | "already_settled">> {
    return this.#serialise(
      () => money.settleCard(this.env.DB, this.#userId, settlement, noticeSettings(this.env)),
      (outcome) => (outcome === "already_settled" ? null : { event: "card_settled", card_id: settlement.cardId, state: settlement.status }),
    );
  }

  /** An admin credits a parked bank transfer to this user. */
  creditTransfer(resolution: money.TransferResolution): Promise<Bookmarked<money.BalanceChange>> {
    return this.#serialise(
      () => money.creditTransfer(this.env.DB, this.#userId, resolution, noticeSettings(this.env)),
      (change) => (change.ok && !change.duplicate ? { event: "credit", event_id: resolution.eventId } : null),
    );
  }

  /** An admin credits one of this user's parked cards. */
  creditParkedCard(resolution: money.ParkedCardResolution): Promise<Bookmarked<money.BalanceChange>> {
    return this.#serialise(
      () => money.creditParkedCard(this.env.DB, this.#userId, resolution, noticeSettings(this.env)),
      (change) => (change.ok && !change.duplicate ? { event: "credit", card_id: resolution.cardId } : null),
    );
  }

  /** Credits what a crypto payment brought beyond what its top-up had (workers/money/crypto.ts). */
  settleCrypto(settlement: money.CryptoSettlement): Promise<Bookmarked<"credited" | "unchanged" | "closed">> {
    return this.#serialise(
      () => money.settleCrypto(this.env.DB, this.#userId, settlement, noticeSettings(this.env)),
      (outcome) => (outcome === "credited" ? { event: "crypto", crypto_id: settlement.topupId, state: settlement.final ? "credited" : "partial" } : null),
    );
  }

  /** The gateway refunded a credited crypto payment: the credit is taken back. */
  refundCrypto(refund: { topupId: number; paymentId: string }): Promise<Bookmarked<"refunded" | "nothing">> {
    return this.#serialise(
      () => money.refundCrypto(this.env.DB, this.#userId, refund, noticeSettings(this.env)),
      (outcome) => (outcome === "refunded" ? { event: "crypto", crypto_id: refund.topupId, state: "refunded" } : null),
    );
  }

  /** The gateway refunded one of this user's parked crypto payments: closed, or an admin's credit taken back. */
  refundParkedCrypto(refund: { paymentRowId: number; paymentId: string }): Promise<Bookmarked<"refunded" | "closed" | "nothing">> {
    return this.#serialise(
      () => money.refundParkedCrypto(this.env.DB, this.#userId, refund, noticeSettings(this.env)),
      // Told as its credit was (reviewParkedCrypto): the top-up itself stays credited.
      (outcome) => (outcome === "refunded" ? { event: "credit" } : null),
    );
  }

  /** An admin credits or refuses one of this user's parked crypto payments. */
  reviewParkedCrypto(review: money.CryptoReview): Promise<Bookmarked<"credited" | "refused" | "handled" | "refunded">> {
    return this.#serialise(
      () => money.reviewParkedCrypto(this.env.DB, this.#userId, review, noticeSettings(this.env)),
      (outcome) => (outcome === "credited" ? { event: "credit" } : null),
    );
  }

  /** An admin's change of the balance, never below zero; once per idempotency key. */
  adjust(adjustment: money.Adjustment): Promise<Bookmarked<money.AdjustmentOutcome>> {
    return this.#serialise(
      () => money.adjust(this.env.DB, this.#userId, adjustment),
      (outcome) => (outcome.ok && !outcome.replayed ? { event: "adjust" } : null),
    );
  }
}
