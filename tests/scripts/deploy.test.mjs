// `npm run deploy` (scripts/deploy.mjs) with a stand-in for wrangler, since Cloudflare's API is out
// of reach here: the stand-in answers `secret list` as wrangler does and records every call, so
// the tests see what the release would have run, in which order, and where it stops.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { missingSecrets, requiredSecrets } from "../../scripts/deploy.mjs";
import { projectRoot } from "../../scripts/lib.mjs";

describe("deploy: which secrets a production store needs", () => {
  test("always the signing secret and the bootstrap admin; the rest follow the settings", () => {
    assert.deepEqual(
      requiredSecrets({}).map((secret) => secret.name),
      ["JWT_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "LICENSE_SIGNING_KEY"],
    );
    const names = requiredSecrets({ MAIL_TRANSPORT: "resend", GOOGLE_CLIENT_ID: "x.apps.googleusercontent.com", CARD_GATEWAY_URL: "https://gw.example" }).map((secret) => secret.name);
    assert.ok(["MAIL_API_KEY", "GOOGLE_CLIENT_SECRET", "CARD_PARTNER_KEY"].every((name) => names.includes(name)));
  });

  test("a setting given under [vars] counts as set; every missing one says how to set it", () => {
    const missing = missingSecrets({ ADMIN_EMAIL: "owner@shop.vn" }, new Set(["JWT_SECRET", "LICENSE_SIGNING_KEY"]));
    assert.deepEqual(
      missing.map((secret) => secret.name),
      ["ADMIN_PASSWORD"],
    );
    assert.match(missing[0].how, /wrangler secret put ADMIN_PASSWORD/);
  });
});

describe("deploy: the release in one command", () => {
  const dir = mkdtempSync(join(tmpdir(), "igh-deploy-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const calls = join(dir, "calls.log");
  const fake = join(dir, "wrangler");
  writeFileSync(
    fake,
    `#!/usr/bin/env node
const { appendFileSync } = require("node:fs");
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(calls)}, args.join(" ") + "\\n");
if (args[0] === "secret") process.stdout.write(process.env.FAKE_SECRETS);
if (args[0] === "deploy" && process.env.FAKE_DEPLOY_FAILS) process.exit(1);
`,
  );
  chmodSync(fake, 0o755);

  function deploy(secrets, args = [], extra = {}) {
    writeFileSync(calls, "");
    const env = { ...process.env, WRANGLER_BIN: fake, FAKE_SECRETS: JSON.stringify(secrets.map((name) => ({ name, type: "secret_text" }))), ...extra };
    const result = spawnSync(process.execPath, ["scripts/deploy.mjs", ...args], { cwd: projectRoot, env, encoding: "utf8" });
    return { ...result, calls: readFileSync(calls, "utf8").trim().split("\n") };
  }

  test("with a secret missing it lists it with its command, exits non-zero and deploys nothing", () => {
    const result = deploy(["JWT_SECRET"]);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /ADMIN_EMAIL +npx wrangler secret put ADMIN_EMAIL/);
    assert.match(result.stderr, /ADMIN_PASSWORD +npx wrangler secret put ADMIN_PASSWORD/);
    assert.deepEqual(result.calls, ["secret list --format json"]);
  });

  test("--check stops after the secrets", () => {
    const result = deploy(["JWT_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "LICENSE_SIGNING_KEY"], ["--check"]);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(result.calls, ["secret list --format json"]);
  });

  test("with every secret set it migrates the remote database before building and deploying, and a failed deploy fails the command", { timeout: 300_000 }, () => {
    const result = deploy(["JWT_SECRET", "ADMIN_EMAIL", "ADMIN_PASSWORD", "LICENSE_SIGNING_KEY"], [], { FAKE_DEPLOY_FAILS: "1" });
    assert.deepEqual(result.calls, ["secret list --format json", "d1 migrations apply DB --remote", "deploy"]);
    assert.match(result.stdout, /Building/);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /Deploying the Worker failed/);
  });
});
