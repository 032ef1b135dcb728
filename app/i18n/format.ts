// Numbers, money and dates in this page's language: `const format = useFormat(); format.vnd(60000)`.
// Vietnamese is the store's one Vietnamese formatter (workers/shared/format.ts); the English twin
// (workers/shared/format-en.ts) reaches the browser only with the English pages (english-pages.tsx),
// as their words do, so a Vietnamese page carries none of it.
import {
  appTimeLabel,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatPrice,
  formatPriceWithVnd,
  formatRelativeTime,
  formatTimeDayMonth,
  formatVND,
  signedVND,
} from "@workers/shared/format";
import { type Locale, useLocale } from "./locale";

/** What each language's formatting module exports, by the same names. */
type Formatters = typeof import("@workers/shared/format-en");

/** A language's formatters under the short names the pages call them by. */
export function formatterOf(locale: Locale, f: Formatters) {
  return {
    locale,
    vnd: f.formatVND,
    price: f.formatPrice,
    priceWithVnd: f.formatPriceWithVnd,
    signedVnd: f.signedVND,
    number: f.formatNumber,
    date: f.formatDate,
    dateTime: f.formatDateTime,
    timeDayMonth: f.formatTimeDayMonth,
    relativeTime: f.formatRelativeTime,
    appTime: f.appTimeLabel,
    fileSize: f.formatFileSize,
  };
}

export type Format = ReturnType<typeof formatterOf>;

const vietnamese = formatterOf("vi", {
  appTimeLabel,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatPrice,
  formatPriceWithVnd,
  formatRelativeTime,
  formatTimeDayMonth,
  formatVND,
  signedVND,
});
let english: Format | undefined;

/** Makes the English formatting known (the English pages' start, and the server's). */
export function setEnglishFormat(format: Format): void {
  english = format;
}

/** Formatting in `locale`: Vietnamese, or English once setEnglishFormat has run (else Vietnamese). */
export function formatIn(locale: Locale): Format {
  return locale === "en" ? (english ?? vietnamese) : vietnamese;
}

export function useFormat(): Format {
  return formatIn(useLocale());
}
