// Buying a licence key on an app page (docs/product.md §2 "Key purchase", §4 "Purchase flow", §8):
// choose an option, log in if needed, pre-check (paused, sold out, live availability), confirm,
// pay from the balance, show the key. The list is rendered on the server; the rest after hydration.
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useId, useRef, useState } from "react";
import type { PublicApp } from "@workers/catalogue/catalogue";
import { ApiError, apiCall, newIdempotencyKey } from "~/lib/api";
import { useSessionExpired, useSessionUser } from "~/lib/session/auth";
import {
  availabilityVerdict,
  isSelectable,
  type PricingOption,
  pricingState,
  type PricingStateKind,
  preselectPricing,
  priceLabel,
  PURCHASE_MESSAGES,
  purchaseBlocker,
  purchaseFailure,
  reconcileSelection,
  sortPricing,
} from "@workers/shared/money/pricing";
import { loginPathFor } from "~/lib/session/redirects";
import { readAccessToken } from "~/lib/session/session";
import { toast } from "~/lib/toast";
import { refreshStoredBalance, storeWalletFigures } from "~/lib/session/wallet-figures";
import { fetchOnDemand, lazyDialog } from "../LazyDialog";
import type { PurchasedKey } from "./PurchaseSuccessDialog";
import { Spinner } from "../Spinner";


const STATE_TONE: Record<PricingStateKind, string> = {
  paused: "text-zinc-400",
  sold_out: "text-red-300",
  low_stock: "text-amber-300",
  in_stock: "text-emerald-300",
};

// The dialogs come with the first "Mua ngay", not with the page: most visitors never open them.
const loadConfirmDialog = () => import("./PurchaseConfirmDialog");
const loadSuccessDialog = () => import("./PurchaseSuccessDialog");
const PurchaseConfirmDialog = lazyDialog(() => loadConfirmDialog().then((module) => module.PurchaseConfirmDialog));
// Never fails to load: a purchase is only sent once this file is here (see purchase()).
const PurchaseSuccessDialog = lazyDialog(() => loadSuccessDialog().then((module) => module.PurchaseSuccessDialog));

/** POST /api/keys/purchase/ with its Idempotency-Key: a retry (apiCall's refresh on 401 included) cannot buy twice. */
function postPurchase(pricingId: number, idempotencyKey: string) {
  return apiCall((api) => api.api.keys.purchase.$post({ json: { key_pricing_id: pricingId, payment_method: "balance" } }), {
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

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

  const [options, setOptions] = useState(() => sortPricing(pricing));
  const [selectedId, setSelectedId] = useState(() => preselectPricing(sortPricing(pricing)));
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState<PricingOption | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const balanceReadings = useRef(0);
  const [buying, setBuying] = useState(false);
  const [purchased, setPurchased] = useState<PurchasedKey | null>(null);
  // The idempotency key of the purchase attempt in progress: kept across retries of the same
  // option until the server gives a definite answer, so a lost response cannot charge twice.
  const attempt = useRef<{ pricingId: number; key: string } | null>(null);
  const reloads = useRef(0);

  const appRef = encodeURIComponent(app.url || String(app.id));
  const here = location.pathname + location.search;

  // Fresh loader data (a revalidation) replaces the list.
  const [shownPricing, setShownPricing] = useState(pricing);
  if (shownPricing !== pricing) {
    const sorted = sortPricing(pricing);
    setShownPricing(pricing);
    setOptions(sorted);
    setSelectedId((current) => reconcileSelection(sorted, current));
  }

  const reloadPricing = useCallback(async () => {
    const ticket = ++reloads.current;
    try {
      const { data } = await apiCall((api) => api.api.keys.apps[":app"].pricing.$get({ param: { app: appRef } }), { auth: true });
      if (ticket !== reloads.current || !Array.isArray(data)) return;
      const sorted = sortPricing(data);
      setOptions(sorted);
      setSelectedId((current) => reconcileSelection(sorted, current));
    } catch {
      // Keep the list on screen: the server checks stock and state again on every purchase.
    }
  }, [appRef]);

  async function startPurchase() {
    if (checking || buying) return;
    // Fetch the dialogs while the availability check runs.
    void loadConfirmDialog().catch(() => {});
    void loadSuccessDialog().catch(() => {});
    if (!readAccessToken()) {
      navigate(loginPathFor(here));
      return;
    }
    const option = options.find((item) => item.id === selectedId) ?? null;
    const blocked = purchaseBlocker(option);
    if (blocked || !option) {
      if (blocked?.kind === "warning") toast.warning(blocked.message);
      else if (blocked) toast.error(blocked.message);
      return;
    }
    setChecking(true);
    let answer: Awaited<ReturnType<typeof checkAvailability>>;
    try {
      answer = await checkAvailability(appRef, option.id);
    } catch {
      toast.error(PURCHASE_MESSAGES.checkFailed);
      return;
    } finally {
      setChecking(false);
    }
    // The route's own answer carries no message today; a message from the edge or a newer server still reaches the buyer.
    const verdict = availabilityVerdict(answer.data, "message" in answer && typeof answer.message === "string" ? answer.message : null);
    if (!verdict.ok) {
      toast.error(verdict.message);
      void reloadPricing();
      return;
    }
    if (attempt.current?.pricingId !== option.id) attempt.current = { pricingId: option.id, key: newIdempotencyKey() };
    openConfirm(option);
  }

  // Each opening reads the balance again: it may have changed in another tab or by a top-up.
  // Only the latest reading ends the wait (the dialog may have been closed and opened again).
  function openConfirm(option: PricingOption) {
    const reading = ++balanceReadings.current;
    setRefreshing(true);
    refreshStoredBalance().finally(() => reading === balanceReadings.current && setRefreshing(false));
    setConfirming(option);
  }

  async function purchase() {
    const option = confirming;
    if (!option || buying) return;
    if (attempt.current?.pricingId !== option.id) attempt.current = { pricingId: option.id, key: newIdempotencyKey() };
    setBuying(true);
    try {
      // The dialog that shows the bought key is on the device before any money moves: a sale
      // whose key cannot be drawn would leave the buyer, charged, in front of an error.
      try {
        await fetchOnDemand(loadSuccessDialog);
      } catch {
        return;
      }
      const answer = await postPurchase(option.id, attempt.current.key);
      attempt.current = null;
      storeWalletFigures(answer.user);
      window.dispatchEvent(new Event("refreshBalance"));
      setConfirming(null);
      setPurchased({
        key_code: answer.key.key_code,
        key_type_name: answer.key.key_type_name || option.key_type.display_name,
        app_name: answer.key.app_name || app.name,
        formatted_price: answer.order.formatted_total ?? answer.order.formatted_price ?? priceLabel(option),
      });
      void reloadPricing();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast.error(PURCHASE_MESSAGES.exception);
      } else if (error.status === 401) {
        // The api layer could not refresh the session: log in again, then come back here.
        attempt.current = null;
        setConfirming(null);
        sessionExpired();
      } else {
        const failure = purchaseFailure(error.status, error.message);
        if (failure.definitive) attempt.current = null;
        toast.error(failure.message);
        if (error.status === 402) void refreshStoredBalance();
        if (failure.reload) {
          setConfirming(null);
          void reloadPricing();
        }
      }
    } finally {
      setBuying(false);
    }
  }

  if (pricing.length === 0 && options.length === 0) return null;
  const selected = options.find((item) => item.id === selectedId) ?? null;

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-white/5 bg-zinc-900/70 p-4 sm:p-5" data-testid="key-purchase">
      <h2 id={headingId} className="text-lg font-bold text-white">
        Mua key
      </h2>
      <p className="mt-1 text-sm text-zinc-400">Chọn loại key, thanh toán bằng số dư ví và nhận key ngay.</p>

      {options.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-400">Hiện chưa có loại key nào để mua.</p>
      ) : (
        <div role="radiogroup" aria-labelledby={headingId} className="mt-4 grid gap-3 sm:grid-cols-2">
          {options.map((option) => {
            const state = pricingState(option);
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
                  <span className="mt-1 block text-xl font-black text-indigo-300">{option.formatted_price}</span>
                  {option.currency === "USD" && (
                    <span className="block text-sm text-zinc-300" data-testid="pricing-vnd">
                      {option.formatted_vnd_price ? `≈ ${option.formatted_vnd_price}` : "Chưa có tỷ giá"}
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
              Đã chọn: <span className="font-semibold text-zinc-200">{selected.key_type.display_name}</span> · {priceLabel(selected)}
            </>
          ) : (
            PURCHASE_MESSAGES.chooseKey
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
          {checking ? "Đang kiểm tra..." : "Mua ngay"}
        </button>
      </div>

      {/* Each lazy dialog (and its boundary) is rendered only while it is open: a served boundary
          hydrates after the rest of the page, and this box renders again as it reads the session,
          which would switch that boundary to client rendering (React's error #421). */}
      {confirming !== null && (
        <PurchaseConfirmDialog
          open
          option={confirming}
          appName={app.name}
          isAuthenticated={Boolean(readAccessToken())}
          user={user ?? null}
          onPurchase={purchase}
          onClose={() => setConfirming(null)}
          buying={buying}
          refreshing={refreshing}
          loginHref={loginPathFor(here)}
        />
      )}
      {purchased !== null && <PurchaseSuccessDialog purchase={purchased} onClose={() => setPurchased(null)} />}
    </section>
  );
}
