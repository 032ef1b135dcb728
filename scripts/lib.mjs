// Small helpers shared by the project's scripts.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("..", import.meta.url));

/** The settings a developer may override from the environment when starting the store. */
export const CONFIG_KEYS = ["APP_ENV", "SITE_NAME", "TELEGRAM_URL", "ZALO_URL", "PUBLIC_BASE_URL", "JWT_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "GOOGLE_ISSUER", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_SCOPE", "GOOGLE_AUTH_PARAMS", "MAIL_TRANSPORT", "MAIL_FROM", "MAIL_API_URL", "MAIL_API_KEY", "VIETQR_BANK_BIN", "VIETQR_BANK_CODE", "VIETQR_ACCOUNT_NUMBER", "VIETQR_ACCOUNT_NAME", "VIETQR_MIN_AMOUNT", "VIETQR_MAX_AMOUNT", "VIETQR_STEP", "VIETQR_TIMEOUT_MINUTES", "SEPAY_AUTH", "SEPAY_API_KEY", "SEPAY_HMAC_SECRET", "CASSO_SECRET", "PAYOS_CHECKSUM_KEY", "CARD_GATEWAY_URL", "CARD_PARTNER_ID", "CARD_PARTNER_KEY", "CARD_FEES", "CARD_CREDIT", "NOWPAYMENTS_API_URL", "NOWPAYMENTS_API_KEY", "NOWPAYMENTS_IPN_SECRET", "LICENSE_SIGNING_KEY", "LICENSE_LEASE_HOURS", "KEY_DEVICE_RESET_HOURS", "TELEGRAM_BOT_TOKEN", "TELEGRAM_CHAT_ID", "TELEGRAM_API_URL", "TELEGRAM_EVENTS", "LOW_STOCK_THRESHOLD", "WEBHOOK_DNS_URL"];

export function stateDir() {
  return process.env.STATE_DIR || ".wrangler/state";
}

/** Local secrets come from .dev.vars; a fresh clone starts from the committed example. */
export function ensureDevVars() {
  const local = new URL("../.dev.vars", import.meta.url);
  if (!existsSync(local)) {
    copyFileSync(new URL("../.dev.vars.example", import.meta.url), local);
    console.log("Created .dev.vars from .dev.vars.example (development defaults).");
  }
}

function readVars(file) {
  const url = new URL(file, import.meta.url);
  if (!existsSync(url)) return {};
  return Object.fromEntries(
    readFileSync(url, "utf8")
      .split("\n")
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/**
 * Settings that `wrangler dev` would not see on its own: those the environment overrides, and
 * those a developer's older .dev.vars lacks (taken from the committed example).
 */
export function settingsToPass() {
  const example = readVars("../.dev.vars.example");
  const local = readVars("../.dev.vars");
  const missing = Object.fromEntries(Object.entries(example).filter(([key]) => !(key in local)));
  const fromEnvironment = Object.fromEntries(CONFIG_KEYS.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
  return { ...missing, ...fromEnvironment };
}

/** The settings the local store runs with: the example, .dev.vars, then the environment. */
export function localSettings() {
  return { ...readVars("../.dev.vars.example"), ...readVars("../.dev.vars"), ...settingsToPass() };
}

/** The port the local store serves on: PORT from the environment, else from .dev.vars, else 8787. */
export function storePort(env = process.env, settings = localSettings()) {
  return Number(env.PORT || settings.PORT || 8787);
}

/**
 * `command` as typed in another terminal to reach the store on `port`: prefixed with PORT= when the
 * port came from this shell's environment, where a new terminal would not find it.
 */
export function commandForPort(port, command, settings = localSettings()) {
  return storePort({}, settings) === port ? command : `PORT=${port} ${command}`;
}

/** Runs a project binary (node_modules/.bin is on PATH under npm) and stops on failure. */
export function run(command, args, { quiet = false } = {}) {
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", encoding: "utf8" });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    console.error(`\n${command} ${args.join(" ")} failed (${why}).`);
    process.exit(result.status ?? 1);
  }
  return result;
}

/** Builds the store (unless SKIP_BUILD=1) and applies the migrations to the local D1 in `persistTo`. */
export async function prepareStore(persistTo) {
  ensureDevVars();
  if (process.env.SKIP_BUILD !== "1") run("remix", ["vite:build"], { quiet: true });
  await migrateLocally(persistTo);
}

/**
 * Applies the migrations a local D1 (binding `binding` of the store in `persistTo`) has not had,
 * as `wrangler d1 migrations apply --local` does: the same d1_migrations table, and each file with
 * its row of that table as one batch, split by wrangler's own splitter. Wrangler starts a runtime
 * for each file (about half a second each, 16 s for 29 files); this runs them all in one.
 */
export async function migrateLocally(persistTo, binding = "DB") {
  const { unstable_splitSqlQuery: split } = await import("wrangler");
  const config = await wranglerConfig();
  const folder = join(projectRoot, config.d1_databases.find((db) => db.binding === binding).migrations_dir ?? "migrations");
  await withLocalBindings(persistTo, async (env) => {
    const db = env[binding];
    // Wrangler's own text, so the schema (and a backup's export of it) is the same byte for byte.
    await db.prepare('CREATE TABLE IF NOT EXISTS "d1_migrations"(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);').run();
    const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all()).results.map((row) => row.name));
    for (const name of readdirSync(folder).filter((file) => file.endsWith(".sql")).sort()) {
      if (applied.has(name)) continue;
      const sql = `${readFileSync(join(folder, name), "utf8")}\nINSERT INTO "d1_migrations" (name)\nvalues ('${name.replaceAll("'", "''")}');`;
      await db.batch(split(sql).map((query) => db.prepare(query)));
    }
  });
}

// Miniflare asks workers.cloudflare.com for a real `Request.cf`; offline that prints a stack trace.
// The store reads nothing from `request.cf`, so the built-in placeholder is enough.
const OFFLINE_CF = { CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/** The Worker's settings from wrangler.toml, as wrangler itself reads them. */
export async function wranglerConfig() {
  const { unstable_readConfig } = await import("wrangler");
  return unstable_readConfig({ config: join(projectRoot, "wrangler.toml") });
}

/** The SHA-256 of `bytes`, in hex: how the store names a file's content (and a backup checks it). */
export function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Resolves to whether nothing listens on `host`:`port` yet. */
export function portIsFree(port, host = "127.0.0.1") {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.once("error", () => resolvePort(false));
    probe.listen(port, host, () => probe.close(() => resolvePort(true)));
  });
}

/** A port on 127.0.0.1 that nothing listens on now, as the system hands them out. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Serves the built store with `wrangler dev` on 127.0.0.1:`port`; `overrides` (see settingsToPass)
 * become --var flags, `flags` go to wrangler as they are. Returns the child process.
 */
export function serveStore({ port, persistTo, overrides, flags = [], stdio = ["ignore", "inherit", "inherit"], detached = false }) {
  const varFlags = Object.entries(overrides).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
  return spawn(
    "wrangler",
    ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistTo, "--show-interactive-dev-session=false", ...flags, ...varFlags],
    { cwd: projectRoot, stdio, env: { ...OFFLINE_CF, ...process.env }, detached },
  );
}

/** Ends a child started with `detached: true` and everything under it (its process group). */
export async function stopProcessGroup(child, { graceMs = 10_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  signalGroup("SIGTERM");
  const timer = new Promise((resolveTimer) => setTimeout(resolveTimer, graceMs, "timeout"));
  if ((await Promise.race([exited, timer])) === "timeout") signalGroup("SIGKILL");
}

/** Waits until the store answers its catalogue (the first request also creates the admin account). */
export async function waitForStore(origin, { attempts = 240 } = {}) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const response = await fetch(`${origin}/api/apps/list/`);
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * Opens the local D1/R2 bindings kept in `persistTo` for `use(env)` and closes them afterwards;
 * `env` also holds wrangler.toml's [vars] and .dev.vars. The storage bindings only: the store's
 * own Durable Object cannot be served outside `wrangler dev`, and binding it would draw warnings.
 */
export async function withLocalBindings(persistTo, use) {
  const { getPlatformProxy } = await import("wrangler");
  const config = await wranglerConfig();
  const configDir = mkdtempSync(join(tmpdir(), "igh-bindings-"));
  const configPath = join(configDir, "wrangler.json");
  writeFileSync(
    configPath,
    JSON.stringify({
      name: config.name,
      compatibility_date: config.compatibility_date,
      compatibility_flags: config.compatibility_flags,
      d1_databases: config.d1_databases.map(({ binding, database_name, database_id }) => ({ binding, database_name, database_id })),
      r2_buckets: config.r2_buckets.map(({ binding, bucket_name }) => ({ binding, bucket_name })),
      vars: config.vars,
    }),
  );
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= OFFLINE_CF.CLOUDFLARE_CF_FETCH_ENABLED;
  // Wrangler's notes ("Using secrets defined in .dev.vars") are not news here; warnings still show.
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = logLevel ?? "warn";
  const devVars = join(projectRoot, ".dev.vars");
  try {
    const { env, dispose } = await getPlatformProxy({
      configPath,
      envFiles: existsSync(devVars) ? [devVars] : [],
      persist: { path: resolve(projectRoot, persistTo, "v3") },
    });
    try {
      return await use(env);
    } finally {
      await dispose();
    }
  } finally {
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
    rmSync(configDir, { recursive: true, force: true });
  }
}
