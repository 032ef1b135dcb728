import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppDetail } from "~/components/app/AppDetail";
import { AppErrorBoundary } from "~/components/app/AppNotFound";
import { localeOf } from "~/i18n/locale";
import { appPageMeta } from "~/lib/app-meta";
import { loadAppPage, publicPageHeaders } from "~/lib/catalogue.server";
import { purchaseAction, skipAfterPurchase } from "~/components/purchase/purchase-action";

// /app/{id}: the admin list's row link (docs/product.md §2).
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  return loadAppPage(context, request, { id: params.id ?? "" });
}

export const headers: HeadersFunction = publicPageHeaders;

// The key purchase (app/components/purchase/KeyPurchase.tsx) posts here through useFetcher.
export const clientAction = purchaseAction;
export const shouldRevalidate = skipAfterPurchase;

export const meta: MetaFunction<typeof loader> = ({ data, location }) => appPageMeta(data?.app, localeOf(location.pathname));

export default function AppByIdPage() {
  const { app, pricing } = useLoaderData<typeof loader>();
  return <AppDetail app={app} pricing={pricing} />;
}

export const ErrorBoundary = AppErrorBoundary;
