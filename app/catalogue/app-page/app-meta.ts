import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { PublicApp } from "@workers/catalogue/catalogue";
import type { Locale } from "~/i18n/locale";
import { appPageWords } from "~/i18n/vi/catalogue/app-page";
import { wordsIn } from "~/i18n/words";
import { appDescription, appName } from "../app-types";

/** Title, description and sharing tags of an app page in `locale`; a 404 gets a plain title. */
export function appPageMeta(app: PublicApp | undefined, locale: Locale = "vi", siteName = "iOS Game Hack"): MetaDescriptor[] {
  const words = wordsIn(locale, appPageWords);
  if (!app) return [{ title: `${words.notFound} | ${siteName}` }];
  const name = appName(app, locale);
  const title = `${name}${app.version ? ` ${app.version}` : ""} | ${siteName}`;
  const description = (appDescription(app, locale) || words.downloadFor(name)).replace(/\s+/g, " ").slice(0, 160);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(app.icon_url ? [{ property: "og:image", content: app.icon_url }] : []),
  ];
}
