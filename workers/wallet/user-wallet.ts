// One UserWallet per user (idFromName(userId)): every change of that user's balance passes
// through it, one at a time (DESIGN.md §3). Awaiting D1 inside a Durable Object lets other
// requests interleave, so operations are chained on an explicit queue rather than relying on
// the input gate.
import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { users } from "../db/schema";

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
    return this.serialise(async () => {
      const [row] = await getDb(this.env.DB).select({ balance: users.balance }).from(users).where(eq(users.id, userId));
      return row?.balance ?? null;
    });
  }
}

export function walletFor(env: Env, userId: number) {
  return env.USER_WALLET.get(env.USER_WALLET.idFromName(String(userId)));
}
