import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { englishRoutes } from "~/i18n/english-routes";

// Each English page loads the English words of its layouts only (app/i18n/english-routes.ts): the
// /en/ layout's and its group's. A page whose screens, dialogs included, use an area's words that
// none of its layouts brings would show that area in Vietnamese. This follows the imports of the
// page's route modules (static and lazy, as written in the source) to every Vietnamese words module
// they reach, and holds each one's English twin to what the page's layouts import.
const APP = fileURLToPath(new URL("../../app/", import.meta.url));
const WORKERS = fileURLToPath(new URL("../../workers/", import.meta.url));

type Route = { id: string; file: string; parent: Route | undefined; page: boolean };

/** The English routes as englishRoutes defines them, each with its parent. */
function englishRouteTree(): Route[] {
  const routes: Route[] = [];
  const parents: Route[] = [];
  type Children = () => void;
  const route = (_path: string | undefined, file: string, optionsOrChildren?: { id?: string } | Children, children?: Children) => {
    const nested = typeof optionsOrChildren === "function" ? optionsOrChildren : children;
    const id = typeof optionsOrChildren === "object" && optionsOrChildren.id ? optionsOrChildren.id : file;
    const node: Route = { id, file, parent: parents.at(-1), page: !nested };
    routes.push(node);
    if (nested) {
      parents.push(node);
      nested();
      parents.pop();
    }
  };
  englishRoutes(((define: (defineRoute: typeof route) => void) => {
    define(route);
    return {};
  }) as never);
  return routes;
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? join(APP, specifier.slice(2))
    : specifier.startsWith("@workers/")
      ? join(WORKERS, specifier.slice("@workers/".length))
      : specifier.startsWith(".")
        ? resolve(dirname(from), specifier)
        : undefined;
  if (!base) return undefined;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ending) => base + ending).find((path) => existsSync(path) && statSync(path).isFile());
}

const IMPORT = /(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+"([^"]+)"|import\("([^"]+)"\)/g;

/** Every project module `files` reach through imports of values (type-only imports carry no words). */
function reached(files: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...files];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, typeOnly, specifier, lazy] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (typeOnly) continue;
      const target = resolveImport(file, specifier ?? lazy);
      if (target) todo.push(target);
    }
  }
  return seen;
}

/** The words modules among `modules` in `language`, by their path under app/i18n/<language>/. */
function words(modules: Set<string>, language: "vi" | "en"): string[] {
  const folder = `${join(APP, "i18n", language)}/`;
  return [...modules].filter((path) => path.startsWith(folder)).map((path) => relative(folder, path)).sort();
}

const routes = englishRouteTree();
const pages = routes.filter((route) => route.page);

/** A page's route modules: its own and its layouts', up to app/root.tsx. */
function routeFiles(page: Route): string[] {
  const files = [join(APP, "root.tsx")];
  for (let route: Route | undefined = page; route; route = route.parent) files.push(join(APP, route.file));
  return files;
}

describe("the English pages' words", () => {
  test("the English store has its pages, each in the /en/ layout", () => {
    expect(pages.map((page) => page.id)).toEqual(expect.arrayContaining(["en/_index", "en/login.tsx", "en/profile._index", "en/profile.security", "en/$.tsx"]));
    for (const page of pages) expect(routeFiles(page)).toContain(join(APP, "i18n/english-pages.tsx"));
  });

  test.each(pages.map((page) => [page.id, page] as const))("%s: its layouts bring the English of every words module its screens reach", (_id, page) => {
    const modules = reached(routeFiles(page));
    const needed = words(modules, "vi");
    const brought = new Set(words(modules, "en"));
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.filter((path) => !brought.has(path))).toEqual([]);
  });

  test("a page loads its own group's words, not every area's", () => {
    const of = (id: string) => words(reached(routeFiles(pages.find((page) => page.id === id)!)), "en");
    expect(of("en/_index")).toContain("catalogue/home.ts");
    expect(of("en/profile._index")).toContain("wallet/topup.ts");
    expect(of("en/profile._index")).not.toContain("catalogue/home.ts");
    expect(of("en/_index")).not.toContain("wallet/topup.ts");
    expect(of("en/login.tsx")).not.toContain("wallet/topup.ts");
  });
});
