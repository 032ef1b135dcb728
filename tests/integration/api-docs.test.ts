// docs/api.md lists every route the routers declare, and no other: read from Hono's route lists
// (tests/routes.ts), so the page cannot fall behind the code.
import { describe, expect, it } from "vitest";
import apiPage from "../../docs/api.md?raw";
import { declaredRoutes } from "../routes";

/** The lines between the page's route markers, as `METHOD /path`. */
function listedRoutes(page: string): string[] {
  const section = page.split("<!-- routes: held to the routers by tests/integration/api-docs.test.ts -->")[1]?.split("<!-- /routes -->")[0] ?? "";
  return [...section.matchAll(/^- `([A-Z]+ \S+)`$/gm)].map(([, route]) => route);
}

describe("docs/api.md", () => {
  it("lists every route of the API and the feeds, and only those", () => {
    const declared = declaredRoutes().map((route) => `${route.method} ${route.path}`);
    expect(declared.length).toBeGreaterThan(100);
    const listed = listedRoutes(apiPage);
    expect([...listed].sort(), `docs/api.md's list of routes: replace it with\n${declared.map((route) => `- \`${route}\``).join("\n")}\n`).toEqual([...declared].sort());
  });
});
