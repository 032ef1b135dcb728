// Admin: users and balances (docs/product.md §7 "Admin users"). Adjustments go through the user's wallet.
import { count, desc, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import type { AdjustBalanceInput } from "./schemas/admin-users";
import { containsPattern } from "../shared/fields";
import { walletFor } from "../money/wallet/port";
import { findUserById, type UserRow, toPublicUser } from "./accounts";
import type { AdminActor } from "../owner/audit";
import { ConflictError, NotFoundError, ValidationError } from "../platform/errors";
import { listTransactions } from "../money/wallet";
import { WALLET_MESSAGES } from "../money/messages";
import { USER_ADMIN_MESSAGES } from "./messages";

function toAdminUser(row: UserRow) {
  return { ...toPublicUser(row), is_active: row.isActive, is_google: row.googleSub !== null };
}

/** A user as the admin's list shows one. */
export type AdminUser = ReturnType<typeof toAdminUser>;
export type UsersPage = { users: AdminUser[]; pagination: { page: number; page_size: number; total: number; total_pages: number } };
export type UserStats = Awaited<ReturnType<typeof userStats>>;

/** One page of users, newest first, matching `search` in email, username or full name. */
export async function listUsers(db: Database, query: { search: string; page: number; pageSize: number }): Promise<UsersPage> {
  // The search fits D1's LIKE limit (workers/accounts/schemas/admin-users.ts); a '%' typed by an admin is just a character.
  const pattern = containsPattern(query.search);
  const filter = query.search
    ? sql`(${users.email} LIKE ${pattern} ESCAPE '\\' OR ${users.username} LIKE ${pattern} ESCAPE '\\'
        OR (${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern} ESCAPE '\\')`
    : undefined;
  const [{ total }] = await db.select({ total: count() }).from(users).where(filter);
  const rows = await db.select().from(users).where(filter).orderBy(desc(users.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize);
  return { users: rows.map(toAdminUser), pagination: { page: query.page, page_size: query.pageSize, total, total_pages: Math.ceil(total / query.pageSize) } };
}

export async function userStats(db: Database) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`sum(case when ${users.isActive} then 1 else 0 end)`,
      google: sql<number>`sum(case when ${users.googleSub} is not null then 1 else 0 end)`,
      balance: sql<number>`coalesce(sum(${users.balance}), 0)`,
      spent: sql<number>`coalesce(sum(${users.totalSpent}), 0)`,
    })
    .from(users);
  return {
    total_users: row.total,
    active_users: Number(row.active ?? 0),
    google_users: Number(row.google ?? 0),
    total_balance: Number(row.balance),
    total_spent: Number(row.spent),
  };
}

/** The user an admin acts on, by the id in the path. */
export async function findTargetUser(db: Database, id: number): Promise<UserRow> {
  const user = Number.isSafeInteger(id) && id > 0 ? await findUserById(db, id) : null;
  if (!user) throw new NotFoundError(WALLET_MESSAGES.userNotFound);
  return user;
}

export function userTransactions(db: Database, userId: number) {
  return listTransactions(db, userId, 500);
}

/** An admin's change of a user's balance, through the user's wallet; once per idempotency key. */
export async function adjustUserBalance(env: Env, userId: number, actor: AdminActor, input: AdjustBalanceInput, idempotencyKey: string | null) {
  const result = await walletFor(env, userId).adjust({
    amount: input.amount,
    type: input.transaction_type,
    description: input.description || USER_ADMIN_MESSAGES.defaultDescription,
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
