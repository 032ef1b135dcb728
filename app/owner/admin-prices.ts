// The admin's amount inputs (docs/product.md §5): pure helpers, beside app/owner/admin.ts.
import { formatNumber } from "@workers/shared/format";

/** The price input keeps only digits (docs/product.md §5). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, "");
}

/** Digits shown with Vietnamese thousands grouping: "30000" → "30.000"; "" stays "" (and a number too long to be a price, its digits). */
export function groupDigits(text: string): string {
  const price = parsePrice(text);
  return price === null ? digitsOnly(text) : formatNumber(price);
}

/** The price as a number, or null when empty. */
export function parsePrice(text: string): number | null {
  const digits = digitsOnly(text);
  if (!digits) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}
