// Buying a licence key on an app page (docs/product.md §2 "Key purchase", §4 "Purchase flow", §8):
// choose an option, log in if needed, confirm, pay from the balance, show the key. The purchase goes
// to the page's clientAction through useFetcher (./purchase-action.ts); its answer brings the new
// balance and the option's stock. The list is rendered on the server; the rest after hydration.
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useId, useRef, useState } from "react";
import type { PublicApp } from "@workers/catalogue/catalogue";
import { apiCall, newIdempotencyKey } from "~/platform/api";
import { useSessionExpired, useSessionUser } from "~/accounts/session/auth";
import {
  availabilityVerdict,
  chargeOf,
  hasEnoughBalance,
  isSelectable,
  type PricingOption,
  pricingState,
  type PricingStateKind,
  preselectPricing,
  purchaseBlocker,
  reconcileSelection,
  sortPricing,
} from "@workers/shared/money/pricing";
import { useFormat } from "~/i18n/format";
import { appName } from "~/catalogue/app-types";
import { purchaseWords } from "~/i18n/vi/catalogue/purchase";
import { useWords } from "~/i18n/words";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { loginPathFor } from "~/accounts/session/login-path";
import { readAccessToken } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import { refreshStoredBalance } from "~/money/wallet/wallet-figures";
import { lazyDialog } from "../../ui/LazyDialog";
import { optionPrices, orderPrice } from "./price-text";
import { loadSuccessDialog, type PurchaseRequest, type PurchaseResult } from "./purchase-action";
import type { PurchasedKey } from "./PurchaseSuccessDialog";
import { Spinner } from "../../ui/Spinner";


const STATE_TONE: Record<PricingStateKind, string> = {
  paused: "text-zinc-400",
  sold_out: "text-red-300",
  low_stock: "text-amber-300",
  in_stock: "text-emerald-300",
};

// Stock read from the server this long ago is taken as it stands (the edge copy of the page lives
// as long: workers/catalogue/catalogue-cache.ts); older, "Mua ngay" asks the server first.
const STOCK_FRESH_MS = 60_000;
const LOST_ANSWER_TOAST_MS = 10_000;

// The dialogs come with the first "Mua ngay", not with the page: most visitors never open them.
const loadConfirmDialog = () => import("./PurchaseConfirmDialog");
const PurchaseConfirmDialog = lazyDialog(() => loadConfirmDialog().then((module) => module.PurchaseConfirmDialog));
// Never fails to load: a purchase is only sent once this file is here (purchase-action.ts).
const PurchaseSuccessDialog = lazyDialog(() => loadSuccessDialog().then((module) => module.PurchaseSuccessDialog));

/** The live availability of one pricing (an app page's pre-check before the confirm dialog). */
function checkAvailability(app: string, pricingId: number) {
  return apiCall((api) => api.api.keys.availability[":app"].$get({ param: { app }, query: { pricing_id: String(pricingId) } }));
}

export function KeyPurchase({ app, pricing }: { app: Pick<PublicApp, "id" | "url" | "name">; pricing: PricingOption[] }) {
  const headingId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  // Undefined until the browser has read its storage.
  const hydrated = user !== undefined;
  const sessionExpired = useSessionExpired();
  const words = useWords(purchaseWords);
  const format = useFormat();

  const [options, setOptions] = useState(() => sortPricing(pricing));
  const [selectedId, setSelectedId] = useState(() => preselectPricing(sortPricing(pricing)));
  const stockReadAt = useRef(Date.now());
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState<PricingOption | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const balanceReadings = useRef(0);
  const [purchased, setPurchased] = useState<PurchasedKey | null>(null);
  // The idempotency key of the purchase attempt in progress: kept across retries of the same
  // option until the server gives a definite answer, so a lost response cannot charge twice.
  const attempt = useRef<{ pricingId: number; key: string } | null>(null);
  const reloads = useRef(0);
  const fetcher = useFetcher<PurchaseResult>();
  const buying = fetcher.state !== "idle";

  const appRef = encodeURIComponent(app.url || String(app.id));
  const here = location.pathname + location.search;

  // Fresh loader data (a revalidation) replaces the list.
  const [shownPricing, setShownPricing] = useState(pricing);
  if (shownPricing !== pricing) {
    const sorted = sortPricing(pricing);
    setShownPricing(pricing);
    setOptions(sorted);
    setSelectedId((current) => reconcileSelection(sorted, current));
    stockReadAt.current = Date.now();
  }

  const showPricing = useCallback((next: PricingOption[]) => {
    const sorted = sortPricing(next);
    setOptions(sorted);
    setSelectedId((current) => reconcileSelection(sorted, current));
    stockReadAt.current = Date.now();
  }, []);

  const reloadPricing = useCallback(async () => {
    const ticket = ++reloads.current;
    try {
      const { data } = await apiCall((api) => api.api.keys.apps[":app"].pricing.$get({ param: { app: appRef } }), { auth: true });
      if (ticket === reloads.current && Array.isArray(data)) showPricing(data);
    } catch {
      // Keep the list on screen: the server checks stock and state again on every purchase.
    }
  }, [appRef, showPricing]);

  useFetcherAnswer(fetcher, (answer) => {
    const option = confirming;
    if (answer.ok) {
      attempt.current = null;
      setConfirming(null);
      setPurchased({
        key_code: answer.key.key_code,
        key_type_name: answer.key.key_type_name || option?.key_type.display_name || "",
        app_name: answer.key.app_name || app.name,
        formatted_price: orderPrice(answer.order, option, format),
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

  if (pricing.length === 0 && options.length === 0) return null;
  const selected = options.find((item) => item.id === selectedId) ?? null;

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-white/5 bg-zinc-900/70 p-4 sm:p-5" data-testid="key-purchase">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {words.heading}
      </h2>
      <p className="mt-1 text-sm text-zinc-400">{words.intro}</p>

      {options.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-400">{words.noOptions}</p>
      ) : (
        <div role="radiogroup" aria-labelledby={headingId} className="mt-4 grid gap-3 sm:grid-cols-2">
          {options.map((option) => {
            const state = pricingState(option, words, format.number);
            const prices = optionPrices(option, format);
            const selectable = isSelectable(option);
            const checked = option.id === selectedId;
            return (
              <label
                key={option.id}
                data-pricing-id={option.id}
                data-state={state.kind}
                className={`relative flex items-start gap-3 rounded-xl border p-4 transition focus-within:ring-2 focus-within:ring-indigo-400 ${
                  checked ? "border-indigo-500 bg-indigo-500/10" : "border-white/10"
                } ${selectable ? "cursor-pointer hover:border-indigo-400/60" : "cursor-not-allowed opacity-60"}`}
              >
                <input
                  type="radio"
                  name={`key-option-${app.id}`}
                  value={option.id}
                  checked={checked}
                  disabled={!selectable}
                  onChange={() => setSelectedId(option.id)}
                  className="mt-1 h-4 w-4 shrink-0 accent-indigo-500"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-white">{option.key_type.display_name}</span>
                  <span className="mt-1 block text-xl font-black text-indigo-300">{prices.price}</span>
                  {option.currency === "USD" && (
                    <span className="block text-sm text-zinc-300" data-testid="pricing-vnd">
                      {prices.vnd ? `≈ ${prices.vnd}` : words.noRate}
                    </span>
                  )}
                  <span className={`mt-1 block text-sm ${STATE_TONE[state.kind]}`} data-testid="pricing-state">
                    {state.label}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-zinc-400" aria-live="polite">
          {selected ? (
            <>
              {words.chosen} <span className="font-semibold text-zinc-200">{selected.key_type.display_name}</span> · {optionPrices(selected, format).total}
            </>
          ) : (
            words.chooseKey
          )}
        </p>
        {/* Disabled until hydrated (a click would do nothing before). While checking it stays
            focusable (aria-disabled), so focus can come back to it when the dialog closes. */}
        <button
          type="button"
          onClick={startPurchase}
          disabled={!hydrated}
          aria-disabled={checking || undefined}
          aria-busy={checking}
          className="inline-flex w-full items-center justify-center gap-2 rounded-2xl bg-emerald-700 px-6 py-3.5 text-base font-bold text-white shadow-lg transition hover:bg-emerald-600 disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
        >
          {checking && <Spinner />}
          {checking ? words.checking : words.buyNow}
        </button>
      </div>

      {/* Each lazy dialog (and its boundary) is rendered only while it is open: a served boundary
          hydrates after the rest of the page, and this box renders again as it reads the session,
          which would switch that boundary to client rendering (React's error #421). */}
      {confirming !== null && (
        <PurchaseConfirmDialog
          open
          option={confirming}
          appName={appName(app, format.locale)}
          isAuthenticated={Boolean(readAccessToken())}
          user={user ?? null}
          onPurchase={purchase}
          onClose={() => setConfirming(null)}
          buying={buying}
          refreshing={refreshing}
          loginHref={loginPathFor(here)}
        />
      )}
      {purchased !== null && <PurchaseSuccessDialog purchase={purchased} messages={words} onClose={() => setPurchased(null)} />}
    </section>
  );
}
