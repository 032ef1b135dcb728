// Numbers, money and dates in this page's language: `const format = useFormat(); format.vnd(60000)`.
// Vietnamese is the store's one Vietnamese formatter (workers/shared/format.ts); the English twin
// (workers/shared/format-en.ts) reaches the browser only with the English words (startEnglish: the
// English pages' layout route, and the return from Google when it left from English), so a
// Vietnamese page carries none of it.
import {
  appTimeLabel,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatPrice,
  formatPriceWithVnd,
  formatRelativeTime,
  formatTime,
  formatTimeDayMonth,
  formatVND,
  signedVND,
} from "@workers/shared/format";
import { type Locale, useLocale } from "./locale";

/** A key type as a page names it: its code (key_types.name) and the shop's own name. */
type KeyTypeLike = { name?: string | null; display_name: string };

/** Vietnamese formatting under the short names the pages call it by; English has the same (en/format.ts). */
const vietnamese = {
  locale: "vi" as Locale,
  vnd: formatVND,
  price: formatPrice,
  priceWithVnd: formatPriceWithVnd,
  signedVnd: signedVND,
  number: formatNumber,
  date: formatDate,
  dateTime: formatDateTime,
  time: formatTime,
  timeDayMonth: formatTimeDayMonth,
  relativeTime: formatRelativeTime,
  appTime: appTimeLabel,
  fileSize: formatFileSize,
  /** A VND price; the English pages add its approximate US$ ("60,000 ₫ ≈ $2.36", en/format.ts). */
  vndPrice: (vnd: number, _rate: number | null | undefined): string => formatVND(vnd),
  /** The approximate US$ of a VND price, English pages only (null here: a Vietnamese page shows VND alone). */
  approxUsd: (_vnd: number, _rate: number | null | undefined): string | null => null,
  /** A key type's name: the shop's own here, the English name of one of the four on English pages. */
  keyType: (type: KeyTypeLike): string => type.display_name,
};

export type Format = typeof vietnamese;

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
