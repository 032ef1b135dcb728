// The buyer's wallet (spec §7 "Auth and wallet"): balance, ledger, purchases.
import { Hono } from "hono";
import { findWallet, listPurchases, listTransactions } from "../services/wallet";
import { type ApiEnv, db } from "./context";
import { requireUser } from "./require-user";

export const walletApi = new Hono<ApiEnv>();

walletApi.get("/wallet/balance", requireUser, async (c) => c.json({ success: true, data: (await findWallet(c.env.DB, c.get("user").id))! }));

walletApi.get("/wallet/transactions", requireUser, async (c) => c.json({ success: true, data: await listTransactions(db(c), c.get("user").id, 200) }));

walletApi.get("/purchase/history", requireUser, async (c) => c.json({ success: true, data: await listPurchases(db(c), c.get("user").id) }));
