// Where a visitor goes after logging in (docs/product.md §2 "Route guard"): the redirect query value, else
// the page they came from, else /profile. Only paths on this site are followed.

import { inLocale, type Locale, localeOf, rememberedLocale, rememberLocale, withoutLocale } from "~/i18n/locale";

const PLACEHOLDER_ORIGIN = "http://local.invalid";

// Pages that make no sense to come back to after logging in.
const AUTH_PAGES = ["/login", "/register", "/forgot-password", "/reset-password", "/auth/"];

function isAuthPage(localisedPathname: string): boolean {
  const pathname = withoutLocale(localisedPathname);
  return AUTH_PAGES.some((page) => (page.endsWith("/") ? pathname.startsWith(page) : pathname === page || pathname === `${page}/`));
}

/**
 * The one check for every "go here next" value (the redirect query, Google's state, the referrer):
 * a same-site path ("/x?y#z"), or null for anything that could leave the site. It judges what the
 * URL parser makes of the value (tabs and newlines dropped, a backslash read as "/", dot segments and
 * %2e resolved), never the raw text, and returns that normalised path.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  // "/.//x" stays here, but its path "//x" is read by a browser as the host x.
  if (url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}

/** The redirect query value when it is a usable target. */
export function redirectFromQuery(params: URLSearchParams): string | null {
  const path = safeRedirectPath(params.get("redirect"));
  return path && !isAuthPage(new URL(path, PLACEHOLDER_ORIGIN).pathname) ? path : null;
}

/** The previous page of this site, from the document's referrer (a full page load only). */
function referrerPath(): string | null {
  if (typeof document === "undefined" || !document.referrer) return null;
  try {
    const url = new URL(document.referrer);
    if (url.origin !== window.location.origin || isAuthPage(url.pathname)) return null;
    return safeRedirectPath(url.pathname + url.search);
  } catch {
    return null;
  }
}

/** Where a sign-in goes next, and whether the visitor asked for it (the redirect query). */
export type Landing = { next: string; asked: boolean };

/** The redirect query value, else the page they came from, else the profile (in `locale`'s pages). */
export function landingFrom(params: URLSearchParams, locale: Locale = "vi"): Landing {
  const asked = redirectFromQuery(params);
  return { next: asked ?? referrerPath() ?? inLocale(locale, "/profile"), asked: asked !== null };
}

const ADMIN_LANDING = "/admin/overview";

/**
 * An admin who asked for no page starts on the overview (issue #27); everyone else goes `next`.
 * A buyer whose account chose English (the switch, or registering on an English page) signing in
 * on a browser that never chose a language (a new phone) lands on the English twin of `next`, and
 * English is remembered as this browser's choice. Vietnamese is every account's default, not a
 * choice: a sign-in on an English page stays English. Admin pages have one language.
 */
export function landingFor(user: { is_staff?: boolean | null; is_superuser?: boolean | null; locale?: string | null }, { next, asked }: Landing): string {
  if (!asked && (user.is_staff || user.is_superuser)) return ADMIN_LANDING;
  if (user.locale !== "en" || localeOf(next) === "en" || rememberedLocale() !== null || next.startsWith("/admin")) return next;
  rememberLocale("en");
  return inLocale("en", next);
}
