// Vietnamese formatting (docs/product.md §2, §9), shared by every screen and the API; its English
// twin for the /en/ pages is format-en.ts, built on this file's clock and grouping, so a Vietnamese
// page carries no English formatting. Times are shown in Vietnam's time zone on the server and in
// the browser alike, so the hydrated page matches the HTML.
//
// Whole numbers and Vietnam's dates are written by this file, not by Intl: a browser's first vi-VN
// Intl formatter loads the locale's data, 100–230 ms of blocked main thread on a throttled phone
// (docs/decisions/0033-own-vietnamese-formatting.md). The output is Intl's, character for character
// (tests/unit/format.test.ts holds the two side by side); Intl still formats what is rarer
// (fractions, USD), built on first use.

/**
 * The store's clock: every time a person reads is Vietnam's (Asia/Ho_Chi_Minh). Vietnam keeps UTC+7
 * all year (no daylight saving since 1975), so its wall clock is UTC moved 7 hours.
 */
export const VIETNAM_OFFSET_MS = 7 * 60 * 60_000;
const NBSP = "\u00a0";

/** The store's two languages: Vietnamese (the default everywhere) and English (/en/ pages). */
export type Locale = "vi" | "en";

/** A formatter made the first time it is needed, so a page that never needs it never pays for it. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
const vndIntl = onFirstUse(() => new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" }));
const usdIntl = onFirstUse(() => new Intl.NumberFormat("vi-VN", { style: "currency", currency: "USD" }));
const groupedIntl = onFirstUse(() => new Intl.NumberFormat("vi-VN"));

/** An integer's digits in groups of three: -1234567 → "-1.234.567" (Intl's vi-VN form; English passes ","). */
export function groupInteger(value: number, separator = "."): string {
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, separator);
  return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
}

/** VND has no minor unit: Intl rounds half away from zero, which is what Math.round does to the magnitude. */
export function wholeDong(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount));
}

/** The dong sign after an amount, as Intl writes it (a no-break space between). */
export function withDong(amount: string): string {
  return `${amount}${NBSP}₫`;
}

/** 60000 → "60.000 ₫" */
export function formatVND(amount: number): string {
  const whole = wholeDong(amount);
  return Number.isSafeInteger(whole) ? withDong(groupInteger(whole)) : vndIntl().format(amount);
}

export function formatPrice(amount: number, currency: "VND" | "USD" = "VND"): string {
  return currency === "USD" ? usdIntl().format(amount) : formatVND(amount);
}

/**
 * A price with what the wallet pays for it: "5,00 US$ ≈ 127.500 ₫". A VND price, or a USD price
 * with no VND amount (no rate), is shown as itself.
 */
export function formatPriceWithVnd(amount: number, currency: "VND" | "USD" | string, vndAmount: number | null | undefined): string {
  return currency === "USD" ? usdWithVnd(usdIntl().format(amount), vndAmount, formatVND) : formatVND(amount);
}

/** A USD price and, when there is one, what the wallet pays for it: "$5.00 ≈ 127,500 ₫". */
export function usdWithVnd(usd: string, vndAmount: number | null | undefined, vnd: (amount: number) => string): string {
  return typeof vndAmount === "number" ? `${usd} ≈ ${vnd(vndAmount)}` : usd;
}

/**
 * A wallet movement as everyone reads it, the buyer and the admin alike: the sign follows the
 * amount, whatever the movement's type (an admin adjustment can be either). 60000 → credit
 * "+60.000 ₫"; -7000 → debit "−7.000 ₫" (a true minus sign).
 */
export function signedVND(amount: number): { credit: boolean; text: string } {
  return signedWith(amount, formatVND);
}

/** A signed movement written by a language's own VND formatter (signedVND's rule; format-en.ts). */
export function signedWith(amount: number, vnd: (amount: number) => string): { credit: boolean; text: string } {
  const credit = amount >= 0;
  return { credit, text: `${credit ? "+" : "−"}${vnd(Math.abs(amount))}` };
}

/** 1234567 → "1.234.567" */
export function formatNumber(value: number): string {
  return Number.isSafeInteger(value) ? groupInteger(value) : groupedIntl().format(value);
}

const DAY_MS = 86_400_000;

/** The Vietnam calendar day a UTC instant (ms) falls in, as a day number since 1970-01-01. */
export function vietnamDay(ms: number): number {
  return Math.floor((ms + VIETNAM_OFFSET_MS) / DAY_MS);
}

/** The UTC instant (ms) a Vietnam day (a day number, as vietnamDay gives) begins. */
export function vietnamDayStart(day: number): number {
  return day * DAY_MS - VIETNAM_OFFSET_MS;
}

/** "2026-11-26 07:05:09" in Vietnam's time: what the CSV exports and a batch's default name write. */
export function vietnamTimestamp(ms: number): string {
  return new Date(ms + VIETNAM_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

export function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment on Vietnam's wall clock, each part two digits (the year four): what the date forms are made of. */
export function vietnamClock(date: Date): { day: string; month: string; year: string; hour: string; minute: string } {
  const local = new Date(date.getTime() + VIETNAM_OFFSET_MS);
  const two = (part: number) => String(part).padStart(2, "0");
  return {
    day: two(local.getUTCDate()),
    month: two(local.getUTCMonth() + 1),
    year: String(local.getUTCFullYear()),
    hour: two(local.getUTCHours()),
    minute: two(local.getUTCMinutes()),
  };
}

const UNKNOWN_TIME = "Chưa rõ thời gian";

/** "25/11/2026" */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME;
  const { day, month, year } = vietnamClock(date);
  return `${day}/${month}/${year}`;
}

/** "14:05 25/11/2026" */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME;
  const { day, month, year, hour, minute } = vietnamClock(date);
  return `${hour}:${minute} ${day}/${month}/${year}`;
}

/** "22:45": a time today, on Vietnam's clock (both languages write it so: format-en.ts takes it). */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME;
  const { hour, minute } = vietnamClock(date);
  return `${hour}:${minute}`;
}

/** "21:19 27/11": a time within the coming days (vi-VN's own short form would write "27-11"). */
export function formatTimeDayMonth(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME;
  const { day, month, hour, minute } = vietnamClock(date);
  return `${hour}:${minute} ${day}/${month}`;
}

const MINUTE = 60_000;
/** The units a relative time counts in, largest first; each language names them (format-en.ts: its UNIT_NAMES). */
const TIME_UNITS_MS = [365 * 24 * 60 * MINUTE, 30 * 24 * 60 * MINUTE, 7 * 24 * 60 * MINUTE, 24 * 60 * MINUTE, 60 * MINUTE, MINUTE];
const UNIT_NAMES = ["năm", "tháng", "tuần", "ngày", "giờ", "phút"];

/** How long ago, in the largest whole unit: [count, the unit's index in TIME_UNITS_MS], or null under a minute (or in the future). */
export function elapsedIn(date: Date, now: number): [number, number] | null {
  const elapsed = now - date.getTime();
  const index = TIME_UNITS_MS.findIndex((size) => elapsed >= size);
  return index < 0 ? null : [Math.floor(elapsed / TIME_UNITS_MS[index]), index];
}

/** "3 ngày trước"; a time under a minute ago or in the future is "Vừa xong". */
export function formatRelativeTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME;
  const elapsed = elapsedIn(date, now);
  return elapsed ? `${elapsed[0]} ${UNIT_NAMES[elapsed[1]]} trước` : "Vừa xong";
}

/** The time a card shows: updated_at, else created_at (docs/product.md §2). */
export function appTime(app: { updated_at?: string | null; created_at?: string | null }): string | null | undefined {
  return app.updated_at || app.created_at;
}

/** A card's time label (docs/product.md §2). */
export function appTimeLabel(app: { updated_at?: string | null; created_at?: string | null }, now?: number): string {
  return formatRelativeTime(appTime(app), now);
}

const SIZE_UNITS = ["B", "KB", "MB", "GB"];

/** 1572864 → "1.5 MB": B, KB, MB or GB with at most 2 decimals; null when the size is not known. */
export function fileSizeOrNull(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes === 0) return "0 B";
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}

/** 1572864 → "1,5 MB", with the decimal comma Vietnamese numbers take ("48.213 lượt tải"); "Chưa rõ" when the size is not known. */
export function formatFileSize(bytes: number | null | undefined): string {
  return fileSizeOrNull(bytes)?.replace(".", ",") ?? "Chưa rõ";
}
