// Numbers, money and dates in this page's language, through the store's one formatter
// (workers/shared/format.ts): `const format = useFormat(); format.vnd(60000)`.
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

export function formatIn(locale: Locale) {
  return {
    locale,
    vnd: (amount: number) => formatVND(amount, locale),
    price: (amount: number, currency: "VND" | "USD" = "VND") => formatPrice(amount, currency, locale),
    priceWithVnd: (amount: number, currency: "VND" | "USD" | string, vndAmount: number | null | undefined) => formatPriceWithVnd(amount, currency, vndAmount, locale),
    signedVnd: (amount: number) => signedVND(amount, locale),
    number: (value: number) => formatNumber(value, locale),
    date: (value: string | number | Date | null | undefined) => formatDate(value, locale),
    dateTime: (value: string | number | Date | null | undefined) => formatDateTime(value, locale),
    timeDayMonth: (value: string | number | Date | null | undefined) => formatTimeDayMonth(value, locale),
    relativeTime: (value: string | number | Date | null | undefined, now?: number) => formatRelativeTime(value, now, locale),
    appTime: (app: { updated_at?: string | null; created_at?: string | null }, now?: number) => appTimeLabel(app, now, locale),
    fileSize: (bytes: number | null | undefined) => formatFileSize(bytes, locale),
  };
}

export type Format = ReturnType<typeof formatIn>;

export function useFormat(): Format {
  return formatIn(useLocale());
}
