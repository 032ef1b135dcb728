// The options of a key purchase (docs/product.md §4 "Purchase flow"): one radio each, with its
// price (and its VND value for a USD price) and its stock.
import { isSelectable, type PricingOption, pricingState, type PricingStateKind } from "@workers/shared/money/pricing";
import { useFormat } from "~/i18n/format";
import { purchaseWords } from "~/i18n/vi/catalogue/purchase";
import { useWords } from "~/i18n/words";
import { optionPrices } from "./price-text";

const STATE_TONE: Record<PricingStateKind, string> = {
  paused: "text-zinc-400",
  sold_out: "text-red-300",
  low_stock: "text-amber-300",
  in_stock: "text-emerald-300",
};

export function PricingOptions({ appId, headingId, options, selectedId, onSelect }: { appId: number; headingId: string; options: PricingOption[]; selectedId: number | null; onSelect: (id: number) => void }) {
  const words = useWords(purchaseWords);
  const format = useFormat();
  return (
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
              name={`key-option-${appId}`}
              value={option.id}
              checked={checked}
              disabled={!selectable}
              onChange={() => onSelect(option.id)}
              className="mt-1 h-4 w-4 shrink-0 accent-indigo-500"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-white">{format.keyType(option.key_type)}</span>
              <span className="mt-1 block text-xl font-black text-indigo-300">{prices.price}</span>
              {option.currency === "USD" && (
                <span className="block text-sm text-zinc-300" data-testid="pricing-vnd">
                  {prices.vnd ? `≈ ${prices.vnd}` : words.noRate}
                </span>
              )}
              {prices.usd && (
                <span className="block text-sm text-zinc-300" data-testid="pricing-usd">
                  {prices.usd}
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
  );
}
