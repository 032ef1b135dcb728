import { redirect } from "@remix-run/cloudflare";
import { Navigate } from "@remix-run/react";

// /dashboard is the registration screen's fallback target and forwards to /profile (docs/product.md §2),
// which carries the route guard. The server answers with the redirect; the component covers a
// client that renders the route anyway.
export function loader() {
  return redirect("/profile");
}

export default function Dashboard() {
  return <Navigate to="/profile" replace />;
}
