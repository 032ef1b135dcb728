// The purchase as the app page's route action (docs/decisions/0026): KeyPurchase submits
// {pricing_id, idempotency_key} with useFetcher to the page's clientAction, which is this.
// The answer carries the key, the new wallet figures and the pricing's stock, so nothing is read
// again around it (issue 43 item 4): the page's loaders are not revalidated after it.
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { ApiError, apiCall } from "~/platform/api";
import { purchaseFailure } from "@workers/shared/money/pricing";
import { requestLocale } from "~/i18n/locale";
import { purchaseWords } from "~/i18n/vi/catalogue/purchase";
import { wordsIn } from "~/i18n/words";
import { refreshStoredBalance, storeWalletFigures } from "~/money/wallet/wallet-figures";
import { fetchOnDemand } from "../../ui/LazyDialog";

export const loadSuccessDialog = () => import("./PurchaseSuccessDialog");

export type PurchaseRequest = { intent: "purchase"; pricing_id: number; idempotency_key: string };

/** POST /api/keys/purchase/ with its Idempotency-Key: a retry (apiCall's refresh on 401 included) cannot buy twice. */
function postPurchase(pricingId: number, idempotencyKey: string) {
  return apiCall((api) => api.api.keys.purchase.$post({ json: { key_pricing_id: pricingId, payment_method: "balance" } }), {
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

type Refused = { intent: "purchase"; ok: false; status: number; message: string; reload: boolean; definitive: boolean };

export async function purchaseAction({ request }: ClientActionFunctionArgs) {
  const { pricing_id, idempotency_key } = (await request.json()) as PurchaseRequest;
  // The page's language: the action's address is the app page's own (/… or /en/…).
  const words = wordsIn(requestLocale(request), purchaseWords);
  // The dialog that shows the bought key is on the device before any money moves: a sale whose
  // key cannot be drawn would leave the buyer, charged, in front of an error (fetchOnDemand says why).
  try {
    await fetchOnDemand(loadSuccessDialog);
  } catch {
    return { intent: "purchase", ok: false, sent: false } as const;
  }
  try {
    const answer = await postPurchase(pricing_id, idempotency_key);
    storeWalletFigures(answer.user);
    return { intent: "purchase", ok: true, key: answer.key, order: answer.order, pricing: answer.pricing } as const;
  } catch (error) {
    if (!(error instanceof ApiError)) return refused(-1, words.exception, false, false);
    // The shortfall was stale: the dialog shows the balance the server has.
    if (error.status === 402) void refreshStoredBalance();
    const failure = purchaseFailure(error.status, error.message, words);
    return refused(error.status, failure.message, failure.reload, failure.definitive);
  }
}

function refused(status: number, message: string, reload: boolean, definitive: boolean): Refused & { sent: true } {
  return { intent: "purchase", ok: false, sent: true, status, message, reload, definitive };
}

export type PurchaseResult = Awaited<ReturnType<typeof purchaseAction>>;

/** A purchase's answer carries what changed: no loader of the page is read again after it. */
export const skipAfterPurchase: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Partial<PurchaseResult> | undefined)?.intent === "purchase" ? false : defaultShouldRevalidate;
