// The way to the sign-in and back (docs/product.md §2 "Route guard"): the header's link, the guards of
// the account and admin pages, a purchase by a visitor. Apart from redirects.ts (where a sign-in
// lands), which only the sign-in pages need: this is all every page's frame carries.
import { inLocale, localeOf } from "~/i18n/locale";

/** /login carrying the page to come back to, in that page's language. */
export function loginPathFor(pathAndSearch: string): string {
  return `${inLocale(localeOf(pathAndSearch.replace(/[?#].*$/, "")), "/login")}?redirect=${encodeURIComponent(pathAndSearch)}`;
}
