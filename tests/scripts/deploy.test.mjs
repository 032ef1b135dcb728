// `npm run deploy` (scripts/deploy.mjs) with a stand-in for wrangler, since Cloudflare's API is out
// of reach here: the stand-in answers `secret list` and `d1 time-travel info` as wrangler does and
// records every call, and a local server plays the deployed store's /api/health (details only for
// the HEALTH_TOKEN's bearer, as workers/health.ts), so the tests see what the release would have
// run, in which order, and where it stops.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, describe, test } from "node:test";
import * as deployScript from "../../scripts/deploy.mjs";
import { missingSecrets, requiredSecrets } from "../../scripts/deploy.mjs";
import { freePort, projectRoot, stopProcessGroup } from "../../scripts/lib.mjs";

describe("deploy: which secrets a production store needs", () => {
  test("always the signing secret and the bootstrap admin; the rest follow the settings", () => {
    assert.deepEqual(
      requiredSecrets({}).map((secret) => secret.name),
      ["JWT_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "LICENSE_SIGNING_KEY", "MFA_ENCRYPTION_KEY"],
    );
    const names = requiredSecrets({ MAIL_TRANSPORT: "resend", GOOGLE_CLIENT_ID: "x.apps.googleusercontent.com", CARD_GATEWAY_URL: "https://gw.example" }).map((secret) => secret.name);
    assert.ok(["MAIL_API_KEY", "GOOGLE_CLIENT_SECRET", "CARD_PARTNER_KEY"].every((name) => names.includes(name)));
  });

  test("a setting given under [vars] counts as set; every missing one says how to set it", () => {
    const missing = missingSecrets({ ADMIN_EMAIL: "owner@shop.vn" }, new Set(["JWT_SECRET", "LICENSE_SIGNING_KEY", "MFA_ENCRYPTION_KEY"]));
    assert.deepEqual(
      missing.map((secret) => secret.name),
      ["ADMIN_PASSWORD"],
    );
    assert.match(missing[0].how, /wrangler secret put ADMIN_PASSWORD/);
  });
});

/**
 * A copy of the project (its installed packages linked, not copied) for a deploy to build in: the
 * release builds first, and a build in the project itself would rewrite the build/ that the tests
 * running beside these serve and import. The project's own build (npm test's first stage) comes
 * along when there is one, and the copy's `npm run build` then reuses it (the sources are the same):
 * the suite builds nothing. Run alone without a build, its first deploy builds.
 */
function projectCopy(into) {
  const leftOut = new Set(["node_modules", "build", ".wrangler", ".git", "test-results", "playwright-report", "bench-results", ".bench-scale", ".cache"]);
  const copy = join(into, "project");
  cpSync(projectRoot, copy, { recursive: true, filter: (source) => !leftOut.has(relative(projectRoot, source)) });
  symlinkSync(join(projectRoot, "node_modules"), join(copy, "node_modules"));
  if (existsSync(join(projectRoot, "build", "client", "assets")) && existsSync(join(projectRoot, "build", "server"))) {
    cpSync(join(projectRoot, "build"), join(copy, "build"), { recursive: true });
    replaceScript(copy, "build", "echo reusing the build of the project, made from the same sources");
  }
  return copy;
}

/** Makes the copy's `npm run <name>` run `command` instead. */
function replaceScript(copy, name, command) {
  const manifest = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
  manifest.scripts[name] = command;
  writeFileSync(join(copy, "package.json"), JSON.stringify(manifest, null, 2));
}

describe("deploy: the release in one command", () => {
  const dir = mkdtempSync(join(tmpdir(), "igh-deploy-"));
  const project = projectCopy(dir);
  const calls = join(dir, "calls.log");
  const fake = join(dir, "wrangler");
  const production = join(dir, "production.toml");
  const ALL_SECRETS = ["JWT_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "LICENSE_SIGNING_KEY", "MFA_ENCRYPTION_KEY", "MAIL_API_KEY", "HEALTH_TOKEN", "TELEGRAM_BOT_TOKEN", "SEPAY_API_KEY"];
  const HEALTH_TOKEN = "4f1d9c2b7a6e5d4c3b2a19081726354453627180a9b8c7d6e5f4a3b2c1d0e9f8";
  // The deployed store, in a process of its own (the deploy runs synchronously): it answers
  // /api/health (and nothing else) as store.json says: the status (503: d1 failed), the cron and
  // the release that serves, which the stand-in's `deploy` turns into the build's id (the Worker's
  // RELEASE, workers/index.ts) unless FAKE_OLD_RELEASE_STAYS. It logs each ask to health.log.
  const storeState = join(dir, "store.json");
  const healthLog = join(dir, "health.log");
  const healthAsked = () => (existsSync(healthLog) ? readFileSync(healthLog, "utf8").trim().split("\n").filter(Boolean).length : 0);
  let store;
  let storePort;
  before(async () => {
    storePort = await freePort();
    const server = `require("node:http").createServer((request, response) => {
      const fs = require("node:fs");
      if (request.url !== "/api/health") return response.writeHead(404).end("Not Found");
      fs.appendFileSync(${JSON.stringify(healthLog)}, "asked\\n");
      const store = JSON.parse(fs.readFileSync(${JSON.stringify(storeState)}, "utf8"));
      const success = store.status === 200 && store.cron === "ok";
      const data = { config: "ok", d1: store.status === 200 ? "ok" : "failed", r2: "ok", wallet: "ok", cron: store.cron, release: store.release };
      const body = request.headers.authorization === "Bearer ${HEALTH_TOKEN}" ? { success, data } : { success };
      response.writeHead(success ? 200 : 503, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    }).listen(${storePort}, "127.0.0.1", () => console.log("listening"));`;
    store = spawn(process.execPath, ["-e", server], { stdio: ["ignore", "pipe", "inherit"], detached: true });
    await new Promise((listening) => store.stdout.once("data", listening));
  });
  after(async () => {
    await stopProcessGroup(store);
    rmSync(dir, { recursive: true, force: true });
  });
  writeFileSync(
    fake,
    `#!/usr/bin/env node
const { appendFileSync } = require("node:fs");
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(calls)}, args.filter((arg, i) => arg !== "--config" && args[i - 1] !== "--config").join(" ") + "\\n");
if (args[0] === "secret" && process.env.FAKE_NO_WORKER) { process.stderr.write("✘ [ERROR] A request to the Cloudflare API failed. This Worker does not exist on your account. [code: 10007]"); process.exit(1); }
if (args[0] === "secret") process.stdout.write(process.env.FAKE_SECRETS);
if (args[0] === "d1" && args[1] === "time-travel") process.stdout.write(JSON.stringify({ bookmark: "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683", timestamp: "2026-11-26T15:00:00Z" }));
if (args[0] === "deploy" && process.env.FAKE_DEPLOY_FAILS) process.exit(1);
if (args[0] === "d1" && args[1] === "migrations" && args[2] === "apply" && process.env.FAKE_MIGRATION_FAILS) { process.stderr.write("✘ [ERROR] Migration " + process.env.FAKE_MIGRATION_FAILS + " failed with the following errors"); process.exit(1); }
if (args[0] === "d1" && args[1] === "execute") process.stdout.write(JSON.stringify([{ results: JSON.parse(process.env.FAKE_APPLIED ?? "[]").map((name) => ({ name })), success: true, meta: {} }]));
if (args[0] === "rollback" && process.env.FAKE_ROLLBACK_FAILS) process.exit(1);
if (args[0] === "deploy") {
  const fs = require("node:fs");
  const versionId = "0d6c3f5e-8a4b-4c2d-9e1f-7a6b5c4d3e2f";
  if (process.env.WRANGLER_OUTPUT_FILE_PATH) fs.appendFileSync(process.env.WRANGLER_OUTPUT_FILE_PATH, JSON.stringify({ version: 1, type: "deploy", worker_name: "ios-game-hack", version_id: versionId }) + "\\n");
  const manifest = fs.readdirSync("build/client/assets").find((name) => /^manifest-\\w+\\.js$/.test(name));
  const store = JSON.parse(fs.readFileSync(${JSON.stringify(storeState)}, "utf8"));
  if (!process.env.FAKE_OLD_RELEASE_STAYS) fs.writeFileSync(${JSON.stringify(storeState)}, JSON.stringify({ ...store, release: manifest.slice("manifest-".length, -".js".length) }));
}
`,
  );
  chmodSync(fake, 0o755);

  /**
   * The first deploy that builds and checks proves the release builds and passes the deploy check
   * (scripts/deploy-check.mjs: the upload bundled, its migrations guarded, the bundle started in
   * workerd, about a minute); the copy's sources never change after, so every later deploy of this
   * suite takes that build and that check's verdict as they are: its `npm run build` is told to,
   * and its deploy check says it passed on this same copy.
   */
  function reuseTheFirstBuildAndCheck(result) {
    if (!existsSync(join(project, "build", "client", "assets"))) return;
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
    if (!manifest.scripts.build.startsWith("echo")) replaceScript(project, "build", "echo reusing the build of the first deploy of this suite");
    const check = join(project, "scripts", "deploy-check.mjs");
    if (/Deploy check passed/.test(result.stdout ?? "") && !readFileSync(check, "utf8").startsWith("// reused")) {
      writeFileSync(check, '// reused\nconsole.log("Deploy check passed on this copy by the first deploy of this suite; its sources have not changed since.");\n');
    }
  }

  /** production.toml; `more` holds top-level keys, which TOML wants before [vars]. */
  function settings(overrides = {}, more = "") {
    const values = {
      database_id: "5f0c3a9e-1b2d-4c7e-9a8b-0d1e2f3a4b5c",
      PUBLIC_BASE_URL: `http://127.0.0.1:${storePort}`,
      VIETQR_ACCOUNT_NUMBER: "1023456789",
      MAIL_TRANSPORT: "resend",
      TELEGRAM_CHAT_ID: "100200300",
      ...overrides,
    };
    const vars = Object.entries(values)
      .filter(([name]) => name !== "database_id")
      .map(([name, value]) => `${name} = ${JSON.stringify(value)}`)
      .join("\n");
    writeFileSync(production, `database_id = ${JSON.stringify(values.database_id)}\n${more}\n[vars]\nAPP_ENV = "production"\n${vars}\n`);
  }

  function deploy(secrets, args = [], extra = {}, health = 200, cron = "ok") {
    writeFileSync(calls, "");
    writeFileSync(healthLog, "");
    writeFileSync(storeState, JSON.stringify({ status: health, cron, release: "previous-release" }));
    const env = {
      ...process.env,
      WRANGLER_BIN: fake,
      PRODUCTION_CONFIG: production,
      DEPLOY_HEALTH_ATTEMPTS: "2",
      DEPLOY_HEALTH_DELAY_MS: "10",
      HEALTH_TOKEN,
      FAKE_SECRETS: JSON.stringify(secrets.map((name) => ({ name, type: "secret_text" }))),
      ...extra,
    };
    const result = spawnSync(process.execPath, ["scripts/deploy.mjs", ...args], { cwd: project, env, encoding: "utf8" });
    reuseTheFirstBuildAndCheck(result);
    return { ...result, calls: readFileSync(calls, "utf8").trim().split("\n").filter(Boolean) };
  }

  test("the committed settings (placeholder database id, default VietQR account, outbox mail, no public URL) are refused before any call to Cloudflare", () => {
    settings({ database_id: "00000000-0000-0000-0000-000000000000", VIETQR_ACCOUNT_NUMBER: "0000000000", MAIL_TRANSPORT: "outbox", PUBLIC_BASE_URL: "" });
    const result = deploy(ALL_SECRETS);
    assert.notEqual(result.status, 0);
    assert.deepEqual(result.calls, []);
    assert.match(result.stderr, /placeholder id/);
    assert.match(result.stderr, /VIETQR_ACCOUNT_NUMBER/);
    assert.match(result.stderr, /PUBLIC_BASE_URL: cần khi APP_ENV=production/);
    assert.match(result.stderr, /MAIL_TRANSPORT: không được là outbox/);
  });

  test("without production.toml it says how to make one, and calls nothing", () => {
    const result = deploy(ALL_SECRETS, [], { PRODUCTION_CONFIG: join(dir, "absent.toml") });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /Copy production\.example\.toml to production\.toml/);
    assert.deepEqual(result.calls, []);
  });

  test("with a secret missing it lists it with its command, exits non-zero and deploys nothing", () => {
    settings();
    const result = deploy(["JWT_SECRET"]);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /ADMIN_EMAIL +npx wrangler secret put ADMIN_EMAIL/);
    assert.match(result.stderr, /ADMIN_PASSWORD +npx wrangler secret put ADMIN_PASSWORD/);
    assert.deepEqual(result.calls, ["secret list --format json"]);
  });

  test("a first deploy (no Worker yet) is told so, with every secret to set, not to sign in", () => {
    settings();
    const result = deploy([], [], { FAKE_NO_WORKER: "1" });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /First deploy: the Worker "ios-game-hack" does not exist on Cloudflare yet/);
    assert.match(result.stderr, /LICENSE_SIGNING_KEY +openssl genpkey/);
    assert.doesNotMatch(result.stderr, /wrangler login/);
  });

  test("--check stops after the secrets", () => {
    settings();
    const result = deploy(ALL_SECRETS, ["--check"]);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.calls, ["secret list --format json"]);
  });

  test("a release whose health check fails is rolled back, and the bookmark to restore is printed", { timeout: 600_000 }, () => {
    settings();
    const result = deploy(ALL_SECRETS, [], {}, 503);
    assert.notEqual(result.status, 0);
    assert.deepEqual(result.calls, [
      "secret list --format json",
      "d1 time-travel info DB --json",
      "d1 migrations apply DB --remote",
      "deploy",
      "rollback --message npm run deploy: health check failed --yes",
    ]);
    assert.match(result.stdout, /Building/);
    assert.match(result.stdout, /Deploy check passed/);
    assert.equal(healthAsked(), 2);
    assert.match(result.stderr, /wrangler d1 time-travel restore DB --bookmark=00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683/);
  });

  test("a healthy release ends with the health check and rolls nothing back", { timeout: 600_000 }, () => {
    settings();
    const result = deploy(ALL_SECRETS);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.calls.at(-1), "deploy");
    assert.equal(healthAsked(), 1);
    assert.match(result.stdout, /Deployed, and the store answers healthy/);
  });

  test("a deploy without a Telegram token is refused unless told to go without alarms", () => {
    settings();
    const withoutToken = ALL_SECRETS.filter((name) => name !== "TELEGRAM_BOT_TOKEN");
    const refused = deploy(withoutToken, ["--check"]);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /TELEGRAM_BOT_TOKEN +npx wrangler secret put TELEGRAM_BOT_TOKEN/);
    assert.match(refused.stderr, /--without-alarms/);
    assert.deepEqual(refused.calls, ["secret list --format json"]);

    settings({ TELEGRAM_CHAT_ID: "" });
    const noChat = deploy(ALL_SECRETS, ["--check"]);
    assert.notEqual(noChat.status, 0);
    assert.match(noChat.stderr, /TELEGRAM_CHAT_ID +TELEGRAM_CHAT_ID = "<chat id>" in production\.toml \[vars\]/);

    settings();
    const waived = deploy(withoutToken, ["--check", "--without-alarms"]);
    assert.equal(waived.status, 0, waived.stderr);
    assert.match(waived.stdout, /without alarms/);
  });

  test("a deploy without a bank webhook key is refused unless told to go without bank transfers", () => {
    settings();
    const withoutKey = ALL_SECRETS.filter((name) => name !== "SEPAY_API_KEY");
    const refused = deploy(withoutKey, ["--check"]);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /SEPAY_API_KEY +npx wrangler secret put SEPAY_API_KEY/);
    assert.match(refused.stderr, /--without-bank/);
    assert.deepEqual(refused.calls, ["secret list --format json"]);

    // HMAC mode checks the HMAC secret: an API key alone refuses every deposit there.
    settings({ SEPAY_AUTH: "hmac" });
    assert.match(deploy(ALL_SECRETS, ["--check"]).stderr, /SEPAY_HMAC_SECRET +npx wrangler secret put SEPAY_HMAC_SECRET/);

    settings();
    assert.equal(deploy([...withoutKey, "CASSO_SECRET"], ["--check"]).status, 0, "Casso's key is a bank webhook key too");
    const waived = deploy(withoutKey, ["--check", "--without-bank"]);
    assert.equal(waived.status, 0, waived.stderr);
    assert.match(waived.stdout, /without bank transfers/);
  });

  test("a deploy that could not ask health with HEALTH_TOKEN is refused, with the command that makes one", () => {
    settings();
    const neither = deploy(
      ALL_SECRETS.filter((name) => name !== "HEALTH_TOKEN"),
      ["--check"],
      { HEALTH_TOKEN: "" },
    );
    assert.notEqual(neither.status, 0);
    assert.match(neither.stderr, /HEALTH_TOKEN +export HEALTH_TOKEN=\$\(openssl rand -hex 32\) && printf %s "\$HEALTH_TOKEN" \| npx wrangler secret put HEALTH_TOKEN/);

    const notInShell = deploy(ALL_SECRETS, ["--check"], { HEALTH_TOKEN: "" });
    assert.notEqual(notInShell.status, 0);
    assert.match(notInShell.stderr, /HEALTH_TOKEN=<the value put on Cloudflare> npm run deploy/);

    const tooShort = deploy(ALL_SECRETS, ["--check"], { HEALTH_TOKEN: "short" });
    assert.notEqual(tooShort.status, 0);
    assert.match(tooShort.stderr, /HEALTH_TOKEN: phải dài ít nhất 32 ký tự/);
    assert.deepEqual(tooShort.calls, []);
  });

  test("routes and custom domains in production.toml reach the deployed config", () => {
    settings({}, `workers_dev = false\n[[routes]]\npattern = "shop.cuahang.vn"\ncustom_domain = true\n[[routes]]\npattern = "www.shop.cuahang.vn/*"\nzone_name = "shop.cuahang.vn"`);
    const result = deploy(ALL_SECRETS, ["--check"]);
    assert.equal(result.status, 0, result.stderr);
    const merged = JSON.parse(readFileSync(join(project, ".wrangler", "production", "wrangler.json"), "utf8"));
    assert.deepEqual(merged.routes, [
      { pattern: "shop.cuahang.vn", custom_domain: true },
      { pattern: "www.shop.cuahang.vn/*", zone_name: "shop.cuahang.vn" },
    ]);
    assert.equal(merged.workers_dev, false);

    settings({}, `route = "shop.cuahang.vn/*"`);
    assert.equal(deploy(ALL_SECRETS, ["--check"]).status, 0);
    assert.equal(JSON.parse(readFileSync(join(project, ".wrangler", "production", "wrangler.json"), "utf8")).route, "shop.cuahang.vn/*");

    // Whatever else it declares is refused by name, never dropped in silence.
    settings({}, `[[kv_namespaces]]\nbinding = "CACHE"\nid = "abc"`);
    const unknown = deploy(ALL_SECRETS, ["--check"]);
    assert.notEqual(unknown.status, 0);
    assert.match(unknown.stderr, /kv_namespaces/);
    assert.deepEqual(unknown.calls, []);
  });

  test("--check refuses the example's placeholders (shop.example.vn) before any call to Cloudflare", () => {
    // production.example.toml as copied, only the database, the account and the chat filled in.
    const example = readFileSync(join(project, "production.example.toml"), "utf8")
      .replace('database_id = "00000000-0000-0000-0000-000000000000"', 'database_id = "5f0c3a9e-1b2d-4c7e-9a8b-0d1e2f3a4b5c"')
      .replace('VIETQR_ACCOUNT_NUMBER = "0000000000"', 'VIETQR_ACCOUNT_NUMBER = "1023456789"')
      .replace('TELEGRAM_CHAT_ID = ""', 'TELEGRAM_CHAT_ID = "100200300"');
    writeFileSync(production, example);
    const result = deploy(ALL_SECRETS, ["--check"]);
    assert.notEqual(result.status, 0);
    assert.deepEqual(result.calls, []);
    for (const path of ["routes\\[0\\]\\.pattern", "vars\\.PUBLIC_BASE_URL", "vars\\.MAIL_FROM"]) assert.match(result.stderr, new RegExp(`${path} is "[^"]*shop\\.example\\.vn[^"]*", the example's placeholder`));
  });

  test("--check refuses secrets written under [vars], which wrangler would upload as plain settings", () => {
    settings({ JWT_SECRET: "a".repeat(48), SEPAY_API_KEY: "bank-webhook-key-0123456789", ADMIN_PASSWORD: "mat-khau-rat-dai-123" });
    const result = deploy(ALL_SECRETS, ["--check"]);
    assert.notEqual(result.status, 0);
    assert.deepEqual(result.calls, []);
    for (const name of ["JWT_SECRET", "SEPAY_API_KEY", "ADMIN_PASSWORD"]) assert.match(result.stderr, new RegExp(`${name} is a secret, but production\\.toml has it under \\[vars\\][^\\n]*wrangler secret put ${name}`));
  });

  test("a restore's new database is named in production.toml (database_name), and the merged config takes it", () => {
    settings({ database_id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" }, 'database_name = "ios-game-hack-restored"');
    const result = deploy(ALL_SECRETS, ["--check"]);
    assert.equal(result.status, 0, result.stderr);
    const merged = JSON.parse(readFileSync(join(project, ".wrangler", "production", "wrangler.json"), "utf8"));
    assert.deepEqual(
      merged.d1_databases.map((db) => [db.binding, db.database_name, db.database_id]),
      [["DB", "ios-game-hack-restored", "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"]],
    );
  });

  test("the production restore steps of docs/operations.md, as written, reach the restored database", () => {
    const doc = readFileSync(join(project, "docs", "operations.md"), "utf8");
    const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf("### Restoring, in this order")))[1];
    // The shop as it was: its merged config written by a --check before the restore.
    settings();
    assert.equal(deploy(ALL_SECRETS, ["--check"]).status, 0);
    const restoredId = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";
    const reached = [];
    for (const line of block.split("\n").map((text) => text.trim()).filter(Boolean)) {
      if (line.startsWith("#")) {
        // The edit the page asks for, done as it says.
        assert.match(line, /database_id = "<the id it printed>" and database_name = "ios-game-hack-restored"/);
        settings({ database_id: restoredId }, 'database_name = "ios-game-hack-restored"');
        continue;
      }
      const command = line.replace(/\s+#.*$/, "");
      // The rows file needs a backup: tests/scripts/backup-restore.test.mjs runs that step.
      if (command.startsWith("npm run restore")) continue;
      if (command.startsWith("npm run deploy")) {
        const checked = deploy(ALL_SECRETS, command.split(" -- ")[1].split(" "));
        assert.equal(checked.status, 0, checked.stderr);
        continue;
      }
      assert.match(command, /^npx wrangler /);
      const args = command.replace(/^npx wrangler /, "").split(/\s+/);
      // The stand-in has no account: the id d1 create prints is restoredId.
      if (args[0] === "d1" && args[1] === "create") continue;
      // Where the remote command would go: the database its --config names.
      const [db] = JSON.parse(readFileSync(join(project, args[args.indexOf("--config") + 1]), "utf8")).d1_databases;
      reached.push([args.slice(0, 3).join(" "), db.database_id, db.database_name]);
    }
    assert.deepEqual(reached, [
      ["d1 migrations apply", restoredId, "ios-game-hack-restored"],
      ["d1 execute DB", restoredId, "ios-game-hack-restored"],
    ]);
  });

  test("a migration failing half-way says which files applied and which did not, and deploys nothing", { timeout: 600_000 }, () => {
    settings();
    const files = readdirSync(join(project, "migrations")).filter((name) => name.endsWith(".sql")).sort();
    const result = deploy(ALL_SECRETS, [], { FAKE_MIGRATION_FAILS: files.at(-1), FAKE_APPLIED: JSON.stringify(files.slice(0, -1)) });
    assert.notEqual(result.status, 0);
    assert.deepEqual(result.calls.slice(-2), ["d1 migrations apply DB --remote", "d1 execute DB --remote --command SELECT name FROM d1_migrations ORDER BY id --json"]);
    assert.match(result.stderr, new RegExp(`the migrations up to ${files.at(-2).replace(".", "\\.")}`));
    assert.match(result.stderr, new RegExp(`not applied: ${files.at(-1).replace(".", "\\.")}, the first of them the one that failed`));
    assert.match(result.stderr, /wrangler d1 time-travel restore DB --bookmark=\S+ --config /);
  });

  test("a rollback that fails too says how to roll back by hand, with the production config", { timeout: 600_000 }, () => {
    settings();
    const result = deploy(ALL_SECRETS, [], { FAKE_ROLLBACK_FAILS: "1" }, 503);
    assert.notEqual(result.status, 0);
    assert.equal(result.calls.at(-1), "rollback --message npm run deploy: health check failed --yes");
    assert.match(result.stderr, /roll back by hand \(npx wrangler rollback --config \S*\.wrangler\/production\/wrangler\.json\)/);
  });

  test("a late cron does not roll a release back; the release's own checks do", async () => {
    const origin = `http://127.0.0.1:${storePort}`;
    const once = { attempts: 1, delay: 0 };
    writeFileSync(storeState, JSON.stringify({ status: 200, cron: "late", release: "8431a891" }));
    const late = await deployScript.releaseHealth(origin, HEALTH_TOKEN, ["8431a891"], once);
    assert.equal(late.ok, true, late.last);
    assert.equal(late.cron, "late");
    writeFileSync(storeState, JSON.stringify({ status: 503, cron: "ok", release: "8431a891" }));
    assert.equal((await deployScript.releaseHealth(origin, HEALTH_TOKEN, ["8431a891"], once)).ok, false);
  });

  test("an answer without details (HEALTH_TOKEN not the store's) does not pass for the new release", async () => {
    writeFileSync(storeState, JSON.stringify({ status: 200, cron: "ok", release: "8431a891" }));
    const answer = await deployScript.releaseHealth(`http://127.0.0.1:${storePort}`, "0".repeat(64), ["8431a891"], { attempts: 1, delay: 0 });
    assert.equal(answer.ok, false);
    assert.match(answer.last, /HEALTH_TOKEN/);
  });

  test("a release that does not answer with its own id is rolled back", { timeout: 600_000 }, () => {
    settings();
    const result = deploy(ALL_SECRETS, [], { FAKE_OLD_RELEASE_STAYS: "1" });
    assert.notEqual(result.status, 0);
    assert.equal(result.calls.at(-1), "rollback --message npm run deploy: health check failed --yes");
    assert.equal(healthAsked(), 2);
    assert.match(result.stderr, /previous-release/);
  });

  test("a trailing slash in PUBLIC_BASE_URL does not roll the release back", { timeout: 600_000 }, () => {
    settings({ PUBLIC_BASE_URL: ` http://127.0.0.1:${storePort}/ ` });
    const result = deploy(ALL_SECRETS);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.calls.at(-1), "deploy");
    assert.equal(healthAsked(), 1);
    const merged = JSON.parse(readFileSync(join(project, ".wrangler", "production", "wrangler.json"), "utf8"));
    assert.equal(merged.vars.PUBLIC_BASE_URL, `http://127.0.0.1:${storePort}`);
  });
});
