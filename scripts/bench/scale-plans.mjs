// What `npm run bench:scale` reports of the key check and the home search at size (issue 44 item
// 3): the statements each runs, taken from the modules the Worker runs them from
// (workers/db/statements/), with SQLite's EXPLAIN QUERY PLAN on the scale store's own file; and
// their budgets, named apart from the 50 ms of the admin's reads.
import { DatabaseSync } from "node:sqlite";
import { homeSearchStatements } from "../../workers/db/statements/home-search.ts";
import { KEY_LOOKUP_SQL } from "../../workers/db/statements/key-lookup.ts";
import { normaliseSearch } from "../../workers/shared/search.ts";
import { databaseFile } from "./scale-sizes.mjs";

/** The admin's heavy reads (overview, users, keys): each median under this. */
export const READ_BUDGET_MS = 50;
/** A home search that misses the edge copy, at 10,000 apps: its median under this. */
export const HOME_SEARCH_BUDGET_MS = 25;
/** The repeat key check at the scale store: its median at most this many times the static file's, interleaved. */
export const KEY_CHECK_SCALE_BUDGET_RATIO = 1.5;
/** The home grid's page size (HOME_PAGE_SIZE, app/catalogue/catalogue.server.ts). */
const HOME_PAGE_SIZE = 24;

/**
 * A statement's plan as SQLite prints it (each step indented under its parent), and how long the
 * statement itself takes on this file: the median of 51 runs in this process (node:sqlite), without
 * D1, the Worker or HTTP around it.
 */
function explain(db, { sql, params }) {
  const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
  const depth = new Map([[0, -1]]);
  const plan = steps.map((step) => {
    depth.set(step.id, depth.get(step.parent) + 1);
    return `${"  ".repeat(depth.get(step.id))}${step.detail}`;
  });
  const statement = db.prepare(sql);
  const times = [];
  for (let run = 0; run < 51; run++) {
    const started = performance.now();
    statement.all(...params);
    times.push(performance.now() - started);
  }
  const sqlMs = times.sort((a, b) => a - b)[25];
  return { sql: sql.replace(/\s+/g, " ").trim(), params, plan, sql_ms: Number(sqlMs.toFixed(3)) };
}

/**
 * The key check's read for `key` ({code, bundleId}: the key the bench checks) and the home
 * search's statements for `words` (as typed; normalised as the page does), page 1, each with its
 * plan on the local D1 file in `persistTo`. The check binds the code as sent, the bundle id and
 * the code's normal form (here NFKC, trimmed, upper case: the bench's code has no invisible
 * characters for normalKeyCode to drop).
 */
export function scalePlans(persistTo, { key, words }) {
  const db = new DatabaseSync(databaseFile(persistTo), { readOnly: true });
  try {
    const code = key.code.trim();
    return {
      key_check: [explain(db, { sql: KEY_LOOKUP_SQL, params: [code, key.bundleId, code.normalize("NFKC").toUpperCase(), Date.now(), "0".repeat(64), "0".repeat(32)] })],
      home_search: homeSearchStatements({ query: normaliseSearch(words), type: null }, 1, HOME_PAGE_SIZE).map((statement) => explain(db, statement)),
    };
  } finally {
    db.close();
  }
}

/**
 * The budgets of a scale run, each named with its own limit: the key check's ratio to the static
 * file (interleaved, every check answered 200), the home search's median, and the admin's reads.
 */
export function scaleBudgets({ keyCheck, keyCheckStatic, homeSearch, reads }) {
  const ratio = keyCheck.median / keyCheckStatic.median;
  const over = Object.entries(reads).filter(([, ms]) => !(ms < READ_BUDGET_MS));
  return [
    {
      budget: `Key check: repeat check median ≤ ${KEY_CHECK_SCALE_BUDGET_RATIO}× the static file (interleaved)`,
      measured: `${keyCheck.median.toFixed(1)} ms vs ${keyCheckStatic.median.toFixed(1)} ms = ${ratio.toFixed(2)}×`,
      ratio,
      pass: ratio <= KEY_CHECK_SCALE_BUDGET_RATIO && keyCheck.statuses[200] === keyCheck.n,
    },
    {
      budget: `Home search (a miss of the edge copy) median < ${HOME_SEARCH_BUDGET_MS} ms`,
      measured: `${homeSearch.median.toFixed(1)} ms`,
      pass: homeSearch.median < HOME_SEARCH_BUDGET_MS && homeSearch.statuses[200] === homeSearch.n,
    },
    {
      budget: `Admin reads each median < ${READ_BUDGET_MS} ms`,
      measured: over.length ? `over: ${over.map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(", ")}` : `all under (slowest ${Math.max(...Object.values(reads)).toFixed(1)} ms)`,
      pass: over.length === 0,
    },
  ];
}
