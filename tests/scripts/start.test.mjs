// `npm start` as a developer meets it (scripts/start.mjs), spawned from Node: a taken port, the
// cron firing on its own in a running store, and Ctrl-C leaving no process behind. Needs a build.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { freePort, projectRoot, withLocalBindings } from "../../scripts/lib.mjs";

/** Listens on a free port of 127.0.0.1; resolves to the server and its port. */
function occupyPort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => resolve({ server, port: server.address().port }));
  });
}

/** Starts scripts/start.mjs in a process group of its own, as a terminal's foreground job. */
function startStore(env) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: projectRoot, env: { ...process.env, SKIP_BUILD: "1", ...env }, detached: true });
  child.output = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (child.output += chunk));
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return child;
}

async function until(condition, { timeoutMs, what }) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every process under `pid`, from /proc. */
function descendants(pid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // ended while listing
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const [child, ppid] of parents) if (ppid === parent) queue.push(child) && found.push(child);
  }
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm start", () => {
  test("on a port that is taken it says so in one line and exits non-zero", async () => {
    const { server, port } = await occupyPort();
    try {
      const store = startStore({ PORT: String(port) });
      const { code } = await store.exited;
      assert.equal(code, 1);
      assert.equal(store.output.trim(), `Port ${port} is already in use: stop what listens there or run PORT=<another port> npm start.`);
    } finally {
      server.close();
    }
  });

  describe("a running store", () => {
    const stateDir = mkdtempSync(join(tmpdir(), "igh-start-test-"));
    after(() => rmSync(stateDir, { recursive: true, force: true }));
    const origin = (port) => `http://127.0.0.1:${port}`;

    test("expires a VietQR top-up on the cron's own schedule, and Ctrl-C stops every process it started", { timeout: 8 * 60_000 }, async () => {
      const port = await freePort();
      const store = startStore({
        PORT: String(port),
        STATE_DIR: stateDir,
        GOOGLE_ISSUER: origin(await freePort()),
        CARD_GATEWAY_URL: `${origin(await freePort())}/chargingws/v2`,
        // Its own port for every simulator too, so another store on this machine (9510) is no obstacle.
        TELEGRAM_API_URL: origin(await freePort()),
        WEBHOOK_DNS_URL: `${origin(await freePort())}/dns-query`,
        VIETQR_TIMEOUT_MINUTES: "1",
      });
      let topup;
      let started = [];
      try {
        await until(() => store.output.includes("Ctrl-C stops it.") || store.exitCode !== null, { timeoutMs: 4 * 60_000, what: "the banner" });
        assert.match(store.output, /Store\s+http:\/\/127\.0\.0\.1:\d+/, store.output);
        assert.doesNotMatch(store.output, /WARNING|getaddrinfo|might be out of date|Durable Object/, store.output);
        // The bank line names the port this store runs on, which a new terminal would not know.
        assert.match(store.output, new RegExp(`Bank transfer\\s+PORT=${port} npm run simulate:bank -- <transfer code> <amount>`), store.output);

        const password = "mat-khau-123";
        const account = { username: `cron_${Date.now()}`, email: `cron.${Date.now()}@example.com`, first_name: "Hẹn", last_name: "Giờ", password, password_confirm: password };
        const post = (path, body, headers = {}) =>
          fetch(`${origin(port)}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
        assert.equal((await post("/api/auth/register/", account)).status, 201);
        const { access } = await (await post("/api/auth/login/", { login: account.username, password })).json();
        const created = await post("/api/vietqr/create/", { amount: 60_000 }, { Authorization: `Bearer ${access}` });
        assert.equal(created.status, 201, await created.clone().text());
        topup = (await created.json()).data;

        // Nobody fires the cron: wait for a run the store starts by itself after the top-up expired.
        await until(() => Date.now() > Date.parse(topup.expires_at), { timeoutMs: 2 * 60_000, what: "the expiry" });
        const runsBefore = store.output.match(/cron "\* \* \* \* \*" ran/g)?.length ?? 0;
        await until(() => (store.output.match(/cron "\* \* \* \* \*" ran/g)?.length ?? 0) > runsBefore, { timeoutMs: 2 * 60_000, what: "a cron run" });

        started = descendants(store.pid);
        assert.ok(started.length >= 2, "wrangler and workerd run under npm start");
        process.kill(-store.pid, "SIGINT");
        assert.deepEqual(await store.exited, { code: 0, signal: null });
        await until(() => started.every((pid) => !alive(pid)), { timeoutMs: 15_000, what: "every child to end" });
      } finally {
        for (const pid of [store.pid, ...started, ...descendants(store.pid)]) if (alive(pid)) process.kill(pid, "SIGKILL");
      }

      const status = await withLocalBindings(stateDir, async (env) =>
        env.DB.prepare("SELECT status FROM vietqr_topups WHERE transaction_id = ?").bind(topup.transaction_id).first("status"),
      );
      assert.equal(status, "expired");
    });
  });
});
