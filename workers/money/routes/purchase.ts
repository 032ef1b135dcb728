// A buyer's key purchase (docs/product.md §7 "Keys"), beside its rule: buyKey (workers/money/buyer-wallet.ts)
// asks the buyer's wallet, whose purchase (workers/money/wallet/money.ts) sells the key in one D1 batch.
import { Hono } from "hono";
import { purchaseSchema } from "../../licensing/schemas/keys";
import { stockChanged } from "../../catalogue/catalogue-cache";
import { listAppPricing } from "../../licensing/keys";
import { pricingTerms } from "../../owner/store-settings";
import { buyKey } from "../buyer-wallet";
import { type ApiContext, type ApiEnv, db, say } from "../../platform/http/context";
import { errorText, logEvent } from "../../lib/log";
import { requireUser } from "../../accounts/require-user";
import { idempotencyKey, readJson, takesJson } from "../../platform/http/validate";
import { WALLET_MESSAGES } from "../messages";

/**
 * The bought pricing as the app page lists it, read after the sale: its stock now. Null when the
 * read fails: the sale is committed, so the key must still reach the buyer.
 */
async function pricingAfterSale(c: ApiContext, appId: number | null, pricingId: number) {
  if (appId === null) return null;
  try {
    const pricing = await listAppPricing(db(c), appId, await pricingTerms(c.env.DB, c.env));
    return pricing.find((option) => option.id === pricingId) ?? null;
  } catch (error) {
    logEvent("error", "pricing_after_sale_failed", { app_id: appId, error: errorText(error) }, c.req.raw);
    return null;
  }
}

/**
 * A purchase's answer, which the app page's purchase reads (app/money/purchase/purchase-action.ts):
 * the new wallet figures and the pricing's stock come with the key, so the page reads neither again.
 */
function purchaseAnswer(c: ApiContext, { replayed, order, wallet }: Awaited<ReturnType<typeof buyKey>>, pricing: Awaited<ReturnType<typeof pricingAfterSale>>) {
  return {
    success: true as const,
    message: say(c, WALLET_MESSAGES.purchased),
    replayed,
    key: { key_code: order.key_code, key_type_name: order.key_type_name, app_name: order.app_name },
    order,
    user: wallet,
    pricing,
  };
}

/** `POST /api/keys/purchase/`, mounted at /keys/purchase in workers/api.ts. */
export const purchaseApi = new Hono<ApiEnv>().post("/", requireUser, takesJson(purchaseSchema), async (c) => {
  const user = c.get("user");
  const input = await readJson(c);
  const bought = await buyKey(c.env, user.id, { pricingId: input.key_pricing_id, paymentMethod: input.payment_method }, idempotencyKey(c));
  const { replayed, order } = bought;
  // Only the bought app's pages show the stock this sale took from: the rest of the store's edge
  // copies stay. The sale is committed: a failure here costs at most VERSION_RECHECK_MS of old stock.
  if (!replayed && order.app_id !== null) {
    await stockChanged(c.env, c.req.raw, order.app_id).catch((error) => logEvent("error", "stock_change_failed", { app_id: order.app_id, error: errorText(error) }, c.req.raw));
  }
  return c.json(purchaseAnswer(c, bought, await pricingAfterSale(c, order.app_id, input.key_pricing_id)));
});
