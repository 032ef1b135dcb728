// One UserWallet per user (idFromName(userId)): every change of that user's balance passes
// through it, one at a time (DESIGN.md §3). Awaiting D1 inside a Durable Object lets other
// requests interleave, so operations are chained on an explicit queue rather than relying on
// the input gate. All state lives in D1, committed one atomic batch per operation, so an object
// that is evicted or restarted mid-sequence leaves nothing half-done.
import { DurableObject } from "cloudflare:workers";
import {
  applyEntries,
  type BalanceChange,
  type LedgerEntry,
  purchaseKey,
  type PurchaseOutcome,
  purchaseReference,
  walletSnapshot,
} from "../services/wallet";

export type Adjustment = { amount: number; type: "admin_adjustment" | "deposit"; description: string; adminId: number; reference?: string };

export class UserWallet extends DurableObject<Env> {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `operation` after every operation queued before it has settled. */
  protected serialise<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(operation, operation);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /** The user's balance as committed in D1, read in turn with the wallet's other operations. */
  async balance(userId: number): Promise<number | null> {
    return this.serialise(async () => (await walletSnapshot(this.env.DB, userId))?.balance ?? null);
  }

  /** Buys one key; the same idempotency key always returns the first result. */
  async purchase(userId: number, pricingId: number, idempotencyKey?: string | null): Promise<PurchaseOutcome> {
    return this.serialise(() => purchaseKey(this.env.DB, userId, pricingId, purchaseReference(userId, idempotencyKey)));
  }

  /** Credits money that arrived (a top-up, a bonus); each reference is credited once. */
  async credit(userId: number, entries: LedgerEntry[]): Promise<BalanceChange> {
    return this.serialise(() => applyEntries(this.env.DB, userId, entries));
  }

  /** An admin's change of the balance, never below zero. */
  async adjust(userId: number, adjustment: Adjustment): Promise<BalanceChange> {
    const entry: LedgerEntry = {
      type: adjustment.type,
      source: "admin",
      amount: adjustment.amount,
      reference: adjustment.reference ?? `admin:${userId}:${crypto.randomUUID()}`,
      description: adjustment.description,
      createdBy: adjustment.adminId,
    };
    return this.serialise(() => applyEntries(this.env.DB, userId, [entry]));
  }
}

export function walletFor(env: Env, userId: number) {
  return env.USER_WALLET.get(env.USER_WALLET.idFromName(String(userId)));
}
