// `npm run sessions:end` (scripts/end-sessions.mjs) on a local store: every session and device
// token is revoked and every account's epoch moves, whoever holds them.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { migrateLocally, projectRoot, withLocalBindings } from "../../scripts/lib.mjs";

describe("npm run sessions:end", () => {
  const stateDir = mkdtempSync(join(tmpdir(), "igh-end-sessions-"));
  after(() => rmSync(stateDir, { recursive: true, force: true }));

  test("ends every session, device token and epoch of a local store", { timeout: 120_000 }, async () => {
    await migrateLocally(stateDir);
    const now = Date.now();
    await withLocalBindings(stateDir, async (env) => {
      await env.DB.batch([
        env.DB.prepare("INSERT INTO users (id, username, email, security_epoch) VALUES (1, 'mot', 'mot@example.com', 0), (2, 'hai', 'hai@example.com', 3)"),
        env.DB.prepare("INSERT INTO sessions (id, user_id, family_id, token_hash, created_at, expires_at, signed_in_at, security_epoch) VALUES (1, 1, 'f1', 'h1', ?1, ?2, ?1, 0), (2, 2, 'f2', 'h2', ?1, ?2, ?1, 3)").bind(now, now + 86_400_000),
      ]);
    });
    const ended = spawnSync(process.execPath, ["scripts/end-sessions.mjs"], { cwd: projectRoot, env: { ...process.env, STATE_DIR: stateDir }, encoding: "utf8" });
    assert.equal(ended.status, 0, ended.stderr);
    assert.match(ended.stdout, /Every session of the store/);
    await withLocalBindings(stateDir, async (env) => {
      const users = (await env.DB.prepare("SELECT id, security_epoch FROM users ORDER BY id").all()).results;
      assert.deepEqual(users, [{ id: 1, security_epoch: 1 }, { id: 2, security_epoch: 4 }]);
      const open = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL").first("n");
      assert.equal(open, 0);
    });
  });

  test("--remote prints a wrangler command whose SQL ends every session", { timeout: 120_000 }, async () => {
    const printed = spawnSync(process.execPath, ["scripts/end-sessions.mjs", "--remote"], { cwd: projectRoot, encoding: "utf8" });
    assert.equal(printed.status, 0, printed.stderr);
    const [, sql] = printed.stdout.match(/npx wrangler d1 execute DB --remote --config \S+ --command '([^']+)'/) ?? [];
    assert.ok(sql, printed.stdout);
    const epochs = async (env) => (await env.DB.prepare("SELECT security_epoch FROM users ORDER BY id").all()).results.map((row) => row.security_epoch);
    await withLocalBindings(stateDir, async (env) => {
      const before = await epochs(env);
      await env.DB.prepare("INSERT INTO sessions (id, user_id, family_id, token_hash, created_at, expires_at, signed_in_at, security_epoch) VALUES (3, 1, 'f3', 'h3', ?1, ?2, ?1, 1)").bind(Date.now(), Date.now() + 86_400_000).run();
      for (const statement of sql.split("; ")) await env.DB.prepare(statement).run();
      assert.deepEqual(await epochs(env), before.map((epoch) => epoch + 1));
      assert.equal(await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL").first("n"), 0);
    });
  });
});
