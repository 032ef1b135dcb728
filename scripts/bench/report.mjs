// The benchmark's Markdown report, its latency chart (SVG) and the summary printed at the end.
import { readFileSync } from "node:fs";
import { GZIP_BUDGET_BYTES } from "../deploy-check.mjs";
import { PAGE_BUDGETS } from "./build-weight.mjs";

/** The home page's JavaScript budget (issue #26). */
export const HOME_JS_BUDGET_BYTES = PAGE_BUDGETS.home;

/** Each public page's gzipped JavaScript at the committed baseline (scripts/bench/js-baseline.json says how to update it). */
export const JS_BASELINE = JSON.parse(readFileSync(new URL("./js-baseline.json", import.meta.url), "utf8"));

/** An English page may load at most this much more than its Vietnamese twin: its words (issue #45). */
export const ENGLISH_EXTRA_BUDGET_BYTES = 15 * 1024;
/** How much more JavaScript a Vietnamese page may load than before the English store (issue #45); less is welcome (issue #51). */
export const VIETNAMESE_DRIFT_BYTES = 1024;

/** The English store's rows: each English page against its Vietnamese twin, each Vietnamese page against the store before English. */
function englishBudgets(js, before) {
  const list = [];
  for (const page of js) {
    const key = page.key ?? page.path;
    if (!key.startsWith("/en/")) continue;
    const twinKey = key === "/en/" ? "/" : key.slice(3);
    const twin = js.find((other) => (other.key ?? other.path) === twinKey);
    if (!twin) continue;
    const extra = page.gzip - twin.gzip;
    list.push({ budget: `JS of ${key} ≤ ${twinKey} + ${ENGLISH_EXTRA_BUDGET_BYTES / 1024} KB gz`, measured: `${kb(page.gzip)} (${extra >= 0 ? "+" : ""}${extra} B)`, pass: extra <= ENGLISH_EXTRA_BUDGET_BYTES });
  }
  if (!before) return list;
  for (const page of js) {
    const key = page.key ?? page.path;
    const was = before.gzipBytes[key];
    if (key.startsWith("/en/") || was === undefined) continue;
    const change = page.gzip - was;
    list.push({ budget: `JS of ${key} ≤ ${before.commit} + ${VIETNAMESE_DRIFT_BYTES} B (before English)`, measured: `${kb(page.gzip)} (${change >= 0 ? "+" : ""}${change} B)`, pass: change <= VIETNAMESE_DRIFT_BYTES });
  }
  return list;
}

/**
 * The JavaScript rows: every Vietnamese page ≤ 100 KB, every English one ≤ 110 KB, the home page
 * ≤ 90 KB (issue #51; tests/scripts/page-budgets.test.mjs holds them on every build), and no page
 * above its baseline.
 */
export function jsBudgets(js, baseline = JS_BASELINE) {
  const list = [...englishBudgets(js, baseline.beforeEnglish)];
  for (const page of js) {
    const limit = page.path.startsWith("/en/") ? PAGE_BUDGETS.en : PAGE_BUDGETS.vi;
    list.push({ budget: `JS of ${page.path} ≤ ${limit / 1024} KB gz`, measured: kb(page.gzip), pass: page.gzip <= limit });
  }
  const home = js.find((page) => page.path === "/");
  if (home) list.push({ budget: `JS of / ≤ ${HOME_JS_BUDGET_BYTES / 1024} KB gz`, measured: kb(home.gzip), pass: home.gzip <= HOME_JS_BUDGET_BYTES });
  for (const page of js) {
    // The app page's address is the seeded app's slug; the baseline names it by its route.
    const key = page.key ?? page.path;
    const before = baseline.gzipBytes[key];
    if (key.startsWith("/en/")) continue; // judged against its Vietnamese twin above
    if (before === undefined) {
      list.push({ budget: `JS of ${key} not above ${baseline.commit}`, measured: `${kb(page.gzip)}, no baseline`, pass: null });
      continue;
    }
    const change = page.gzip - before;
    list.push({
      budget: `JS of ${key} not above ${baseline.commit}`,
      measured: `${kb(page.gzip)} vs ${kb(before)} (${change > 0 ? "+" : ""}${change} B)`,
      pass: page.gzip <= before,
    });
  }
  return list;
}

const ms = (value) => (Number.isFinite(value) ? (value >= 100 ? value.toFixed(0) : value.toFixed(1)) : "—");
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (pass) => (pass === null ? "n/a" : pass ? "PASS" : "FAIL");
const statusList = (statuses) => Object.entries(statuses ?? {}).map(([status, count]) => `${status}×${count}`).join(", ");

/** Horizontal bars on a log scale: the median as the bar, the p99 as a tick, milliseconds. */
export function latencyChart(entries, title) {
  const width = 760;
  const left = 250;
  const right = 110; // room for the figures after the p99 tick
  const row = 26;
  const top = 46;
  const height = top + entries.length * row + 40;
  const values = entries.flatMap((entry) => [entry.median, entry.p99]).filter((value) => Number.isFinite(value) && value > 0);
  const low = 10 ** Math.floor(Math.log10(Math.min(...values, 1)));
  const high = 10 ** Math.ceil(Math.log10(Math.max(...values, 10)));
  const x = (value) => left + ((Math.log10(Math.max(value, low)) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))) * (width - left - right);
  const escapeXml = (text) => text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${left}" y="20" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="${left}" y="36" fill="#555">bar: median · tick: p99 · log scale, ms</text>`,
  ];
  for (let tick = low; tick <= high; tick *= 10) {
    parts.push(`<line x1="${x(tick)}" y1="${top - 4}" x2="${x(tick)}" y2="${height - 30}" stroke="#ddd"/>`, `<text x="${x(tick)}" y="${height - 14}" text-anchor="middle" fill="#555">${tick >= 1000 ? `${tick / 1000} s` : `${tick} ms`}</text>`);
  }
  entries.forEach((entry, index) => {
    const y = top + index * row;
    parts.push(`<text x="${left - 8}" y="${y + 15}" text-anchor="end">${escapeXml(entry.label)}</text>`);
    if (!Number.isFinite(entry.median)) return;
    parts.push(
      `<rect x="${left}" y="${y + 4}" width="${Math.max(1, x(entry.median) - left)}" height="16" fill="${entry.color ?? "#4f46e5"}"/>`,
      `<line x1="${x(entry.p99)}" y1="${y + 1}" x2="${x(entry.p99)}" y2="${y + 23}" stroke="#111" stroke-width="2"/>`,
      `<text x="${x(entry.p99) + 6}" y="${y + 16}" fill="#111">${ms(entry.median)} / ${ms(entry.p99)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("\n");
}

/**
 * A public page served from the edge cache against the floor Worker answering the same bytes and
 * headers from its first line (issue 44): what the store's own work may add to a page.
 */
const PAGE_BUDGET_RATIO = 1.05;
const FLOOR_OF = { home: "floorHome", app: "floorApp" };

/**
 * The page budget, judged at the public port against each page's floor Worker; the same pages
 * against the static file (the public port, and the runtime without wrangler dev's proxy,
 * scripts/bench/runtime-entry.mjs) are listed beside it and never judge it. Without a floor
 * measured, nothing is judged.
 */
export function pageBudgets(pages, pagesAtRuntime) {
  const ratioRow = (runs, key, where) => {
    const ratio = runs[key].sequential.median / runs.static.sequential.median;
    return { budget: `${runs[key].label} ÷ static${where} (not the budget)`, measured: `${ms(runs[key].sequential.median)} ms vs ${ms(runs.static.sequential.median)} ms = ${ratio.toFixed(2)}×`, pass: null };
  };
  const rows = [];
  for (const key of ["home", "app"]) {
    const floor = pages[FLOOR_OF[key]];
    if (floor) {
      const ratio = pages[key].sequential.median / floor.sequential.median;
      rows.push({ budget: `${pages[key].label} median ≤ ${PAGE_BUDGET_RATIO}× the floor Worker`, measured: `${ms(pages[key].sequential.median)} ms vs ${ms(floor.sequential.median)} ms = ${ratio.toFixed(2)}×`, pass: ratio <= PAGE_BUDGET_RATIO });
    }
    rows.push(ratioRow(pages, key, ""));
    if (floor) rows.push(ratioRow(pages, FLOOR_OF[key], ""));
  }
  if (pagesAtRuntime) for (const key of ["home", "app"]) rows.push(ratioRow(pagesAtRuntime.runs, key, " at the runtime, without wrangler dev's proxy"));
  return rows;
}

export function budgets(results) {
  const { pages, pagesAtRuntime, catalogue, js, lighthouse, purchases } = results;
  const list = [...pageBudgets(pages, pagesAtRuntime)];
  list.push(...jsBudgets(js));
  list.push({ budget: `Worker bundle ≤ ${GZIP_BUDGET_BYTES / 1024} KB gz (deploy check)`, measured: `${kb(results.bundle.gzip)} (${kb(results.bundle.bytes)} raw)`, pass: results.bundle.gzip <= GZIP_BUDGET_BYTES });
  for (const page of lighthouse ?? []) {
    list.push({ budget: `Lighthouse performance ${page.name} ≥ 95`, measured: `${page.performance} (runs: ${page.allPerformance.join(", ")})`, pass: page.performance >= 95 });
    // Issue #27: every checked page, the signed-in wallet included, scores full marks in accessibility.
    list.push({ budget: `Lighthouse accessibility ${page.name} = 100`, measured: String(page.accessibility), pass: page.accessibility === 100 });
  }
  if (!lighthouse) list.push({ budget: "Lighthouse ≥ 95", measured: `not run: ${results.lighthouseError}`, pass: null });
  const concurrent = purchases.rows[0];
  list.push({
    budget: "Purchases, 50 concurrent buyers: no error, nothing oversold",
    measured: `${concurrent.errors} errors; sold ${purchases.sold} = orders ${purchases.orders} = successes ${purchases.succeeded}`,
    pass: concurrent.errors === 0 && !purchases.oversold,
  });
  const notModified = catalogue.list.cached;
  const floor = catalogue.workerFloor.median;
  list.push({
    budget: "Catalogue 304 without database work (inferred: 304 median ≤ 1.5× a no-DB Worker route)",
    measured: `304 ${ms(notModified.median)} ms vs no-DB route ${ms(floor)} ms vs full 200 ${ms(catalogue.list.uncached.median)} ms`,
    pass: notModified.statuses[304] === notModified.n ? notModified.median <= 1.5 * floor : false,
  });
  if (results.keyCheck) list.push(results.keyCheck.budget);
  return list;
}

function httpRow(label, run, staticMedian) {
  return `| ${label} | ${run.concurrency} | ${run.n} | ${ms(run.median)} | ${ms(run.p99)} | ${run.perSecond.toFixed(0)} | ${staticMedian ? `${(run.median / staticMedian).toFixed(2)}×` : ""} | ${statusList(run.statuses)} | ${kb(run.bytes)} |`;
}

/** The pages' table: each target one after another and 10 in flight, against the static file in the same mode. */
function pageTable(runs) {
  const lines = ["| target | concurrency | n | median ms | p99 ms | req/s | median ÷ static | statuses | body |", "|---|---|---|---|---|---|---|---|---|"];
  for (const key of ["static", "home", "app", "worker", "floorHome", "floorApp"]) {
    if (!runs[key]) continue;
    for (const mode of ["sequential", "concurrent"]) lines.push(httpRow(`${runs[key].label} (\`${runs[key].path}\`)`, runs[key][mode], key === "static" ? null : runs.static[mode].median));
  }
  return lines;
}

export function markdownReport(results) {
  const { machine, store, pages, catalogue, feeds, js, lighthouse, purchases, storm } = results;
  const lines = [];
  lines.push(`# Store benchmark — ${results.startedAt}`, "");
  lines.push(
    `**Machine:** ${machine.cpu} × ${machine.cores} cores, ${machine.memoryGb} GB RAM, ${machine.os}, Node ${machine.node}. ` +
      `The machine is **shared with other developers**: load average ${machine.loadBefore} before the run and ${machine.loadAfter} after (1-minute load at each step: ${machine.loadBySteps.map((entry) => `${entry.step} ${entry.load.toFixed(1)}`).join(", ")}); treat figures as indicative, ratios as more stable than absolute times.`,
    "",
    `**Store:** \`wrangler dev\` (workerd, local D1/R2/Durable Objects, as \`npm start\`) on ${store.origin}, fresh state in \`${store.stateDir}\`; ${store.apps} visible apps (12 demo + generated), ${store.users} users (one shared scrypt hash; ${store.loginCheck}). Seeding took ${ms(store.seedMs)} ms. The client is Node's fetch on the same machine, keep-alive; each time is until the last byte of the body.`,
    "",
  );

  lines.push("## Budgets", "", "| budget | measured | result |", "|---|---|---|");
  for (const entry of budgets(results)) lines.push(`| ${entry.budget} | ${entry.measured} | **${verdict(entry.pass)}** |`);
  lines.push("");

  lines.push("## Pages against a static file of the same server", "", "![latency](latency.svg)", "");
  lines.push(...pageTable(pages));
  if (results.pagesAtRuntime) {
    lines.push("", `At the runtime (\`${results.pagesAtRuntime.origin}\`, the same targets without wrangler dev's proxy, measured the same way right after):`, "");
    lines.push(...pageTable(results.pagesAtRuntime.runs));
  }
  lines.push(
    "",
    `One after another, the four targets were requested in alternating blocks of 10 (static, home, app, Worker route, static again, …; the first request after each switch not counted) so that each met the same machine load; then each ran alone with 10 in flight. ` +
      `The static file, the site's stylesheet (about a page's size, so both ratios compare like with like), is served by the assets layer without running the Worker; the pages run the Worker: a fresh edge copy from the Cache API with a new CSP nonce, or a Remix render with D1 queries. ` +
      `The no-database Worker route (\`${pages.worker.path}\`) reads nothing; the floor Worker (\`scripts/bench/floor-worker.js\`, its own \`wrangler dev\` with the store's settings and static files, never deployed) answers each page's own bytes and headers from its first line: the page budget is judged against it.`,
    "",
  );

  if (results.cpu) {
    const roles = Object.keys(results.cpu[0].byRole);
    lines.push("## CPU per request, by part of the local server", "", `| target | ${roles.join(" | ")} | total |`, `|---|${roles.map(() => "---|").join("")}---|`);
    for (const target of results.cpu) lines.push(`| ${target.label} (\`${target.path}\`) | ${roles.map((role) => `${(target.byRole[role] / 1000).toFixed(2)} ms`).join(" | ")} | ${(target.total / 1000).toFixed(2)} ms |`);
    lines.push(
      "",
      "Each target alone, one request after another, in three rounds; the CPU time (user + system, from /proc) each process of `wrangler dev` spent, per request. The proxy holds the public port and passes every text/html answer through an HTMLRewriter (its live-reload script), which a deployed Worker does not have; the runtime runs the Worker, the assets layer and the local bindings, and compresses what it sends. CPU time moves little with the machine's load, so this says where a page's time goes when the wall-clock ratios are noisy.",
      "",
    );
  }

  lines.push("## Catalogue API and feeds", "", "| endpoint | request | n | median ms | p99 ms | req/s | statuses | body | validator |", "|---|---|---|---|---|---|---|---|---|");
  const apiRows = [["Catalogue `/api/apps/list/`", catalogue.list], ...feeds.map((feed) => [`Feed \`${feed.path}\``, feed])];
  for (const [label, entry] of apiRows) {
    if (!entry.available) {
      lines.push(`| ${label} | uncached | ${entry.uncached.n} | ${ms(entry.uncached.median)} | ${ms(entry.uncached.p99)} | ${entry.uncached.perSecond.toFixed(0)} | ${statusList(entry.uncached.statuses)} | — | **not available** |`);
      continue;
    }
    lines.push(`| ${label} | uncached | ${entry.uncached.n} | ${ms(entry.uncached.median)} | ${ms(entry.uncached.p99)} | ${entry.uncached.perSecond.toFixed(0)} | ${statusList(entry.uncached.statuses)} | ${kb(entry.uncached.bytes)} | ${entry.validator ?? "none"} |`);
    if (entry.cached) lines.push(`| ${label} | cached (${entry.validator}) | ${entry.cached.n} | ${ms(entry.cached.median)} | ${ms(entry.cached.p99)} | ${entry.cached.perSecond.toFixed(0)} | ${statusList(entry.cached.statuses)} | ${kb(entry.cached.bytes)} | |`);
  }
  lines.push("", catalogue.note, "");

  lines.push("## Purchases", "", "| scenario | requests | ok | errors | p50 ms | p99 ms | purchases/s |", "|---|---|---|---|---|---|---|");
  for (const entry of purchases.rows) lines.push(`| ${entry.title} | ${entry.requests} | ${entry.ok} | ${entry.errors}${entry.statuses.length ? ` (HTTP ${entry.statuses.join(", ")})` : ""} | ${ms(entry.p50)} | ${ms(entry.p99)} | ${entry.throughput.toFixed(1)} |`);
  lines.push("", `Sold keys ${purchases.sold}, orders ${purchases.orders}, successful purchases ${purchases.succeeded}, keys left ${purchases.available}: ${purchases.oversold ? "**MISMATCH — oversold or lost**" : "nothing oversold"}.`, "");

  if (results.keyCheck) lines.push(...results.keyCheck.section);

  lines.push(
    "## VietQR webhook storm",
    "",
    `${storm.topups} users each created a pending top-up through the API (median ${ms(storm.create.median)} ms, p99 ${ms(storm.create.p99)} ms). ` +
      `Then ${storm.notifications} SePay notifications were sent, ${storm.concurrency} in flight: one per top-up, ${storm.retries} retries (same bank transaction id) and ${storm.secondTransfers} second transfers (new bank id, already-paid code), shuffled.`,
    "",
    "| notifications | in flight | median ms | p99 ms | notifications/s | HTTP errors |",
    "|---|---|---|---|---|---|",
    `| ${storm.notifications} | ${storm.concurrency} | ${ms(storm.median)} | ${ms(storm.p99)} | ${storm.perSecond.toFixed(1)} | ${storm.errors} |`,
    "",
    `Outcomes the store answered: ${Object.entries(storm.outcomes).map(([outcome, count]) => `${outcome} ${count}`).join(", ")} ` +
      `(expected: credited ${storm.topups}, and ${storm.retries + storm.secondTransfers} repeats answered duplicate or unmatched — which of a pair wins is up to the race). ` +
      `Stored bank events: ${storm.bankEvents.credited} credited to ${storm.bankEvents.distinctUsers} different users, ${storm.bankEvents.unmatched} parked as unmatched for an admin (expected ${storm.secondTransfers}, the second transfers).`,
    "",
    storm.creditedOnce
      ? `Each of the ${storm.topups} users ends with exactly the top-up's amount, one deposit in the ledger and the top-up paid: **credited exactly once**.`
      : `**Credit check failed** for ${storm.problems.length} users: ${JSON.stringify(storm.problems.slice(0, 5))}`,
    "",
  );

  const crypto = results.cryptoStorm;
  if (crypto) {
    lines.push(
      "## Crypto notification storm",
      "",
      `${crypto.invoices} users each made a crypto invoice through the API and paid it at the simulated NOWPayments; its ${crypto.notifications} signed notifications (${crypto.duplicates} of them duplicates of the same payment) were posted at once, shuffled, ${crypto.concurrency} in flight. Each made the store read the payment back from the simulator.`,
      "",
      "| notifications | in flight | median ms | p99 ms | notifications/s | HTTP errors |",
      "|---|---|---|---|---|---|",
      `| ${crypto.notifications} | ${crypto.concurrency} | ${ms(crypto.median)} | ${ms(crypto.p99)} | ${crypto.perSecond.toFixed(1)} | ${crypto.errors} |`,
      "",
      `Outcomes: ${Object.entries(crypto.outcomes).map(([outcome, count]) => `${outcome} ${count}`).join(", ")} (expected: credited ${crypto.invoices}, the duplicates unchanged).`,
      "",
      ...(crypto.resent?.notifications
        ? [`The ${crypto.errors} notifications the store answered with an error were sent again, as NOWPayments does (${crypto.resent.notifications} sends in ${crypto.resent.rounds} rounds): ${Object.entries(crypto.resent.outcomes).map(([outcome, count]) => `${outcome} ${count}`).join(", ")}.`, ""]
        : []),
      crypto.creditedOnce
        ? `Each of the ${crypto.invoices} users ends with exactly the invoice's VND and one crypto deposit: **credited exactly once**.`
        : `**Credit check failed** for ${crypto.problems.length} users: ${JSON.stringify(crypto.problems.slice(0, 5))}`,
      "",
    );
  }

  lines.push("## JavaScript shipped by public pages (gzip level 6)", "", "| page | JS files | JS raw | JS gzipped | (brotli) | inline scripts (gz) | HTML (gz) |", "|---|---|---|---|---|---|---|");
  for (const page of js) lines.push(`| \`${page.path}\` | ${page.files.length} | ${kb(page.bytes)} | **${kb(page.gzip)}** | ${kb(page.brotli)} | ${kb(page.inlineGzip)} | ${kb(page.htmlBytes)} (${kb(page.htmlGzip)}) |`);
  lines.push("", "Inline scripts are the route manifest and the loader data Remix embeds for hydration (not counted in the JS budget).", "");
  // Every file once, with the pages that load it: what is shared and what each page adds.
  const files = new Map();
  for (const page of js) for (const file of page.files) files.set(file.path, { ...file, pages: [...(files.get(file.path)?.pages ?? []), page.path] });
  lines.push("Files, largest first:", "", "| file | raw | gzipped | loaded by |", "|---|---|---|---|");
  for (const file of [...files.values()].sort((a, b) => b.gzip - a.gzip)) lines.push(`| \`${file.path}\` | ${kb(file.bytes)} | ${kb(file.gzip)} | ${file.pages.length === js.length ? "all" : file.pages.map((path) => `\`${path}\``).join(", ")} |`);
  lines.push("");

  lines.push("## Lighthouse (mobile profile, simulated throttling)", "");
  if (!lighthouse) lines.push(`Not run: ${results.lighthouseError}`, "");
  for (const page of lighthouse ?? []) {
    lines.push(
      `### ${page.name} — performance ${page.performance}, accessibility ${page.accessibility}`,
      "",
      `\`${page.url}\`; median of ${page.allPerformance.length} runs (performance per run: ${page.allPerformance.join(", ")}); CPU benchmark index ${page.benchmarkIndex ?? "?"}` +
        `${page.benchmarkIndex < 1000 ? " — below 1000, the machine was busy: Lighthouse's 4× CPU slowdown comes on top, so the performance score is understated" : ""}. Report: [${page.file}](${page.file}).`,
      "",
      `| ${Object.keys(page.metrics).join(" | ")} |`,
      `|${Object.keys(page.metrics).map(() => "---").join("|")}|`,
      `| ${Object.values(page.metrics).join(" | ")} |`,
      "",
    );
    for (const category of ["performance", "accessibility"]) {
      if (page.lost[category].length === 0) continue;
      lines.push(`Points lost (${category}): ${page.lost[category].map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""} −${audit.lost}${audit.elements.length ? ` — e.g. ${audit.elements.map((element) => `\`${element}\``).join(", ")}` : ""}`).join("; ")}.`, "");
    }
    if (page.hints.length) lines.push(`Flagged: ${page.hints.map((hint) => `${hint.title} (${hint.displayValue})`).join("; ")}.`, "");
    if (page.mainThread.length) lines.push(`Main thread: ${page.mainThread.join(", ")}.`, "");
  }
  return `${lines.join("\n")}\n`;
}

/** The table printed at the end of the run. */
export function summaryTable(results) {
  const short = (text) => (text.length > 70 ? `${text.slice(0, 69)}…` : text);
  const rows = budgets(results).map((entry) => [entry.budget, short(entry.measured), verdict(entry.pass)]);
  const { pages, catalogue, storm, purchases } = results;
  rows.push(
    ["Static / home / app median (ms)", `${ms(pages.static.sequential.median)} / ${ms(pages.home.sequential.median)} / ${ms(pages.app.sequential.median)}`, ""],
    ["Catalogue uncached / 304 median (ms)", `${ms(catalogue.list.uncached.median)} / ${ms(catalogue.list.cached.median)}`, ""],
    ["Purchases, 50 buyers: p50 / p99 / per s", `${ms(purchases.rows[0].p50)} / ${ms(purchases.rows[0].p99)} ms / ${purchases.rows[0].throughput.toFixed(1)}`, ""],
    ["Webhook storm: p50 / p99 / per s", `${ms(storm.median)} / ${ms(storm.p99)} ms / ${storm.perSecond.toFixed(1)}`, storm.creditedOnce ? "credited once" : "CREDIT MISMATCH"],
  );
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join("  │  ")).join("\n");
}
