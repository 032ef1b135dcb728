// The owner hears when money stops moving (workers/owner/ops-alarms.ts): a stopped cron, a card
// gateway that keeps failing, a balance that no longer matches its ledger; and the ledger itself
// is append-only in the database.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { notifications, users } from "../../workers/db/schema";
import { cardGatewayFailed, checkBalancesAgainstLedger, CRON_LATE_MS, databaseSize, SERVER_ERRORS_PER_MINUTE, serverErrored } from "../../workers/owner/ops-alarms";
import { runScheduledJobs } from "../../workers/scheduled";
import worker from "../../workers/index";
import { db, funded, person, request } from "../factories";

/** What the operator sends to read /api/health's parts (HEALTH_TOKEN). */
const DETAILS = { headers: { Authorization: `Bearer ${env.HEALTH_TOKEN}` } };

async function cronOnHealth(): Promise<string> {
  return ((await (await request("/api/health/", DETAILS)).json()) as { data: { cron: string } }).data.cron;
}

/** The messages the simulated Bot API (scripts/telegram-sim.mjs) took that contain `text`. */
async function telegramMessages(text: string): Promise<string[]> {
  const messages = (await (await fetch(`${env.TELEGRAM_API_URL}/sim/messages`)).json()) as { text: string }[];
  return messages.map((message) => message.text).filter((sent) => sent.includes(text));
}

/** The store's database with every write refused, as D1 does when full (10 GB). */
function refusingWrites(database: D1Database): D1Database {
  const refused = () => Promise.reject(new Error("D1_ERROR: database or disk is full"));
  return new Proxy(database, {
    get: (target, property) =>
      property === "prepare"
        ? (query: string) => (/^\s*(insert|update|delete|replace)\b/i.test(query) ? { bind: () => ({ run: refused, all: refused, first: refused }), run: refused, all: refused, first: refused } : target.prepare(query))
        : property === "batch"
          ? refused
          : Reflect.get(target, property).bind(target),
  });
}

async function opsNotices(prefix: string) {
  return db.select().from(notifications).where(like(notifications.dedupeKey, `${prefix}%`));
}

describe("ops alarms", () => {
  it("an attacker (or a hand edit) cannot rewrite or remove a ledger row: the database refuses", async () => {
    const buyer = await funded(100_000);
    const row = await env.DB.prepare("SELECT id FROM wallet_transactions WHERE user_id = ? ORDER BY id DESC LIMIT 1").bind(buyer.id).first<{ id: number }>();
    await expect(env.DB.prepare("UPDATE wallet_transactions SET amount = 999999999 WHERE id = ?").bind(row?.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM wallet_transactions WHERE id = ?").bind(row?.id).run()).rejects.toThrow(/append-only/);
  });

  it("a balance changed outside the wallet (no ledger row) is found by the hourly check, logged and told to the owner", async () => {
    const buyer = await funded(100_000);
    await db.update(users).set({ balance: 5_000_000 }).where(eq(users.id, buyer.id));
    const errors = vi.spyOn(console, "error");
    const mismatches = await checkBalancesAgainstLedger(env);
    expect(mismatches).toContainEqual({ userId: buyer.id, balance: 5_000_000, ledger: 100_000 });
    expect(errors.mock.calls.some(([line]) => String(line).includes('"event":"ledger_mismatch"') && String(line).includes(`"user_id":${buyer.id}`))).toBe(true);
    expect(await opsNotices(`ops:ledger:${buyer.id}:`)).toHaveLength(1);
    await checkBalancesAgainstLedger(env);
    expect(await opsNotices(`ops:ledger:${buyer.id}:`)).toHaveLength(1);
    await db.update(users).set({ balance: 100_000 }).where(eq(users.id, buyer.id));
  });

  it("a cron that stopped five minutes ago fails /api/health (503, late) and is sent to the owner from there, once", async () => {
    // A minute of its own, so the message is this test's.
    const lastRun = Date.now() - CRON_LATE_MS - 60_000 - Math.floor(Math.random() * 3_600_000);
    await runScheduledJobs(env, new Date(lastRun));
    const response = await request("/api/health/", DETAILS);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { data: { cron: string } }).data.cron).toBe("late");
    await request("/api/health/", DETAILS);
    expect(await opsNotices("ops:cron_late:")).toHaveLength(1);
    // Sent by health itself: the cron that would send it is the one that stopped.
    expect(await telegramMessages(new Date(lastRun).toISOString())).toHaveLength(1);

    await runScheduledJobs(env, new Date());
    expect(await cronOnHealth()).toBe("ok");
  });

  it("a cron that fails on every run is late on /api/health, and three failures in a row tell the owner once", async () => {
    const now = Date.now();
    await runScheduledJobs(env, new Date(now - CRON_LATE_MS - 60_000));
    // A poisoned row: every run fails at its first batch, as one bad row made it fail in production.
    const poisoned = { ...env, DB: new Proxy(env.DB, { get: (target, property) => (property === "batch" ? () => Promise.reject(new Error("poisoned row")) : Reflect.get(target, property).bind(target)) }) };
    vi.spyOn(console, "error");
    for (let run = 0; run < 4; run++) {
      const context = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: now + run * 60_000, cron: "* * * * *" }), poisoned, context);
      await waitOnExecutionContext(context).catch(() => undefined);
    }
    expect(await cronOnHealth()).toBe("late");
    expect(await opsNotices("ops:ops-cron-failed:")).toHaveLength(1);

    // A run that completes ends the spell: the cron is on time, and the count of failures starts again.
    await runScheduledJobs(env, new Date());
    expect(await cronOnHealth()).toBe("ok");
  });

  it("a cron that fails three runs in a row fails /api/health as failing before it is five minutes late", async () => {
    await runScheduledJobs(env, new Date());
    const poisoned = { ...env, DB: new Proxy(env.DB, { get: (target, property) => (property === "batch" ? () => Promise.reject(new Error("poisoned row")) : Reflect.get(target, property).bind(target)) }) };
    vi.spyOn(console, "error");
    for (let run = 0; run < 3; run++) {
      const context = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), poisoned, context);
      await waitOnExecutionContext(context).catch(() => undefined);
    }
    const response = await request("/api/health/", DETAILS);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { data: { cron: string } }).data.cron).toBe("failing");
    await runScheduledJobs(env, new Date());
    expect(await cronOnHealth()).toBe("ok");
  });

  it("a database that refuses writes does not silence an alarm: it goes straight to Telegram, once, and is recorded when D1 takes writes again", async () => {
    const lastRun = Date.now() - CRON_LATE_MS - 60_000 - Math.floor(Math.random() * 3_600_000);
    await runScheduledJobs(env, new Date(lastRun));
    const quiet = vi.spyOn(console, "error");
    const full = { ...env, DB: refusingWrites(env.DB) };
    for (let asked = 0; asked < 2; asked++) {
      const context = createExecutionContext();
      const response = await worker.fetch(new Request("http://store.test/api/health", DETAILS) as Parameters<typeof worker.fetch>[0], full, context);
      await waitOnExecutionContext(context);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ success: false, data: { d1: "failed", cron: "late" } });
    }
    expect(await telegramMessages(new Date(lastRun).toISOString())).toHaveLength(1);
    expect(await opsNotices(`ops:cron_late:${lastRun}`)).toHaveLength(0);

    // D1 takes writes again: the alarm is recorded as sent, and not sent again.
    await runScheduledJobs(env, new Date());
    const [recorded] = await opsNotices(`ops:cron_late:${lastRun}`);
    expect(recorded).toMatchObject({ kind: "ops", status: "sent" });
    expect(await telegramMessages(new Date(lastRun).toISOString())).toHaveLength(1);
    quiet.mockRestore();
  });

  it("a database that refuses writes at a quiet hour reaches the owner within 2 minutes, with no traffic, naming D1 and that the cron runs and fails; its recovery is told", async () => {
    // A healthy cron first; then, with nobody asking anything, two runs a minute apart with every write refused.
    const start = Date.now();
    await runScheduledJobs(env, new Date(start));
    const quiet = vi.spyOn(console, "error");
    const full = { ...env, DB: refusingWrites(env.DB) };
    const outage = start + 60_000;
    const run = async (at: number, environment: Env) => {
      const context = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), environment, context);
      await waitOnExecutionContext(context).catch(() => undefined);
    };
    await run(outage, full);
    await run(outage + 60_000, full);
    const told = await telegramMessages(new Date(outage).toISOString());
    expect(told.filter((text) => text.includes("D1 không nhận ghi") && text.includes("database or disk is full"))).toHaveLength(1);
    expect(told.filter((text) => text.includes("Cron vẫn chạy nhưng lỗi") && !text.includes("không chạy"))).toHaveLength(1);

    // D1 takes writes again: the next run says so, once.
    const recovered = (await telegramMessages("D1 nhận ghi trở lại")).length;
    await run(outage + 120_000, env);
    await run(outage + 180_000, env);
    expect(await telegramMessages("D1 nhận ghi trở lại")).toHaveLength(recovered + 1);
    quiet.mockRestore();
    await runScheduledJobs(env, new Date());
  });

  it("a cron that runs and fails for seven minutes is never told as one that has not run, even when health finds it late; its recovery is told", async () => {
    const start = Date.now() - 8 * 60_000;
    await runScheduledJobs(env, new Date(start));
    const quiet = vi.spyOn(console, "error");
    const full = { ...env, DB: refusingWrites(env.DB) };
    const notRun = (await telegramMessages("Cron không chạy")).length + (await telegramMessages("Cron chưa chạy")).length;
    const recovered = (await telegramMessages("Cron chạy lại bình thường")).length;
    let lastAnswer = "";
    for (let minute = 1; minute <= 7; minute++) {
      const context = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: start + minute * 60_000, cron: "* * * * *" }), full, context);
      await waitOnExecutionContext(context).catch(() => undefined);
      // Asked by a monitor as it goes, at that minute: late (no run completed for 5 minutes), yet running.
      vi.useFakeTimers({ now: start + minute * 60_000 + 30_000, toFake: ["Date"] });
      try {
        const asked = createExecutionContext();
        const answer = await worker.fetch(new Request("http://store.test/api/health", DETAILS) as Parameters<typeof worker.fetch>[0], env, asked);
        await waitOnExecutionContext(asked);
        lastAnswer = ((await answer.json()) as { data: { cron: string } }).data.cron;
      } finally {
        vi.useRealTimers();
      }
    }
    expect(lastAnswer).toBe("late");
    const failing = await telegramMessages(new Date(start + 60_000).toISOString());
    expect(failing.filter((text) => text.includes("Cron vẫn chạy nhưng lỗi"))).toHaveLength(1);
    expect((await telegramMessages("Cron không chạy")).length + (await telegramMessages("Cron chưa chạy")).length).toBe(notRun);

    await runScheduledJobs(env, new Date());
    expect(await cronOnHealth()).toBe("ok");
    expect(await telegramMessages("Cron chạy lại bình thường")).toHaveLength(recovered + 1);
    quiet.mockRestore();
  });

  it("D1 that cannot be read is named by /api/health within a minute of its first probe, and told again when it answers", async () => {
    await runScheduledJobs(env, new Date());
    const unreachable = new Proxy({} as D1Database, {
      get: () => () => {
        throw new Error("D1_ERROR: Network connection lost.");
      },
    });
    const quiet = vi.spyOn(console, "error");
    const before = (await telegramMessages("D1 không đọc được")).length;
    const ask = async (environment: Env) => {
      const context = createExecutionContext();
      const response = await worker.fetch(new Request("http://store.test/api/health", DETAILS) as Parameters<typeof worker.fetch>[0], environment, context);
      await waitOnExecutionContext(context);
      return response;
    };
    expect((await ask({ ...env, DB: unreachable } as Env)).status).toBe(503);
    expect(await telegramMessages("D1 không đọc được")).toHaveLength(before);
    // A minute later (as an uptime monitor asks), still down: told once, naming the error.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    try {
      expect((await ask({ ...env, DB: unreachable } as Env)).status).toBe(503);
      const told = await telegramMessages("D1 không đọc được");
      expect(told).toHaveLength(before + 1);
      expect(told.at(-1)).toContain("Network connection lost");
      const back = (await telegramMessages("D1 đọc được trở lại")).length;
      await ask(env);
      expect(await telegramMessages("D1 đọc được trở lại")).toHaveLength(back + 1);
    } finally {
      vi.useRealTimers();
      quiet.mockRestore();
    }
  });

  it("a stranger's requests that make the server fail spend no alarm: eleven junk socket tickets, then an outage of another cause is still told", async () => {
    const quiet = vi.spyOn(console, "error");
    const before = (await telegramMessages("lỗi 500")).length;
    for (let junk = 0; junk < SERVER_ERRORS_PER_MINUTE + 1; junk++) {
      const context = createExecutionContext();
      const response = await worker.fetch(new Request(`http://store.test/api/auth/wallet/live/?ticket=9999999999999999.${"A".repeat(43)}`, { headers: { Upgrade: "websocket" } }) as Parameters<typeof worker.fetch>[0], env, context);
      await waitOnExecutionContext(context);
      expect(response.status).not.toBe(200);
    }
    expect(await telegramMessages("lỗi 500")).toHaveLength(before);
    // Errors of the store's own parts are their own alarm, in a minute of their own.
    const at = Date.UTC(2033, 0, 1 + Math.floor(Math.random() * 300), 4);
    for (let failed = 0; failed < SERVER_ERRORS_PER_MINUTE; failed++) await serverErrored(env, "durable-object", at);
    expect(await telegramMessages("lỗi 500")).toHaveLength(before + 1);
    quiet.mockRestore();
  });

  it("a burst of unexpected errors tells the owner at once, even with the database down", async () => {
    const buyer = await person();
    const unreachable = new Proxy({} as D1Database, {
      get: () => () => {
        throw new Error("D1_ERROR: Network connection lost.");
      },
    });
    const quiet = vi.spyOn(console, "error");
    const before = (await telegramMessages("lỗi 500")).length;
    for (let failed = 0; failed < SERVER_ERRORS_PER_MINUTE; failed++) {
      const context = createExecutionContext();
      const response = await worker.fetch(new Request("http://store.test/api/auth/me/", { headers: { Authorization: `Bearer ${buyer.token}` } }) as Parameters<typeof worker.fetch>[0], { ...env, DB: unreachable } as Env, context);
      await waitOnExecutionContext(context);
      expect(response.status).toBe(500);
    }
    expect((await telegramMessages("lỗi 500")).length).toBe(before + 1);
    quiet.mockRestore();
  });

  it("a database past 5 GB, then past 8 GB, tells the owner once a day for each level; below, nothing", async () => {
    const GB = 1024 ** 3;
    const day = Date.UTC(2032, 0, 1 + Math.floor(Math.random() * 300), 3);
    await databaseSize(env, 4.9 * GB, day);
    expect(await opsNotices("ops:d1-size:")).toHaveLength(0);
    await databaseSize(env, 5.2 * GB, day);
    await databaseSize(env, 5.3 * GB, day + 60_000);
    expect(await opsNotices("ops:d1-size:5:")).toHaveLength(1);
    await databaseSize(env, 8.1 * GB, day + 120_000);
    const [urgent] = await opsNotices("ops:d1-size:8:");
    expect(urgent.text).toContain("Cơ sở dữ liệu 8,1 GB:");
    expect(await opsNotices("ops:d1-size:8:")).toHaveLength(1);
    // The cron reads the size from its own heartbeat's write: the local D1 reports one.
    const beat = await env.DB.prepare("INSERT INTO ops_heartbeats (name, at) VALUES ('size-probe', 1) ON CONFLICT (name) DO UPDATE SET at = excluded.at").run();
    expect(beat.meta.size_after).toBeGreaterThan(0);
  });

  it("a card gateway failing three times in 15 minutes tells the owner once; each failure is a log line", async () => {
    const errors = vi.spyOn(console, "error");
    const at = Date.UTC(2031, 0, 1, 10, 0);
    for (let failure = 0; failure < 5; failure++) await cardGatewayFailed(env, "TimeoutError: The operation was aborted due to timeout", at + failure * 1000);
    expect(errors.mock.calls.filter(([line]) => String(line).includes('"event":"card_gateway_unreachable"'))).toHaveLength(5);
    expect(await opsNotices("ops:ops-card-gateway:gateway:")).toHaveLength(1);
  });
});

describe("an unexpected error", () => {
  it("answers 500 with an id the person can quote, and the log line carries the same id", async () => {
    const buyer = await person();
    expect((await request("/api/auth/me/", { headers: { Authorization: `Bearer ${buyer.token}` } })).status).toBe(200);
    // D1 failing mid-request, after the store started: the kind of error no handler expects.
    const unreachable = new Proxy({} as D1Database, {
      get: () => () => {
        throw new Error("D1_ERROR: Network connection lost.");
      },
    });
    const errors = vi.spyOn(console, "error");
    const context = createExecutionContext();
    const response = await worker.fetch(
      new Request("http://store.test/api/auth/me/", { headers: { Authorization: `Bearer ${buyer.token}`, "CF-Ray": "8f1c2d3e4a5b6c7d-SIN" } }) as Parameters<typeof worker.fetch>[0],
      { ...env, DB: unreachable } as Env,
      context,
    );
    await waitOnExecutionContext(context);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; error_id: string };
    expect(body).toMatchObject({ success: false, error_id: "8f1c2d3e4a5b6c7d-SIN" });
    expect(body.message).toBe("Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau. Mã lỗi: 8f1c2d3e4a5b6c7d-SIN");
    const line = errors.mock.calls.map(([text]) => String(text)).find((text) => text.includes('"event":"internal_error"'));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ level: "error", ray: "8f1c2d3e4a5b6c7d-SIN", path: "/api/auth/me/" });
  });
});
