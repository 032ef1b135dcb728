// The restore rehearsal (docs/operations.md "Backups and restoring"): a local store with purchases,
// top-ups and an admin adjustment is backed up (scripts/backup.mjs), restored into a fresh state
// directory (scripts/restore.mjs) and served again; every balance, ledger row, order, key and file
// is as before. And a production backup only reads: it refuses without an explicit database and
// account, and runs nothing against the account but `d1 export` and `r2 object get`. Needs a build.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { signInAdmin } from "../../scripts/admin-code.mjs";
import { api } from "../../scripts/bench/http.mjs";
import { freePort, localSettings, prepareStore, projectRoot, serveStore, settingsToPass, sha256, stopProcessGroup, waitForStore, withLocalBindings } from "../../scripts/lib.mjs";
import { PART_SIZE, r2Commands, WRANGLER_PUT_LIMIT } from "../../scripts/restore.mjs";
import { seedDemoData } from "../../scripts/seed.mjs";
import { simulateBankTransfer } from "../../scripts/simulate-bank.mjs";

const work = mkdtempSync(join(tmpdir(), "igh-restore-test-"));
after(() => rmSync(work, { recursive: true, force: true }));
const SEPAY = { SEPAY_AUTH: "apikey", SEPAY_API_KEY: "restore-rehearsal-key" };
const settings = { ...localSettings(), ...SEPAY };

/** Runs one of the project's scripts to its end (node_modules/.bin first on PATH, as under npm). */
function script(name, args, env = {}) {
  return spawnSync(process.execPath, [`scripts/${name}`, ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, PATH: `${join(projectRoot, "node_modules/.bin")}:${process.env.PATH}`, ...env },
  });
}

/** Serves the store in `persistTo` for `use(call, origin)`, then stops it. */
async function withStore(persistTo, use) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = serveStore({ port, persistTo, overrides: { ...settingsToPass(), ...SEPAY }, stdio: ["ignore", "ignore", "ignore"], detached: true });
  try {
    assert.ok(await waitForStore(origin), `the store on ${persistTo} did not answer`);
    return await use((path, options) => api(origin, path, options), origin);
  } finally {
    await stopProcessGroup(server);
  }
}

/** What a buyer sees of their money and keys, through the API. */
async function buyerView(call, token) {
  const [balance, ledger, purchases] = await Promise.all(["/api/auth/wallet/balance/", "/api/auth/wallet/transactions/", "/api/auth/purchase/history/"].map((path) => call(path, { token })));
  for (const answer of [balance, ledger, purchases]) assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { balance: balance.body.data, ledger: ledger.body.data, purchases: purchases.body.data };
}

/** The catalogue's icons and screenshots as the store serves them, by path and SHA-256. */
async function servedFiles(origin) {
  const { data: apps } = await (await fetch(`${origin}/api/apps/list/`)).json();
  const digests = {};
  for (const app of apps) {
    for (const address of [app.icon_url, ...app.screenshots.map((shot) => shot.url)]) {
      if (!address?.startsWith(origin)) continue; // an external image is not ours to keep
      const response = await fetch(address);
      assert.equal(response.status, 200, address);
      digests[new URL(address).pathname] = sha256(new Uint8Array(await response.arrayBuffer()));
    }
  }
  assert.ok(Object.keys(digests).length > 10, "the demo catalogue serves its files");
  return digests;
}

/** Every row that holds money or keys, straight from D1. */
function moneyAndKeys(persistTo) {
  return withLocalBindings(persistTo, async (env) => {
    const all = async (sql) => (await env.DB.prepare(sql).all()).results;
    const rows = {
      balances: await all("SELECT id, username, balance, total_spent, total_keys_purchased FROM users ORDER BY id"),
      ledger: await all("SELECT * FROM wallet_transactions ORDER BY id"),
      orders: await all("SELECT * FROM orders ORDER BY id"),
      keys: await all("SELECT * FROM license_keys ORDER BY id"),
      topups: await all("SELECT transaction_id, status, amount FROM vietqr_topups ORDER BY id"),
      objects: [],
    };
    for (const { key } of (await env.FILES.list()).objects) rows.objects.push([key, sha256(new Uint8Array(await (await env.FILES.get(key)).arrayBuffer()))]);
    return rows;
  });
}

/** Every object of the store in `persistTo` with its Content-Type and ETag. */
function objectTypes(persistTo) {
  return withLocalBindings(persistTo, async (env) => {
    const types = new Map();
    for (const object of (await env.FILES.list({ include: ["httpMetadata"] })).objects) types.set(object.key, { contentType: object.httpMetadata?.contentType, etag: object.etag });
    return types;
  });
}

/** The copies decision 0036 makes, on one icon and one screenshot of the demo catalogue (docs/decisions/0036-image-variants.md). */
async function addImageVariants(env) {
  const icon = await env.DB.prepare("SELECT id, icon_key FROM apps WHERE icon_key IS NOT NULL ORDER BY id LIMIT 1").first();
  const shot = await env.DB.prepare("SELECT id, object_key FROM app_media WHERE media_type = 'image' ORDER BY id LIMIT 1").first();
  await env.DB.prepare("UPDATE apps SET icon_variants = '[64,96]' WHERE id = ?").bind(icon.id).run();
  await env.DB.prepare("UPDATE app_media SET variants = '[180]' WHERE id = ?").bind(shot.id).run();
  const keys = [`${icon.icon_key}.w64.webp`, `${icon.icon_key}.w96.webp`, `${shot.object_key}.w180.webp`];
  for (const key of keys) await env.FILES.put(key, `webp copy ${key}`, { httpMetadata: { contentType: "image/webp" } });
  return keys;
}

/** A key whose file is bigger than one part: the local restore puts it in parts. */
const LARGE_KEY = "files/restore-rehearsal/large.ipa";

describe("backup and restore", () => {
  const original = join(work, "original");
  const backup = join(work, "backup");
  const restored = join(work, "restored");
  let variantKeys = [];
  let buyerIds = [];

  test("a store backed up after top-ups and purchases comes back with every balance, ledger row, key and file", { timeout: 12 * 60_000 }, async () => {
    process.env.SKIP_BUILD ??= "1";
    await prepareStore(original);
    await withLocalBindings(original, async (env) => {
      await seedDemoData(env);
      variantKeys = await addImageVariants(env);
      await env.FILES.put(LARGE_KEY, new Uint8Array(PART_SIZE + 1024 * 1024).fill(7), { httpMetadata: { contentType: "application/octet-stream" } });
    });

    const before = await withStore(original, async (call, origin) => {
      const buyers = [];
      for (const [index, topup] of [200_000, 500_000].entries()) {
        const username = `restore_${index}_${Date.now()}`;
        const password = "mat-khau-123";
        const registered = await call("/api/auth/register/", { body: { username, email: `${username}@example.com`, first_name: "Khôi", last_name: "Phục", password, password_confirm: password } });
        assert.equal(registered.status, 201, JSON.stringify(registered.body));
        const { access } = (await call("/api/auth/login/", { body: { login: username, password } })).body;
        const created = await call("/api/vietqr/create/", { token: access, body: { amount: topup } });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const paid = await simulateBankTransfer({ origin, apiKey: SEPAY.SEPAY_API_KEY, accountNumber: settings.VIETQR_ACCOUNT_NUMBER, content: created.body.data.description, amount: topup });
        assert.equal(paid.status, 200, JSON.stringify(paid.body));
        buyers.push({ token: access, id: registered.body.data.user.id });
      }
      // Keys of the first priced apps, bought with the balance: one by the first buyer, two by the second.
      const { data: apps } = (await call("/api/apps/list/")).body;
      const pricings = [];
      for (const app of apps) {
        const pricing = await call(`/api/keys/apps/${app.id}/pricing/`, { token: buyers[0].token });
        const option = (pricing.body?.data ?? []).find((entry) => entry.available_count > 0 && entry.currency !== "USD" && entry.price <= 100_000);
        if (option) pricings.push(option.id);
        if (pricings.length === 2) break;
      }
      assert.equal(pricings.length, 2, "two priced apps with stock");
      for (const [buyer, pricing] of [
        [buyers[0], pricings[0]],
        [buyers[1], pricings[0]],
        [buyers[1], pricings[1]],
      ]) {
        const bought = await call("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing, payment_method: "balance" } });
        assert.equal(bought.status, 200, JSON.stringify(bought.body));
      }
      // And an admin adjustment, so every kind of ledger row is in the chain.
      const admin = await signInAdmin(call, settings);
      const adjusted = await call(`/api/admin/users/${buyers[0].id}/adjust-balance/`, { token: admin.access, body: { amount: 12_345, transaction_type: "deposit" } });
      assert.equal(adjusted.status, 200, JSON.stringify(adjusted.body));

      return { buyers, views: await Promise.all(buyers.map((buyer) => buyerView(call, buyer.token))), files: await servedFiles(origin) };
    });
    // A local store is backed up stopped: two workerd processes on one state directory disturb each other.
    buyerIds = before.buyers.map((buyer) => buyer.id);
    const backedUp = script("backup.mjs", [backup], { STATE_DIR: original });
    assert.equal(backedUp.status, 0, backedUp.stderr);
    const rowsBefore = await moneyAndKeys(original);
    assert.equal(rowsBefore.ledger.length, 6, "two top-ups, three purchases, one adjustment");
    assert.ok(rowsBefore.objects.length > 10, "the demo catalogue's files are in R2");

    const manifest = JSON.parse(readFileSync(join(backup, "manifest.json"), "utf8"));
    assert.equal(manifest.tables.wallet_transactions, 6);
    assert.deepEqual(new Map(manifest.files.map((file) => [file.key, file.sha256])), new Map(rowsBefore.objects));
    assert.ok(!("app_search" in manifest.tables), "the search index is rebuilt, not exported");

    const restoring = script("restore.mjs", [backup, restored]);
    assert.equal(restoring.status, 0, `${restoring.stdout}${restoring.stderr}`);
    assert.match(restoring.stdout, /every table's count and every file's SHA-256 match the backup/);

    assert.deepEqual(await moneyAndKeys(restored), rowsBefore);
    await withStore(restored, async (call, origin) => {
      // The same signed-in buyers (their sessions came back too) see the same money and keys.
      for (const [index, buyer] of before.buyers.entries()) assert.deepEqual(await buyerView(call, buyer.token), before.views[index]);
      assert.deepEqual(await servedFiles(origin), before.files);
      // The search index was written again from the restored apps.
      const search = await fetch(`${origin}/?q=chien`);
      assert.equal(search.status, 200);
      assert.match(await search.text(), /Chiến Binh Rồng/);
      // New ids continue after the restored ones: no ledger id is handed out twice.
      const more = await call("/api/vietqr/create/", { token: before.buyers[0].token, body: { amount: 100_000 } });
      assert.equal(more.status, 201, JSON.stringify(more.body));
    });
  });

  /** A copy of the backup with one line of d1.sql changed by `edit`; the copy's restore answer. */
  function restoreEdited(name, pick, edit) {
    const copy = join(work, name);
    cpSync(backup, copy, { recursive: true });
    const lines = readFileSync(join(copy, "d1.sql"), "utf8").split("\n");
    const index = lines.findIndex(pick);
    assert.ok(index >= 0, `${name}: the line to change is in d1.sql`);
    const changed = edit(lines[index]);
    assert.notEqual(changed, lines[index], `${name}: the line was changed`);
    lines[index] = changed;
    writeFileSync(join(copy, "d1.sql"), lines.join("\n"));
    return script("restore.mjs", [copy, join(work, `${name}-store`)]);
  }

  test("a restore with a tampered balance is not called identical", async () => {
    const [buyer] = await withLocalBindings(original, async (env) => [await env.DB.prepare("SELECT id, username, balance FROM users WHERE id = ?").bind(buyerIds[0]).first()]);
    const refused = restoreEdited("tampered-balance", (line) => line.startsWith('INSERT INTO "users"') && line.includes(`'${buyer.username}'`), (line) => line.replace(`,${buyer.balance},`, `,${buyer.balance + 5_000_000},`));
    assert.equal(refused.status, 1, refused.stdout);
    assert.doesNotMatch(refused.stdout, /match the backup/);
    assert.match(refused.stderr, /the restored store differs from the backup/);
    assert.match(refused.stderr, /users: its rows differ from the backup's/);
    assert.match(refused.stderr, new RegExp(`user #${buyer.id}: balance ${buyer.balance + 5_000_000}, the ledger says ${buyer.balance}`));
  });

  test("a restore with a tampered ledger row is not called identical", async () => {
    // The top-up made ten times bigger, its own sum kept right (the database checks that much).
    const row = await withLocalBindings(original, (env) => env.DB.prepare("SELECT id, amount, balance_before, balance_after FROM wallet_transactions WHERE user_id = ? ORDER BY id LIMIT 1").bind(buyerIds[1]).first());
    const raised = row.amount * 9;
    const refused = restoreEdited("tampered-ledger", (line) => line.startsWith('INSERT INTO "wallet_transactions"') && line.includes(`VALUES(${row.id},`), (line) =>
      line.replace(`,${row.amount},${row.balance_before},${row.balance_after},`, `,${row.amount + raised},${row.balance_before},${row.balance_after + raised},`),
    );
    assert.equal(refused.status, 1, refused.stdout);
    assert.doesNotMatch(refused.stdout, /match the backup/);
    assert.match(refused.stderr, /wallet_transactions: its rows differ from the backup's/);
    // The chain breaks at the buyer's next row, which starts where the true top-up ended.
    assert.match(refused.stderr, new RegExp(`starts at ${row.balance_after}, the user's row #${row.id} ended at ${row.balance_after + raised}`));
  });

  /** A copy of the backup named `name`, changed by `edit(copyDir)`. */
  function editedCopy(name, edit) {
    const copy = join(work, name);
    cpSync(backup, copy, { recursive: true });
    edit(copy);
    return copy;
  }

  test("a backup whose manifest lost its digests is refused, and its forged balance restored nowhere", async () => {
    const [buyer] = await withLocalBindings(original, async (env) => [await env.DB.prepare("SELECT id, username, balance FROM users WHERE id = ?").bind(buyerIds[0]).first()]);
    const copy = editedCopy("no-digests", (dir) => {
      const lines = readFileSync(join(dir, "d1.sql"), "utf8").split("\n");
      const index = lines.findIndex((line) => line.startsWith('INSERT INTO "users"') && line.includes(`'${buyer.username}'`));
      lines[index] = lines[index].replace(`,${buyer.balance},`, ",9310000,");
      // The buyer's newest ledger row raised to match, its own sum kept: the ledger check agrees.
      const delta = 9_310_000 - buyer.balance;
      const last = lines.findLastIndex((line) => line.startsWith('INSERT INTO "wallet_transactions"') && new RegExp(`VALUES\\(\\d+,${buyer.id},`).test(line));
      lines[last] = lines[last].replace(/(VALUES\(\d+,\d+,'[^']*','[^']*',)(-?\d+),(\d+),(\d+),/, (_, head, amount, before, after) => `${head}${Number(amount) + delta},${before},${Number(after) + delta},`);
      writeFileSync(join(dir, "d1.sql"), lines.join("\n"));
      const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
      delete manifest.digests;
      writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
    });
    const target = join(work, "no-digests-store");
    const refused = script("restore.mjs", [copy, target]);
    assert.equal(refused.status, 1, refused.stdout);
    assert.match(refused.stderr, /the manifest has no row digest for [^:]*users/);
    assert.equal(existsSync(target), false, "nothing was restored");
    const sqlFile = join(work, "no-digests.sql");
    const forProduction = script("restore.mjs", [copy, "--sql", sqlFile]);
    assert.equal(forProduction.status, 1, forProduction.stdout);
    assert.match(forProduction.stderr, /no row digest/);
    assert.equal(existsSync(sqlFile), false);
  });

  test("a backup whose d1.sql carries a trigger (deleting sold keys and making a buyer admin at the next sign-in) is refused, locally and for production", () => {
    const copy = editedCopy("with-trigger", (dir) => {
      const trigger = "CREATE TRIGGER \"sessions_after_insert\" AFTER INSERT ON \"sessions\" BEGIN DELETE FROM \"license_keys\" WHERE \"status\" = 'sold'; UPDATE \"users\" SET \"role\" = 'admin' WHERE \"id\" = new.\"user_id\"; END;\n";
      writeFileSync(join(dir, "d1.sql"), readFileSync(join(dir, "d1.sql"), "utf8") + trigger);
    });
    const target = join(work, "with-trigger-store");
    const refused = script("restore.mjs", [copy, target]);
    assert.equal(refused.status, 1, refused.stdout);
    assert.match(refused.stderr, /d1\.sql holds 1 statement\(s\) that are not rows of its tables[^\n]*CREATE TRIGGER "sessions_after_insert"/);
    assert.equal(existsSync(target), false, "nothing was restored");
    const sqlFile = join(work, "with-trigger.sql");
    const forProduction = script("restore.mjs", [copy, "--sql", sqlFile]);
    assert.equal(forProduction.status, 1, forProduction.stdout);
    assert.match(forProduction.stderr, /CREATE TRIGGER "sessions_after_insert"/);
    assert.equal(existsSync(sqlFile), false);
    // A view or an index in place of the trigger: the same.
    for (const [name, statement] of [
      ["with-view", 'CREATE VIEW "v" AS SELECT * FROM "users";'],
      ["with-index", 'CREATE INDEX "i" ON "users" ("balance");'],
    ]) {
      const other = editedCopy(name, (dir) => writeFileSync(join(dir, "d1.sql"), `${readFileSync(join(dir, "d1.sql"), "utf8")}${statement}\n`));
      const answer = script("restore.mjs", [other, "--sql", join(work, `${name}.sql`)]);
      assert.equal(answer.status, 1, name);
      assert.match(answer.stderr, /not rows of its tables/, name);
    }
  });

  test("the SQL for production is what the check compared: a tampered balance is refused there too, and an intact backup's SQL holds rows only", () => {
    const tampered = editedCopy("tampered-for-production", (dir) => {
      const lines = readFileSync(join(dir, "d1.sql"), "utf8").split("\n");
      const index = lines.findIndex((line) => line.startsWith('INSERT INTO "wallet_transactions"'));
      // A ledger row's description: its count, its sums and the balances all stay right.
      const changed = lines[index].replace("'completed','", "'completed','X ");
      assert.notEqual(changed, lines[index]);
      lines[index] = changed;
      writeFileSync(join(dir, "d1.sql"), lines.join("\n"));
    });
    const refusedFile = join(work, "tampered.sql");
    const refused = script("restore.mjs", [tampered, "--sql", refusedFile]);
    assert.equal(refused.status, 1, refused.stdout);
    assert.match(refused.stderr, /wallet_transactions: its rows differ from the backup's/);
    assert.equal(existsSync(refusedFile), false);

    const file = join(work, "production.sql");
    const written = script("restore.mjs", [backup, "--sql", file]);
    assert.equal(written.status, 0, written.stderr);
    assert.match(written.stdout, /after restoring it as it is on a scratch local database/);
    const verbs = new Set(
      readFileSync(file, "utf8")
        .split(";\n")
        .filter(Boolean)
        .map((statement) => statement.split(" ").slice(0, 2).join(" ")),
    );
    assert.deepEqual([...verbs].sort(), ["DELETE FROM", "INSERT INTO", "PRAGMA defer_foreign_keys=TRUE"]);
  });

  test("a file bigger than one part comes back as a multipart upload, byte for byte, with its Content-Type", async () => {
    const types = await objectTypes(restored);
    assert.equal(types.get(LARGE_KEY)?.contentType, "application/octet-stream");
    assert.match(types.get(LARGE_KEY).etag, /-2$/, "put in two parts");
    // Its bytes: compared with every other object by moneyAndKeys in the first test.
  });

  test("a restore into a directory that holds a store already is refused", () => {
    const again = script("restore.mjs", [backup, original]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /is not empty: a restore builds a new state directory/);
  });

  test("a file whose bytes changed since the backup is refused before anything is written", () => {
    const manifest = JSON.parse(readFileSync(join(backup, "manifest.json"), "utf8"));
    const damaged = join(backup, "files", manifest.files[0].sha256);
    writeFileSync(damaged, "not the file");
    const target = join(work, "from-damaged");
    const refused = script("restore.mjs", [backup, target]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, new RegExp(`bytes do not match their SHA-256: ${manifest.files[0].key}`));
    assert.equal(existsSync(target), false);
  });

  test("--remote refuses without an explicit database name and account", () => {
    for (const args of [["--remote"], ["--remote", "--database", "ios-game-hack"], ["--remote", "--account-id", "0123"]]) {
      const refused = script("backup.mjs", [join(work, "remote-refused"), ...args], { CLOUDFLARE_ACCOUNT_ID: "from-the-environment" });
      assert.equal(refused.status, 2, args.join(" "));
      assert.match(refused.stderr, /names its database and account explicitly/);
      assert.equal(existsSync(join(work, "remote-refused")), false);
    }
  });

  test("--remote only exports and reads objects: nothing it runs can write to production", { timeout: 5 * 60_000 }, () => {
    // A stand-in wrangler: remote commands are recorded and answered from the local backup above;
    // local ones (the scratch database) go to the real wrangler.
    const bin = join(work, "bin");
    const log = join(work, "remote-calls.jsonl");
    const real = join(projectRoot, "node_modules/.bin/wrangler");
    spawnSync("mkdir", ["-p", bin]);
    writeFileSync(
      join(bin, "wrangler"),
      `#!/usr/bin/env node
const { appendFileSync, copyFileSync, writeFileSync } = require("node:fs");
const { spawnSync } = require("node:child_process");
const args = process.argv.slice(2);
if (!args.includes("--remote")) process.exit(spawnSync(${JSON.stringify(real)}, args, { stdio: "inherit" }).status ?? 1);
appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args, account: process.env.CLOUDFLARE_ACCOUNT_ID }) + "\\n");
const value = (flag) => args[args.indexOf(flag) + 1];
if (args[0] === "d1" && args[1] === "export") copyFileSync(${JSON.stringify(join(backup, "d1.sql"))}, value("--output"));
else if (args[0] === "r2" && args[1] === "object" && args[2] === "get") writeFileSync(value("--file"), "object " + args[3]);
else process.exit(1);
`,
    );
    chmodSync(join(bin, "wrangler"), 0o755);
    const config = join(work, "production.json");
    writeFileSync(config, JSON.stringify({ d1_databases: [{ binding: "DB", database_name: "ios-game-hack", database_id: "11111111-2222-3333-4444-555555555555" }], r2_buckets: [{ binding: "FILES", bucket_name: "ios-game-hack-files" }] }));

    const target = join(work, "remote-backup");
    const result = script("backup.mjs", [target, "--remote", "--database", "ios-game-hack", "--account-id", "acc-123", "--config", config], { PATH: `${bin}:${join(projectRoot, "node_modules/.bin")}:${process.env.PATH}` });
    assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);

    const calls = readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    assert.deepEqual(calls[0].args.slice(0, 5), ["d1", "export", "ios-game-hack", "--remote", "--no-schema"]);
    assert.ok(!calls[0].args.includes("app_search"), "the FTS5 index is not asked for: D1 refuses to export it");
    for (const call of calls) {
      assert.ok(
        (call.args[0] === "d1" && call.args[1] === "export") || (call.args[0] === "r2" && call.args[1] === "object" && call.args[2] === "get"),
        `only reads reach the account, not: wrangler ${call.args.join(" ")}`,
      );
      assert.equal(call.account, "acc-123");
      assert.equal(call.args[call.args.indexOf("--config") + 1], config);
    }
    // Every object the restored rows point at was fetched, and the manifest has its digest.
    const manifest = JSON.parse(readFileSync(join(target, "manifest.json"), "utf8"));
    const fetched = calls.filter((call) => call.args[0] === "r2").map((call) => call.args[3].replace("ios-game-hack-files/", ""));
    assert.ok(fetched.length > 10);
    assert.deepEqual(manifest.files.map((file) => file.key), fetched);
    for (const file of manifest.files) assert.equal(file.sha256, sha256(`object ios-game-hack-files/${file.key}`));
    assert.equal(manifest.tables.wallet_transactions, 6);
  });

  test("a backup carries image variants and content types", async () => {
    assert.equal(variantKeys.length, 3);
    const local = JSON.parse(readFileSync(join(backup, "manifest.json"), "utf8"));
    const remote = JSON.parse(readFileSync(join(work, "remote-backup", "manifest.json"), "utf8"));
    const typeIn = (manifest) => new Map(manifest.files.map((file) => [file.key, file.httpMetadata?.contentType]));
    const [localTypes, remoteTypes] = [typeIn(local), typeIn(remote)];
    const stored = await objectTypes(original);
    for (const key of variantKeys) {
      assert.equal(localTypes.get(key), "image/webp", `local backup: ${key}`);
      assert.equal(remoteTypes.get(key), "image/webp", `--remote backup: ${key}`);
    }
    // Every object's type as R2 had it, in both backups (the remote one reads it from the rows).
    assert.equal(localTypes.size, stored.size);
    for (const [key, { contentType }] of stored) {
      assert.ok(contentType, `${key} has a type in R2`);
      assert.equal(localTypes.get(key), contentType, `local backup: ${key}`);
      if (remoteTypes.has(key)) assert.equal(remoteTypes.get(key), contentType, `--remote backup: ${key}`);
    }
    assert.ok(remoteTypes.size >= stored.size - 1, "the remote backup has every object the rows point at (all but the unreferenced large file)");
    // And the restore put each one back with it.
    const back = await objectTypes(restored);
    for (const [key, type] of localTypes) assert.equal(back.get(key)?.contentType, type, `restored: ${key}`);
  });

  test("files over 300 MiB: wrangler refuses them, and the restore's R2 commands send them through the S3-compatible API", () => {
    const manifest = JSON.parse(readFileSync(join(backup, "manifest.json"), "utf8"));
    const commands = r2Commands(backup, manifest, "ios-game-hack-files").split("\n");
    for (const file of manifest.files) {
      const put = commands.find((line) => line.includes(`'ios-game-hack-files/${file.key}'`));
      assert.ok(put?.startsWith("npx wrangler r2 object put"), file.key);
      assert.ok(put.includes(`--content-type '${file.httpMetadata.contentType}'`), put);
      assert.ok(commands.includes(`echo '${file.sha256}  ${join(backup, "files", file.sha256)}' | sha256sum -c --quiet -`), file.key);
    }
    // A 500 MB IPA in the manifest goes through aws s3 cp (a multipart upload), with its type.
    const big = { key: "files/huge/game.ipa", sha256: "0".repeat(64), size: 500_000_000, httpMetadata: { contentType: "application/octet-stream" } };
    const lines = r2Commands(backup, { files: [big] }, "ios-game-hack-files").split("\n");
    assert.ok(lines.some((line) => line.startsWith("aws s3 cp ") && line.includes("'s3://ios-game-hack-files/files/huge/game.ipa'") && line.includes("--content-type 'application/octet-stream'") && line.includes("r2.cloudflarestorage.com")));
    assert.ok(!lines.some((line) => line.includes("wrangler r2 object put")));

    // The limit itself, as this wrangler has it: it refuses a file of 300 MiB + 1 byte before any
    // login or request (a sparse file: nothing is written to the disk).
    const huge = join(work, "huge.ipa");
    writeFileSync(huge, "");
    truncateSync(huge, WRANGLER_PUT_LIMIT + 1);
    const refused = spawnSync("wrangler", ["r2", "object", "put", "ios-game-hack-files/files/huge/game.ipa", "--file", huge, "--remote"], {
      cwd: projectRoot,
      encoding: "utf8",
      env: { ...process.env, PATH: `${join(projectRoot, "node_modules/.bin")}:${process.env.PATH}`, CLOUDFLARE_API_TOKEN: "", CLOUDFLARE_ACCOUNT_ID: "not-an-account", WRANGLER_SEND_METRICS: "false" },
    });
    assert.notEqual(refused.status, 0);
    assert.match(`${refused.stdout}${refused.stderr}`, /only supports uploading files up to 300 MiB/);
  });
});
