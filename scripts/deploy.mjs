// `npm run deploy`: a production release in one command (docs/operations.md, "Releasing"). It stops
// at the first step that fails, and touches Cloudflare only once everything local has passed:
//  1. the production settings: wrangler.toml merged with the untracked production.toml, checked by
//     the store's own config check (workers/platform/config.ts), refusing the placeholders that would make
//     the store answer 503 (database id, VietQR account);
//  2. the secrets on Cloudflare are set (read-only; a Worker that does not exist yet is a first
//     deploy, told how to begin). `npm run deploy -- --check` stops here;
//  3. the build, then the deploy check (scripts/deploy-check.mjs) on it;
//  4. a D1 Time Travel bookmark of the database before the migration, printed;
//  5. the remote migrations, 6. the Worker's upload;
//  7. GET /api/health on the store; when it fails, `wrangler rollback` to the previous version and
//     the command to restore the database to the bookmark.
import { spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { projectRoot } from "./lib.mjs";

// Tests put a stand-in here: Cloudflare's API is not reachable from CI.
const WRANGLER = process.env.WRANGLER_BIN || "npx";
const WRANGLER_ARGS = process.env.WRANGLER_BIN ? [] : ["wrangler"];
const PRODUCTION_FILE = process.env.PRODUCTION_CONFIG || join(projectRoot, "production.toml");
const MERGED_CONFIG = join(projectRoot, ".wrangler", "production", "wrangler.json");

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
  return secrets;
}

/** Those of `requiredSecrets` that are neither a secret on Cloudflare nor a plain setting. */
export function missingSecrets(vars, secretNames) {
  return requiredSecrets(vars).filter(({ name }) => !secretNames.has(name) && !vars[name]);
}

/**
 * wrangler.toml with the owner's production.toml over it: its `database_id` and its `[vars]`. The
 * tracked file keeps what every shop shares, so an update of the store never conflicts with a
 * shop's own values. Paths become absolute: the merged file lives under .wrangler/.
 */
export function productionConfig(base, production) {
  const merged = structuredClone(base);
  merged.vars = { ...base.vars, ...production.vars };
  merged.d1_databases = base.d1_databases.map((db, index) => (index === 0 && production.database_id ? { ...db, database_id: production.database_id } : db));
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

/** What would make the production store refuse to serve, found without asking Cloudflare anything. */
export async function configRefusals(merged) {
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
    parseConfig({ ...secretStandIns(vars), ...vars });
  } catch (error) {
    refusals.push(error.message);
  }
  return refusals;
}

function wrangler(args, options = {}) {
  return spawnSync(WRANGLER, [...WRANGLER_ARGS, ...args, "--config", MERGED_CONFIG], { cwd: projectRoot, encoding: "utf8", ...options });
}

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: "inherit" });
  if (result.status !== 0) fail(`${title} failed; nothing after it ran.`);
}

/** GET /api/health until it answers 200, a few times (a new version takes seconds to reach every location). */
async function healthy(origin) {
  const attempts = Number(process.env.DEPLOY_HEALTH_ATTEMPTS ?? 6);
  const delay = Number(process.env.DEPLOY_HEALTH_DELAY_MS ?? 5000);
  let last = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(`${origin}/api/health`, { headers: { "Cache-Control": "no-cache" }, signal: AbortSignal.timeout(10_000) });
      last = `${response.status} ${await response.text()}`;
      if (response.ok) return { ok: true, last };
    } catch (error) {
      last = error.message;
    }
    if (attempt < attempts) await new Promise((done) => setTimeout(done, delay));
  }
  return { ok: false, last };
}

async function main() {
  const checkOnly = process.argv.includes("--check");

  console.log("▶ Checking the production settings (wrangler.toml + production.toml)");
  if (!existsSync(PRODUCTION_FILE)) {
    fail(`${PRODUCTION_FILE} is missing. Copy production.example.toml to production.toml (git ignores it) and fill in the shop's values.`);
  }
  const merged = productionConfig(parse(readFileSync(join(projectRoot, "wrangler.toml"), "utf8")), parse(readFileSync(PRODUCTION_FILE, "utf8")));
  const refusals = await configRefusals(merged);
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
      const steps = requiredSecrets(vars).map((secret) => `  ${secret.name.padEnd(22)} ${secret.how}`).join("\n");
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
  console.log(`  all ${requiredSecrets(vars).length} set`);
  if (checkOnly) return;

  // The build first: a build that fails leaves the database as it was.
  step("Building", "npm", ["run", "build"]);
  step("Deploy check (bundle, bindings, migrations, start-up)", "node", ["scripts/deploy-check.mjs"]);

  console.log("\n▶ Recording the database's Time Travel bookmark");
  const info = wrangler(["d1", "time-travel", "info", "DB", "--json"]);
  let bookmark;
  try {
    bookmark = JSON.parse(info.stdout).bookmark;
  } catch {}
  if (info.status !== 0 || !bookmark) fail(`Could not read the D1 bookmark; nothing was migrated or deployed.\n${info.stderr}${info.stdout}`);
  const restore = `npx wrangler d1 time-travel restore DB --bookmark=${bookmark} --config ${MERGED_CONFIG}`;
  console.log(`  ${bookmark}  (to go back: ${restore})`);

  step("Applying the D1 migrations to the remote database", WRANGLER, [...WRANGLER_ARGS, "d1", "migrations", "apply", "DB", "--remote", "--config", MERGED_CONFIG]);
  step("Deploying the Worker", WRANGLER, [...WRANGLER_ARGS, "deploy", "--config", MERGED_CONFIG]);

  console.log(`\n▶ Asking ${vars.PUBLIC_BASE_URL}/api/health`);
  const health = await healthy(vars.PUBLIC_BASE_URL);
  if (health.ok) {
    console.log("\n✔ Deployed, and the store answers healthy.");
    return;
  }
  console.error(`✖ The new version is not healthy (last answer: ${health.last}). Rolling the Worker back to the previous version.`);
  const rolledBack = wrangler(["rollback", "--message", "npm run deploy: health check failed", "--yes"], { stdio: "inherit" });
  console.error(rolledBack.status === 0 ? "  The previous version serves again." : "  The rollback failed too: roll back by hand (npx wrangler rollback).");
  console.error(
    `  The migrations stay applied; they are additive (docs/operations.md), so the previous version runs on them. Should the data itself need to go back:\n  ${restore}`,
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
