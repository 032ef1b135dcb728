// An option's prices as this page writes them, from the figures the server sends ("120.000 ₫",
// "5,00 US$ ≈ 127.500 ₫"; in English "$5.00 ≈ 127,500 ₫", and a VND price with its approximate
// US$ at the shop's rate beside it, "60,000 ₫ ≈ $2.36", issue 54).
import { chargeOf, type PricingOption } from "@workers/shared/money/pricing";
import type { Format } from "~/i18n/format";

/** `usd`: a VND price's approximate US$ ("≈ $2.36"), English pages only. */
export type OptionPrices = { price: string; vnd: string | null; usd: string | null; total: string };

export function optionPrices(option: PricingOption, format: Format): OptionPrices {
  const charge = chargeOf(option);
  if (option.currency === "VND") {
    const usd = format.approxUsd(option.price, option.usd_vnd_rate);
    return { price: format.vnd(option.price), vnd: format.vnd(option.price), usd: usd && `≈ ${usd}`, total: format.vndPrice(option.price, option.usd_vnd_rate) };
  }
  return { price: format.price(option.price, option.currency), vnd: charge === null ? null : format.vnd(charge), usd: null, total: format.priceWithVnd(option.price, option.currency, charge) };
}

type Order = { amount?: number; currency?: string; vnd_amount?: number | null };

/** What a bought key cost, for the success dialog: the order's own figures, else the option's. */
export function orderPrice(order: Order, option: PricingOption | null, format: Format): string | undefined {
  if (typeof order.amount === "number" && order.currency === "VND") return format.vndPrice(order.amount, option?.usd_vnd_rate);
  if (typeof order.amount === "number" && order.currency) return format.priceWithVnd(order.amount, order.currency, order.vnd_amount);
  return option ? optionPrices(option, format).total : undefined;
}
