// Admin: users (docs/product.md §7 "Admin users"); their balances and ledgers are money's (workers/money/balance-admin.ts).
import { and, count, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import { containsPattern } from "../shared/fields";
import { type UserRow, toPublicUser } from "./accounts";
import { type AdminActor, auditQuery } from "../db/statements/audit";
import { endAllSessionsQueries } from "../db/statements/end-sessions";

function toAdminUser(row: UserRow) {
  return { ...toPublicUser(row), is_active: row.isActive, is_google: row.googleSub !== null };
}

/** A user as the admin's list shows one. */
export type AdminUser = ReturnType<typeof toAdminUser>;
export type UsersPage = {
  users: AdminUser[];
  /** `next_before`: the id to ask `before=` for the next page (keyset), or null on the last page. */
  pagination: { page: number; page_size: number; total: number; total_pages: number; next_before: number | null };
};
export type UserStats = Awaited<ReturnType<typeof userStats>>;

/** A search of at least this many characters goes through the trigram index (migrations/0014). */
const TRIGRAM = 3;

/**
 * The two queries of one page of users, newest first, matching `search` in email, username or full
 * name (exported so tests can read their query plans). A search of 3 characters or more is a
 * trigram match (user_search, migrations/0014) instead of LIKE over every account; the first page,
 * or the page after `before` (the last id shown), is a range of the primary key (keyset), so it
 * costs the same on the thousandth page as on the first (docs/decisions/0030-sizing-and-scale.md).
 * A numbered page past the first still counts its OFFSET.
 */
export function usersPageQueries(db: Database, query: { search: string; page: number; pageSize: number; before?: number }) {
  const search = query.search;
  let filter: SQL | undefined;
  if ([...search].length >= TRIGRAM) {
    // One quoted phrase: the text is matched as it is, never read as FTS syntax.
    filter = sql`${users.id} IN (SELECT rowid FROM user_search WHERE user_search MATCH ${`"${search.replace(/"/g, '""')}"`})`;
  } else if (search) {
    // Shorter than a trigram: LIKE, which fits D1's limit (workers/accounts/schemas/admin-users.ts); a '%' typed by an admin is just a character.
    const pattern = containsPattern(search);
    filter = sql`(${users.email} LIKE ${pattern} ESCAPE '\\' OR ${users.username} LIKE ${pattern} ESCAPE '\\'
        OR (${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern} ESCAPE '\\')`;
  }
  const keyset = query.before !== undefined || (query.page === 1 && !filter);
  const where = keyset ? and(filter, lt(users.id, query.before ?? Number.MAX_SAFE_INTEGER)) : filter;
  return {
    total: db.select({ total: count() }).from(users).where(filter),
    rows: db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(query.pageSize)
      .offset(keyset ? 0 : (query.page - 1) * query.pageSize),
  };
}

/** One page of users, newest first, matching `search` in email, username or full name. */
export async function listUsers(db: Database, query: { search: string; page: number; pageSize: number; before?: number }): Promise<UsersPage> {
  const { total: counted, rows: page } = usersPageQueries(db, query);
  const [[{ total }], rows] = await db.batch([counted, page]);
  const last = rows.at(-1);
  return {
    users: rows.map(toAdminUser),
    pagination: {
      page: query.page,
      page_size: query.pageSize,
      total,
      total_pages: Math.ceil(total / query.pageSize),
      next_before: rows.length === query.pageSize && last ? last.id : null,
    },
  };
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

/**
 * Ends every session of the store at once (a leaked JWT_SECRET, a stolen database copy): every
 * account's epoch moves, so every session, access token, device token, challenge and reset link
 * is dead; the act is audited in the same batch. The admin who asks signs in again too. Answers
 * the accounts whose chains it ended (whose wallets may hold live sockets of them).
 */
export async function endAllSessions(db: Database, actor: AdminActor, now = Date.now()): Promise<number[]> {
  await db.batch([...endAllSessionsQueries(db, now), auditQuery(db, { actor, action: "auth.sessions_end_all", targetType: "store", targetId: null })]);
  const ended = await db.selectDistinct({ userId: sessions.userId }).from(sessions).where(eq(sessions.revokedAt, new Date(now)));
  return ended.map((row) => row.userId);
}
