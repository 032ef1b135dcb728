// `npm run bench`: the whole-store benchmark of issue #9. Builds and starts the store on its own
// port with its own fresh state (1,000 apps, 1,000 users), measures pages against a static file,
// the catalogue API and feeds, JavaScript weight, Lighthouse, purchases and a VietQR webhook storm,
// and writes bench-results/<time>/report.md (+ latency.svg, results.json, Lighthouse reports).
// Budgets that fail are reported, not fatal: it exits non-zero only when it could not run.
// Pages and the key check are also measured against a floor Worker (scripts/bench/floor-worker.js,
// never deployed) that answers the same bytes from its first line, on BENCH_FLOOR_PORT.
// Settings: BENCH_PORT (8790), BENCH_FLOOR_PORT (BENCH_PORT + 1), BENCH_STATE_DIR (.wrangler/bench-state), BENCH_N (200 requests per
// measurement), BENCH_LIGHTHOUSE_RUNS (3; 0 skips Lighthouse), SKIP_BUILD=1, CHROMIUM_PATH (/usr/bin/chromium).
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { benchPurchases, BUYERS } from "./bench-purchases.mjs";
import { benchUser, seedBenchStore } from "./bench/catalogue.mjs";
import { benchSearchAndOverview } from "./bench/overview.mjs";
import { cpuPerRequest } from "./bench/cpu-cost.mjs";
import { accessToken, api, measure, measureInterleaved } from "./bench/http.mjs";
import { pageJavaScript } from "./bench/js-weight.mjs";
import { publicUrlHeader, runtimeOrigin } from "./bench/runtime-entry.mjs";
import { benchKeyChecks } from "./bench/key-check.mjs";
import { captureAnswer, loadFloor, startFloor } from "./bench/floor.mjs";
import { latencyChart, markdownReport, summaryTable } from "./bench/report.mjs";
import { workerBundleSize } from "./deploy-check.mjs";
import { webhookStorm } from "./bench/webhook-storm.mjs";
import { cryptoStorm } from "./bench/crypto-storm.mjs";
import { startNowPaymentsSim } from "./nowpayments-sim.mjs";
import { freePort, localSettings, prepareStore, projectRoot, serveStore, settingsToPass, waitForStore, withLocalBindings } from "./lib.mjs";

const port = Number(process.env.BENCH_PORT ?? 8790);
const floorPort = Number(process.env.BENCH_FLOOR_PORT ?? port + 1);
const persistTo = process.env.BENCH_STATE_DIR ?? ".wrangler/bench-state";
const N = Number(process.env.BENCH_N ?? 200);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const origin = `http://127.0.0.1:${port}`;
const STORM_TOPUPS = 300;
const CRYPTO_INVOICES = 100;
const FEEDS = ["/altstore.json", "/repo/Packages"];
const PUBLIC_PAGES = ["/login", "/register", "/forgot-password"];

const startedAt = new Date();
const outDir = join(projectRoot, "bench-results", startedAt.toISOString().replace(/[:.]/g, "-").slice(0, 19));
mkdirSync(outDir, { recursive: true });
// The machine is shared: the 1-minute load average at each step goes into the report.
const loads = [];
const step = (title) => {
  loads.push({ step: title.split(/[:(,]/)[0].trim(), load: os.loadavg()[0] });
  console.log(`\n── ${title}`);
};

function machine() {
  const release = existsSync("/etc/os-release") ? /PRETTY_NAME="([^"]+)"/.exec(readFileSync("/etc/os-release", "utf8"))?.[1] : null;
  return {
    cpu: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${release ?? os.type()} (kernel ${os.release()})`,
    node: process.versions.node,
    loadBefore: os.loadavg().map((load) => load.toFixed(2)).join(" "),
  };
}

let server;
/** The simulated NOWPayments the crypto storm pays at, on a free port of its own. */
let nowPayments;
let floor;
let stopping = false;
/** Ends wrangler dev and the workerd under it: the process groups this script started. */
async function stopServer() {
  stopping = true;
  await floor?.stop();
  await nowPayments?.close();
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await stopServer();
    process.exit(130);
  });
}

/**
 * Pages against the static file and a Worker route that reads nothing: one after another,
 * interleaved, then each with 10 in flight. `at`: the public origin, or the runtime's own behind
 * wrangler's proxy (scripts/bench/runtime-entry.mjs), sent the public URL as the proxy does.
 */
async function pageRuns(targets, at = origin) {
  const request = (target) => ({ url: `${target.origin ?? at}${target.path}`, headers: at === origin || target.origin ? {} : publicUrlHeader(`${origin}${target.path}`) });
  const sequential = await measureInterleaved(targets.map(request), { n: N });
  const runs = {};
  for (const [index, target] of targets.entries()) {
    const { url, headers } = request(target);
    const concurrent = await measure(url, { n: N, concurrency: 10, headers });
    runs[target.key] = { label: target.label, path: target.path, sequential: sequential[index], concurrent };
    console.log(`  ${target.label} ${target.path}: median ${sequential[index].median.toFixed(1)} ms, p99 ${sequential[index].p99.toFixed(1)} ms; 10 in flight: median ${concurrent.median.toFixed(1)} ms`);
  }
  return runs;
}

/**
 * Uncached and (when the answer carries a validator) revalidated, interleaved with `others`
 * (measured under the same load, returned as `others`).
 */
async function cachedAndUncached(path, others = []) {
  const url = `${origin}${path}`;
  const first = await fetch(url);
  await first.arrayBuffer();
  const etag = first.headers.get("ETag");
  const lastModified = first.headers.get("Last-Modified");
  const validator = first.ok ? (etag ? "If-None-Match" : lastModified ? "If-Modified-Since" : null) : null;
  const targets = [{ url }, ...(validator ? [{ url, headers: { [validator]: etag ?? lastModified } }] : [])];
  const runs = await measureInterleaved([...targets, ...others.map((other) => ({ url: `${origin}${other}` }))], { n: N, warmup: 5 });
  return {
    path,
    available: first.ok,
    uncached: runs[0],
    cached: validator ? runs[1] : null,
    validator,
    cacheControl: first.headers.get("Cache-Control"),
    others: runs.slice(targets.length),
  };
}

/**
 * The session the browser would keep (app/accounts/session/session.ts) for a bench user whose wallet has a
 * history (the seed gives the last users a ledger), with an access token from the local secret.
 */
async function walletSession(settings, userId) {
  const access = await accessToken(settings.JWT_SECRET, userId);
  const me = await api(origin, "/api/auth/me/", { token: access });
  if (me.status !== 200) throw new Error(`the wallet page's user cannot be read: ${me.status}`);
  return { access_token: access, refresh_token: `bench-${userId}`, user: JSON.stringify(me.body.data) };
}

async function main() {
  const results = { startedAt: startedAt.toISOString(), machine: machine() };
  // The storm speaks SePay's API-key mode, whatever a developer's .dev.vars chose.
  const sepay = { SEPAY_AUTH: "apikey", SEPAY_API_KEY: "bench-sepay-key" };
  // The crypto storm's gateway: the simulator on a port of its own, whatever runs on 9520.
  const crypto = { NOWPAYMENTS_API_URL: `http://127.0.0.1:${await freePort()}`, NOWPAYMENTS_API_KEY: "bench-nowpayments-key", NOWPAYMENTS_IPN_SECRET: "bench-nowpayments-ipn-secret" };
  nowPayments = await startNowPaymentsSim({ port: Number(new URL(crypto.NOWPAYMENTS_API_URL).port), apiKey: crypto.NOWPAYMENTS_API_KEY, ipnSecret: crypto.NOWPAYMENTS_IPN_SECRET });
  const settings = { ...localSettings(), ...sepay, ...crypto };
  const overrides = { ...settingsToPass(), ...sepay, ...crypto };

  step(`store: fresh state in ${persistTo}, port ${port}`);
  rmSync(join(projectRoot, persistTo), { recursive: true, force: true });
  await prepareStore(persistTo);
  const seedStarted = performance.now();
  const { config, seeded } = await withLocalBindings(persistTo, async (env) => {
    const { parseConfig } = await import("../workers/platform/config.ts");
    return { config: parseConfig({ ...env, ...overrides }), seeded: await seedBenchStore(env) };
  });
  const seedMs = performance.now() - seedStarted;
  console.log(`  ${seeded.apps} apps and ${seeded.userIds.length} users in ${seedMs.toFixed(0)} ms`);

  const log = openSync(join(outDir, "wrangler.log"), "a");
  server = serveStore({ port, persistTo, overrides, stdio: ["ignore", log, log], detached: true });
  closeSync(log);
  server.on("exit", (code) => {
    if (!stopping) console.error(`wrangler dev exited early (${code}); see ${join(outDir, "wrangler.log")}`);
  });
  if (!(await waitForStore(origin))) throw new Error(`the store did not answer on ${origin}; see ${join(outDir, "wrangler.log")}`);

  // The shared password really signs the bench users in (a few, to stay under the login limit).
  const logins = await Promise.all([1, 500, 1000].map((n) => api(origin, "/api/auth/login/", { body: { login: benchUser(n).username, password: benchUser(n).password } })));
  if (logins.some((login) => login.status !== 200)) throw new Error(`bench users cannot sign in: ${logins.map((login) => login.status).join(", ")}`);
  results.store = { origin, stateDir: persistTo, apps: seeded.apps, users: seeded.userIds.length, seedMs, loginCheck: "3 of them signed in with the password through the API" };

  step(`pages against a static file (${N} sequential, then ${N} with 10 in flight)`);
  const appPath = `/${seeded.appPageSlug}`;
  const workerFloorPath = "/api/vietqr/config/";
  // The static reference is the site's stylesheet: served by the assets layer like any static
  // file, and about the size of a page, so the ratio compares like with like (a 0.5 KB icon
  // would measure the transfer of 50 KB as much as the Worker).
  const homeHtml = await (await fetch(`${origin}/`)).text();
  const stylesheet = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/.exec(homeHtml)?.[1] ?? /href="([^"]+\.css)"/.exec(homeHtml)?.[1];
  if (!stylesheet) throw new Error("the home page links no stylesheet to compare with");
  const pageTargets = [
    { key: "static", label: "Static file (the stylesheet)", path: stylesheet },
    { key: "home", label: "Home page", path: "/" },
    { key: "app", label: "App page", path: appPath },
    { key: "worker", label: "Worker route, no DB", path: workerFloorPath },
  ];
  // The floor Worker answers each page's bytes and headers as the store sent them once.
  const floorLog = openSync(join(outDir, "floor.log"), "a");
  floor = await startFloor({ port: floorPort, log: floorLog });
  closeSync(floorLog);
  const floorTargets = [
    { key: "floorHome", label: "Floor Worker, the home page's bytes", path: "/", origin: floor.origin },
    { key: "floorApp", label: "Floor Worker, the app page's bytes", path: appPath, origin: floor.origin },
  ];
  await loadFloor(floor.origin, await Promise.all(floorTargets.map((target) => captureAnswer(`${origin}${target.path}`, `${floor.origin}${target.path}`))));
  console.log(`  the floor Worker answers on ${floor.origin}`);
  results.pages = await pageRuns([...pageTargets, ...floorTargets]);

  step("the same at the runtime, without wrangler dev's proxy (a deployed Worker has none)");
  const runtime = await runtimeOrigin({ group: server.pid, port, origin, probePath: workerFloorPath });
  if (runtime) {
    console.log(`  the runtime answers on ${runtime}`);
    results.pagesAtRuntime = { origin: runtime, runs: await pageRuns(pageTargets, runtime) };
  } else {
    results.pagesAtRuntime = null;
    console.error("  the runtime's own port was not found (not Linux?): only the public port is measured");
  }

  step("CPU per request, by part of the local server");
  results.cpu = await cpuPerRequest(pageTargets.map((target) => ({ ...target, url: `${origin}${target.path}` })), { group: server.pid, port, n: Math.min(N, 200) });
  for (const target of results.cpu ?? []) console.log(`  ${target.label}: ${Object.entries(target.byRole).map(([role, us]) => `${role} ${(us / 1000).toFixed(2)} ms`).join(", ")}`);

  step("catalogue API and feeds, uncached and revalidated");
  // The no-DB route runs in turn with the catalogue, so the 304 is compared under the same load.
  const list = await cachedAndUncached("/api/apps/list/", [workerFloorPath]);
  const [workerFloor] = list.others;
  results.catalogue = {
    list,
    workerFloor: { path: workerFloorPath, ...workerFloor },
    note:
      `The catalogue answers with a strong ETag (Cache-Control: ${list.cacheControl}). A 304 here costs ${list.cached.median.toFixed(1)} ms against ${list.uncached.median.toFixed(1)} ms for the full body and ${workerFloor.median.toFixed(1)} ms for a Worker route that reads nothing: ` +
      "database work can't be seen from outside, so the budget row infers it from that gap. A fresh edge copy answers the 304 from the Cache API without touching D1 (workers/catalogue/catalogue-cache.ts).",
  };
  console.log(`  catalogue: uncached ${list.uncached.median.toFixed(1)} ms, 304 ${list.cached.median.toFixed(1)} ms (${JSON.stringify(list.cached.statuses)}), no-DB route ${workerFloor.median.toFixed(1)} ms`);
  results.feeds = [];
  for (const path of FEEDS) {
    const feed = await cachedAndUncached(path);
    results.feeds.push(feed);
    console.log(`  ${path}: ${feed.available ? `uncached ${feed.uncached.median.toFixed(1)} ms${feed.cached ? `, revalidated ${feed.cached.median.toFixed(1)} ms` : ", no validator"}` : `not available (${JSON.stringify(feed.uncached.statuses)})`}`);
  }

  step("JavaScript shipped by public pages");
  results.js = [];
  const english = (path) => (path === "/" ? "/en/" : `/en${path}`);
  // The profile too: its HTML is the same for everyone (the session lives in the browser).
  for (const path of ["/", appPath, ...PUBLIC_PAGES, "/profile"].flatMap((path) => [path, english(path)])) {
    const page = await pageJavaScript(origin, path);
    // scripts/bench/js-baseline.json names the app page by its route, not the seeded slug.
    if (path === appPath) page.key = "/:slug";
    if (path === english(appPath)) page.key = "/en/:slug";
    results.js.push(page);
    console.log(`  ${path}: ${page.files.length} files, ${(page.gzip / 1024).toFixed(1)} KB gzipped (inline ${(page.inlineGzip / 1024).toFixed(1)} KB gz)`);
  }

  step("Worker bundle (wrangler deploy --dry-run)");
  results.bundle = workerBundleSize();
  console.log(`  ${(results.bundle.gzip / 1024).toFixed(1)} KB gzipped (${(results.bundle.bytes / 1024).toFixed(1)} KB raw)`);
  step(`home search and the owner's overview (${seeded.ledgerRows} ledger rows, ${seeded.orders} orders)`);
  results.searchAndOverview = await benchSearchAndOverview({ origin, settings, log: (line) => console.log(`  ${line}`) });

  step("purchases");
  const [buyers, stormUsers] = [seeded.userIds.slice(0, BUYERS + 1), seeded.userIds.slice(BUYERS + 1, BUYERS + 1 + STORM_TOPUPS)];
  results.purchases = await benchPurchases({ origin, settings, buyerIds: buyers, appId: seeded.purchaseAppId, log: (line) => console.log(`  ${line}`) });
  for (const row of results.purchases.rows) console.log(`  ${row.title}: ${row.ok}/${row.requests} ok, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${row.throughput.toFixed(1)}/s`);
  results.keyCheck = await benchKeyChecks({ origin, floorOrigin: floor.origin, settings, buyer: benchUser(seeded.userIds.length), appId: seeded.purchaseAppId, staticPath: results.pages.static.path, n: N, log: (line) => console.log(`  ${line}`) });

  step("VietQR webhook storm");
  results.storm = await webhookStorm({
    origin,
    settings,
    config,
    userIds: stormUsers,
    retries: Math.round(STORM_TOPUPS / 5),
    secondTransfers: Math.round(STORM_TOPUPS / 10),
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`  ${results.storm.notifications} notifications: p50 ${results.storm.median.toFixed(1)} ms, p99 ${results.storm.p99.toFixed(1)} ms, ${results.storm.perSecond.toFixed(1)}/s; credited once: ${results.storm.creditedOnce}`);

  step("crypto notification storm (NOWPayments, each notification read back)");
  const cryptoUsers = seeded.userIds.slice(BUYERS + 1 + STORM_TOPUPS, BUYERS + 1 + STORM_TOPUPS + CRYPTO_INVOICES);
  results.cryptoStorm = await cryptoStorm({ origin, settings, apiUrl: settings.NOWPAYMENTS_API_URL, userIds: cryptoUsers, log: (line) => console.log(`  ${line}`) });
  console.log(`  ${results.cryptoStorm.notifications} notifications: p50 ${results.cryptoStorm.median.toFixed(1)} ms, p99 ${results.cryptoStorm.p99.toFixed(1)} ms, ${results.cryptoStorm.perSecond.toFixed(1)}/s; credited once: ${results.cryptoStorm.creditedOnce}`);

  // Last, so that Chromium shares the machine with nothing else the benchmark runs.
  step(`Lighthouse, mobile (${LIGHTHOUSE_RUNS} runs per page)`);
  try {
    if (LIGHTHOUSE_RUNS < 1) throw new Error("skipped (BENCH_LIGHTHOUSE_RUNS=0)");
    const { lighthouseScores } = await import("./bench/lighthouse.mjs");
    results.lighthouse = await lighthouseScores(
      [
        { name: "Home", url: `${origin}/` },
        { name: "App page", url: `${origin}${appPath}` },
        { name: "Wallet", url: `${origin}/profile?tab=wallet`, localStorage: await walletSession(settings, seeded.userIds.at(-1)) },
        // The English store (issue #45): accessibility 100 on its pages too.
        { name: "English home", url: `${origin}/en/` },
        { name: "English app page", url: `${origin}/en${appPath}` },
        { name: "English wallet", url: `${origin}/en/profile?tab=wallet`, localStorage: await walletSession(settings, seeded.userIds.at(-1)) },
      ],
      { chromePath, runs: LIGHTHOUSE_RUNS, saveTo: outDir },
    );
  } catch (error) {
    results.lighthouse = null;
    results.lighthouseError = error instanceof Error ? error.message : String(error);
    console.error(`  Lighthouse not run: ${results.lighthouseError}`);
  }

  results.machine.loadAfter = os.loadavg().map((load) => load.toFixed(2)).join(" ");
  results.machine.loadBySteps = loads;
  const chartEntries = [
    ...["static", "home", "app", "worker", "floorHome", "floorApp"].flatMap((key) => [
      { label: `${results.pages[key].label}`, ...results.pages[key].sequential },
      { label: `${results.pages[key].label}, 10 in flight`, ...results.pages[key].concurrent, color: "#818cf8" },
    ]),
    { label: "Catalogue API 200", ...list.uncached, color: "#0d9488" },
    { label: "Catalogue API 304", ...list.cached, color: "#0d9488" },
    ...results.feeds.filter((feed) => feed.available).flatMap((feed) => [{ label: `${feed.path} 200`, ...feed.uncached, color: "#0d9488" }, ...(feed.cached ? [{ label: `${feed.path} revalidated`, ...feed.cached, color: "#0d9488" }] : [])]),
    { label: "Purchase, 50 buyers", median: results.purchases.rows[0].p50, p99: results.purchases.rows[0].p99, color: "#d97706" },
    { label: "Purchase, 1 buyer ×20", median: results.purchases.rows[1].p50, p99: results.purchases.rows[1].p99, color: "#d97706" },
    { label: "Bank webhook (storm)", median: results.storm.median, p99: results.storm.p99, color: "#d97706" },
  ];
  writeFileSync(join(outDir, "latency.svg"), latencyChart(chartEntries, `Store latency, ${results.machine.cores} shared cores`));
  writeFileSync(join(outDir, "results.json"), JSON.stringify(results, null, 2));
  writeFileSync(join(outDir, "report.md"), markdownReport(results));
  console.log(`\n${summaryTable(results)}\n\nReport: ${join(outDir, "report.md")}`);
}

try {
  await main();
  await stopServer();
  process.exit(0);
} catch (error) {
  await stopServer();
  console.error(`\nThe benchmark could not run: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
}
