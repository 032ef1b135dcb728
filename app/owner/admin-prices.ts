// The admin's amount inputs (docs/product.md §5): pure helpers, beside app/owner/admin.ts.

/** The price input keeps only digits (docs/product.md §5). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, "");
}

/** Digits shown with Vietnamese thousands grouping: "30000" → "30.000"; "" stays "". */
export function groupDigits(text: string): string {
  const digits = digitsOnly(text).replace(/^0+(?=\d)/, "");
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** The price as a number, or null when empty. */
export function parsePrice(text: string): number | null {
  const digits = digitsOnly(text);
  if (!digits) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}
