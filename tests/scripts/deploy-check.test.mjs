// The deploy check's pure parts (scripts/deploy-check.mjs), on Node: the size budget against a
// fake oversized bundle, the bindings and migrations a wrangler config must declare, and the
// migration guard: attacks on its reading of SQL (issue 42, M1) and on its rehearsal (H3).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { budgetProblems, bundleSize, configProblems, GZIP_BUDGET_BYTES, migrationProblems, startupProblems, typedBindings } from "../../scripts/deploy-check.mjs";
import { projectRoot, wranglerConfig } from "../../scripts/lib.mjs";
import { applyAsD1, emptyStore, lossesSince, seedEmptyTables, shapeOf } from "../../scripts/migration-rehearsal.mjs";

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
    assert.deepEqual(typedBindings(typesText).sort(), ["ASSETS", "DB", "FILES", "KEY_CHECK_LIMITER", "OPS_WATCH", "USER_WALLET"]);
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
      migrations: [{ tag: "v1", new_sqlite_classes: ["UserWallet"] }, { tag: "v2", deleted_classes: ["UserWallet"] }, { tag: "v3", new_sqlite_classes: ["OpsWatch"] }],
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
    // A review names the tables the rebuild may change (apps, and every child its DROP cascades to or
    // rewrites) and the indexes and triggers it does not create again; the rehearsal holds it to that.
    const children = ["app_media", "app_releases", "bans", "buyer_mails", "key_batches", "key_device_moves", "key_pricing", "license_keys", "orders", "package_manager_links", "trial_devices"];
    const notRecreated = ["apps_bundle", "apps_search_delete", "apps_search_insert", "apps_search_update", "apps_status_updated", "apps_type_updated", "apps_url_unique"];
    // …and the columns it drops: every one of apps but its id.
    const store = newestStore();
    const dropped = columnList(store, "apps")
      .split(", ")
      .map((name) => `apps.${name.slice(1, -1)}`)
      .filter((name) => name !== "apps.id");
    store.close();
    writeFileSync(join(dir, "reviewed.json"), JSON.stringify({ ...reviewed, [rebuild]: { reason: "apps has no child rows in any store yet", tables: ["apps", ...children], drops: notRecreated, columns: dropped } }));
    assert.deepEqual(migrationProblems(dir), []);
  });

  test("a hand-written migration drizzle-kit's journal does not list is refused (its next generate would reuse the number)", () => {
    // (on `id`: the rebuild above left apps only that column, and the rehearsal applies this file after it)
    writeFileSync(join(dir, "0100_hand_written.sql"), "CREATE INDEX `x` ON `apps` (`id`);");
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

/** A copy of the project's migrations with `sql` as the next one (journal entry and all) and `review` as its entry in reviewed.json. */
function migrationsWith(sql, review) {
  const dir = mkdtempSync(join(tmpdir(), "igh-attack-"));
  cpSync(join(projectRoot, "migrations"), dir, { recursive: true });
  writeFileSync(join(dir, "0099_attack.sql"), sql);
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  journal.entries.push({ ...journal.entries.at(-1), idx: journal.entries.length, tag: "0099_attack" });
  writeFileSync(journalPath, JSON.stringify(journal));
  if (review !== undefined) {
    const reviewed = JSON.parse(readFileSync(join(dir, "reviewed.json"), "utf8"));
    writeFileSync(join(dir, "reviewed.json"), JSON.stringify({ ...reviewed, "0099_attack.sql": review }));
  }
  return dir;
}

/** migrationProblems of `sql` as the next migration: the lines about it, and the lines about any other file. */
function problemsOf(sql, review) {
  const dir = migrationsWith(sql, review);
  try {
    const problems = migrationProblems(dir);
    return { attack: problems.filter((line) => line.includes("0099_attack.sql")), others: problems.filter((line) => !line.includes("0099_attack.sql")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A store at the newest migration (node:sqlite, as D1 applies them). */
function newestStore() {
  const db = emptyStore();
  for (const file of readdirSync(join(projectRoot, "migrations")).filter((name) => name.endsWith(".sql")).sort()) {
    applyAsD1(db, readFileSync(join(projectRoot, "migrations", file), "utf8"));
  }
  return db;
}

const tableSql = (db, table) => db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table).sql;
const columnList = (db, table) =>
  db
    .prepare("SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0 ORDER BY cid")
    .all(table)
    .map(({ name }) => `"${name}"`)
    .join(", ");

/** The rebuild docs/operations.md used to give (D1's `PRAGMA defer_foreign_keys = on`), as drizzle-kit writes it: indexes again, triggers forgotten. */
function deferredRebuild(db, table) {
  const indexes = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(table);
  const list = columnList(db, table);
  return [
    "PRAGMA defer_foreign_keys = on",
    tableSql(db, table).replace(`CREATE TABLE \`${table}\``, `CREATE TABLE \`__new_${table}\``),
    `INSERT INTO "__new_${table}" (${list}) SELECT ${list} FROM "${table}"`,
    `DROP TABLE "${table}"`,
    `ALTER TABLE "__new_${table}" RENAME TO "${table}"`,
    ...indexes.map(({ sql }) => sql),
    "PRAGMA defer_foreign_keys = off",
  ].join(";\n--> statement-breakpoint\n");
}

/**
 * The rebuild docs/operations.md gives now ("Changing a table that others reference"): the rows
 * the DROP would cascade away or set to NULL are copied aside and put back, and the table's
 * indexes and triggers are created again.
 */
function keepingRebuild(db, table) {
  const tables = db
    .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map(({ name }) => name);
  const keysTo = (parent) => tables.flatMap((child) => db.prepare('SELECT "from", "on_delete" AS action FROM pragma_foreign_key_list(?) WHERE "table" = ?').all(child, parent).map((key) => ({ child, ...key })));
  // Parents first: the order the rows go back in.
  const cascaded = [];
  const visit = (parent) => {
    for (const { child, action } of keysTo(parent)) {
      if (action === "CASCADE" && child !== table && !cascaded.includes(child)) {
        cascaded.push(child);
        visit(child);
      }
    }
  };
  visit(table);
  const nulled = new Map();
  for (const parent of [table, ...cascaded]) {
    for (const { child, from, action } of keysTo(parent)) {
      if ((action === "SET NULL" || action === "SET DEFAULT") && !cascaded.includes(child) && child !== table) nulled.set(child, [...(nulled.get(child) ?? []), from]);
    }
  }
  const kept = [...cascaded, ...nulled.keys()];
  const objects = db.prepare("SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL ORDER BY type, name").all(table);
  const list = columnList(db, table);
  return [
    "PRAGMA defer_foreign_keys = on",
    tableSql(db, table).replace(`CREATE TABLE \`${table}\``, `CREATE TABLE \`__new_${table}\``),
    `INSERT INTO "__new_${table}" (${list}) SELECT ${list} FROM "${table}"`,
    ...kept.map((child) => `CREATE TABLE "__keep_${child}" AS SELECT * FROM "${child}"`),
    `DROP TABLE "${table}"`,
    `ALTER TABLE "__new_${table}" RENAME TO "${table}"`,
    ...cascaded.map((child) => `INSERT INTO "${child}" SELECT * FROM "__keep_${child}"`),
    ...[...nulled].map(([child, columns]) => `UPDATE "${child}" SET ${columns.map((column) => `"${column}" = "k"."${column}"`).join(", ")} FROM "__keep_${child}" AS "k" WHERE "k"."id" = "${child}"."id"`),
    ...objects.map(({ sql }) => sql),
    ...kept.map((child) => `DROP TABLE "__keep_${child}"`),
    "PRAGMA defer_foreign_keys = off",
  ].join(";\n--> statement-breakpoint\n");
}

describe("deploy check: the guard reads SQL as SQL (issue 42, M1)", () => {
  test("a data fix that deletes rows (DELETE FROM) is refused", () => {
    const { attack, others } = problemsOf("DELETE FROM `license_keys` WHERE `status` = 'sold';");
    assert.deepEqual(others, []);
    assert.equal(attack.length, 1);
    assert.match(attack[0], /0099_attack\.sql contains DELETE, which can lose rows in D1/);
  });

  test("a price fix that multiplies every price by 1,000 (UPDATE without WHERE) is refused, and its review must name the table", () => {
    const sql = "UPDATE `key_pricing` SET `price` = `price` * 1000;\nUPDATE apps SET price = price * 1000;";
    assert.match(problemsOf(sql).attack[0], /contains UPDATE, which can lose rows/);
    const reviewedForAnother = problemsOf(sql, { reason: "a price fix", tables: ["apps"] }).attack;
    assert.equal(reviewedForAnother.length, 1);
    assert.match(reviewedForAnother[0], /writes key_pricing, which its review in migrations\/reviewed\.json does not name/);
    assert.match(reviewedForAnother[0], /loses what its review does not name: key_pricing: 3 of 3 rows rewritten/);
  });

  test("a price change smuggled through a trigger the migration fires itself is caught by the rehearsal", () => {
    const sql =
      "CREATE TRIGGER `x` AFTER INSERT ON `store_settings` BEGIN UPDATE `key_pricing` SET `price` = `price` * 1000; END;\n" +
      "INSERT INTO `store_settings` (`key`, `value`) VALUES ('attack', '1');";
    const { attack } = problemsOf(sql);
    assert.equal(attack.length, 1);
    assert.match(attack[0], /rehearsed on a seeded copy of the store before it, loses what its review does not name: key_pricing: 3 of 3 rows rewritten/);
  });

  test("ALTER TABLE … DROP without the word COLUMN is refused", () => {
    assert.match(problemsOf("ALTER TABLE `license_keys` DROP `device_id`;").attack[0], /contains DROP COLUMN/);
  });

  test("DROP/**/TABLE, a comment between the words, is refused", () => {
    assert.match(problemsOf("DROP/**/TABLE `key_device_moves`;").attack[0], /contains DROP TABLE.*table key_device_moves is gone/);
  });

  test("a DROP TABLE between quoted comment markers ('/*' … '*/') is read, not skipped", () => {
    const { attack } = problemsOf("SELECT '/*';\nDROP TABLE `key_device_moves`;\nSELECT '*/';");
    assert.match(attack[0], /contains DROP TABLE/);
  });

  test("DROP TRIGGER on the ledger (its append-only guard) is refused, reviewed or not", () => {
    const sql = "DROP TRIGGER `wallet_transactions_no_update`;";
    assert.match(problemsOf(sql).attack[0], /contains DROP TRIGGER/);
    const reviewed = problemsOf(sql, { reason: "tidying", tables: ["wallet_transactions"] }).attack;
    assert.match(reviewed[0], /trigger wallet_transactions_no_update \(on wallet_transactions\) is gone/);
  });

  test("RENAME COLUMN is refused", () => {
    assert.match(problemsOf("ALTER TABLE `users` RENAME COLUMN `balance` TO `old_balance`;").attack[0], /contains RENAME COLUMN.*column users\.balance is gone/);
  });

  test("REPLACE INTO and INSERT OR REPLACE (a delete and an insert) are refused", () => {
    assert.match(problemsOf("REPLACE INTO `store_settings` (`key`, `value`) VALUES ('usd_rate', '1');").attack[0], /contains REPLACE INTO/);
    assert.match(problemsOf("INSERT OR REPLACE INTO `store_settings` (`key`, `value`) VALUES ('usd_rate', '1');").attack[0], /contains INSERT OR REPLACE/);
  });

  test("an upsert that rewrites rows and an FTS5 'delete-all' are refused", () => {
    assert.match(problemsOf("INSERT INTO `users` (`id`, `username`, `email`) SELECT `id`, 'x', 'y' FROM `users` WHERE true ON CONFLICT DO UPDATE SET `balance` = 0;").attack[0], /contains INSERT … ON CONFLICT DO UPDATE/);
    assert.match(problemsOf("INSERT INTO `app_search` (`app_search`) VALUES ('delete-all');").attack[0], /contains an FTS5 command/);
  });

  test("a backfill of a column the same migration adds is additive, and needs no review", () => {
    const { attack } = problemsOf("ALTER TABLE `apps` ADD `slug` text;--> statement-breakpoint\nUPDATE `apps` SET `slug` = lower(`url`);");
    assert.deepEqual(attack, []);
  });
});

describe("deploy check: the rehearsal a review cannot turn off (issue 42, H3)", () => {
  const db = newestStore();
  after(() => db.close());

  test("a migration that deletes sold keys through a cascade is refused even when reviewed", () => {
    const sql = deferredRebuild(db, "apps");
    const bare = problemsOf(sql, "apps gains a column; reviewed against the children").attack;
    assert.equal(bare.length, 1);
    assert.match(bare[0], /a reason alone no longer counts/);
    const reviewed = problemsOf(sql, { reason: "apps gains a column; reviewed against the children", tables: ["apps"] }).attack;
    assert.equal(reviewed.length, 1);
    for (const lost of ["license_keys: 3 → 0 rows", "key_pricing: 3 → 0 rows", "key_device_moves: 3 → 0 rows", "buyer_mails: 3 → 0 rows", "orders: 3 of 3 rows rewritten", "trigger apps_search_insert (on apps) is gone"]) {
      assert.ok(reviewed[0].includes(lost), `${lost} in: ${reviewed[0]}`);
    }
  });

  test("the rebuild recipe of docs/operations.md keeps every sold key, child row, trigger and index", () => {
    const sql = keepingRebuild(db, "apps");
    // Deployed with its review (apps, orders whose keys it puts back, and app_search, which the triggers it makes again write)…
    assert.deepEqual(problemsOf(sql, { reason: "apps gains a column; its children copied aside and back", tables: ["apps", "orders", "app_search"] }), { attack: [], others: [] });
    // …and shown to change nothing but apps itself: rehearsed with only apps named.
    const store = newestStore();
    try {
      assert.deepEqual(seedEmptyTables(store), []);
      const before = shapeOf(store);
      const keys = store.prepare("SELECT count(*) AS n FROM license_keys").get().n;
      applyAsD1(store, sql);
      assert.deepEqual(lossesSince(store, before, new Set(["apps"])), []);
      assert.equal(store.prepare("SELECT count(*) AS n FROM license_keys").get().n, keys);
      assert.ok(keys > 0);
      assert.equal(store.prepare("SELECT count(*) AS n FROM app_search WHERE app_search MATCH 'seed'").get().n, 3);
    } finally {
      store.close();
    }
  });

  test("the same recipe keeps the children that reference with ON DELETE RESTRICT (key_types): the check is deferred, the ids come back", () => {
    assert.deepEqual(problemsOf(keepingRebuild(db, "key_types"), { reason: "key_types gains a column", tables: ["key_types", "orders"] }), { attack: [], others: [] });
  });

  test("a rebuild whose DROP would rewrite the append-only ledger (users: wallet_transactions.created_by SET NULL) fails, and loses nothing", () => {
    const { attack } = problemsOf(keepingRebuild(db, "users"), { reason: "users gains a column", tables: ["users"] });
    assert.equal(attack.length, 1);
    assert.match(attack[0], /fails on a seeded copy of the store before it \(wallet_transactions is append-only\)/);
  });
});

/** `table` rebuilt without `column` (a new table, the rows copied, the old one dropped, its indexes and triggers made again), as drizzle-kit writes a column's removal. */
function rebuildWithout(db, table, column) {
  const sql = tableSql(db, table)
    .split("\n")
    .filter((line) => !line.trimStart().startsWith(`\`${column}\``))
    .join("\n");
  const objects = db.prepare("SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL ORDER BY type, name").all(table);
  const list = columnList(db, table)
    .split(", ")
    .filter((name) => name !== `"${column}"`)
    .join(", ");
  return [
    sql.replace(`CREATE TABLE \`${table}\``, `CREATE TABLE \`__new_${table}\``),
    `INSERT INTO "__new_${table}" (${list}) SELECT ${list} FROM "${table}"`,
    `DROP TABLE "${table}"`,
    `ALTER TABLE "__new_${table}" RENAME TO "${table}"`,
    ...objects.map((object) => object.sql),
  ].join(";\n--> statement-breakpoint\n");
}

describe("deploy check: the rebuild of buyer_mails (migration 0025)", () => {
  test("keeps every queued and sent mail, with its id, its indexes and every other table's rows: it loses nothing even with no table named", () => {
    const store = emptyStore();
    try {
      const files = readdirSync(join(projectRoot, "migrations")).filter((name) => name.endsWith(".sql")).sort();
      const rebuild = files.indexOf("0025_buyer_mails_pause.sql");
      assert.ok(rebuild > 0);
      for (const file of files.slice(0, rebuild)) applyAsD1(store, readFileSync(join(projectRoot, "migrations", file), "utf8"));
      assert.deepEqual(seedEmptyTables(store), []);
      const mails = store.prepare("SELECT * FROM buyer_mails ORDER BY id").all();
      assert.ok(mails.length >= 3);
      const before = shapeOf(store);
      applyAsD1(store, readFileSync(join(projectRoot, "migrations", files[rebuild]), "utf8"));
      assert.deepEqual(lossesSince(store, before), []);
      assert.deepEqual(
        store.prepare("SELECT * FROM buyer_mails ORDER BY id").all().map((mail) => ({ ...mail })),
        mails.map((mail) => ({ ...mail, pause_id: null })),
      );
      // The new kinds are taken, the old CHECK's others still refused.
      const [mail] = mails;
      store.prepare("INSERT INTO buyer_mails (kind, dedupe_key, user_id, app_id, pause_id) VALUES ('app_paused', 'app_paused:1:1', ?, ?, 1)").run(mail.user_id, mail.app_id);
      assert.throws(() => store.prepare("INSERT INTO buyer_mails (kind, dedupe_key, user_id, app_id) VALUES ('spam', 'spam:1', ?, ?)").run(mail.user_id, mail.app_id), /CHECK constraint failed/);
    } finally {
      store.close();
    }
  });
});

describe("deploy check: migrations that delete sold keys past the guard (issue 52, H1)", () => {
  test("the rehearsal's store is shaped like the demo store: several rows in every table, ids that are not 1, keys available, sold and used with their orders", () => {
    const store = newestStore();
    try {
      assert.deepEqual(seedEmptyTables(store), []);
      const tables = store.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%search%' AND name <> 'd1_migrations'").all();
      // (catalogue_state: its CHECK keeps it to one row)
      for (const { name } of tables.filter((table) => table.name !== "catalogue_state")) assert.ok(store.prepare(`SELECT count(*) AS n FROM "${name}"`).get().n >= 3, `${name} has several rows`);
      assert.equal(store.prepare("SELECT count(*) AS n FROM license_keys WHERE id = 1").get().n, 0, "no key has id 1");
      const statuses = store.prepare("SELECT DISTINCT status FROM license_keys ORDER BY status").all().map((row) => row.status);
      for (const status of ["available", "sold", "used"]) assert.ok(statuses.includes(status), `a ${status} key: ${statuses}`);
      assert.ok(store.prepare("SELECT count(DISTINCT app_id) AS n FROM license_keys").get().n >= 2, "keys of several apps");
      assert.ok(store.prepare("SELECT count(*) AS n FROM orders JOIN license_keys ON license_keys.id = orders.key_id WHERE license_keys.status <> 'available'").get().n >= 1, "a sold key's order");
    } finally {
      store.close();
    }
  });

  test("a unique index over existing keys and UPDATE OR REPLACE (a new column filled) are refused: the replace keeps one key", () => {
    const { attack, others } = problemsOf("ALTER TABLE `license_keys` ADD `shard` integer;\nCREATE UNIQUE INDEX `license_keys_shard` ON `license_keys` (`shard`);\nUPDATE OR REPLACE `license_keys` SET `shard` = 1;");
    assert.deepEqual(others, []);
    assert.equal(attack.length, 1);
    assert.match(attack[0], /contains [^;]*UPDATE OR REPLACE/);
    assert.match(attack[0], /contains [^;]*a unique index over existing rows/);
    assert.match(attack[0], /license_keys: \d+ → 1 rows/);
  });

  test("a trigger that deletes keys at the next sign-in is refused: it is not additive, and the rehearsal fires it", () => {
    const sql = "CREATE TRIGGER `sessions_cleanup` AFTER INSERT ON `sessions` BEGIN DELETE FROM `license_keys` WHERE `status` = 'sold'; END;";
    const { attack, others } = problemsOf(sql);
    assert.deepEqual(others, []);
    assert.equal(attack.length, 1);
    assert.match(attack[0], /contains a trigger that writes rows \(CREATE TRIGGER\)/);
    assert.match(attack[0], /when a row is inserted into sessions[^;]*license_keys: \d+ → \d+ rows/);
    // Reviewed for the table it fires on, not for the keys it deletes: still refused.
    const reviewed = problemsOf(sql, { reason: "sessions tidy-up", tables: ["sessions"] }).attack;
    assert.equal(reviewed.length, 1);
    assert.match(reviewed[0], /writes license_keys, which its review in migrations\/reviewed\.json does not name/);
    assert.match(reviewed[0], /when a row is inserted into sessions[^;]*license_keys: \d+ → \d+ rows/);
  });

  test("a new table whose insert trigger deletes keys WHERE id > 1, fired by one insert, is refused", () => {
    const { attack } = problemsOf(
      "CREATE TABLE `shards` (`id` integer PRIMARY KEY);\nCREATE TRIGGER `shards_insert` AFTER INSERT ON `shards` BEGIN DELETE FROM `license_keys` WHERE `id` > 1; END;\nINSERT INTO `shards` (`id`) VALUES (1);",
    );
    assert.equal(attack.length, 1);
    assert.match(attack[0], /contains a trigger that writes rows/);
    assert.match(attack[0], /loses what its review does not name: [^;]*license_keys: \d+ → 0 rows/);
  });

  test("a review that names only apps does not let DELETE FROM apps WHERE id > 1 cascade into keys and pricings", () => {
    const { attack } = problemsOf("DELETE FROM `apps` WHERE `id` > 1;", { reason: "remove the test apps", tables: ["apps"] });
    assert.equal(attack.length, 1);
    assert.match(attack[0], /license_keys: \d+ → 0 rows/);
    assert.match(attack[0], /key_pricing: \d+ → 0 rows/);
  });

  test("CREATE TABLE IF NOT EXISTS of a table that exists does not exempt it: a review naming notifications does not cover license_keys", () => {
    const { attack } = problemsOf("CREATE TABLE IF NOT EXISTS `license_keys` (`id` integer);\nDELETE FROM `license_keys` WHERE `id` > 1;\nDELETE FROM `notifications` WHERE `id` > 1;", {
      reason: "old notifications",
      tables: ["notifications"],
    });
    assert.equal(attack.length, 1);
    assert.match(attack[0], /writes license_keys, which its review in migrations\/reviewed\.json does not name/);
    assert.match(attack[0], /license_keys: \d+ → 0 rows/);
  });
});

describe("deploy check: a review names the columns it may drop or rename (issue 52, M)", () => {
  const db = newestStore();
  after(() => db.close());

  test("a ledger rebuild that drops description is refused though its review names the table, and passes once it names the column", () => {
    const sql = rebuildWithout(db, "wallet_transactions", "description");
    // (ledger_daily: the daily rollup the triggers it makes again write)
    const tableOnly = problemsOf(sql, { reason: "the ledger loses description", tables: ["wallet_transactions", "ledger_daily"] }).attack;
    assert.equal(tableOnly.length, 1);
    assert.match(tableOnly[0], /column wallet_transactions\.description is gone/);
    assert.deepEqual(problemsOf(sql, { reason: "the ledger loses description", tables: ["wallet_transactions", "ledger_daily"], columns: ["wallet_transactions.description"] }).attack, []);
  });

  test("RENAME COLUMN orders.reference is refused though its review names orders, and passes once it names the column", () => {
    const sql = "ALTER TABLE `orders` RENAME COLUMN `reference` TO `order_reference`;";
    const tableOnly = problemsOf(sql, { reason: "a clearer name", tables: ["orders"] }).attack;
    assert.equal(tableOnly.length, 1);
    assert.match(tableOnly[0], /column orders\.reference is gone/);
    assert.deepEqual(problemsOf(sql, { reason: "a clearer name", tables: ["orders"], columns: ["orders.reference"] }).attack, []);
  });
});
