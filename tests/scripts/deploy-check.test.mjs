// The deploy check's pure parts (scripts/deploy-check.mjs), on Node: the size budget against a
// fake oversized bundle, and the bindings and migrations a wrangler config must declare.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { budgetProblems, bundleSize, configProblems, GZIP_BUDGET_BYTES, migrationProblems, startupProblems, typedBindings } from "../../scripts/deploy-check.mjs";
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

describe("deploy check: migrations that can lose data", () => {
  const dir = mkdtempSync(join(tmpdir(), "igh-migrations-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(projectRoot, "migrations"), dir, { recursive: true });

  test("today's migrations pass: the one rebuild is reviewed, and drizzle-kit's journal lists every file", () => {
    assert.deepEqual(migrationProblems(join(projectRoot, "migrations")), []);
  });

  test("a drizzle-kit table rebuild (PRAGMA foreign_keys=OFF, DROP TABLE, RENAME) is refused until it is reviewed with a reason", () => {
    const rebuild = "0099_apps_type.sql";
    writeFileSync(
      join(dir, rebuild),
      "PRAGMA foreign_keys=OFF;--> statement-breakpoint\nCREATE TABLE `__new_apps` (`id` integer PRIMARY KEY);--> statement-breakpoint\n" +
        "INSERT INTO `__new_apps`(\"id\") SELECT \"id\" FROM `apps`;--> statement-breakpoint\nDROP TABLE `apps`;--> statement-breakpoint\n" +
        "ALTER TABLE `__new_apps` RENAME TO `apps`;--> statement-breakpoint\nPRAGMA foreign_keys=ON;",
    );
    const journalPath = join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8"));
    journal.entries.push({ ...journal.entries.at(-1), idx: journal.entries.length, tag: "0099_apps_type" });
    writeFileSync(journalPath, JSON.stringify(journal));
    const problems = migrationProblems(dir);
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(problems[0], /0099_apps_type\.sql contains DROP TABLE, a table rebuild or rename \(RENAME TO\), PRAGMA foreign_keys/);

    const reviewed = JSON.parse(readFileSync(join(dir, "reviewed.json"), "utf8"));
    writeFileSync(join(dir, "reviewed.json"), JSON.stringify({ ...reviewed, [rebuild]: "  " }));
    assert.equal(migrationProblems(dir).length, 1, "a blank reason is no review");
    writeFileSync(join(dir, "reviewed.json"), JSON.stringify({ ...reviewed, [rebuild]: "apps has no child rows in any store yet" }));
    assert.deepEqual(migrationProblems(dir), []);
  });

  test("a hand-written migration drizzle-kit's journal does not list is refused (its next generate would reuse the number)", () => {
    writeFileSync(join(dir, "0100_hand_written.sql"), "CREATE INDEX `x` ON `apps` (`name`);");
    const problems = migrationProblems(dir);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /0100_hand_written\.sql is not in drizzle-kit's journal/);
  });

  test("a statement named only in a comment is not one", () => {
    rmSync(join(dir, "0100_hand_written.sql"));
    writeFileSync(join(dir, "0099_apps_type.sql"), "-- no DROP TABLE here, nor PRAGMA foreign_keys\nCREATE INDEX `y` ON `apps` (`url`);");
    writeFileSync(join(dir, "reviewed.json"), "{}");
    const problems = migrationProblems(dir);
    assert.ok(problems.every((problem) => !problem.includes("0099")), problems.join("\n"));
  });
});
