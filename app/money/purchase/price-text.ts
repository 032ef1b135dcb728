// An option's prices as this page writes them. The server writes them in Vietnamese
// (formatted_price, formatted_vnd_price, formatted_total): a Vietnamese page shows its strings as
// they come, an English page writes the same figures again ("120,000 ₫", "$5.00 ≈ 127,500 ₫"), a
// VND price with its approximate US$ at the shop's rate beside it ("60,000 ₫ ≈ $2.36", issue 54).
import { chargeOf, priceLabel, type PricingOption } from "@workers/shared/money/pricing";
import type { Format } from "~/i18n/format";

/** `usd`: a VND price's approximate US$ ("≈ $2.36"), English pages only. */
export type OptionPrices = { price: string; vnd: string | null; usd: string | null; total: string };

export function optionPrices(option: PricingOption, format: Format): OptionPrices {
  if (format.locale === "vi") return { price: option.formatted_price, vnd: option.formatted_vnd_price, usd: null, total: priceLabel(option) };
  const charge = chargeOf(option);
  if (option.currency === "VND") {
    const usd = format.approxUsd(option.price, option.usd_vnd_rate);
    return { price: format.vnd(option.price), vnd: format.vnd(option.price), usd: usd && `≈ ${usd}`, total: format.vndPrice(option.price, option.usd_vnd_rate) };
  }
  return { price: format.price(option.price, option.currency), vnd: charge === null ? null : format.vnd(charge), usd: null, total: format.priceWithVnd(option.price, option.currency, charge) };
}

type Order = { amount?: number; currency?: string; vnd_amount?: number | null; formatted_total?: string; formatted_price?: string };

/** What a bought key cost, for the success dialog: the order's own figures, else the option's. */
export function orderPrice(order: Order, option: PricingOption | null, format: Format): string | undefined {
  if (format.locale === "vi") return order.formatted_total ?? order.formatted_price ?? (option ? priceLabel(option) : undefined);
  if (typeof order.amount === "number" && order.currency === "VND") return format.vndPrice(order.amount, option?.usd_vnd_rate);
  if (typeof order.amount === "number" && order.currency) return format.priceWithVnd(order.amount, order.currency, order.vnd_amount);
  return option ? optionPrices(option, format).total : undefined;
}
