// The English texts' numbers, amounts and times, through the store's one formatter
// (workers/shared/format-en.ts). Times stay Vietnam's (the store's clock), said so.
import { formatDateTime, formatNumber, formatVND } from "../format-en";

/** 1234567 → "1,234,567" */
export function number(value: number): string {
  return formatNumber(value);
}

/** 60000 → "60,000 ₫" */
export function vnd(amount: number): string {
  return formatVND(amount);
}

/** "1 key", "3 keys": a count and its noun. */
export function count(value: number, one: string, many = `${one}s`): string {
  return `${number(value)} ${value === 1 ? one : many}`;
}

/** "14:05, 25 Nov 2026 (UTC+7)": a moment on Vietnam's clock, the zone named for a reader abroad. */
export function dateTime(value: string | number | Date): string {
  return `${formatDateTime(value)} (UTC+7)`;
}
