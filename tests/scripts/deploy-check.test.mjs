// The deploy check's pure parts (scripts/deploy-check.mjs), on Node: the size budget against a
// fake oversized bundle, and the bindings and migrations a wrangler config must declare.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { budgetProblems, bundleSize, configProblems, GZIP_BUDGET_BYTES, startupProblems, typedBindings } from "../../scripts/deploy-check.mjs";
import { projectRoot, wranglerConfig } from "../../scripts/lib.mjs";

describe("deploy check: bundle budget", () => {
  const outdir = mkdtempSync(join(tmpdir(), "igh-fake-bundle-"));
  after(() => rmSync(outdir, { recursive: true, force: true }));

  test("a bundle whose gzip size passes the budget fails, naming its biggest module", () => {
    // Random bytes do not compress: 1.2 MB stays about 1.2 MB gzipped.
    writeFileSync(join(outdir, "index.js"), randomBytes(1.2 * 1024 * 1024).toString("base64"));
    writeFileSync(join(outdir, "index.js.map"), randomBytes(4 * 1024 * 1024));
    writeFileSync(join(outdir, "README.md"), "wrangler's note");
    const size = bundleSize(outdir);
    assert.deepEqual(
      size.files.map((file) => file.name),
      ["index.js"],
    );
    assert.ok(size.gzip > GZIP_BUDGET_BYTES);
    const problems = budgetProblems(size);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /over its budget of 1024 KB \(biggest: index\.js \d+ KB\)/);
  });

  test("a bundle under the budget passes, however big its source map", () => {
    writeFileSync(join(outdir, "index.js"), "export default {};\n".repeat(50_000));
    assert.deepEqual(budgetProblems(bundleSize(outdir)), []);
  });

  test("the budget stays under Cloudflare's 3 MB Free-plan limit", () => {
    assert.ok(GZIP_BUDGET_BYTES < 3 * 1024 * 1024);
  });
});

describe("deploy check: bindings and migrations", () => {
  const typesText = readFileSync(join(projectRoot, "worker-configuration.d.ts"), "utf8");

  test("the bindings come from the generated Env, settings left out", () => {
    assert.deepEqual(typedBindings(typesText).sort(), ["ASSETS", "DB", "FILES", "KEY_CHECK_LIMITER", "USER_WALLET"]);
  });

  test("the project's wrangler.toml declares every binding and migration", async () => {
    const config = await wranglerConfig();
    assert.deepEqual(configProblems(config, typedBindings(typesText), () => ["0001_init.sql"]), []);
  });

  test("a missing binding, a Durable Object without a migration and a D1 without migrations each fail", async () => {
    const config = await wranglerConfig();
    const broken = {
      ...config,
      r2_buckets: [],
      migrations: [{ tag: "v1", new_sqlite_classes: ["UserWallet"] }, { tag: "v2", deleted_classes: ["UserWallet"] }],
    };
    const problems = configProblems(broken, typedBindings(typesText), () => []);
    assert.deepEqual(problems, [
      "the binding FILES is used by the code but missing from wrangler.toml",
      "the Durable Object class UserWallet (USER_WALLET) has no [[migrations]] entry creating it",
      "the D1 database DB has no migrations in migrations/",
    ]);
  });
});

describe("deploy check: start-up of the uploaded bundle", () => {
  const work = mkdtempSync(join(tmpdir(), "igh-fake-worker-"));
  after(() => rmSync(work, { recursive: true, force: true }));

  test("a bundle that does not export its Durable Object class fails, with wrangler's words", { timeout: 4 * 60_000 }, async () => {
    const bundle = join(work, "index.js");
    writeFileSync(bundle, 'export default { fetch: () => new Response("ok"), scheduled() {} };\n');
    const problems = await startupProblems(await wranglerConfig(), bundle, join(work, "state"));
    assert.equal(problems[0], "wrangler dev stopped (exit 1)");
    assert.match(problems.at(-1), /^it printed:[\s\S]*"UserWallet", but no such Durable Object class is exported/);
  });
});
