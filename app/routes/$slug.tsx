// /{slug} or /{id} (docs/product.md §2): the slug against each app's url, else the id. The page
// itself is app/catalogue/app-page/app-page-route.tsx, shared with /app/{id}.
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadAppPage, publicPageHeaders } from "~/catalogue/catalogue.server";

export { clientAction, default, ErrorBoundary, meta, shouldRevalidate } from "~/catalogue/app-page/app-page-route";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  return loadAppPage(context, request, { slugOrId: params.slug ?? "" });
}

export const headers: HeadersFunction = publicPageHeaders;
