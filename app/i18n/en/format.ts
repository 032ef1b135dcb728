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
  formatVND,
  signedVND,
} from "@workers/shared/format-en";
import { formatterOf } from "../format";

export const englishFormat = formatterOf("en", {
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
