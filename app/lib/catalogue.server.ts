// The loaders' door to the catalogue services (kept out of the browser bundle by the name).
import type { AppLoadContext, HeadersFunction } from "@remix-run/cloudflare";
import { findPublicApp, findPublicAppById, listPublicAppPage, parseAppId, type PublicApp } from "../../workers/services/catalogue";
import { PUBLIC_PAGE_HEADER } from "../../workers/services/catalogue-cache";
import { listAppPricing } from "../../workers/services/keys";
import { usdVndRate } from "../../workers/services/store-settings";
import { pageContext } from "./site.server";

/** Cards per home page: four rows of the widest grid, a light first page on a phone. */
export const HOME_PAGE_SIZE = 24;

/** The home grid's page from `?page=` (anything else is page 1). */
export async function loadCataloguePage(context: AppLoadContext, request: Request) {
  const { db, origin } = pageContext(context, request);
  const asked = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : 1;
  return listPublicAppPage(db, origin, page, HOME_PAGE_SIZE);
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
  if (!app) throw new Response("Không tìm thấy ứng dụng", { status: 404 });
  const { env } = context.cloudflare;
  const pricing = await listAppPricing(db, app.id, await usdVndRate(env.DB, env));
  return { app, pricing, now: Date.now() };
}

/**
 * The `headers` of the public catalogue pages: their HTML is the same for every visitor (the
 * session lives in the browser), so the Worker may keep it at the edge (catalogue-cache.ts).
 */
export const publicPageHeaders: HeadersFunction = () => ({ [PUBLIC_PAGE_HEADER]: "1" });
