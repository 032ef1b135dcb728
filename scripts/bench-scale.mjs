// `npm run bench:scale` (issue #28 item 2): the store at a year of success — 100,000 users,
// 10,000 apps, 500,000 keys and 1,000,000 ledger rows with their orders (scripts/bench/scale-seed.mjs)
// — kept in its own state directory, reused while its row counts match. Starts the store on it and
// times the admin's and the public's heavy reads, each request followed by one of the static file
// of the same server (interleaved, so both meet the same load on a shared machine), and the whole
// ledger's CSV export, streamed. Writes bench-results/<time>/scale.json (medians, ms), with the
// key check's and the home search's statements and their query plans on the scale store, and the
// budgets (scripts/bench/scale-plans.mjs): the key check ≤ 1.5× the static file, the home search
// under 25 ms, the admin's reads under 50 ms each.
// Settings: BENCH_SCALE_DIR (.bench-scale), BENCH_SCALE_PORT (8795), BENCH_N (100 per measurement),
// SKIP_BUILD=1, BENCH_SCALE_FRESH=1 (seed again even when the counts match).
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { signInAdmin } from "./admin-code.mjs";
import { benchKeyChecks } from "./bench/key-check.mjs";
import { api, summarize, timedFetch } from "./bench/http.mjs";
import { scaleBudgets, scalePlans } from "./bench/scale-plans.mjs";
import { scaleSizes } from "./bench/scale-sizes.mjs";
import { BIG_APP_URL, SCALE, scaleComplete, scaleCounts, scaleUser, seedScaleStore } from "./bench/scale-seed.mjs";
import { localSettings, prepareStore, projectRoot, serveStore, settingsToPass, stopProcessGroup, waitForStore, withLocalBindings } from "./lib.mjs";

const persistTo = process.env.BENCH_SCALE_DIR ?? ".bench-scale";
const port = Number(process.env.BENCH_SCALE_PORT ?? 8795);
const N = Number(process.env.BENCH_N ?? 100);
const origin = `http://127.0.0.1:${port}`;
const SEARCH_WORDS = ["rong", "kiem", "dua xe", "hai tac", "ninja", "tam quoc", "phieu luu", "sam set"];

const startedAt = new Date();
const outDir = join(projectRoot, "bench-results", startedAt.toISOString().replace(/[:.]/g, "-").slice(0, 19));
mkdirSync(outDir, { recursive: true });
const log = (line) => console.log(`[${((performance.now()) / 1000).toFixed(0)} s] ${line}`);


/**
 * The scale store in `persistTo`: reused when its counts match; an interrupted one is completed
 * (the seed writes each row once); BENCH_SCALE_FRESH=1 builds it from nothing.
 */
async function scaleStore() {
  if (process.env.BENCH_SCALE_FRESH === "1") rmSync(join(projectRoot, persistTo), { recursive: true, force: true });
  await prepareStore(persistTo);
  const found = await withLocalBindings(persistTo, (env) => scaleCounts(env).catch(() => null));
  if (scaleComplete(found)) {
    log(`reusing ${persistTo}: ${JSON.stringify(found)}`);
    return { reused: true };
  }
  log(`seeding ${persistTo} (found ${JSON.stringify(found)})`);
  const started = performance.now();
  await withLocalBindings(persistTo, (env) => seedScaleStore(env, { log }));
  const seedS = (performance.now() - started) / 1000;
  log(`seeded in ${seedS.toFixed(0)} s`);
  return { reused: false, seedS };
}

/**
 * `n` requests made by `request(index)`, each followed by one fetch of the static file: the
 * medians of both, and the statuses seen.
 */
async function againstStatic(staticUrl, request, { n = N, warmup = 5 } = {}) {
  for (let index = 0; index < warmup; index++) {
    await request(-1 - index);
    await timedFetch(staticUrl);
  }
  const target = [];
  const statics = [];
  const statuses = {};
  for (let index = 0; index < n; index++) {
    const result = await request(index);
    target.push(result.ms);
    statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    statics.push((await timedFetch(staticUrl)).ms);
  }
  return { ...summarize(target, target.reduce((sum, ms) => sum + ms, 0)), statuses, staticMedian: summarize(statics, 1).median, statics };
}

/** The whole ledger as CSV, read chunk by chunk as it arrives (never held whole): rows per second. */
async function exportLedger(token, from, to) {
  const started = performance.now();
  const response = await fetch(`${origin}/api/admin/exports/transactions.csv?from=${from}&to=${to}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`the ledger export answered ${response.status}: ${await response.text()}`);
  let lines = 0;
  let bytes = 0;
  let firstByteMs = null;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - started;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = lines - 1; // the header
  return { rows, bytes, seconds, firstByteMs, rowsPerSecond: rows / seconds };
}

let server;
async function main() {
  const machine = { cpu: os.cpus()[0]?.model.trim(), cores: os.availableParallelism(), loadBefore: os.loadavg().map((load) => load.toFixed(2)).join(" ") };
  const store = await scaleStore();
  const settings = localSettings();
  const overrides = settingsToPass();
  const logFile = openSync(join(outDir, "wrangler.log"), "a");
  server = serveStore({ port, persistTo, overrides, stdio: ["ignore", logFile, logFile], detached: true });
  closeSync(logFile);
  if (!(await waitForStore(origin))) throw new Error(`the store did not answer on ${origin}; see ${join(outDir, "wrangler.log")}`);

  const { counts, bigApp, range } = await withLocalBindings(persistTo, async (env) => ({
    counts: await scaleCounts(env),
    bigApp: await env.DB.prepare("SELECT id FROM apps WHERE url = ?").bind(BIG_APP_URL).first(),
    range: await env.DB.prepare("SELECT min(created_at) AS first, max(created_at) AS last FROM wallet_transactions").first(),
  })).catch(async () => ({ counts: null }));
  const homeHtml = await (await fetch(`${origin}/`)).text();
  const stylesheet = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/.exec(homeHtml)?.[1] ?? /href="([^"]+\.css)"/.exec(homeHtml)?.[1];
  if (!stylesheet) throw new Error("the home page links no stylesheet to compare with");
  const staticUrl = `${origin}${stylesheet}`;
  const admin = await signInAdmin((path, options) => api(origin, path, options), settings);
  const headers = { Authorization: `Bearer ${admin.access}` };
  const get = (path) => () => timedFetch(`${origin}${path}`, { headers });

  const runs = {};
  const measureRun = async (name, request) => {
    runs[name] = await againstStatic(staticUrl, request);
    log(`${name}: median ${runs[name].median.toFixed(1)} ms (p99 ${runs[name].p99.toFixed(1)}), static ${runs[name].staticMedian.toFixed(1)} ms ${JSON.stringify(runs[name].statuses)}`);
  };
  await measureRun("overview_30d", get("/api/admin/overview/?days=30"));
  await measureRun("overview_90d", get("/api/admin/overview/?days=90"));
  await measureRun("admin_users_page", get("/api/admin/users/?page=1&page_size=50"));
  // A part of a login name, as an admin types it: each a different user, so no answer is reused.
  await measureRun("admin_user_search", (index) => get(`/api/admin/users/?search=${scaleUser(1 + ((Math.abs(index) * 7919) % SCALE.users)).username.slice(6)}`)());
  await measureRun("admin_keys_page", get(`/api/keys/apps/${bigApp.id}/keys?page=1&page_size=50`));
  // Each search address once: a miss of the edge cache, as a new search is.
  await measureRun("home_search", (index) => timedFetch(`${origin}/?q=${encodeURIComponent(`${SEARCH_WORDS[Math.abs(index) % SEARCH_WORDS.length]} ${index + 10}`)}`));

  const keyCheck = await benchKeyChecks({ origin, settings, buyer: scaleUser(1), appId: bigApp.id, staticPath: stylesheet, n: N, log });
  // The statements as the Worker runs them, with their plans on this store: the check of the key
  // just measured, and the first search measured above (index 0).
  const plans = scalePlans(join(projectRoot, persistTo), { key: keyCheck.key, words: `${SEARCH_WORDS[0]} 10` });
  for (const [name, statements] of Object.entries(plans)) {
    for (const { sql, params, plan, sql_ms } of statements) log(`${name}: ${sql}\n    params ${JSON.stringify(params)}; the statement alone ${sql_ms} ms (node:sqlite on the store's file)\n    ${plan.join("\n    ")}`);
  }
  const day = (ms) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
  const exported = await exportLedger(admin.access, day(range.first), day(range.last));
  log(`ledger export: ${exported.rows} rows, ${(exported.bytes / 2 ** 20).toFixed(0)} MB in ${exported.seconds.toFixed(1)} s = ${exported.rowsPerSecond.toFixed(0)} rows/s (first byte after ${exported.firstByteMs?.toFixed(0)} ms)`);

  const statics = Object.values(runs).flatMap((run) => run.statics).concat(keyCheck.static.median);
  const result = {
    rows: { users: counts.users, apps: counts.apps, keys: counts.keys, ledger: counts.ledger, orders: counts.orders },
    static_ms: summarize(statics, 1).median,
    overview_30d_ms: runs.overview_30d.median,
    overview_90d_ms: runs.overview_90d.median,
    admin_users_page_ms: runs.admin_users_page.median,
    admin_user_search_ms: runs.admin_user_search.median,
    admin_keys_page_ms: runs.admin_keys_page.median,
    home_search_ms: runs.home_search.median,
    home_search_static_ms: runs.home_search.staticMedian,
    key_check_repeat_ms: keyCheck.sequential.median,
    key_check_static_ms: keyCheck.static.median,
    key_check_ratio: keyCheck.sequential.median / keyCheck.static.median,
    export_ledger_rows_per_s: exported.rowsPerSecond,
  };
  const reads = Object.fromEntries(["overview_30d", "admin_users_page", "admin_user_search", "admin_keys_page"].map((name) => [`${name}_ms`, runs[name].median]));
  result.budgets = scaleBudgets({ keyCheck: keyCheck.sequential, keyCheckStatic: keyCheck.static, homeSearch: runs.home_search, reads });
  result.plans = plans;
  writeFileSync(join(outDir, "scale.json"), `${JSON.stringify(result, null, 2)}\n`);
  const sizes = scaleSizes(join(projectRoot, persistTo));
  log(`bytes per row (with indexes): ${JSON.stringify(sizes.bytesPerRow)}; database ${(sizes.databaseBytes / 2 ** 20).toFixed(0)} MB; at 1,000,000 users and 10,000,000 ledger rows ≈ ${(sizes.projectedBytes / 2 ** 30).toFixed(1)} GB`);
  const details = {
    startedAt: startedAt.toISOString(),
    machine: { ...machine, loadAfter: os.loadavg().map((load) => load.toFixed(2)).join(" ") },
    store: { stateDir: persistTo, ...store },
    runs: Object.fromEntries(Object.entries(runs).map(([name, { statics: _, ...run }]) => [name, run])),
    keyCheck: { sequential: keyCheck.sequential, static: keyCheck.static },
    export: exported,
    sizes,
  };
  writeFileSync(join(outDir, "scale-details.json"), `${JSON.stringify(details, null, 2)}\n`);
  const { plans: _, budgets, ...figures } = result;
  const verdicts = budgets.map(({ budget, measured, pass }) => `${pass ? "pass" : "NOT MET"}  ${budget}: ${measured}`);
  console.log(`\n${JSON.stringify(figures, null, 2)}\n\n${verdicts.join("\n")}\nWritten: ${join(outDir, "scale.json")}`);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (server) await stopProcessGroup(server);
    process.exit(130);
  });
}
try {
  await main();
  if (server) await stopProcessGroup(server);
  process.exit(0);
} catch (error) {
  if (server) await stopProcessGroup(server);
  console.error(`\nThe scale benchmark could not run: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
}
