// Every method and path the store's routers answer, read from Hono's own route lists (the mounted
// API of workers/api.ts and the feeds): the bad-input campaign sends each one malformed input, and
// docs/api.md lists them (tests/integration/api-docs.test.ts), so a new route is covered and
// documented without anyone listing it by hand.
import { api } from "../workers/api";
import { feeds } from "../workers/catalogue/routes/feeds";

export type Route = { method: string; path: string };

/** Each declared method and path once (middleware, HEAD twins and wildcards aside), in the routers' order. */
export function declaredRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const route of [...api.routes, ...feeds.routes]) {
    if (route.method === "ALL" || route.method === "HEAD" || route.path.endsWith("*")) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}
