// Admin: a user's balance and ledger (docs/product.md §7 "Admin users"): the ledger read, the
// adjustment through the user's wallet. Money's, beside the wallet; the list of users is the
// accounts' (workers/accounts/user-admin.ts), which sits below money and imports none of it.
import type { Database } from "../db/client";
import type { AdjustBalanceInput } from "../accounts/schemas/admin-users";
import { walletFor } from "./wallet/port";
import { findUserById, type UserRow } from "../accounts/accounts";
import type { AdminActor } from "../db/statements/audit";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors";
import { listTransactions } from "./buyer-wallet";
import { WALLET_MESSAGES } from "./messages";
import { USER_ADMIN_MESSAGES } from "../accounts/messages";
import type { Lang } from "../shared/lang";

/** The user an admin acts on, by the id in the path. */
export async function findTargetUser(db: Database, id: number): Promise<UserRow> {
  const user = Number.isSafeInteger(id) && id > 0 ? await findUserById(db, id) : null;
  if (!user) throw new NotFoundError(WALLET_MESSAGES.userNotFound);
  return user;
}

export function userTransactions(db: Database, userId: number, lang: Lang) {
  return listTransactions(db, userId, 500, lang);
}

/** An admin's change of a user's balance, through the user's wallet; once per idempotency key. */
export async function adjustUserBalance(env: Env, userId: number, actor: AdminActor, input: AdjustBalanceInput, idempotencyKey: string | null) {
  const result = await walletFor(env, userId).adjust({
    amount: input.amount,
    type: input.transaction_type,
    // The admin screen fills in the default note (app/owner/admin.ts): that is no note of the admin's own.
    note: input.description === USER_ADMIN_MESSAGES.defaultDescription.in("vi") ? "" : (input.description ?? ""),
    adminId: actor.userId,
    idempotencyKey,
    audit: { actor, action: "balance.adjust", targetType: "user", targetId: userId },
  });
  if (result.ok) return result.wallet;
  if (result.error === "key_reused") throw new ConflictError(USER_ADMIN_MESSAGES.keyReused, { non_field_errors: [USER_ADMIN_MESSAGES.keyReused] });
  if (result.error === "insufficient_balance") {
    throw new ValidationError(WALLET_MESSAGES.wouldGoNegative(result.current ?? 0), { amount: [USER_ADMIN_MESSAGES.notEnoughToDeduct] });
  }
  throw new NotFoundError(WALLET_MESSAGES.userNotFound);
}
