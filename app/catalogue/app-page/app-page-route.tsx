// The app page's route module, shared by /{slug} (routes/$slug.tsx) and /app/{id}
// (routes/app.$id.tsx), which differ only in how their loader finds the app: its title and
// description, the purchase's clientAction, and the page with its error boundary. The headers stay
// in each route file, beside their loader: both come from a server-only module.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, useLoaderData } from "@remix-run/react";
import { AppDetail } from "~/catalogue/app-page/AppDetail";
import { AppErrorBoundary } from "~/catalogue/app-page/AppNotFound";
import { localeOf } from "~/i18n/locale";
import { appPageMeta } from "~/catalogue/app-page/app-meta";
import type { loadAppPage } from "~/catalogue/catalogue.server";
import { purchaseAction, skipAfterPurchase } from "~/money/purchase/purchase-action";

/** Both routes' loader: the app found, or a 404. */
type AppPageLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadAppPage>;

// The key purchase (app/money/purchase/KeyPurchase.tsx) and the trial claim (app/licensing/TrialOffer.tsx) post here through useFetcher.
export async function clientAction(args: ClientActionFunctionArgs) {
  const { intent } = (await args.request.clone().json()) as { intent?: string };
  // The trial claim's code loads with it: an app page without trials never fetches it.
  return intent === "trial" ? (await import("~/licensing/trial-action")).trialAction(args) : purchaseAction(args);
}
export const shouldRevalidate = skipAfterPurchase;

export const meta: MetaFunction<AppPageLoader> = ({ data, location }) => appPageMeta(data?.app, localeOf(location.pathname));

export default function AppPage() {
  const { app, pricing, pause } = useLoaderData<AppPageLoader>();
  return <AppDetail app={app} pricing={pricing} pause={pause} />;
}

export const ErrorBoundary = AppErrorBoundary;
