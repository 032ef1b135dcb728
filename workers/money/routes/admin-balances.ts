// Admin: a user's ledger and balance adjustment (docs/product.md §7 "Admin users"), mounted under
// /admin/users beside the accounts' list (workers/accounts/routes/admin-users.ts). Adjustments go
// through the user's wallet.
import { Hono } from "hono";
import { adjustBalanceSchema } from "../../accounts/schemas/admin-users";
import { idPath } from "../../shared/fields";
import { adjustUserBalance, findTargetUser, userTransactions } from "../balance-admin";
import { adminActor, type ApiEnv, db, langOf, say } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { idempotencyKey, readJson, readParams, takesJson } from "../../platform/http/validate";
import { USER_ADMIN_MESSAGES } from "../../accounts/messages";
import { WALLET_MESSAGES } from "../messages";

export const adminBalancesApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/:id/transactions", async (c) => {
    const user = await findTargetUser(db(c), readParams(c, idPath, WALLET_MESSAGES.userNotFound).id);
    const transactions = await userTransactions(db(c), user.id, langOf(c));
    return c.json({ success: true, transactions, data: transactions });
  })
  .post("/:id/adjust-balance", takesJson(adjustBalanceSchema), async (c) => {
    const user = await findTargetUser(db(c), readParams(c, idPath, WALLET_MESSAGES.userNotFound).id);
    const key = idempotencyKey(c);
    const input = await readJson(c);
    const wallet = await adjustUserBalance(c.env, user.id, adminActor(c), input, key);
    return c.json({ success: true, message: say(c, USER_ADMIN_MESSAGES.adjusted), data: wallet });
  });
