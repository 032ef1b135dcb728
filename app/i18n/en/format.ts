// The English pages' formatting (app/i18n/format.ts), from the English formatting module.
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
  approxUsd,
  formatVND,
  formatVndWithUsd,
  signedVND,
} from "@workers/shared/format-en";
import { keyTypeNameEn } from "@workers/shared/english/key-types";
import { formatTime } from "@workers/shared/format";
import type { Format } from "../format";

export const englishFormat: Format = {
  locale: "en",
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
  vndPrice: formatVndWithUsd,
  approxUsd,
  keyType: (type) => keyTypeNameEn(type.name, type.display_name),
};
