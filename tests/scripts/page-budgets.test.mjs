// The page budgets of issue 51 on the browser build (npm test builds before this stage): every
// Vietnamese page at most 100 KB of gzipped JavaScript, every English page 110 KB, the home page
// 90 KB, measured as the bench measures a served page (scripts/bench/build-weight.mjs). Pages still
// above theirs are named with the most they may weigh until they are brought under it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import { budgetOf, PAGE_BUDGETS, pageWeights } from "../../scripts/bench/build-weight.mjs";
import { projectRoot } from "../../scripts/lib.mjs";

/**
 * Pages over their budget on 2 Dec 2026, weighed on main once the budgets work and messages by code
 * (decision 0059: the declared messages and their English reach the browser's pre-checks) had both
 * landed, each held at its weight then plus 256 B for the build's small drift; lowered where a page
 * got lighter since (the admin's pages without the account pages' card and Field's words, the
 * profile; the shared chunks by folder, decision 0071). Remove a line when its page is under
 * budget; never raise one. Empty since the home page came under its 90 KB (decision 0082).
 */
const STILL_OVER = {};
const DRIFT_BYTES = 256;

describe("each page's JavaScript budget", () => {
  test("the home page is held to 90 KB, English pages to 110 KB, every other page to 100 KB", () => {
    assert.deepEqual(PAGE_BUDGETS, { home: 92_160, vi: 102_400, en: 112_640 });
    const routes = { en: { id: "en" }, "en/_index": { id: "en/_index", parentId: "en" }, "en/profile/route.tsx": { id: "en/profile/route.tsx", parentId: "en" }, "en/profile._index": { id: "en/profile._index", parentId: "en/profile/route.tsx" } };
    assert.equal(budgetOf("routes/_index", routes).budget, "home");
    assert.equal(budgetOf("en/_index", routes).budget, "en");
    assert.equal(budgetOf("en/profile._index", routes).budget, "en");
    assert.equal(budgetOf("routes/admin.users", routes).budget, "vi");
  });

  // npm test builds before this stage; alone, run npm run build first (the measure says so otherwise).
  const client = join(projectRoot, "build", "client");
  test("every page of the build is within its budget, or not above its weight when it was last found over", () => {
    const pages = pageWeights(client);
    assert.ok(pages.length >= 40, `only ${pages.length} pages found`);
    const problems = [];
    for (const page of pages) {
      const ceiling = STILL_OVER[page.route];
      if (ceiling === undefined && page.gzip > page.bytes) problems.push(`${page.route}: ${page.gzip} B > ${page.bytes} B (${page.budget})`);
      if (ceiling !== undefined && page.gzip > ceiling + DRIFT_BYTES) problems.push(`${page.route}: ${page.gzip} B, above the ${ceiling} B it weighed while over its ${page.budget} budget`);
    }
    assert.deepEqual(problems, []);
    // A page brought under its budget leaves the list, so it cannot grow back above it unnoticed.
    const under = pages.filter((page) => STILL_OVER[page.route] !== undefined && page.gzip <= page.bytes).map((page) => page.route);
    assert.deepEqual(under, [], "under budget now: remove from STILL_OVER");
    const unknown = Object.keys(STILL_OVER).filter((route) => !pages.some((page) => page.route === route));
    assert.deepEqual(unknown, []);
  });
});
