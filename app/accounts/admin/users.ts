// The admin's user list (app/routes/admin.users.tsx): its page size, a user's name as shown, the
// ledger of the user whose detail is open, and a balance adjustment as the route's clientAction takes it.
import type { ActionFailed } from "~/owner/admin-route";
import type { AdjustBalanceRequest } from "@workers/accounts/schemas/admin-users";
import type { AdminUser, UsersPage } from "@workers/accounts/user-admin";
import type { userTransactions } from "@workers/money/balance-admin";

export const PAGE_SIZE = 20;

export function displayName(user: AdminUser): string {
  return user.full_name?.trim() || [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username;
}

export type Transaction = Awaited<ReturnType<typeof userTransactions>>[number];
/** The ledger of the user whose detail is open (empty when it could not be read: its message was shown). */
export type Ledger = { userId: number; transactions: Transaction[] };

export const NO_USERS: UsersPage = { users: [], pagination: { page: 1, page_size: PAGE_SIZE, total: 0, total_pages: 0, next_before: null } };

export type Adjustment = { userId: number; key: string; body: AdjustBalanceRequest };
/** A refusal (4xx) is definite; no answer or a 5xx may be retried with the same Idempotency-Key. */
export type AdjustResult = { ok: true } | (ActionFailed & { definite: boolean });
