// Labels and badge colours of the app types (docs/product.md §1); an unknown type gets a neutral badge.
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

const BADGE_STYLES: Record<string, string> = {
  ipa: "bg-blue-500/15 text-blue-300 ring-blue-400/30",
  "itms-ipa": "bg-violet-500/15 text-violet-300 ring-violet-400/30",
  testflight: "bg-sky-500/15 text-sky-300 ring-sky-400/30",
  tipa: "bg-teal-500/15 text-teal-300 ring-teal-400/30",
  roothide: "bg-fuchsia-500/15 text-fuchsia-300 ring-fuchsia-400/30",
  rootless: "bg-amber-500/15 text-amber-300 ring-amber-400/30",
  rootfull: "bg-rose-500/15 text-rose-300 ring-rose-400/30",
};

/** The seven types, in the order filters list them. */
export const APP_TYPE_VALUES = Object.keys(APP_TYPE_LABELS);

const NEUTRAL_BADGE = "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30";

export function appTypeLabel(type: string): string {
  return APP_TYPE_LABELS[type] ?? type.toUpperCase();
}

export function appTypeBadgeClass(type: string): string {
  return BADGE_STYLES[type] ?? NEUTRAL_BADGE;
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
