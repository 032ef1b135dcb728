import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Navigate } from "@remix-run/react";
import { inLocale, requestLocale, useLocalePath } from "~/i18n/locale";

// /dashboard (and /en/dashboard) is the registration screen's fallback target and forwards to the
// profile in the same language (docs/product.md §2), which carries the route guard. The server
// answers with the redirect; the component covers a client that renders the route anyway.
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(inLocale(requestLocale(request), "/profile"));
}

export default function Dashboard() {
  return <Navigate to={useLocalePath()("/profile")} replace />;
}
