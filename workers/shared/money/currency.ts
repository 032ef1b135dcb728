// One currency in the wallet: what a price in VND or US$ debits, in whole đồng. Pure, so the
// wallet object, the price lists and the screens turn a price into đồng the same way.

/** The highest USD→VND rate an admin may set (store settings); a higher stored value is ignored. */
export const MAX_USD_VND_RATE = 1_000_000;

/**
 * The whole VND a purchase debits for a price. VND prices are what they say. A USD price (whole
 * dollars, like every price column) costs price × rate đồng, rounded up to a whole đồng so a
 * fraction can never undercharge; null when there is no rate or the result is not a safe number:
 * such a price cannot be bought.
 */
export function vndPrice(price: number, currency: "VND" | "USD", rate: number | null): number | null {
  if (currency === "VND") return price;
  if (rate === null || !Number.isFinite(rate) || rate <= 0) return null;
  const vnd = Math.ceil(price * rate);
  return Number.isSafeInteger(vnd) && vnd >= 0 ? vnd : null;
}
