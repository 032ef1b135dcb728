// The loaders' door to the catalogue services (kept out of the browser bundle by the name).
import { type AppLoadContext, data, type HeadersFunction } from "@remix-run/cloudflare";
import { findPublicApp, findPublicAppById, listPublicAppPage, parseAppId, type PublicApp } from "@workers/catalogue/catalogue";
import { homeSearch, PUBLIC_PAGE_HEADER, STOCK_HEADER, stockTag } from "@workers/catalogue/catalogue-cache";
import { listAppPricing } from "@workers/licensing/keys";
import { currentPause } from "@workers/licensing/app-pause";
import { pricingTerms } from "@workers/owner/store-settings";
import { requestLocale } from "~/i18n/locale";
import { appPageWords } from "~/i18n/vi/catalogue/app-page";
import { wordsIn } from "~/i18n/words";
import { pageContext } from "../platform/site.server";

/** Cards per home page: four rows of the widest grid, a light first page on a phone. */
const HOME_PAGE_SIZE = 24;

/** The home page's data: the page of the grid that `?q=&type=&page=` names, and the search as understood. */
export async function loadCataloguePage(context: AppLoadContext, request: Request) {
  const { db, origin } = pageContext(context, request);
  const search = homeSearch(new URL(request.url).searchParams);
  return { ...(await listPublicAppPage(db, origin, search.page, HOME_PAGE_SIZE, search)), query: search.query, type: search.type };
}

/** The app page's data, or a 404 response thrown for the route's error boundary. */
export async function loadAppPage(context: AppLoadContext, request: Request, lookup: { slugOrId: string } | { id: string }) {
  const { db, origin } = pageContext(context, request);
  let app: PublicApp | null;
  if ("slugOrId" in lookup) app = await findPublicApp(db, origin, lookup.slugOrId);
  else {
    const id = parseAppId(lookup.id);
    app = id === null ? null : await findPublicAppById(db, origin, id);
  }
  if (!app) throw new Response(wordsIn(requestLocale(request), appPageWords).notFound, { status: 404 });
  const { env } = context.cloudflare;
  const [listed, pause] = await Promise.all([listAppPricing(db, app.id, await pricingTerms(env.DB, env)), currentPause(env.DB, app.id)]);
  // A paused app sells nothing (issue 55 item 1): the page says why, its pricing is not for sale.
  const pricing = pause ? listed.map((option) => ({ ...option, can_purchase: false })) : listed;
  // The stock shown, for the edge cache: this page's copy lives only as long as these figures.
  return data({ app, pricing, pause, now: Date.now() }, { headers: { [STOCK_HEADER]: stockTag(app.id, pricing) } });
}

/**
 * The `headers` of the public catalogue pages: their HTML is the same for every visitor (the
 * session lives in the browser), so the Worker may keep it at the edge (workers/catalogue/catalogue-cache.ts).
 */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers: Record<string, string> = { [PUBLIC_PAGE_HEADER]: "1" };
  const stock = loaderHeaders.get(STOCK_HEADER);
  if (stock) headers[STOCK_HEADER] = stock;
  return headers;
};
