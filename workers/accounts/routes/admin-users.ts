// Admin: users (docs/product.md §7 "Admin users"); a user's ledger and balance adjustment are money's,
// under the same path (workers/money/routes/admin-balances.ts).
import { Hono } from "hono";
import { formatVND } from "../../shared/format";
import { endAllSessionsSchema, usersQuerySchema } from "../schemas/admin-users";
import { endAllSessions, listUsers, userStats } from "../user-admin";
import { adminActor, type ApiEnv, db, say } from "../../platform/http/context";
import { requireAdmin } from "../require-admin";
import { closeEndedSockets } from "../../platform/live-sockets";
import { readJson, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { USER_ADMIN_MESSAGES } from "../messages";

export const adminUsersApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(usersQuerySchema), async (c) => {
    const { search, page, page_size: pageSize, before } = readQuery(c);
    const { users, pagination } = await listUsers(db(c), { search, page, pageSize, before });
    return c.json({ success: true, users, data: users, pagination });
  })
  .get("/stats", async (c) => {
    const stats = await userStats(db(c));
    return c.json({ success: true, stats, data: { ...stats, formatted_total_balance: formatVND(stats.total_balance), formatted_total_spent: formatVND(stats.total_spent) } });
  })
  .post("/end-all-sessions", takesJson(endAllSessionsSchema), async (c) => {
    await readJson(c);
    const ended = await endAllSessions(db(c), adminActor(c));
    // The live sockets of every ended chain close; after the answer, since a large store has many.
    c.executionCtx.waitUntil(closeEndedSockets(c.env, ended));
    return c.json({ success: true, message: say(c, USER_ADMIN_MESSAGES.sessionsEnded) });
  });
