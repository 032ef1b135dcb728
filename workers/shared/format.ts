// Vietnamese formatting (docs/product.md §2, §9), shared by every screen and the API, and its English
// twin for the /en/ pages (`locale` "en": "60,000 ₫", "$5.00", "25 Nov 2026"). Times are shown in
// Vietnam's time zone on the server and in the browser alike, so the hydrated page matches the HTML.
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
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
const vndIntl = onFirstUse(() => new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" }));
const usdIntl = onFirstUse(() => new Intl.NumberFormat("vi-VN", { style: "currency", currency: "USD" }));
const usdIntlEnglish = onFirstUse(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));
const groupedIntl = onFirstUse(() => new Intl.NumberFormat("vi-VN"));
const groupedIntlEnglish = onFirstUse(() => new Intl.NumberFormat("en-US"));

/** An integer's digits in groups of three: -1234567 → "-1.234.567" (Intl's vi-VN form), "-1,234,567" in English. */
function groupInteger(value: number, locale: Locale = "vi"): string {
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, locale === "en" ? "," : ".");
  return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
}

/** 60000 → "60.000 ₫" ("60,000 ₫" in English) */
export function formatVND(amount: number, locale: Locale = "vi"): string {
  // VND has no minor unit: Intl rounds half away from zero, which is what Math.round does to the magnitude.
  const whole = Math.sign(amount) * Math.round(Math.abs(amount));
  if (Number.isSafeInteger(whole)) return `${groupInteger(whole, locale)}${NBSP}₫`;
  return locale === "en" ? `${groupedIntlEnglish().format(whole)}${NBSP}₫` : vndIntl().format(amount);
}

function formatUSD(amount: number, locale: Locale): string {
  return (locale === "en" ? usdIntlEnglish() : usdIntl()).format(amount);
}

export function formatPrice(amount: number, currency: "VND" | "USD" = "VND", locale: Locale = "vi"): string {
  return currency === "USD" ? formatUSD(amount, locale) : formatVND(amount, locale);
}

/**
 * A price with what the wallet pays for it: "5,00 US$ ≈ 127.500 ₫". A VND price, or a USD price
 * with no VND amount (no rate), is shown as itself.
 */
export function formatPriceWithVnd(amount: number, currency: "VND" | "USD" | string, vndAmount: number | null | undefined, locale: Locale = "vi"): string {
  if (currency !== "USD") return formatVND(amount, locale);
  return typeof vndAmount === "number" ? `${formatUSD(amount, locale)} ≈ ${formatVND(vndAmount, locale)}` : formatUSD(amount, locale);
}

/**
 * A wallet movement as everyone reads it, the buyer and the admin alike: the sign follows the
 * amount, whatever the movement's type (an admin adjustment can be either). 60000 → credit
 * "+60.000 ₫"; -7000 → debit "−7.000 ₫" (a true minus sign).
 */
export function signedVND(amount: number, locale: Locale = "vi"): { credit: boolean; text: string } {
  const credit = amount >= 0;
  return { credit, text: `${credit ? "+" : "−"}${formatVND(Math.abs(amount), locale)}` };
}

/** 1234567 → "1.234.567" ("1,234,567" in English) */
export function formatNumber(value: number, locale: Locale = "vi"): string {
  if (Number.isSafeInteger(value)) return groupInteger(value, locale);
  return (locale === "en" ? groupedIntlEnglish() : groupedIntl()).format(value);
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

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment on Vietnam's wall clock, each part two digits (the year four): what the date forms are made of. */
function vietnamClock(date: Date): { day: string; month: string; year: string; hour: string; minute: string } {
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

const UNKNOWN_TIME: Record<Locale, string> = { vi: "Chưa rõ thời gian", en: "Unknown time" };
const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day in English: "25 Nov 2026" (no month-first ambiguity for readers anywhere). */
function englishDay({ day, month, year }: { day: string; month: string; year?: string }): string {
  return `${Number(day)} ${MONTHS_EN[Number(month) - 1]}${year ? ` ${year}` : ""}`;
}

/** "25/11/2026" ("25 Nov 2026" in English) */
export function formatDate(value: string | number | Date | null | undefined, locale: Locale = "vi"): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME[locale];
  const clock = vietnamClock(date);
  return locale === "en" ? englishDay(clock) : `${clock.day}/${clock.month}/${clock.year}`;
}

/** "14:05 25/11/2026" ("14:05, 25 Nov 2026" in English) */
export function formatDateTime(value: string | number | Date | null | undefined, locale: Locale = "vi"): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME[locale];
  const clock = vietnamClock(date);
  return locale === "en" ? `${clock.hour}:${clock.minute}, ${englishDay(clock)}` : `${clock.hour}:${clock.minute} ${clock.day}/${clock.month}/${clock.year}`;
}

/** "21:19 27/11": a time within the coming days (vi-VN's own short form would write "27-11"); "21:19, 27 Nov" in English. */
export function formatTimeDayMonth(value: string | number | Date | null | undefined, locale: Locale = "vi"): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME[locale];
  const { day, month, hour, minute } = vietnamClock(date);
  return locale === "en" ? `${hour}:${minute}, ${englishDay({ day, month })}` : `${hour}:${minute} ${day}/${month}`;
}

const MINUTE = 60_000;
const UNITS: [number, Record<Locale, string>][] = [
  [365 * 24 * 60 * MINUTE, { vi: "năm", en: "year" }],
  [30 * 24 * 60 * MINUTE, { vi: "tháng", en: "month" }],
  [7 * 24 * 60 * MINUTE, { vi: "tuần", en: "week" }],
  [24 * 60 * MINUTE, { vi: "ngày", en: "day" }],
  [60 * MINUTE, { vi: "giờ", en: "hour" }],
  [MINUTE, { vi: "phút", en: "minute" }],
];

/** "3 ngày trước" ("3 days ago"); a time under a minute ago or in the future is "Vừa xong" ("Just now"). */
export function formatRelativeTime(value: string | number | Date | null | undefined, now: number = Date.now(), locale: Locale = "vi"): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_TIME[locale];
  const elapsed = now - date.getTime();
  for (const [size, unit] of UNITS) {
    if (elapsed < size) continue;
    const count = Math.floor(elapsed / size);
    return locale === "en" ? `${count} ${unit.en}${count === 1 ? "" : "s"} ago` : `${count} ${unit.vi} trước`;
  }
  return locale === "en" ? "Just now" : "Vừa xong";
}

/** A card's time label: updated_at, else created_at (docs/product.md §2). */
export function appTimeLabel(app: { updated_at?: string | null; created_at?: string | null }, now?: number, locale: Locale = "vi"): string {
  return formatRelativeTime(app.updated_at || app.created_at, now, locale);
}

const SIZE_UNITS = ["B", "KB", "MB", "GB"];

/** 1572864 → "1.5 MB": B, KB, MB or GB with at most 2 decimals. */
export function formatFileSize(bytes: number | null | undefined, locale: Locale = "vi"): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return locale === "en" ? "Unknown" : "Chưa rõ";
  if (bytes === 0) return "0 B";
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}
