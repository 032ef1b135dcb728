// `npm run deploy`: a production release in one command. It stops at the first step that fails:
// 1. the secrets a production store cannot start without are set on Cloudflare (it lists the
//    missing ones and how to set each), 2. the remote D1 migrations are applied, 3. the app is
//    built, 4. the Worker is deployed. `npm run deploy -- --check` runs step 1 only.
// The Worker still validates every setting itself when it starts (workers/config.ts); this catches
// the missing ones before an upload rather than as a 503 after it.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { projectRoot, wranglerConfig } from "./lib.mjs";

// Tests put a stand-in here: Cloudflare's API is not reachable from CI.
const WRANGLER = process.env.WRANGLER_BIN || "npx";
const WRANGLER_ARGS = process.env.WRANGLER_BIN ? [] : ["wrangler"];

const put = (name) => `npx wrangler secret put ${name}`;

/** The secrets this store's settings call for, each with the command that sets it. */
export function requiredSecrets(vars) {
  const secrets = [
    { name: "JWT_SECRET", how: `openssl rand -base64 48 | ${put("JWT_SECRET")}` },
    { name: "ADMIN_EMAIL", how: put("ADMIN_EMAIL") },
    { name: "ADMIN_PASSWORD", how: `${put("ADMIN_PASSWORD")}   (8 characters or more)` },
    { name: "LICENSE_SIGNING_KEY", how: `openssl genpkey -algorithm ed25519 | ${put("LICENSE_SIGNING_KEY")}` },
  ];
  if (vars.MAIL_TRANSPORT === "resend") secrets.push({ name: "MAIL_API_KEY", how: put("MAIL_API_KEY") });
  if (vars.GOOGLE_CLIENT_ID) secrets.push({ name: "GOOGLE_CLIENT_SECRET", how: put("GOOGLE_CLIENT_SECRET") });
  if (vars.CARD_GATEWAY_URL) secrets.push({ name: "CARD_PARTNER_KEY", how: put("CARD_PARTNER_KEY") });
  return secrets;
}

/** Those of `requiredSecrets` that are neither a secret on Cloudflare nor a plain setting in wrangler.toml. */
export function missingSecrets(vars, secretNames) {
  return requiredSecrets(vars).filter(({ name }) => !secretNames.has(name) && !vars[name]);
}

function wrangler(args, options = {}) {
  return spawnSync(WRANGLER, [...WRANGLER_ARGS, ...args], { cwd: projectRoot, encoding: "utf8", ...options });
}

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed; nothing after it ran.`);
    process.exit(result.status || 1);
  }
}

async function main() {
  const checkOnly = process.argv.includes("--check");
  const vars = (await wranglerConfig()).vars ?? {};

  console.log("▶ Checking the production secrets");
  const listed = wrangler(["secret", "list", "--format", "json"]);
  if (listed.status !== 0) {
    console.error(`${listed.stderr || listed.stdout}\n✖ Could not list the Worker's secrets. Signed in? Run: npx wrangler login`);
    process.exit(1);
  }
  let names;
  try {
    names = new Set(JSON.parse(listed.stdout).map((secret) => secret.name));
  } catch {
    console.error(`✖ wrangler answered something other than a list of secrets:\n${listed.stdout}`);
    process.exit(1);
  }
  const missing = missingSecrets(vars, names);
  if (missing.length) {
    console.error(`✖ ${missing.length} secret(s) missing; the store would refuse to start without them. Set each, then deploy again:`);
    for (const secret of missing) console.error(`  ${secret.name.padEnd(22)} ${secret.how}`);
    process.exit(1);
  }
  console.log(`  all ${requiredSecrets(vars).length} set`);
  if (checkOnly) return;

  step("Applying the D1 migrations to the remote database", WRANGLER, [...WRANGLER_ARGS, "d1", "migrations", "apply", "DB", "--remote"]);
  step("Building", "npm", ["run", "build"]);
  step("Deploying the Worker", WRANGLER, [...WRANGLER_ARGS, "deploy"]);
  console.log("\n✔ Deployed.");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
