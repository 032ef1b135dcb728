// English formatting for the /en/ pages and English texts ("60,000 ₫", "$5.00", "25 Nov 2026"): the
// twin of format.ts, on its clock (Vietnam's: the store's times stay the store's) and its rounding,
// in a file of its own so a Vietnamese page never carries it. Every name is format.ts's.
import {
  appTime,
  elapsedIn,
  fileSizeOrNull,
  groupInteger,
  onFirstUse,
  signedWith,
  toDate,
  usdWithVnd,
  vietnamClock,
  wholeDong,
  withDong,
} from "./format";

const usdIntl = onFirstUse(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));
const groupedIntl = onFirstUse(() => new Intl.NumberFormat("en-US"));

/** 60000 → "60,000 ₫" */
export function formatVND(amount: number): string {
  const whole = wholeDong(amount);
  return withDong(Number.isSafeInteger(whole) ? groupInteger(whole, ",") : groupedIntl().format(whole));
}

export function formatPrice(amount: number, currency: "VND" | "USD" = "VND"): string {
  return currency === "USD" ? usdIntl().format(amount) : formatVND(amount);
}

/** "$5.00 ≈ 127,500 ₫" */
export function formatPriceWithVnd(amount: number, currency: "VND" | "USD" | string, vndAmount: number | null | undefined): string {
  return currency === "USD" ? usdWithVnd(usdIntl().format(amount), vndAmount, formatVND) : formatVND(amount);
}

/**
 * A VND amount in US$ at the shop's rate, for a reader abroad: 60000 at 25,400 → "$2.36". Null
 * without a usable rate. Only ever an approximation beside the VND figure: the wallet pays in VND.
 */
export function approxUsd(vnd: number, rate: number | null | undefined): string | null {
  if (typeof rate !== "number" || !Number.isFinite(rate) || rate <= 0 || !Number.isFinite(vnd)) return null;
  return usdIntl().format(vnd / rate);
}

/** A VND price with its approximate US$ beside it: "60,000 ₫ ≈ $2.36" (the VND alone without a rate). */
export function formatVndWithUsd(vnd: number, rate: number | null | undefined): string {
  const usd = approxUsd(vnd, rate);
  return usd === null ? formatVND(vnd) : `${formatVND(vnd)} ≈ ${usd}`;
}

/** -7000 → debit "−7,000 ₫" */
export function signedVND(amount: number): { credit: boolean; text: string } {
  return signedWith(amount, formatVND);
}

/** 1234567 → "1,234,567" */
export function formatNumber(value: number): string {
  return Number.isSafeInteger(value) ? groupInteger(value, ",") : groupedIntl().format(value);
}

const UNKNOWN_TIME = "Unknown time";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day in English: "25 Nov 2026" (no month-first ambiguity for readers anywhere). */
function day({ day, month, year }: { day: string; month: string; year?: string }): string {
  return `${Number(day)} ${MONTHS[Number(month) - 1]}${year ? ` ${year}` : ""}`;
}

/** "25 Nov 2026" */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? day(vietnamClock(date)) : UNKNOWN_TIME;
}

/** "14:05, 25 Nov 2026" */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME;
  const clock = vietnamClock(date);
  return `${clock.hour}:${clock.minute}, ${day(clock)}`;
}

/** "21:19, 27 Nov" */
export function formatTimeDayMonth(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME;
  const clock = vietnamClock(date);
  return `${clock.hour}:${clock.minute}, ${day({ day: clock.day, month: clock.month })}`;
}

const UNIT_NAMES = ["year", "month", "week", "day", "hour", "minute"];

/** "3 days ago"; a time under a minute ago or in the future is "Just now". */
export function formatRelativeTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME;
  const elapsed = elapsedIn(date, now);
  if (!elapsed) return "Just now";
  const [count, unit] = elapsed;
  return `${count} ${UNIT_NAMES[unit]}${count === 1 ? "" : "s"} ago`;
}

/** A card's time label (format.ts). */
export function appTimeLabel(app: { updated_at?: string | null; created_at?: string | null }, now?: number): string {
  return formatRelativeTime(appTime(app), now);
}

/** 1572864 → "1.5 MB"; "Unknown" when the size is not known. */
export function formatFileSize(bytes: number | null | undefined): string {
  return fileSizeOrNull(bytes) ?? "Unknown";
}
