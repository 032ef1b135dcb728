// Buying a licence key on an app page (docs/product.md §2 "Key purchase", §4 "Purchase flow", §8):
// choose an option, log in if needed, confirm, pay from the balance, show the key. The purchase goes
// to the page's clientAction through useFetcher (./purchase-action.ts); its answer brings the new
// balance and the option's stock. The list is rendered on the server; the rest after hydration.
// The steps are ./use-key-purchase.ts, the options ./PricingOptions.tsx.
import { useId } from "react";
import type { PublicApp } from "@workers/catalogue/catalogue";
import { type PricingOption, pricingState } from "@workers/shared/money/pricing";
import { useFormat } from "~/i18n/format";
import { appName } from "~/catalogue/app-types";
import { purchaseWords } from "~/i18n/vi/catalogue/purchase";
import { useWords } from "~/i18n/words";
import { loginPathFor } from "~/accounts/session/login-path";
import { readAccessToken } from "~/accounts/session/session";
import { lazyDialog } from "../../ui/LazyDialog";
import { optionPrices } from "./price-text";
import { loadSuccessDialog } from "./purchase-action";
import { PricingOptions } from "./PricingOptions";
import { Spinner } from "../../ui/Spinner";
import { loadConfirmDialog, useKeyPurchase } from "./use-key-purchase";

const PurchaseConfirmDialog = lazyDialog(() => loadConfirmDialog().then((module) => module.PurchaseConfirmDialog));
// Never fails to load: a purchase is only sent once this file is here (purchase-action.ts).
const PurchaseSuccessDialog = lazyDialog(() => loadSuccessDialog().then((module) => module.PurchaseSuccessDialog));

export function KeyPurchase({ app, pricing }: { app: Pick<PublicApp, "id" | "url" | "name">; pricing: PricingOption[] }) {
  const headingId = useId();
  const words = useWords(purchaseWords);
  const format = useFormat();
  const purchase = useKeyPurchase(app, pricing);
  const { user, here, options, selectedId, gaveWay, checking, confirming, buying, refreshing, purchased, startPurchase } = purchase;
  // Undefined until the browser has read its storage.
  const hydrated = user !== undefined;

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
        <PricingOptions appId={app.id} headingId={headingId} options={options} selectedId={selectedId} onSelect={purchase.select} />
      )}

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-zinc-400" aria-live="polite">
          {gaveWay && (
            <span className="text-amber-300" data-testid="pricing-gave-way">
              {words.gaveWay(format.keyType(gaveWay.key_type), pricingState(gaveWay, words, format.number).label)}{" "}
            </span>
          )}
          {selected ? (
            <>
              {words.chosen} <span className="font-semibold text-zinc-200">{format.keyType(selected.key_type)}</span> · {optionPrices(selected, format).total}
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
          onPurchase={purchase.purchase}
          onClose={purchase.closeConfirm}
          buying={buying}
          refreshing={refreshing}
          loginHref={loginPathFor(here)}
        />
      )}
      {purchased !== null && <PurchaseSuccessDialog purchase={purchased} messages={words} onClose={purchase.closePurchased} />}
    </section>
  );
}
