// One UserWallet per user (walletFor names it by the user id): every change of that user's
// balance passes through it, one at a time (docs/architecture.md). Awaiting D1 inside a Durable Object
// lets other requests interleave, so operations are chained on an explicit queue rather than
// relying on the input gate. The SQL is in ./money; all state lives in D1, committed one atomic
// batch per operation, so an object that is evicted or restarted mid-sequence leaves nothing
// half-done.
import { DurableObject } from "cloudflare:workers";
import { type Bookmarked, onPrimary } from "../../db/client";
import { noticeSettings } from "../../platform/config";
import * as money from "./money";

export class UserWallet extends DurableObject<Env> {
  #tail: Promise<unknown> = Promise.resolve();
  /** Whose wallet this is: the name walletFor gave the object. */
  readonly #userId: number;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#userId = Number(ctx.id.name);
    if (!Number.isSafeInteger(this.#userId) || this.#userId <= 0) throw new Error(`UserWallet ${ctx.id} is not named by a user id: reach it through walletFor`);
  }

  /**
   * Runs `operation` after every operation queued before it has settled. Its SQL reads and writes
   * the primary; the answer carries the bookmark of its writes, for the request's next reads
   * (walletFor hands it to the request's session: docs/decisions/0029-read-replicas-and-placement.md).
   */
  #serialise<T>(operation: () => Promise<T>): Promise<Bookmarked<T>> {
    const run = () => onPrimary(this.env.DB, operation);
    const result = this.#tail.then(run, run);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /** Answers without touching money: the health check's proof that wallet objects run. */
  ping(): string {
    return "ok";
  }

  /**
   * Buys one key with the balance; the same idempotency key returns the first result, or refuses
   * another pricing or payment method (key_reused).
   */
  purchase(pricingId: number, idempotencyKey?: string | null, paymentMethod = "balance"): Promise<Bookmarked<money.PurchaseOutcome>> {
    return this.#serialise(() => money.purchase(this.env, this.#userId, { pricingId, paymentMethod }, idempotencyKey));
  }

  /** Credits a bank transfer that matched one of this user's pending top-ups. */
  settleTopup(settlement: money.TopupSettlement): Promise<Bookmarked<"credited" | "duplicate" | "not_pending">> {
    return this.#serialise(() => money.settleTopup(this.env.DB, this.#userId, settlement, noticeSettings(this.env)));
  }

  /** The buyer cancels a pending top-up; on this queue, so it never races the top-up's payment. */
  cancelTopup(topupId: number, reason: string): Promise<Bookmarked<boolean>> {
    return this.#serialise(() => money.cancelTopup(this.env.DB, this.#userId, topupId, reason));
  }

  /** Finishes one of this user's pending cards, crediting it if it paid. */
  settleCard(settlement: money.CardSettlement): Promise<Bookmarked<"credited" | "closed" | "already_settled">> {
    return this.#serialise(() => money.settleCard(this.env.DB, this.#userId, settlement, noticeSettings(this.env)));
  }

  /** An admin credits a parked bank transfer to this user. */
  creditTransfer(resolution: money.TransferResolution): Promise<Bookmarked<money.BalanceChange>> {
    return this.#serialise(() => money.creditTransfer(this.env.DB, this.#userId, resolution, noticeSettings(this.env)));
  }

  /** An admin credits one of this user's parked cards. */
  creditParkedCard(resolution: money.ParkedCardResolution): Promise<Bookmarked<money.BalanceChange>> {
    return this.#serialise(() => money.creditParkedCard(this.env.DB, this.#userId, resolution, noticeSettings(this.env)));
  }

  /** An admin's change of the balance, never below zero; once per idempotency key. */
  adjust(adjustment: money.Adjustment): Promise<Bookmarked<money.AdjustmentOutcome>> {
    return this.#serialise(() => money.adjust(this.env.DB, this.#userId, adjustment));
  }
}
