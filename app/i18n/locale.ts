// The store's two languages (docs/product.md, "The English store"): Vietnamese at /…, the
// specification's store, and English at /en/…. The locale is read from the address alone, so a
// page, its links and its cached copy always agree.
import { useLocation } from "@remix-run/react";
import type { Locale } from "@workers/shared/format";

export type { Locale };

/** The prefix of the English pages. */
const ENGLISH_PREFIX = "/en";

/** The cookie that remembers a visitor's choice of language (set by the switch, read on `/`). */
const LOCALE_COOKIE = "lang";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Remembers `locale` as this browser's choice (the switch, a sign-in that follows the account). */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from iPhones before Safari 18.4, most of the store's buyers; the value is one of two fixed words
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

/** The language this browser chose, or null when it never chose (a new phone). */
export function rememberedLocale(): Locale | null {
  if (typeof document === "undefined") return null;
  const value = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(vi|en)(?:;|$)`).exec(document.cookie)?.[1];
  return (value as Locale | undefined) ?? null;
}

export function localeOf(pathname: string): Locale {
  return pathname === ENGLISH_PREFIX || pathname.startsWith(`${ENGLISH_PREFIX}/`) ? "en" : "vi";
}

/** The address without its language: "/en/login?x" → "/login?x", "/en" → "/". */
export function withoutLocale(path: string): string {
  if (localeOf(path.replace(/[?#].*$/, "")) === "vi") return path;
  const rest = path.slice(ENGLISH_PREFIX.length);
  return rest === "" || /^[?#]/.test(rest) ? `/${rest}` : rest;
}

/** A store path ("/login", "/profile?tab=wallet") in `locale`'s pages. */
export function inLocale(locale: Locale, path: string): string {
  const bare = withoutLocale(path);
  if (locale === "vi") return bare;
  return bare === "/" ? `${ENGLISH_PREFIX}/` : `${ENGLISH_PREFIX}${bare}`;
}

export function useLocale(): Locale {
  return localeOf(useLocation().pathname);
}

/** `to(path)`: the path in this page's language, for links and navigations. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => inLocale(locale, path);
}

/** The language a server-side loader or action answers in, from its request's address. */
export function requestLocale(request: Request): Locale {
  return localeOf(new URL(request.url).pathname);
}
