// The bench's JavaScript rows (scripts/bench/report.mjs): the home page's 90 KB budget and each
// public page against its committed baseline (scripts/bench/js-baseline.json).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { HOME_JS_BUDGET_BYTES, JS_BASELINE, jsBudgets } from "../../scripts/bench/report.mjs";

const baseline = { commit: "abc1234", gzipBytes: { "/": 1000, "/:slug": 2000 } };
const row = (rows, budget) => rows.find((entry) => entry.budget === budget);

describe("the bench's JavaScript budgets", () => {
  test("the home page passes at 90 KB gzipped and fails a byte above", () => {
    assert.equal(HOME_JS_BUDGET_BYTES, 92160);
    assert.equal(row(jsBudgets([{ path: "/", gzip: 92160 }], baseline), "JS of / ≤ 90 KB gz").pass, true);
    assert.equal(row(jsBudgets([{ path: "/", gzip: 92161 }], baseline), "JS of / ≤ 90 KB gz").pass, false);
  });

  test("a page passes at its baseline and fails above it; the app page is found by its route", () => {
    const rows = jsBudgets(
      [
        { path: "/", gzip: 1000 },
        { path: "/some-app", key: "/:slug", gzip: 2001 },
      ],
      baseline,
    );
    assert.equal(row(rows, "JS of / not above abc1234").pass, true);
    assert.equal(row(rows, "JS of /:slug not above abc1234").pass, false);
    assert.match(row(rows, "JS of /:slug not above abc1234").measured, /\+1 B/);
  });

  test("a page with no baseline is reported, neither passed nor failed", () => {
    const rows = jsBudgets([{ path: "/reset-password", gzip: 5000 }], baseline);
    assert.equal(row(rows, "JS of /reset-password not above abc1234").pass, null);
  });

  test("the committed baseline holds every page the bench measures", () => {
    for (const key of ["/", "/:slug", "/login", "/register", "/forgot-password"]) assert.equal(typeof JS_BASELINE.gzipBytes[key], "number", key);
  });
});
