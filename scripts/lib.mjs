// Small helpers shared by the project's scripts.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("..", import.meta.url));

/** The settings a developer may override from the environment when starting the store. */
export const CONFIG_KEYS = ["APP_ENV", "SITE_NAME", "TELEGRAM_URL", "ZALO_URL", "PUBLIC_BASE_URL", "JWT_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "GOOGLE_ISSUER", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_SCOPE", "GOOGLE_AUTH_PARAMS", "MAIL_TRANSPORT", "MAIL_FROM", "MAIL_API_URL", "MAIL_API_KEY", "VIETQR_BANK_BIN", "VIETQR_BANK_CODE", "VIETQR_ACCOUNT_NUMBER", "VIETQR_ACCOUNT_NAME", "VIETQR_MIN_AMOUNT", "VIETQR_MAX_AMOUNT", "VIETQR_STEP", "VIETQR_TIMEOUT_MINUTES", "SEPAY_AUTH", "SEPAY_API_KEY", "SEPAY_HMAC_SECRET"];

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

/** Runs a project binary (node_modules/.bin is on PATH under npm) and stops on failure. */
export function run(command, args, { quiet = false } = {}) {
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", encoding: "utf8" });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return result;
}
