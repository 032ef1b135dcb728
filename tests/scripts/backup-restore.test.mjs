// The restore rehearsal (docs/operations.md "Backups and restoring"): a local store with purchases,
// top-ups and an admin adjustment is backed up (scripts/backup.mjs), restored into a fresh state
// directory (scripts/restore.mjs) and served again; every balance, ledger row, order, key and file
// is as before. And a production backup only reads: it refuses without an explicit database and
// account, and runs nothing against the account but `d1 export` and `r2 object get`. Needs a build.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { signInAdmin } from "../../scripts/admin-code.mjs";
import { api } from "../../scripts/bench/http.mjs";
import { freePort, localSettings, prepareStore, projectRoot, serveStore, settingsToPass, sha256, stopProcessGroup, waitForStore, withLocalBindings } from "../../scripts/lib.mjs";
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

describe("backup and restore", () => {
  const original = join(work, "original");
  const backup = join(work, "backup");
  const restored = join(work, "restored");

  test("a store backed up after top-ups and purchases comes back with every balance, ledger row, key and file", { timeout: 12 * 60_000 }, async () => {
    process.env.SKIP_BUILD ??= "1";
    prepareStore(original);
    await withLocalBindings(original, (env) => seedDemoData(env));

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
});
