// A key purchase's steps (docs/product.md §4 "Purchase flow"): "Mua ngay" sends a visitor to log in,
// refuses an option that cannot be bought, checks at most one figure not known fresh (the balance,
// else the stock), then opens the confirmation; "Thanh toán" posts to the page's clientAction
// (./purchase-action.ts) under one idempotency key per attempt, and its answer shows the key or
// says why not.
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import type { PublicApp } from "@workers/catalogue/catalogue";
import { apiCall, newIdempotencyKey } from "~/platform/api";
import { useSessionExpired, useSessionUser } from "~/accounts/session/auth";
import { availabilityVerdict, chargeOf, hasEnoughBalance, type PricingOption, purchaseBlocker } from "@workers/shared/money/pricing";
import { useFormat } from "~/i18n/format";
import { purchaseWords } from "~/i18n/vi/catalogue/purchase";
import { useWords } from "~/i18n/words";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { loginPathFor } from "~/accounts/session/login-path";
import { readAccessToken } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import { refreshStoredBalance } from "~/money/wallet/wallet-figures";
import { orderPrice } from "./price-text";
import { loadSuccessDialog, type PurchaseRequest, type PurchaseResult } from "./purchase-action";
import type { PurchasedKey } from "./PurchaseSuccessDialog";
import { usePricingList } from "./use-pricing-list";

// Stock read from the server this long ago is taken as it stands (the edge copy of the page lives
// as long: workers/catalogue/catalogue-cache.ts); older, "Mua ngay" asks the server first.
const STOCK_FRESH_MS = 60_000;
const LOST_ANSWER_TOAST_MS = 10_000;

// The dialogs come with the first "Mua ngay", not with the page: most visitors never open them.
export const loadConfirmDialog = () => import("./PurchaseConfirmDialog");

/** The live availability of one pricing (an app page's pre-check before the confirm dialog). */
function checkAvailability(app: string, pricingId: number) {
  return apiCall((api) => api.api.keys.availability[":app"].$get({ param: { app }, query: { pricing_id: String(pricingId) } }));
}

export function useKeyPurchase(app: Pick<PublicApp, "id" | "url" | "name">, pricing: PricingOption[]) {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const sessionExpired = useSessionExpired();
  const words = useWords(purchaseWords);
  const format = useFormat();
  const appRef = encodeURIComponent(app.url || String(app.id));
  const here = location.pathname + location.search;
  const { options, selectedId, select, gaveWay, stockReadAt, showPricing, reloadPricing } = usePricingList(pricing, appRef);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState<PricingOption | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const balanceReadings = useRef(0);
  const [purchased, setPurchased] = useState<PurchasedKey | null>(null);
  // The idempotency key of the purchase attempt in progress: kept across retries of the same
  // option until the server gives a definite answer, so a lost response cannot charge twice.
  const attempt = useRef<{ pricingId: number; key: string } | null>(null);
  const fetcher = useFetcher<PurchaseResult>();
  const buying = fetcher.state !== "idle";

  useFetcherAnswer(fetcher, (answer) => {
    const option = confirming;
    if (answer.ok) {
      attempt.current = null;
      setConfirming(null);
      setPurchased({
        key_code: answer.key.key_code,
        // The order keeps the shop's name; an English page names one of the four types in English.
        key_type_name: (format.locale === "en" && option ? format.keyType(option.key_type) : answer.key.key_type_name) || option?.key_type.display_name || "",
        app_name: answer.key.app_name || app.name,
        price_text: orderPrice(answer.order, option, format),
      });
      const sold = answer.pricing;
      if (sold) showPricing(options.map((item) => (item.id === sold.id ? sold : item)));
      return;
    }
    // Not sent (the key's dialog could not be fetched): the buyer was told, the attempt stays.
    if (!answer.sent) return;
    if (answer.status === 401) {
      // The api layer could not refresh the session: log in again, then come back here.
      attempt.current = null;
      setConfirming(null);
      sessionExpired();
      return;
    }
    if (answer.definitive) attempt.current = null;
    // A lost answer's message is long (the sale may be done, the retry is safe): it stays longer.
    toast.error(answer.message, answer.status === 0 ? LOST_ANSWER_TOAST_MS : undefined);
    if (answer.reload) {
      setConfirming(null);
      void reloadPricing();
    }
  });

  async function startPurchase() {
    if (checking || buying) return;
    // Fetch the dialogs while the checks run.
    void loadConfirmDialog().catch(() => {});
    void loadSuccessDialog().catch(() => {});
    if (!readAccessToken()) {
      navigate(loginPathFor(here));
      return;
    }
    const option = options.find((item) => item.id === selectedId) ?? null;
    const blocked = purchaseBlocker(option, words);
    if (blocked || !option) {
      if (blocked?.kind === "warning") toast.warning(blocked.message);
      else if (blocked) toast.error(blocked.message);
      return;
    }
    // At most one check before the purchase, and only for a figure not known fresh: the stored
    // balance when it cannot pay (a top-up may have raised it), else the stock when it is old.
    // The server checks both again, and its refusal says why.
    const readBalance = !hasEnoughBalance(user?.balance, chargeOf(option));
    if (!readBalance && Date.now() - stockReadAt.current > STOCK_FRESH_MS) {
      setChecking(true);
      let answer: Awaited<ReturnType<typeof checkAvailability>>;
      try {
        answer = await checkAvailability(appRef, option.id);
      } catch {
        toast.error(words.checkFailed);
        return;
      } finally {
        setChecking(false);
      }
      // The route's own answer carries no message today; a message from the edge or a newer server still reaches the buyer.
      const verdict = availabilityVerdict(answer.data, "message" in answer && typeof answer.message === "string" ? answer.message : null, words);
      if (!verdict.ok) {
        toast.error(verdict.message);
        void reloadPricing();
        return;
      }
      stockReadAt.current = Date.now();
    }
    if (attempt.current?.pricingId !== option.id) attempt.current = { pricingId: option.id, key: newIdempotencyKey() };
    setConfirming(option);
    // Only the latest reading ends the wait (the dialog may have been closed and opened again).
    const reading = ++balanceReadings.current;
    setRefreshing(readBalance);
    if (readBalance) refreshStoredBalance().finally(() => reading === balanceReadings.current && setRefreshing(false));
  }

  function purchase() {
    const option = confirming;
    if (!option || buying) return;
    if (attempt.current?.pricingId !== option.id) attempt.current = { pricingId: option.id, key: newIdempotencyKey() };
    const request: PurchaseRequest = { intent: "purchase", pricing_id: option.id, idempotency_key: attempt.current.key };
    fetcher.submit(request, { method: "post", encType: "application/json", flushSync: true });
  }

  return {
    user,
    here,
    options,
    selectedId,
    select,
    gaveWay,
    checking,
    confirming,
    refreshing,
    purchased,
    buying,
    startPurchase,
    purchase,
    closeConfirm: () => setConfirming(null),
    closePurchased: () => setPurchased(null),
  };
}
