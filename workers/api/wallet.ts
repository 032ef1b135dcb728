// The buyer's wallet (spec §7 "Auth and wallet"): balance, ledger, purchases.
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { formatVND } from "../shared/format";
import { orders, walletTransactions } from "../db/schema";
import { toPublicTransaction, toPurchasedOrder, type WalletSnapshot, walletSnapshot } from "../services/wallet";
import { type ApiEnv, db } from "./context";
import { requireUser } from "./require-user";

export const walletApi = new Hono<ApiEnv>();

export function toPublicUserWallet(wallet: WalletSnapshot) {
  return { ...wallet, formatted_total_spent: formatVND(wallet.total_spent) };
}

walletApi.get("/wallet/balance", requireUser, async (c) => {
  const wallet = await walletSnapshot(c.env.DB, c.get("user").id);
  return c.json({ success: true, data: toPublicUserWallet(wallet!) });
});

walletApi.get("/wallet/transactions", requireUser, async (c) => {
  const rows = await db(c)
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, c.get("user").id))
    .orderBy(desc(walletTransactions.id))
    .limit(200);
  const data = rows.map(toPublicTransaction);
  return c.json({ success: true, data });
});

walletApi.get("/purchase/history", requireUser, async (c) => {
  const rows = await db(c).select().from(orders).where(eq(orders.userId, c.get("user").id)).orderBy(desc(orders.id)).limit(500);
  const data = rows.map((row) =>
    toPurchasedOrder({
      id: row.id,
      reference: row.reference,
      app_id: row.appId,
      app_name: row.appName,
      app_bundle_id: row.appBundleId,
      key_type_name: row.keyTypeName,
      key_code: row.keyCode,
      amount: row.amount,
      currency: row.currency,
      vnd_amount: row.vndAmount,
      exchange_rate: row.exchangeRate,
      status: row.status,
      payment_method: row.paymentMethod,
      created_at: row.createdAt.getTime(),
    }),
  );
  return c.json({ success: true, data });
});
