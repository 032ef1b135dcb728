// Small helpers shared by the project's scripts.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("..", import.meta.url));

/** The settings a developer may override from the environment when starting the store. */
export const CONFIG_KEYS = ["APP_ENV", "SITE_NAME", "TELEGRAM_URL", "ZALO_URL", "PUBLIC_BASE_URL", "JWT_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "GOOGLE_ISSUER", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_SCOPE", "GOOGLE_AUTH_PARAMS", "MAIL_TRANSPORT", "MAIL_FROM", "MAIL_API_URL", "MAIL_API_KEY", "VIETQR_BANK_BIN", "VIETQR_BANK_CODE", "VIETQR_ACCOUNT_NUMBER", "VIETQR_ACCOUNT_NAME", "VIETQR_MIN_AMOUNT", "VIETQR_MAX_AMOUNT", "VIETQR_STEP", "VIETQR_TIMEOUT_MINUTES", "SEPAY_AUTH", "SEPAY_API_KEY", "SEPAY_HMAC_SECRET", "CASSO_SECRET", "PAYOS_CHECKSUM_KEY", "CARD_GATEWAY_URL", "CARD_PARTNER_ID", "CARD_PARTNER_KEY", "CARD_FEES", "CARD_CREDIT"];

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
