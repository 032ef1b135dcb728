// /app/{id}: the admin list's row link (docs/product.md §2). The page itself is
// app/catalogue/app-page/app-page-route.tsx, shared with /{slug}.
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadAppPage, publicPageHeaders } from "~/catalogue/catalogue.server";

export { clientAction, default, ErrorBoundary, meta, shouldRevalidate } from "~/catalogue/app-page/app-page-route";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  return loadAppPage(context, request, { id: params.id ?? "" });
}

export const headers: HeadersFunction = publicPageHeaders;
