// `npm run check:deploy` (and a step of `npm test`): proves, without an account, that the Worker
// would deploy. It builds the upload with `wrangler deploy --dry-run`, then fails when
// - a migration holds a statement that can remove or rewrite rows (any DROP, DELETE, UPDATE, REPLACE,
//   RENAME, PRAGMA, upsert, a trigger that writes, a unique index over rows that are there) without
//   a review naming the tables it may change, or, rehearsed on a store shaped like the demo store
//   (and with an insert, update and delete fired on each table after it), loses rows, columns,
//   indexes or triggers its review does not name;
//   or drizzle-kit's journal and migrations/ disagree,
// - the bundle's gzip size passes its budget (GZIP_BUDGET_BYTES, under Cloudflare's 3 MB Free limit),
// - a binding the code is typed for (worker-configuration.d.ts) is missing from wrangler.toml,
//   a Durable Object class has no [[migrations]] entry, or a D1 database has no migrations,
// - the uploaded bundle does not start in workerd: it is served with the D1 migrations applied, and
//   its home page, catalogue API and scheduled() must answer without an error or warning.
// Expects a build (`npm run build`): the Worker imports build/server.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { freePort, migrateLocally, projectRoot, run, stopProcessGroup, waitForStore, wranglerConfig } from "./lib.mjs";
import { rehearse } from "./migration-rehearsal.mjs";
import { risksOf } from "./sql-statements.mjs";

// About twice today's bundle (≈550 KB): room for the store to grow, yet a heavy dependency pulled
// in by mistake fails CI long before Cloudflare's 3 MB (Free plan) refuses the upload, and a
// smaller script starts faster in each new isolate.
export const GZIP_BUDGET_BYTES = 1024 * 1024;
const CLOUDFLARE_FREE_LIMIT_BYTES = 3 * 1024 * 1024;

const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;

/** Sizes of the modules wrangler would upload from `outdir` (source maps and its README aside). */
export function bundleSize(outdir) {
  const files = readdirSync(outdir, { recursive: true })
    .map(String)
    .filter((name) => !name.endsWith(".map") && name !== "README.md" && statSync(join(outdir, name)).isFile())
    .map((name) => {
      const bytes = readFileSync(join(outdir, name));
      return { name, bytes: bytes.byteLength, gzip: gzipSync(bytes).byteLength };
    });
  return { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0), gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

/** Problems with the bundle's size: none, or one line naming the biggest modules. */
export function budgetProblems(size, budget = GZIP_BUDGET_BYTES) {
  if (size.gzip <= budget) return [];
  const biggest = [...size.files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((file) => `${file.name} ${kb(file.gzip)}`)
    .join(", ");
  return [`the bundle is ${kb(size.gzip)} gzipped, over its budget of ${kb(budget)} (biggest: ${biggest}); see the ADR 0020 before raising it`];
}

const BINDING_TYPE = /^\s+(\w+): (D1Database|R2Bucket|KVNamespace|Fetcher|DurableObjectNamespace|Queue|AnalyticsEngineDataset|Hyperdrive|RateLimit)\b/;

/** The bindings (not settings) the code is typed for, from the generated `Env` in `typesText`. */
export function typedBindings(typesText) {
  return typesText.split("\n").flatMap((line) => BINDING_TYPE.exec(line)?.[1] ?? []);
}

/** The binding names a wrangler config declares. */
function declaredBindings(config) {
  return [
    ...config.d1_databases.map((db) => db.binding),
    ...config.r2_buckets.map((bucket) => bucket.binding),
    ...config.kv_namespaces.map((namespace) => namespace.binding),
    ...config.durable_objects.bindings.map((object) => object.name),
    ...config.services.map((service) => service.binding),
    ...config.queues.producers.map((queue) => queue.binding),
    ...(config.ratelimits ?? []).map((limiter) => limiter.name),
    ...(config.assets?.binding ? [config.assets.binding] : []),
  ];
}

/** Problems with a wrangler config against the bindings the code needs; `sqlFiles(dir)` lists a folder's migrations. */
export function configProblems(config, needed, sqlFiles) {
  const declared = new Set(declaredBindings(config));
  const problems = needed.filter((name) => !declared.has(name)).map((name) => `the binding ${name} is used by the code but missing from wrangler.toml`);
  const migrated = new Set(config.migrations.flatMap((step) => [...(step.new_classes ?? []), ...(step.new_sqlite_classes ?? [])]));
  for (const step of config.migrations) for (const gone of step.deleted_classes ?? []) migrated.delete(gone);
  for (const object of config.durable_objects.bindings) {
    if (!object.script_name && !migrated.has(object.class_name)) problems.push(`the Durable Object class ${object.class_name} (${object.name}) has no [[migrations]] entry creating it`);
  }
  for (const db of config.d1_databases) {
    if (sqlFiles(db.migrations_dir ?? "migrations").length === 0) problems.push(`the D1 database ${db.binding} has no migrations in ${db.migrations_dir ?? "migrations"}/`);
  }
  return problems;
}

// A migration's statements that can remove or rewrite rows are read as SQL (scripts/sql-statements.mjs),
// and every migration is rehearsed on a store with several rows in every table (scripts/migration-rehearsal.mjs).
// D1 applies a migration inside a transaction with foreign keys enforced, where `PRAGMA foreign_keys=OFF`
// does nothing and `PRAGMA defer_foreign_keys` defers checks, not ON DELETE actions: a table rebuild
// (CREATE __new_x, copy, DROP TABLE x, RENAME) cascades every child row away.

/**
 * A review in `dir/reviewed.json`: `{ reason, tables, drops?, columns? }`, the tables the migration
 * may change, the indexes or triggers it may remove, and the columns ("table.column") it may drop
 * or rename: naming a table lets its rows change, not its columns go (the previous Worker, after a
 * rollback, reads them). Anything else (a bare reason) is no review.
 */
function reviewIn(reviewed, file) {
  const entry = reviewed[file];
  const names = (list) => Array.isArray(list) && list.every((name) => typeof name === "string" && name.trim());
  const columnNames = (list) => names(list) && list.every((name) => /^[^.]+\.[^.]+$/.test(name));
  if (!entry || typeof entry !== "object" || typeof entry.reason !== "string" || !entry.reason.trim() || !names(entry.tables)) return undefined;
  if ((entry.drops !== undefined && !names(entry.drops)) || (entry.columns !== undefined && !columnNames(entry.columns))) return undefined;
  return { tables: entry.tables, drops: entry.drops ?? [], columns: entry.columns ?? [] };
}

/**
 * Problems with the migrations in `dir`, one line per file: a statement that can remove or rewrite
 * rows without a review naming its tables in `dir/reviewed.json`; a loss of rows, columns, indexes
 * or triggers, rehearsed on a seeded store, that the review does not name (a review never turns the
 * rehearsal off); a .sql file drizzle-kit's journal does not list (its next `generate` would reuse
 * the number and rebuild from a stale snapshot), or the reverse.
 */
export function migrationProblems(dir) {
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".sql")).sort() : [];
  const reviewedPath = join(dir, "reviewed.json");
  const reviewed = existsSync(reviewedPath) ? JSON.parse(readFileSync(reviewedPath, "utf8")) : {};
  const rehearsal = rehearse(dir, files, (file) => reviewIn(reviewed, file) ?? { tables: [], drops: [], columns: [] });
  const problems = [];
  for (const file of files) {
    const parts = [];
    const { labels, tables } = risksOf(readFileSync(join(dir, file), "utf8"));
    const review = reviewIn(reviewed, file);
    if (labels.length && !review) {
      const bare = typeof reviewed[file] === "string" && reviewed[file].trim() ? " (a reason alone no longer counts)" : "";
      parts.push(
        `contains ${labels.join(", ")}, which can lose rows in D1; make the change additive (new table or column, copy, switch, drop one release later) or list the file in migrations/reviewed.json after review${bare}, with its reason and the tables it may change: {"reason": "…", "tables": ["…"]} (and "columns": ["table.column"] it may drop or rename)`,
      );
    } else if (review) {
      const named = new Set(review.tables.map((table) => table.toLowerCase()));
      const unnamed = tables.filter((table) => !named.has(table.toLowerCase()));
      if (unnamed.length) parts.push(`writes ${unnamed.join(", ")}, which its review in migrations/reviewed.json does not name`);
    }
    const rehearsed = rehearsal.get(file);
    if (rehearsed?.unseeded.length) parts.push(`could not be rehearsed fully: no row could be put in ${rehearsed.unseeded.join(", ")}`);
    if (rehearsed?.failed) parts.push(`fails on a seeded copy of the store before it (${rehearsed.failed}); the files after it were not rehearsed`);
    if (rehearsed?.lost.length) parts.push(`rehearsed on a seeded copy of the store before it, loses what its review does not name: ${rehearsed.lost.join(", ")}`);
    if (rehearsed?.fired.length) parts.push(`leaves triggers that lose what its review does not name, once a row is written (one insert, update and delete fired on each table): ${rehearsed.fired.join(", ")}`);
    if (parts.length) problems.push(`migrations/${file} ${parts.join("; ")}`);
  }
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = existsSync(journalPath) ? JSON.parse(readFileSync(journalPath, "utf8")).entries.map((entry) => `${entry.tag}.sql`) : [];
  for (const file of files) if (!journal.includes(file)) problems.push(`migrations/${file} is not in drizzle-kit's journal (migrations/meta/_journal.json): write hand-made SQL into a file made by \`npx drizzle-kit generate --custom --name <name>\``);
  for (const file of journal) if (!files.includes(file)) problems.push(`drizzle-kit's journal lists ${file}, which is not in migrations/`);
  return problems;
}

function sqlFilesIn(dir) {
  const path = join(projectRoot, dir);
  return existsSync(path) ? readdirSync(path).filter((name) => name.endsWith(".sql")) : [];
}

/** Builds the upload as `wrangler deploy` would, into `outdir`; returns its sizes. */
function dryRunDeploy(outdir) {
  run("wrangler", ["deploy", "--dry-run", "--outdir", outdir], { quiet: true });
  return bundleSize(outdir);
}

/** The Worker's upload sizes (for the bench), built in a temporary folder. */
export function workerBundleSize() {
  const outdir = mkdtempSync(join(tmpdir(), "igh-bundle-"));
  try {
    return dryRunDeploy(outdir);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * Serves the uploaded bundle (not the sources) in workerd with fresh local state and the committed
 * development settings; returns the problems seen: failed requests, and any warning or error it printed.
 */
export async function startupProblems(config, bundlePath, stateDir) {
  for (const db of config.d1_databases) await migrateLocally(stateDir, db.binding);
  const port = await freePort();
  // wrangler's own inspector port is the first free one from 9229, which another wrangler dev
  // starting beside this one may take first ("Address already in use (socket "direct:1:default")").
  const inspectorPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const worker = spawn(
    "wrangler",
    ["dev", bundlePath, "--no-bundle", "--config", "wrangler.toml", "--env-file", ".dev.vars.example", "--persist-to", stateDir,
      "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort), "--log-level", "warn", "--test-scheduled", "--show-interactive-dev-session=false"],
    { cwd: projectRoot, stdio: ["ignore", "pipe", "pipe"], env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env }, detached: true },
  );
  let output = "";
  for (const stream of [worker.stdout, worker.stderr]) stream.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolveExit) => worker.once("exit", (code, signal) => resolveExit(`wrangler dev stopped (${signal ?? `exit ${code}`})`)));
  const problems = [];
  try {
    const answered = await Promise.race([waitForStore(origin, { attempts: 120 }).then((ok) => (ok ? null : `it did not answer on ${origin}`)), exited]);
    if (answered) problems.push(answered);
    else {
      const cron = encodeURIComponent(config.triggers.crons?.[0] ?? "* * * * *");
      for (const path of ["/", "/api/apps/list/", `/cdn-cgi/handler/scheduled?cron=${cron}`]) {
        const response = await fetch(`${origin}${path}`);
        await response.arrayBuffer();
        if (!response.ok) problems.push(`GET ${path} answered ${response.status}`);
      }
    }
  } finally {
    await stopProcessGroup(worker);
  }
  const printed = output.trim();
  if (printed) problems.push(`it printed:\n${printed}`);
  return problems;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), "igh-deploy-check-"));
  try {
    const outdir = join(work, "bundle");
    const size = dryRunDeploy(outdir);
    const config = await wranglerConfig();
    const needed = typedBindings(readFileSync(join(projectRoot, "worker-configuration.d.ts"), "utf8"));
    const problems = [...budgetProblems(size), ...configProblems(config, needed, sqlFilesIn), ...config.d1_databases.flatMap((db) => migrationProblems(join(projectRoot, db.migrations_dir ?? "migrations")))];
    if (problems.length === 0) {
      const entry = size.files.find((file) => file.name.endsWith(".js"))?.name ?? "index.js";
      problems.push(...(await startupProblems(config, join(outdir, entry), join(work, "state"))).map((problem) => `the uploaded Worker's start-up: ${problem}`));
    }
    const figures = `bundle ${kb(size.gzip)} gzipped (${kb(size.bytes)} raw; budget ${kb(GZIP_BUDGET_BYTES)}, Cloudflare Free limit ${kb(CLOUDFLARE_FREE_LIMIT_BYTES)})`;
    if (problems.length) {
      console.error(`Deploy check failed: ${figures}\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
      return 1;
    }
    console.log(`Deploy check passed: ${figures}; bindings ${needed.join(", ")} declared; the bundle starts and serves.`);
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main();
