// Each page's JavaScript read from the browser build (build/client), without a running store: the
// files scripts/bench/js-weight.mjs counts on a served page (Remix's entry, and each route the page
// matches with its static imports, followed through the files' own imports), gzipped at zlib's
// default level 6. A page is a route with no index route below it, with its parents; its language
// is English under the `en` layout route (vite.config.ts). The page budgets (issue 51) are judged
// here on every build by tests/scripts/page-budgets.test.mjs, and by the bench on served pages.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The page budgets in gzipped bytes: the home page, any other Vietnamese page, any English page. */
export const PAGE_BUDGETS = { home: 90 * 1024, vi: 100 * 1024, en: 110 * 1024 };

/** Module specifiers of static imports and re-exports in a script's text (as js-weight.mjs reads them). */
export function staticImports(code) {
  return [...code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.js)["']/g)].map((match) => match[1]);
}

/** Remix's route manifest of a browser build (build/client/assets/manifest-*.js). */
function buildManifest(clientDir) {
  const file = readdirSync(join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No Remix manifest in ${clientDir}/assets: run npm run build first.`);
  const text = readFileSync(join(clientDir, "assets", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** The budget a route's page is held to: the Vietnamese home page's, or its language's. */
export function budgetOf(routeId, routes) {
  if (routeId === "routes/_index") return { budget: "home", bytes: PAGE_BUDGETS.home };
  for (let id = routeId; id; id = routes[id]?.parentId) if (id === "en") return { budget: "en", bytes: PAGE_BUDGETS.en };
  return { budget: "vi", bytes: PAGE_BUDGETS.vi };
}

/** Every page of a browser build with its files and gzipped bytes, heaviest first. */
export function pageWeights(clientDir) {
  const manifest = buildManifest(clientDir);
  const routes = manifest.routes;
  const gzipOf = new Map();
  const fileWeight = (url) => {
    if (!gzipOf.has(url)) {
      const code = readFileSync(join(clientDir, url));
      gzipOf.set(url, { gzip: gzipSync(code).byteLength, imports: staticImports(code.toString("utf8")).map((specifier) => new URL(specifier, `http://build${url}`).pathname) });
    }
    return gzipOf.get(url);
  };
  const hasIndexChild = new Set(Object.values(routes).filter((route) => route.index).map((route) => route.parentId));
  const pages = [];
  for (const id of Object.keys(routes)) {
    if (hasIndexChild.has(id)) continue;
    const queue = [manifest.entry.module, ...manifest.entry.imports];
    for (let route = routes[id]; route; route = routes[route.parentId]) queue.push(route.module, ...(route.imports ?? []));
    const files = new Set();
    while (queue.length) {
      const url = queue.shift();
      if (files.has(url)) continue;
      files.add(url);
      queue.push(...fileWeight(url).imports);
    }
    const gzip = [...files].reduce((sum, url) => sum + fileWeight(url).gzip, 0);
    pages.push({ route: id, files: [...files], gzip, ...budgetOf(id, routes) });
  }
  return pages.sort((a, b) => b.gzip - a.gzip);
}
