// Labels and badge colours of the app types (docs/product.md §1); an unknown type gets a neutral badge.
// The colours themselves are the stylesheet's (app/tailwind.css, .type-badge-*).
// The labels are the types' own names, the same in both languages.
import type { Locale } from "~/i18n/locale";
import { catalogueWords } from "~/i18n/vi/catalogue/catalogue";
import { wordsIn } from "~/i18n/words";

const APP_TYPE_LABELS: Record<string, string> = {
  ipa: "IPA",
  "itms-ipa": "ITMS-IPA",
  testflight: "TestFlight",
  tipa: "TIPA",
  roothide: "Roothide",
  rootless: "Rootless",
  rootfull: "Rootful",
};

/** The seven types, in the order filters list them. */
export const APP_TYPE_VALUES = Object.keys(APP_TYPE_LABELS);

export function appTypeLabel(type: string): string {
  return APP_TYPE_LABELS[type] ?? type.toUpperCase();
}

/** A badge's colours (app/tailwind.css, .type-badge-*): the type's own, or "other" for an unknown type. */
export function appTypeBadgeClass(type: string): string {
  return `type-badge-${APP_TYPE_VALUES.includes(type) ? type : "other"}`;
}

/**
 * The shop's own words for an app in `locale`: on English pages the English name and description
 * the admin gave, else the Vietnamese ones (docs/product.md, "The English store").
 */
export function appName(app: { name: string; name_en?: string | null }, locale: Locale): string {
  return (locale === "en" && app.name_en) || app.name;
}

export function appDescription(app: { description: string; description_en?: string | null }, locale: Locale): string {
  return (locale === "en" && app.description_en) || app.description;
}

/** The app page's main button text (docs/product.md §2), in `locale`. */
export function downloadButtonText(type: string, locale: Locale = "vi"): string {
  const words = wordsIn(locale, catalogueWords);
  if (type === "testflight") return words.openTestFlight;
  if (type === "itms-ipa") return words.installViaSafari;
  return words.download(type.toUpperCase());
}
