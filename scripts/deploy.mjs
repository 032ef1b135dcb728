// `npm run deploy`: a production release in one command (docs/operations.md, "Releasing"). It stops
// at the first step that fails, and touches Cloudflare only once everything local has passed:
//  1. the production settings: wrangler.toml merged with the untracked production.toml, checked by
//     the store's own config check (workers/platform/config.ts), refusing the placeholders that would make
//     the store answer 503 (database id, VietQR account), the example's placeholder host and
//     secrets written under [vars] (which wrangler would upload as plain settings);
//  2. the secrets on Cloudflare are set (read-only; a Worker that does not exist yet is a first
//     deploy, told how to begin), with the Telegram alarms and a bank webhook key unless waived
//     (--without-alarms, --without-bank), and HEALTH_TOKEN both there and in this shell's
//     environment. `npm run deploy -- --check` stops here;
//  3. the build, then the deploy check (scripts/deploy-check.mjs) on it;
//  4. a D1 Time Travel bookmark of the database before the migration, printed;
//  5. the remote migrations (stopped half-way, it says which files applied), 6. the Worker's upload;
//  7. GET /api/health on the store with HEALTH_TOKEN until the new release answers with its checks
//     ok; when it does not, `wrangler rollback` to the previous version and the command to restore
//     the database to the bookmark.
import { spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { projectRoot } from "./lib.mjs";

// Tests put a stand-in here: Cloudflare's API is not reachable from CI.
const WRANGLER = process.env.WRANGLER_BIN || "npx";
const WRANGLER_ARGS = process.env.WRANGLER_BIN ? [] : ["wrangler"];
const PRODUCTION_FILE = process.env.PRODUCTION_CONFIG || join(projectRoot, "production.toml");
const MERGED_CONFIG = join(projectRoot, ".wrangler", "production", "wrangler.json");
// Where wrangler writes what it uploaded, the version id among it (its WRANGLER_OUTPUT_FILE_PATH).
const DEPLOY_OUTPUT = join(projectRoot, ".wrangler", "production", "deploy-output.ndjson");

const PLACEHOLDER_DATABASE_ID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;
const PLACEHOLDER_ACCOUNT = /^0+$/;

const put = (name) => `npx wrangler secret put ${name} --config ${MERGED_CONFIG}`;

/** The secrets this store's settings call for, each with the command that sets it. */
export function requiredSecrets(vars) {
  const secrets = [
    { name: "JWT_SECRET", how: `openssl rand -base64 48 | ${put("JWT_SECRET")}` },
    { name: "ADMIN_EMAIL", how: put("ADMIN_EMAIL") },
    { name: "ADMIN_PASSWORD", how: `${put("ADMIN_PASSWORD")}   (8 characters or more)` },
    { name: "LICENSE_SIGNING_KEY", how: `openssl genpkey -algorithm ed25519 | ${put("LICENSE_SIGNING_KEY")}` },
    { name: "MFA_ENCRYPTION_KEY", how: `openssl rand -base64 48 | ${put("MFA_ENCRYPTION_KEY")}` },
  ];
  if (vars.MAIL_TRANSPORT === "resend") secrets.push({ name: "MAIL_API_KEY", how: put("MAIL_API_KEY") });
  if (vars.GOOGLE_CLIENT_ID) secrets.push({ name: "GOOGLE_CLIENT_SECRET", how: put("GOOGLE_CLIENT_SECRET") });
  if (vars.CARD_GATEWAY_URL) secrets.push({ name: "CARD_PARTNER_KEY", how: put("CARD_PARTNER_KEY") });
  // Crypto top-ups: the API key creates invoices, the IPN secret proves NOWPayments' notifications.
  if (vars.NOWPAYMENTS_API_URL) {
    secrets.push({ name: "NOWPAYMENTS_API_KEY", how: put("NOWPAYMENTS_API_KEY") });
    secrets.push({ name: "NOWPAYMENTS_IPN_SECRET", how: `${put("NOWPAYMENTS_IPN_SECRET")}   (NOWPayments dashboard, Store settings, IPN secret key)` });
  }
  return secrets;
}

/** Those of `requiredSecrets` that are neither a secret on Cloudflare nor a plain setting. */
export function missingSecrets(vars, secretNames) {
  return requiredSecrets(vars).filter(({ name }) => !secretNames.has(name) && !vars[name]);
}

/**
 * What a store may start without but should not be released without, each met by any one of
 * `names`: HEALTH_TOKEN (the deploy reads the new release's health with it), the owner's Telegram
 * alarms and a bank webhook key (without one every deposit is refused, workers/money/bank-transfers.ts),
 * the last two waived only by their flag. `healthTokenHere`: this shell holds HEALTH_TOKEN.
 */
function releaseSecrets(vars, { withoutAlarms = false, withoutBank = false, healthTokenHere = false } = {}) {
  const health = healthTokenHere ? "" : "export HEALTH_TOKEN=$(openssl rand -hex 32) && ";
  const needs = [{ name: "HEALTH_TOKEN", names: ["HEALTH_TOKEN"], how: `${health}printf %s "$HEALTH_TOKEN" | ${put("HEALTH_TOKEN")}   (keep it: every npm run deploy reads it from its environment)` }];
  if (!withoutAlarms) {
    const waive = "or go without the owner's alarms: npm run deploy -- --without-alarms";
    needs.push(
      { name: "TELEGRAM_BOT_TOKEN", names: ["TELEGRAM_BOT_TOKEN"], how: `${put("TELEGRAM_BOT_TOKEN")}   (the token @BotFather gave; ${waive})` },
      { name: "TELEGRAM_CHAT_ID", names: ["TELEGRAM_CHAT_ID"], how: `TELEGRAM_CHAT_ID = "<chat id>" in production.toml [vars]   (the chat the bot writes to; ${waive})` },
    );
  }
  if (!withoutBank) {
    // SePay checks one secret per mode (SEPAY_AUTH); Casso and payOS are on once their key is set.
    const sepay = vars.SEPAY_AUTH === "hmac" ? "SEPAY_HMAC_SECRET" : "SEPAY_API_KEY";
    needs.push({
      name: sepay,
      names: [sepay, "CASSO_SECRET", "PAYOS_CHECKSUM_KEY"],
      how: `${put(sepay)}   (the key of SePay's webhook; Casso or payOS instead: CASSO_SECRET or PAYOS_CHECKSUM_KEY; or go without bank transfers: npm run deploy -- --without-bank)`,
    });
  }
  return needs;
}

/** Those of `releaseSecrets` of which no name is a secret on Cloudflare or a plain setting. */
function missingReleaseSecrets(vars, secretNames, options) {
  return releaseSecrets(vars, options).filter(({ names }) => !names.some((name) => secretNames.has(name) || vars[name]));
}

/** An origin as links are built on it: no whitespace around, no trailing slash (`${origin}/api/…`). */
function normalisedOrigin(url) {
  return String(url ?? "").trim().replace(/\/+$/, "");
}

// What production.toml may hold beside [vars] and database_id: where the Worker answers. Anything
// else is refused by name (productionRefusals), so nothing the owner wrote is dropped in silence.
const PRODUCTION_KEYS = ["route", "routes", "workers_dev", "preview_urls", "account_id"];

/**
 * wrangler.toml with the owner's production.toml over it: its `database_id`, its `[vars]` and where
 * the Worker answers (PRODUCTION_KEYS: routes, custom domains). The tracked file keeps what every
 * shop shares, so an update of the store never conflicts with a shop's own values. Paths become
 * absolute: the merged file lives under .wrangler/.
 */
export function productionConfig(base, production) {
  const merged = structuredClone(base);
  merged.vars = { ...base.vars, ...production.vars };
  if (merged.vars.PUBLIC_BASE_URL !== undefined) merged.vars.PUBLIC_BASE_URL = normalisedOrigin(merged.vars.PUBLIC_BASE_URL);
  for (const key of PRODUCTION_KEYS) if (production[key] !== undefined) merged[key] = structuredClone(production[key]);
  // database_name too: a restore goes into a new database (docs/operations.md "Restoring"), which
  // the commands that name it (wrangler d1 export, npm run backup --remote) must find here.
  merged.d1_databases = base.d1_databases.map((db, index) =>
    index === 0 ? { ...db, ...(production.database_id ? { database_id: production.database_id } : {}), ...(production.database_name ? { database_name: production.database_name } : {}) } : db,
  );
  const absolute = (path) => (isAbsolute(path) ? path : resolve(projectRoot, path));
  merged.main = absolute(base.main);
  if (merged.assets?.directory) merged.assets = { ...merged.assets, directory: absolute(merged.assets.directory) };
  merged.d1_databases = merged.d1_databases.map((db) => ({ ...db, migrations_dir: absolute(db.migrations_dir ?? "migrations") }));
  return merged;
}

/** Valid-looking values for the secrets, so the config check judges what the files hold. */
function secretStandIns(vars) {
  const { privateKey } = generateKeyPairSync("ed25519");
  const text = () => randomBytes(32).toString("hex");
  const values = { JWT_SECRET: text(), ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: text(), LICENSE_SIGNING_KEY: privateKey.export({ type: "pkcs8", format: "pem" }).toString() };
  return Object.fromEntries(requiredSecrets(vars).map(({ name }) => [name, values[name] ?? text()]));
}

// The example's host (production.example.toml: shop.example.vn) and any other of the names kept for
// examples: a store that answers there, or sends mail from there, is not the shop's.
const EXAMPLE_HOST = /\bexample\.(vn|com|net|org)\b/i;

/** Every string in `value` (a TOML table, list or string), with the path it sits at. */
function stringsIn(value, path) {
  if (typeof value === "string") return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${path}[${index}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => stringsIn(item, path ? `${path}.${key}` : key));
  return [];
}

/**
 * What production.toml must not hold: a key npm run deploy does not merge; a secret under [vars]
 * (wrangler uploads [vars] as plain settings, shown in the dashboard and to anyone who reads the
 * config); a value left as the example's placeholder host.
 */
function productionRefusals(production, secretNames) {
  const refusals = Object.keys(production)
    .filter((key) => !["database_id", "database_name", "vars"].includes(key) && !PRODUCTION_KEYS.includes(key))
    .map((key) => `production.toml declares ${key}, which npm run deploy does not merge (it takes database_id, database_name, [vars], ${PRODUCTION_KEYS.join(", ")}); remove it, or add it to wrangler.toml`);
  for (const name of Object.keys(production.vars ?? {}).filter((key) => secretNames.has(key))) {
    refusals.push(`${name} is a secret, but production.toml has it under [vars], which wrangler uploads as a plain setting anyone with the dashboard or the config reads: remove it there and run ${put(name)}`);
  }
  for (const { path, value } of stringsIn(production, "").filter((entry) => EXAMPLE_HOST.test(entry.value))) {
    refusals.push(`${path} is "${value}", the example's placeholder (production.example.toml): put the shop's own host there`);
  }
  return refusals;
}

/**
 * What would make the production store refuse to serve, found without asking Cloudflare anything.
 * `healthToken`: the HEALTH_TOKEN this shell holds, judged by the store's rules too.
 */
export async function configRefusals(merged, healthToken = "") {
  const refusals = [];
  const vars = merged.vars ?? {};
  if (vars.APP_ENV !== "production") refusals.push(`APP_ENV is "${vars.APP_ENV ?? ""}", not "production"`);
  for (const db of merged.d1_databases) {
    if (!db.database_id || PLACEHOLDER_DATABASE_ID.test(db.database_id)) {
      refusals.push(`the D1 database ${db.binding} has the placeholder id; set database_id in production.toml to the id \`npx wrangler d1 create ${db.database_name}\` printed`);
    }
  }
  if (!vars.VIETQR_ACCOUNT_NUMBER || PLACEHOLDER_ACCOUNT.test(vars.VIETQR_ACCOUNT_NUMBER)) {
    refusals.push("VIETQR_ACCOUNT_NUMBER is not set (the default 0000000000 would send buyers' transfers nowhere); set the shop's account in production.toml [vars]");
  }
  const { parseConfig } = await import("../workers/platform/config.ts");
  try {
    parseConfig({ ...secretStandIns(vars), ...(healthToken ? { HEALTH_TOKEN: healthToken } : {}), ...vars });
  } catch (error) {
    refusals.push(error.message);
  }
  return refusals;
}

function wrangler(args, options = {}) {
  return spawnSync(WRANGLER, [...WRANGLER_ARGS, ...args, "--config", MERGED_CONFIG], { cwd: projectRoot, encoding: "utf8", ...options });
}

/**
 * Which migrations the remote database has, after `d1 migrations apply` stopped: wrangler applies
 * each file in a transaction of its own, so the files before the failing one stay applied.
 */
function migrationsState() {
  const local = readdirSync(join(projectRoot, "migrations")).filter((name) => name.endsWith(".sql")).sort();
  const asked = wrangler(["d1", "execute", "DB", "--remote", "--command", "SELECT name FROM d1_migrations ORDER BY id", "--json"]);
  let applied;
  try {
    applied = new Set(JSON.parse(asked.stdout).flatMap((answer) => answer.results.map((row) => row.name)));
  } catch {
    return `Could not read which migrations the remote database has (${`${asked.stderr}${asked.stdout}`.trim() || `exit ${asked.status}`}); see npx wrangler d1 migrations list DB --remote --config ${MERGED_CONFIG}.`;
  }
  const pending = local.filter((name) => !applied.has(name));
  const newest = local.filter((name) => applied.has(name)).at(-1);
  return `The remote database has the migrations up to ${newest ?? "none"} (each file applies whole or not at all); not applied: ${pending.join(", ") || "none"}, the first of them the one that failed (its error is above). The previous version runs on what was applied (migrations are additive).`;
}

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: "inherit", env });
  if (result.status !== 0) fail(`${title} failed; nothing after it ran.`);
}

/**
 * The build's release id, which the Worker answers health with (workers/index.ts: build.assets.version,
 * which Remix writes as build/client/assets/manifest-<version>.js); null without one build.
 */
function buildRelease(root = projectRoot) {
  const assets = join(root, "build", "client", "assets");
  const ids = existsSync(assets) ? readdirSync(assets).flatMap((name) => /^manifest-(\w+)\.js$/.exec(name)?.[1] ?? []) : [];
  return ids.length === 1 ? ids[0] : null;
}

/** The version id wrangler reported for the upload (its output file), or null. */
function uploadedVersion(outputFile = DEPLOY_OUTPUT) {
  if (!existsSync(outputFile)) return null;
  let id = null;
  for (const line of readFileSync(outputFile, "utf8").split("\n")) {
    try {
      const entry = JSON.parse(line);
      if (entry.type === "deploy" && entry.version_id) id = entry.version_id;
    } catch {}
  }
  return id;
}

// The release's own checks (workers/health.ts). The cron is not one: a new version neither stops
// nor starts it, so a late cron is the owner's alarm, not a reason to roll back.
const RELEASE_CHECKS = ["config", "d1", "r2", "wallet"];

/**
 * GET /api/health with HEALTH_TOKEN until the new release (one of `releases`) answers with its own
 * checks ok, a few times: a new version takes seconds to reach every location. Its status is not
 * the judge: health answers 503 for a late cron too.
 */
export async function releaseHealth(origin, token, releases, { attempts = 6, delay = 5000 } = {}) {
  let last = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(`${origin}/api/health`, { headers: { "Cache-Control": "no-cache", Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
      const text = await response.text();
      last = `${response.status} ${text}`;
      let answer;
      try {
        answer = JSON.parse(text);
      } catch {}
      const data = answer?.data;
      // {success} alone is what a caller without the token gets (workers/health.ts).
      if (!data && typeof answer?.success === "boolean") last += " (no details: the store did not take this shell's HEALTH_TOKEN as its own)";
      else if (!data) last += " (not the store's health answer)";
      else if (!releases.includes(data.release)) last += ` (release ${data.release} answered, not the new ${releases.join(" or ")}: the previous version still serves)`;
      else if (RELEASE_CHECKS.every((part) => data[part] === "ok")) return { ok: true, last, release: data.release, cron: data.cron };
    } catch (error) {
      last = error.message;
    }
    if (attempt < attempts) await new Promise((done) => setTimeout(done, delay));
  }
  return { ok: false, last };
}

async function main() {
  const checkOnly = process.argv.includes("--check");
  const withoutAlarms = process.argv.includes("--without-alarms");
  const withoutBank = process.argv.includes("--without-bank");
  // Trimmed as workers/health.ts trims the secret.
  const healthToken = (process.env.HEALTH_TOKEN ?? "").trim();

  console.log("▶ Checking the production settings (wrangler.toml + production.toml)");
  if (!existsSync(PRODUCTION_FILE)) {
    fail(`${PRODUCTION_FILE} is missing. Copy production.example.toml to production.toml (git ignores it) and fill in the shop's values.`);
  }
  const production = parse(readFileSync(PRODUCTION_FILE, "utf8"));
  const merged = productionConfig(parse(readFileSync(join(projectRoot, "wrangler.toml"), "utf8")), production);
  const { SECRETS } = await import("../workers/platform/config.ts");
  const secretNames = new Set([...SECRETS, ...requiredSecrets({ MAIL_TRANSPORT: "resend", GOOGLE_CLIENT_ID: "x", CARD_GATEWAY_URL: "x", NOWPAYMENTS_API_URL: "x" }).map(({ name }) => name), "ADMIN_TOTP_SECRET"]);
  const refusals = [...productionRefusals(production, secretNames), ...(await configRefusals(merged, healthToken))];
  if (refusals.length) fail(`The production store would not serve with these settings; nothing was sent to Cloudflare:\n${refusals.map((refusal) => `  - ${refusal}`).join("\n")}`);
  mkdirSync(join(projectRoot, ".wrangler", "production"), { recursive: true });
  writeFileSync(MERGED_CONFIG, JSON.stringify(merged, null, 2));
  const vars = merged.vars;
  console.log("  settings valid");

  console.log("▶ Checking the production secrets");
  const listed = wrangler(["secret", "list", "--format", "json"]);
  if (listed.status !== 0) {
    const said = `${listed.stderr}${listed.stdout}`;
    if (/\[code: 10007\]|does not exist/i.test(said)) {
      const steps = [...requiredSecrets(vars), ...missingReleaseSecrets(vars, new Set(), { withoutAlarms, withoutBank, healthTokenHere: Boolean(healthToken) })]
        .map((secret) => `  ${secret.name.padEnd(22)} ${secret.how}`)
        .join("\n");
      fail(`First deploy: the Worker "${merged.name}" does not exist on Cloudflare yet. Set its secrets (the first one creates it), then run npm run deploy again:\n${steps}`);
    }
    fail(`${said}\nCould not list the Worker's secrets. Signed in? Run: npx wrangler login`);
  }
  let names;
  try {
    names = new Set(JSON.parse(listed.stdout).map((secret) => secret.name));
  } catch {
    fail(`wrangler answered something other than a list of secrets:\n${listed.stdout}`);
  }
  const missing = missingSecrets(vars, names);
  if (missing.length) {
    fail(`${missing.length} secret(s) missing; the store would refuse to start without them. Set each, then deploy again:\n${missing.map((secret) => `  ${secret.name.padEnd(22)} ${secret.how}`).join("\n")}`);
  }
  const unmet = missingReleaseSecrets(vars, names, { withoutAlarms, withoutBank, healthTokenHere: Boolean(healthToken) });
  // Cloudflare never gives a secret back: the deploy asks health with the value in its environment.
  if (!healthToken && names.has("HEALTH_TOKEN")) {
    unmet.push({ name: "HEALTH_TOKEN", how: `HEALTH_TOKEN=<the value put on Cloudflare> npm run deploy   (lost it? ${releaseSecrets(vars)[0].how})` });
  }
  if (unmet.length) {
    fail(`${unmet.length} setting(s) missing for a release the owner can rely on. Set each, then deploy again:\n${unmet.map((secret) => `  ${secret.name.padEnd(22)} ${secret.how}`).join("\n")}`);
  }
  console.log(`  all ${requiredSecrets(vars).length + releaseSecrets(vars, { withoutAlarms, withoutBank }).length} set`);
  if (withoutAlarms) console.log("  going without alarms (--without-alarms): the owner hears of no outage, deposit or low stock");
  if (withoutBank) console.log("  going without bank transfers (--without-bank): every bank webhook is refused, no VietQR top-up is credited");
  if (checkOnly) return;

  // The build first: a build that fails leaves the database as it was.
  step("Building", "npm", ["run", "build"]);
  step("Deploy check (bundle, bindings, migrations, start-up)", "node", ["scripts/deploy-check.mjs"]);
  const release = buildRelease();
  if (!release) fail("Could not read the build's release id (build/client/assets/manifest-<id>.js); nothing was migrated or deployed.");

  console.log("\n▶ Recording the database's Time Travel bookmark");
  const info = wrangler(["d1", "time-travel", "info", "DB", "--json"]);
  let bookmark;
  try {
    bookmark = JSON.parse(info.stdout).bookmark;
  } catch {}
  if (info.status !== 0 || !bookmark) fail(`Could not read the D1 bookmark; nothing was migrated or deployed.\n${info.stderr}${info.stdout}`);
  const restore = `npx wrangler d1 time-travel restore DB --bookmark=${bookmark} --config ${MERGED_CONFIG}`;
  console.log(`  ${bookmark}  (to go back: ${restore})`);

  console.log("\n▶ Applying the D1 migrations to the remote database");
  const migrated = spawnSync(WRANGLER, [...WRANGLER_ARGS, "d1", "migrations", "apply", "DB", "--remote", "--config", MERGED_CONFIG], { cwd: projectRoot, stdio: "inherit" });
  if (migrated.status !== 0) fail(`Applying the D1 migrations to the remote database failed; the Worker was not deployed.\n  ${migrationsState()}\n  Should the data itself need to go back: ${restore}`);
  rmSync(DEPLOY_OUTPUT, { force: true });
  step("Deploying the Worker", WRANGLER, [...WRANGLER_ARGS, "deploy", "--config", MERGED_CONFIG], { ...process.env, WRANGLER_OUTPUT_FILE_PATH: DEPLOY_OUTPUT });

  // The build's id is what workers/index.ts answers; wrangler's version id too, should the Worker
  // report that one instead.
  const origin = normalisedOrigin(vars.PUBLIC_BASE_URL);
  const releases = [release, uploadedVersion()].filter(Boolean);
  console.log(`\n▶ Asking ${origin}/api/health until release ${releases.join(" or ")} answers`);
  const health = await releaseHealth(origin, healthToken, releases, {
    attempts: Number(process.env.DEPLOY_HEALTH_ATTEMPTS ?? 6),
    delay: Number(process.env.DEPLOY_HEALTH_DELAY_MS ?? 5000),
  });
  if (health.ok) {
    if (health.cron !== "ok") console.log(`  cron: ${health.cron}; not the release's doing (a new version neither stops nor starts it): see docs/operations.md`);
    console.log(`\n✔ Deployed, and the store answers healthy (release ${health.release}).`);
    return;
  }
  console.error(`✖ The new version is not healthy (last answer: ${health.last}). Rolling the Worker back to the previous version.`);
  const rolledBack = wrangler(["rollback", "--message", "npm run deploy: health check failed", "--yes"], { stdio: "inherit" });
  console.error(rolledBack.status === 0 ? "  The previous version serves again." : `  The rollback failed too: roll back by hand (npx wrangler rollback --config ${MERGED_CONFIG}).`);
  console.error(
    `  The migrations stay applied; they are additive (docs/operations.md), so the previous version runs on them. Should the data itself need to go back:\n  ${restore}`,
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
