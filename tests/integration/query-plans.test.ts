// The reads `npm run bench:scale` times on a million ledger rows (docs/decisions/0030-sizing-and-scale.md):
// SQLite's plan for each of them, taken from the code that runs it (the same builders), must not
// read the whole ledger, users or keys table. A full scan is "SCAN <table>" with no index; reading
// a covering index for count(*) is allowed (it is the table's smallest copy, and counting needs it).
// A page of a list (users, keys) must also come in index order: sorting every match for the first
// 50 ("USE TEMP B-TREE FOR ORDER BY") costs as much as the scan.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { usersPageQueries } from "../../workers/accounts/user-admin";
import { browseQueries } from "../../workers/catalogue/catalogue";
import { getDb } from "../../workers/db/client";
import { APP_STATUSES } from "../../workers/db/schema";
import { homeSearchStatements, VISIBLE_STATUS } from "../../workers/db/statements/home-search";
import { KEY_LOOKUP_SQL } from "../../workers/db/statements/key-lookup";
import { appKeysQueries } from "../../workers/licensing/key-admin";
import { auditPageQueries } from "../../workers/owner/audit";
import { exportQueries } from "../../workers/owner/exports";
import { overviewQueries } from "../../workers/owner/overview";

type Query = { sql: string; params: unknown[] };
const WATCHED = ["wallet_transactions", "users", "license_keys"];

/** Every step of the query's plan, as EXPLAIN QUERY PLAN writes it. */
async function plan(query: Query): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** The names a watched table goes by in `sql`: its own and its aliases ("license_keys k"). */
function watchedNames(sql: string): Set<string> {
  const names = new Set(WATCHED);
  for (const match of sql.matchAll(/\b(wallet_transactions|users|license_keys)\b["`]?\s+(?:AS\s+)?([a-z_][a-z0-9_]*)/gi)) {
    if (!/^(WHERE|ON|JOIN|LEFT|INNER|GROUP|ORDER|LIMIT|SET|USING)$/i.test(match[2])) names.add(match[2]);
  }
  return names;
}

/** The steps that read a watched table whole: "SCAN users", "SCAN k", never "… USING COVERING INDEX …". */
async function fullScans(query: Query): Promise<string[]> {
  const names = watchedNames(query.sql);
  return (await plan(query)).filter((detail) => {
    const scanned = /^SCAN ([^\s]+)/.exec(detail)?.[1];
    return scanned !== undefined && names.has(scanned.replace(/["`]/g, "")) && !/USING (COVERING )?INDEX/.test(detail);
  });
}

/** Whether the query sorts all it found before its LIMIT. */
async function sortsEverything(query: Query): Promise<boolean> {
  return (await plan(query)).some((detail) => detail.startsWith("USE TEMP B-TREE FOR ORDER BY"));
}

const drizzle = (builder: { toSQL(): { sql: string; params: unknown[] } }): Query => builder.toSQL();

describe("the reads that must stay fast on a million ledger rows read no whole table", () => {
  const paths: [string, () => Query[]][] = [
    ["the overview, 30 days", () => overviewQueries(30, 5)],
    ["the overview, 90 days", () => overviewQueries(90, 5)],
    ["the admin's users, first page", () => Object.values(usersPageQueries(getDb(env.DB), { search: "", page: 1, pageSize: 50 })).map(drizzle)],
    ["the admin's users, the page after an id", () => Object.values(usersPageQueries(getDb(env.DB), { search: "", page: 2, pageSize: 50, before: 5000 })).map(drizzle)],
    ["the admin's user search", () => Object.values(usersPageQueries(getDb(env.DB), { search: "user_0123", page: 1, pageSize: 50 })).map(drizzle)],
    ["an app's keys, first page", () => { const { count, page } = appKeysQueries(1, { page: 1, pageSize: 50 }); return [count, page]; }],
    ["an app's keys of one status, first page", () => { const { count, page } = appKeysQueries(1, { status: "available", page: 1, pageSize: 50 }); return [count, page]; }],
    ["the home search", () => homeSearchStatements({ query: "rong", type: null }, 1, 24)],
    ["the home search of one type", () => homeSearchStatements({ query: "dua xe", type: "ipa" }, 2, 24)],
    ["the ledger's CSV export", () => { const { bounds, page } = exportQueries("transactions"); return [{ sql: bounds, params: [0, Date.now()] }, { sql: page, params: [0, 1000, 0, Date.now(), 500] }]; }],
    ["the audit log's page with its targets' names", () => Object.values(auditPageQueries(getDb(env.DB), { page: 1, pageSize: 50 })).map(drizzle)],
    ["the orders' CSV export", () => { const { bounds, page } = exportQueries("orders"); return [{ sql: bounds, params: [0, Date.now()] }, { sql: page, params: [0, 1000, 0, Date.now(), 500] }]; }],
  ];

  it.each(paths)("%s", async (_, queries) => {
    const found: Record<string, string[]> = {};
    for (const query of queries()) {
      const scans = await fullScans(query);
      if (scans.length) found[query.sql.replace(/\s+/g, " ").slice(0, 160)] = scans;
    }
    expect(found).toEqual({});
  });

  const pages: [string, () => Query][] = [
    ["the admin's users, first page", () => drizzle(usersPageQueries(getDb(env.DB), { search: "", page: 1, pageSize: 50 }).rows)],
    ["the admin's users, the page after an id", () => drizzle(usersPageQueries(getDb(env.DB), { search: "", page: 9, pageSize: 50, before: 5000 }).rows)],
    ["an app's keys, first page", () => appKeysQueries(1, { page: 1, pageSize: 50 }).page],
    ["an app's keys of one status, first page", () => appKeysQueries(1, { status: "sold", page: 1, pageSize: 50 }).page],
  ];

  it.each(pages)("%s comes in index order, not sorted whole", async (_, query) => {
    expect(await sortsEverything(query())).toBe(false);
  });

  it("catches a full scan when there is one (the detector itself)", async () => {
    expect(await fullScans({ sql: "SELECT * FROM users WHERE last_name = ?", params: ["x"] })).toEqual(["SCAN users"]);
    expect(await fullScans({ sql: "SELECT k.id FROM license_keys k WHERE k.device_id = ?", params: ["x"] })).toEqual(["SCAN k"]);
    expect(await fullScans({ sql: "SELECT sum(amount) FROM wallet_transactions WHERE description = ?", params: ["x"] })).toEqual(["SCAN wallet_transactions"]);
  });
});

describe("the key check finds its key by one indexed read at any size (issue 44)", () => {
  // The statement the check runs (workers/licensing/key-check.ts), with a code, a bundle id and the code's normal form.
  const lookup: Query = { sql: KEY_LOOKUP_SQL, params: ["demo-7f3k", "com.example.mymod", "DEMO-7F3K", 0, "0".repeat(64), "0".repeat(32)] };

  it("reads the app by its bundle id, the key by (app, code) in a unique index, its type by its id: no step scans", async () => {
    const steps = await plan(lookup);
    expect(steps.filter((detail) => detail.startsWith("SCAN"))).toEqual([]);
    expect(steps).toContain("SEARCH a USING INDEX apps_bundle (bundle_identifier=?)");
    // The code in normal form or exactly as stored: each a probe of a unique index of (app, code), at most one row each.
    const keySteps = steps.filter((detail) => /^SEARCH k\b/.test(detail));
    expect(keySteps).toEqual([
      "SEARCH k USING INDEX license_keys_app_code_normal_unique (app_id=? AND key_code_normal=?)",
      "SEARCH k USING INDEX license_keys_app_code_unique (app_id=? AND key_code=?)",
    ]);
    expect(steps).toContain("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)");
  });
});

describe("the home search reads the search index and the apps it found, never the whole catalogue (issue 44)", () => {
  type Step = { id: number; parent: number; detail: string };
  /** The plan as its tree: each step with its parent's id (0 at the top). */
  async function steps(query: Query): Promise<Step[]> {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<Step>();
    return results;
  }
  /** A step that reads the apps table whole: "SCAN apps" without an index (a covering index is a SEARCH here). */
  const scansApps = (detail: string) => /^SCAN apps\b/.test(detail) && !/USING (COVERING )?INDEX/.test(detail);
  const FTS_MATCH = /^SCAN app_search VIRTUAL TABLE INDEX \d+:M/;
  const BY_ID = "SEARCH apps USING INTEGER PRIMARY KEY (rowid=?)";
  const searches: [string, Query[]][] = [
    ["a word, page 1", homeSearchStatements({ query: "rong", type: null }, 1, 24)],
    ["two words and a type, page 3", homeSearchStatements({ query: "dua xe", type: "ipa" }, 3, 24)],
  ];

  it("a visitor sees every status but failed, as one equality the indexes serve", () => {
    expect(APP_STATUSES.filter((status) => status !== "failed")).toEqual([VISIBLE_STATUS]);
  });

  it.each(searches)("%s: the catalogue's last change is one entry of apps_status_updated", async (_, [summary]) => {
    expect((await steps(summary)).map((step) => step.detail)).toEqual(["SEARCH apps USING COVERING INDEX apps_status_updated (status=?)"]);
  });

  it.each(searches)("%s: the count reads the matches from the search index, each app by its id", async (_, [, count]) => {
    const details = (await steps(count)).map((step) => step.detail);
    expect(details).toHaveLength(2);
    expect(details[0]).toMatch(FTS_MATCH);
    expect(details[1]).toBe(BY_ID);
  });

  it.each(searches)("%s: the page ranks the matches' ids alone, then reads its rows by id in that order, with no scan and no sort of the page", async (_, [, , page]) => {
    const plan = await steps(page);
    expect(plan.filter((step) => scansApps(step.detail))).toEqual([]);
    // The ranking: a subquery over the search index's matches, each app by its id, sorted by rank
    // (bm25, then the newest) up to the page's end. Sorting the matches is the ranking itself.
    const ranked = plan.find((step) => /^(CO-ROUTINE|MATERIALIZE) ranked$/.test(step.detail));
    expect(ranked).toBeDefined();
    const inside = plan.filter((step) => step.parent === ranked!.id).map((step) => step.detail);
    expect(inside).toHaveLength(3);
    expect(inside[0]).toMatch(FTS_MATCH);
    expect(inside.slice(1)).toEqual([BY_ID, "USE TEMP B-TREE FOR ORDER BY"]);
    // The page: the ranked ids as they come, each row by its id; its ORDER BY needs no sort.
    expect(plan.filter((step) => step.parent === 0).map((step) => step.detail)).toEqual([ranked!.detail, "SCAN ranked", BY_ID]);
  });

  const grids: [string, () => Query[]][] = [
    ["the home grid, page 1", () => Object.values(browseQueries(getDb(env.DB), { query: "", type: null }, 1, 24)).map(drizzle)],
    ["the home grid, page 40", () => Object.values(browseQueries(getDb(env.DB), { query: "", type: null }, 40, 24)).map(drizzle)],
    ["the home grid of one type, page 3", () => Object.values(browseQueries(getDb(env.DB), { query: "", type: "rootless" }, 3, 24)).map(drizzle)],
  ];

  it.each(grids)("%s (no words) walks an index in the grid's order: no scan of apps, no sort", async (_, queries) => {
    for (const query of queries()) {
      const details = (await steps(query)).map((step) => step.detail);
      expect(details.filter(scansApps), query.sql).toEqual([]);
      expect(details.filter((detail) => detail.startsWith("USE TEMP B-TREE")), query.sql).toEqual([]);
      expect(details.every((detail) => detail.startsWith("SEARCH apps USING ")), query.sql).toBe(true);
    }
  });
});
