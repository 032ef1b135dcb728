// The buyer's wallet (docs/product.md §7 "Auth and wallet"): balance and ledger under /api/auth/wallet/,
// purchases and moving a bought key to another device under /api/auth/purchase/ (two routers, each
// mounted on its own path in workers/api.ts).
import { Hono } from "hono";
import { getConfig } from "../../platform/config";
import { idPath } from "../../shared/fields";
import { resetPurchaseDevice } from "../../licensing/key-devices";
import { findWallet, listPurchases, listTransactions } from "../buyer-wallet";
import { previewDepositBonus } from "../deposit-bonus";
import { depositBonusQuerySchema } from "../schemas/deposit-bonus";
import { type ApiEnv, db } from "../../platform/http/context";
import { requireUser } from "../../accounts/require-user";
import { readParams, readQuery, takesQuery } from "../../platform/http/validate";
import { KEY_DEVICE_MESSAGES } from "../../licensing/messages";
import { walletFor } from "../wallet/port";
import { LIVE_TICKET_INVALID, liveSocketQuerySchema } from "../schemas/live-wallet";
import { HttpError } from "../../platform/http/api-errors";

export const walletApi = new Hono<ApiEnv>()
  .get("/balance", requireUser, async (c) => c.json({ success: true, data: (await findWallet(c.env.DB, c.get("user").id))! }))
  .get("/transactions", requireUser, async (c) => c.json({ success: true, data: await listTransactions(db(c), c.get("user").id, 200) }))
  // The bonus the top-up dialogs show for the amount being entered (and the code, if typed).
  .get("/deposit-bonus", requireUser, takesQuery(depositBonusQuerySchema), async (c) => {
    const { amount, code } = readQuery(c);
    return c.json({ success: true, data: await previewDepositBonus(c.env.DB, c.get("user").id, amount, code) });
  })
  // The live wallet (docs/architecture.md, "The live wallet"): a ticket for the signed-in buyer's
  // wallet object, then the socket it opens (the ticket is the proof, spent by the object).
  .post("/live-ticket", requireUser, async (c) => c.json({ success: true, data: { ticket: await walletFor(c.env, c.get("user").id).liveTicket() } }))
  .get("/live", takesQuery(liveSocketQuerySchema), async (c) => {
    const { ticket } = readQuery(c);
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new HttpError(426, LIVE_TICKET_INVALID);
    const answer = await walletFor(c.env, Number(ticket.split(".")[0])).connect(c.req.raw);
    if (answer.status === 401) throw new HttpError(401, LIVE_TICKET_INVALID);
    return answer;
  });

export const buyerPurchasesApi = new Hono<ApiEnv>()
  .get("/history", requireUser, async (c) => c.json({ success: true, data: await listPurchases(db(c), c.get("user").id, getConfig(c.env).KEY_DEVICE_RESET_HOURS) }))
  .post("/:id/reset-device", requireUser, async (c) => {
    const { id } = readParams(c, idPath, KEY_DEVICE_MESSAGES.purchaseNotFound);
    await resetPurchaseDevice(c.env.DB, c.get("user").id, id, getConfig(c.env).KEY_DEVICE_RESET_HOURS);
    return c.json({ success: true, message: KEY_DEVICE_MESSAGES.reset });
  });
