// English numbers, amounts and times, as the Vietnamese ones are written by workers/shared/format.ts:
// the same values, an English reader's separators (1,000,000) and month names. Times stay
// Vietnam's (the store's clock), said so.
import { VIETNAM_OFFSET_MS } from "../../shared/format";

/** 1234567 → "1,234,567" */
export function number(value: number): string {
  return value.toLocaleString("en-US");
}

/** 60000 → "60,000 ₫" */
export function vnd(amount: number): string {
  return `${number(Math.round(amount))}\u00a0₫`;
}

/** "1 key", "3 keys": a count and its noun. */
export function count(value: number, one: string, many = `${one}s`): string {
  return `${number(value)} ${value === 1 ? one : many}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 25, 2026, 14:05 (UTC+7)": a moment on Vietnam's clock, as the English texts write it. */
export function dateTime(value: string | number | Date): string {
  const local = new Date(new Date(value).getTime() + VIETNAM_OFFSET_MS);
  const two = (part: number) => String(part).padStart(2, "0");
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}, ${two(local.getUTCHours())}:${two(local.getUTCMinutes())} (UTC+7)`;
}
