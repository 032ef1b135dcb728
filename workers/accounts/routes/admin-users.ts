// Admin: users and balances (docs/product.md §7 "Admin users"). Adjustments go through the user's wallet.
import { Hono } from "hono";
import { formatVND } from "../../shared/format";
import { adjustBalanceSchema, endAllSessionsSchema, usersQuerySchema } from "../schemas/admin-users";
import { idPath } from "../../shared/fields";
import { adjustUserBalance, endAllSessions, findTargetUser, listUsers, userStats, userTransactions } from "../user-admin";
import { adminActor, type ApiEnv, db, say } from "../../platform/http/context";
import { requireAdmin } from "../require-admin";
import { closeEndedSockets } from "../../platform/live-sockets";
import { idempotencyKey, readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { USER_ADMIN_MESSAGES } from "../messages";
import { WALLET_MESSAGES } from "../../money/messages";

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
  .get("/:id/transactions", async (c) => {
    const user = await findTargetUser(db(c), readParams(c, idPath, WALLET_MESSAGES.userNotFound).id);
    const transactions = await userTransactions(db(c), user.id);
    return c.json({ success: true, transactions, data: transactions });
  })
  .post("/end-all-sessions", takesJson(endAllSessionsSchema), async (c) => {
    await readJson(c);
    const ended = await endAllSessions(c.env.DB, adminActor(c));
    // The live sockets of every ended chain close; after the answer, since a large store has many.
    c.executionCtx.waitUntil(closeEndedSockets(c.env, ended));
    return c.json({ success: true, message: say(c, USER_ADMIN_MESSAGES.sessionsEnded) });
  })
  .post("/:id/adjust-balance", takesJson(adjustBalanceSchema), async (c) => {
    const user = await findTargetUser(db(c), readParams(c, idPath, WALLET_MESSAGES.userNotFound).id);
    const key = idempotencyKey(c);
    const input = await readJson(c);
    const wallet = await adjustUserBalance(c.env, user.id, adminActor(c), input, key);
    return c.json({ success: true, message: say(c, USER_ADMIN_MESSAGES.adjusted), data: wallet });
  });
