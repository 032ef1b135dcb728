// The buyer's wallet (docs/product.md §7 "Auth and wallet"): balance and ledger under /api/auth/wallet/,
// purchases and moving a bought key to another device under /api/auth/purchase/ (two routers, each
// mounted on its own path in workers/api.ts).
import { Hono } from "hono";
import { getConfig, publicOrigin } from "../../platform/config";
import { idPath } from "../../shared/fields";
import { resetPurchaseDevice } from "../../licensing/key-devices";
import { findWallet, listPurchases, listTransactions } from "../buyer-wallet";
import { previewDepositBonus } from "../deposit-bonus";
import { depositBonusQuerySchema } from "../schemas/deposit-bonus";
import { type ApiEnv, db, langOf, say } from "../../platform/http/context";
import { requireUser } from "../../accounts/require-user";
import { clientAddress, readParams, readQuery, takesQuery } from "../../platform/http/validate";
import { KEY_DEVICE_MESSAGES } from "../../licensing/messages";
import { walletFor } from "../wallet/port";
import { liveSocketQuerySchema, ticketUserId } from "../schemas/live-wallet";
import { WALLET_MESSAGES } from "../messages";
import { HttpError } from "../../platform/http/api-errors";
import { findUserById } from "../../accounts/accounts";
import { AUTH_MESSAGES } from "../../accounts/messages";
import { hit, LIMITS } from "../../platform/rate-limit";
import { RateLimitedError } from "../../platform/errors";
import { listTopupHistory } from "../topup-history";
import { TOPUP_HISTORY_PAGE_SIZE, topupHistorySchema } from "../schemas/topup-history";

export const walletApi = new Hono<ApiEnv>()
  .get("/balance", requireUser, async (c) => c.json({ success: true, data: (await findWallet(c.env.DB, c.get("user").id))! }))
  .get("/transactions", requireUser, async (c) => c.json({ success: true, data: await listTransactions(db(c), c.get("user").id, 200, langOf(c)) }))
  // Every top-up of the buyer's own, newest first, each with its state and why (in the reader's language).
  .get("/topups", requireUser, takesQuery(topupHistorySchema), async (c) => {
    const { page } = readQuery(c);
    const { entries, total } = await listTopupHistory(c.env.DB, c.get("user").id, page, TOPUP_HISTORY_PAGE_SIZE);
    const data = entries.map((entry) => ({ ...entry, reason: entry.reason && say(c, entry.reason) }));
    return c.json({ success: true, data, pagination: { page, page_size: TOPUP_HISTORY_PAGE_SIZE, total, total_pages: Math.ceil(total / TOPUP_HISTORY_PAGE_SIZE) } });
  })
  // The bonus the top-up dialogs show for the amount being entered (and the code, if typed).
  .get("/deposit-bonus", requireUser, takesQuery(depositBonusQuerySchema), async (c) => {
    const { amount, code } = readQuery(c);
    return c.json({ success: true, data: await previewDepositBonus(c.env.DB, { userId: c.get("user").id, address: clientAddress(c) }, amount, code) });
  })
  // The live wallet (docs/architecture.md, "The live wallet"): a ticket for the signed-in buyer's
  // wallet object, bound to this session chain and counted per account, then the socket it opens
  // (the ticket is the proof, spent by the object).
  .post("/live-ticket", requireUser, async (c) => {
    const user = c.get("user");
    const limited = await hit(db(c), LIMITS.liveTicketsPerAccount, `user:${user.id}`);
    if (!limited.allowed) throw new RateLimitedError(AUTH_MESSAGES.tooMany(limited.retryAfterSeconds), limited.retryAfterSeconds);
    return c.json({ success: true, data: { ticket: await walletFor(c.env, user.id).liveTicket(c.get("session").familyId) } });
  })
  .get("/live", takesQuery(liveSocketQuerySchema), async (c) => {
    const { ticket } = readQuery(c);
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new HttpError(426, WALLET_MESSAGES.liveTicketInvalid);
    // Only the store's own pages open it (a browser always names the page's origin on a socket).
    if (c.req.header("Origin") !== publicOrigin(c.env, c.req.raw)) throw new HttpError(403, WALLET_MESSAGES.liveTicketInvalid);
    // No wallet object is made for an account that does not exist (or is switched off).
    const user = await findUserById(db(c), ticketUserId(ticket));
    if (!user?.isActive) throw new HttpError(401, WALLET_MESSAGES.liveTicketInvalid);
    const answer = await walletFor(c.env, user.id).connect(c.req.raw);
    if (answer.status === 401) throw new HttpError(401, WALLET_MESSAGES.liveTicketInvalid);
    return answer;
  });

export const buyerPurchasesApi = new Hono<ApiEnv>()
  .get("/history", requireUser, async (c) => c.json({ success: true, data: await listPurchases(db(c), c.get("user").id, getConfig(c.env).KEY_DEVICE_RESET_HOURS) }))
  .post("/:id/reset-device", requireUser, async (c) => {
    const { id } = readParams(c, idPath, KEY_DEVICE_MESSAGES.purchaseNotFound);
    await resetPurchaseDevice(c.env.DB, c.get("user").id, id, getConfig(c.env).KEY_DEVICE_RESET_HOURS);
    return c.json({ success: true, message: say(c, KEY_DEVICE_MESSAGES.reset) });
  });
