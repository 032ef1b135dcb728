// The way between the two stores (docs/product.md, "The English store"): the same page in the
// other language, as a full load (the other language's words come with its document), the choice
// remembered in a cookie that `/` reads (workers/index.ts) and, for a signed-in buyer, on the
// account, so the store's mails follow it (POST /api/auth/locale/).
import { useLocation } from "@remix-run/react";
import { inLocale, type Locale, rememberLocale, useLocale } from "~/i18n/locale";
import { apiCall } from "~/platform/api";
import { readAccessToken } from "~/accounts/session/session";

/** How long the switch waits for the account to take the choice before it goes anyway. */
const SAVE_WAIT_MS = 1500;

/** The account's language, for a signed-in buyer; a failure leaves it (the page still switches). */
async function saveOnAccount(locale: Locale): Promise<void> {
  const call = apiCall((api) => api.api.auth.locale.$post({ json: { locale } }), { auth: true, keepalive: true }).catch(() => undefined);
  await Promise.race([call, new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_MS))]);
}

export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const { pathname } = useLocation();
  // Admin pages have one language (Vietnamese): no switch, and no choice made for the buyer's pages.
  if (pathname.startsWith("/admin")) return null;
  const other: Locale = locale === "vi" ? "en" : "vi";
  // The address is rendered from the path alone: a cached page is one copy for every query, so
  // its HTML must not name one. The query the reader has is added as the link is followed.
  // The language's own name, in its own language, so a reader of either finds it.
  return (
    <a
      href={inLocale(other, pathname)}
      hrefLang={other}
      lang={other}
      onClick={(event) => {
        rememberLocale(other);
        const target = inLocale(other, pathname) + window.location.search;
        if (!readAccessToken()) {
          event.currentTarget.href = target;
          return;
        }
        event.preventDefault();
        void saveOnAccount(other).then(() => window.location.assign(target));
      }}
      className={className}
    >
      {other === "en" ? "English" : "Tiếng Việt"}
    </a>
  );
}
