import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppDetail } from "~/catalogue/AppDetail";
import { AppErrorBoundary } from "~/catalogue/AppNotFound";
import { localeOf } from "~/i18n/locale";
import { appPageMeta } from "~/catalogue/app-meta";
import { loadAppPage, publicPageHeaders } from "~/catalogue/catalogue.server";
import { purchaseAction, skipAfterPurchase } from "~/money/purchase/purchase-action";

// /{slug} or /{id} (docs/product.md §2): the slug against each app's url, else the id.
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  return loadAppPage(context, request, { slugOrId: params.slug ?? "" });
}

export const headers: HeadersFunction = publicPageHeaders;

// The key purchase (app/money/purchase/KeyPurchase.tsx) posts here through useFetcher.
export const clientAction = purchaseAction;
export const shouldRevalidate = skipAfterPurchase;

export const meta: MetaFunction<typeof loader> = ({ data, location }) => appPageMeta(data?.app, localeOf(location.pathname));

export default function AppPage() {
  const { app, pricing } = useLoaderData<typeof loader>();
  return <AppDetail app={app} pricing={pricing} />;
}

export const ErrorBoundary = AppErrorBoundary;
