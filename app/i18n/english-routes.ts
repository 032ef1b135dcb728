// The English store's routes (docs/product.md, "The English store"): every public and signed-in page
// again under /en/, from the same route file (its own id). The /en/ layout (english-pages.tsx)
// brings the words every page shares; each group of pages sits in a layout of its own that brings
// the group's words (app/i18n/en/<area>/pages.tsx), so an English page loads its own words, not
// every area's. tests/unit/english-pages.test.ts holds each page's words to its layouts'. Admin
// pages and the Google callback stay Vietnamese-only; an address no page has is the English 404
// page (routes/$.tsx) under /en/.
import type { AppConfig } from "@remix-run/dev";

type DefineRoutes = Parameters<NonNullable<AppConfig["routes"]>>[0];

export function englishRoutes(defineRoutes: DefineRoutes) {
  return defineRoutes((route) => {
    const english = (path: string, file: string, children?: () => void) =>
      children ? route(path, `routes/${file}`, { id: `en/${file}` }, children) : route(path, `routes/${file}`, { id: `en/${file}` });
    /** A group of pages under the layout that brings their words. */
    const group = (area: string, pages: () => void) => route(undefined, `i18n/en/${area}/pages.tsx`, { id: `en/${area}-pages` }, pages);
    route("en", "i18n/english-pages.tsx", { id: "en" }, () => {
      group("catalogue", () => {
        route(undefined, "routes/_index/route.tsx", { id: "en/_index", index: true });
        english(":slug", "$slug.tsx");
        english("app/:id", "app.$id.tsx");
      });
      group("accounts", () => {
        english("login", "login.tsx");
        english("login/verify", "login_.verify.tsx");
        english("register", "register.tsx");
        english("forgot-password", "forgot-password.tsx");
        english("reset-password", "reset-password.tsx");
        english("unsubscribe", "unsubscribe.tsx");
      });
      group("wallet", () => {
        english("dashboard", "dashboard.tsx");
        english("sileo/connect", "sileo.connect.tsx");
        english("sileo/checkout", "sileo.checkout.tsx");
        english("profile", "profile/route.tsx", () => {
          route(undefined, "routes/profile._index/route.tsx", { id: "en/profile._index", index: true });
          route("security", "routes/profile.security.tsx", { id: "en/profile.security" });
        });
      });
      english("*", "$.tsx");
    });
  });
}
