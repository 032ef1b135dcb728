// The bench's JavaScript rows (scripts/bench/report.mjs): the home page's 90 KB budget and each
// public page against its committed baseline (scripts/bench/js-baseline.json).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { HOME_JS_BUDGET_BYTES, JS_BASELINE, jsBudgets, pageBudgets } from "../../scripts/bench/report.mjs";

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

describe("the bench's page budget", () => {
  const runs = (staticMs, homeMs, appMs) => ({
    static: { label: "Static file", sequential: { median: staticMs } },
    home: { label: "Home page", sequential: { median: homeMs } },
    app: { label: "App page", sequential: { median: appMs } },
  });

  test("a page passes at 1.1× the static file of the public port and fails above", () => {
    const rows = pageBudgets(runs(10, 11, 11.01), null);
    assert.equal(row(rows, "Home page median ≤ 1.1× static").pass, true);
    assert.equal(row(rows, "App page median ≤ 1.1× static").pass, false);
    assert.equal(rows.length, 2);
  });

  test("the ratios at the runtime, without wrangler dev's proxy, are listed beside the budget and never judge it", () => {
    const rows = pageBudgets(runs(10, 12, 12), { origin: "http://127.0.0.1:1", runs: runs(4, 4.2, 4.2) });
    assert.equal(row(rows, "Home page median ≤ 1.1× static").pass, false);
    const atRuntime = row(rows, "Home page ÷ static at the runtime, without wrangler dev's proxy (not the budget)");
    assert.equal(atRuntime.pass, null);
    assert.match(atRuntime.measured, /= 1\.05×/);
  });
});
