// GET /api/health: what the deploy asks after a release (scripts/deploy.mjs), and what it says when
// a part is down; to a stranger, only up or down.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/index";
import { person, unique } from "../factories";
import { inOneRateWindow } from "../requests";

/** What the deploy and the operator send to read the parts (HEALTH_TOKEN). */
const DETAILS = { Authorization: `Bearer ${env.HEALTH_TOKEN}` };

async function ask(environment: Env, headers: Record<string, string> = DETAILS): Promise<Response> {
  const context = createExecutionContext();
  const response = await worker.fetch(new Request("http://store.test/api/health", { headers }) as Parameters<typeof worker.fetch>[0], environment, context);
  await waitOnExecutionContext(context);
  return response;
}

describe("GET /api/health", () => {
  it("answers 200 with every part ok, never cached, and the build it runs", async () => {
    const response = await SELF.fetch("http://store.test/api/health/", { headers: DETAILS });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json<{ success: boolean; data: Record<string, string> }>();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ config: "ok", d1: "ok", r2: "ok", wallet: "ok" });
    expect(body.data.release).toMatch(/\S/);
  });

  it("names the settings as the failed part when the store is misconfigured, instead of the store's one 503 page", async () => {
    const broken = { ...env, JWT_SECRET: "short" };
    const response = await ask(broken);
    expect(response.status).toBe(503);
    const body = await response.json<{ success: boolean; data: Record<string, string> }>();
    expect(body).toMatchObject({ success: false, data: { config: "failed" } });
  });
});

describe("GET /api/health with a database that refuses writes", () => {
  it("answers 503 naming D1, as a full database (D1 refuses writes at 10 GB) stops every sign-in, purchase and webhook", async () => {
    // Reads still answer; every write is refused, as D1 does when the database is full.
    const readOnly = new Proxy(env.DB, {
      get: (target, property) =>
        property === "prepare"
          ? (query: string) => (/^\s*(insert|update|delete|replace)\b/i.test(query) ? { bind: () => ({ run: () => Promise.reject(new Error("D1_ERROR: database or disk is full")) }), run: () => Promise.reject(new Error("D1_ERROR: database or disk is full")) } : target.prepare(query))
          : Reflect.get(target, property).bind(target),
    });
    const response = await ask({ ...env, DB: readOnly });
    expect(response.status).toBe(503);
    const body = await response.json<{ success: boolean; data: Record<string, string> }>();
    expect(body).toMatchObject({ success: false, data: { d1: "failed" } });
  });
});

describe("GET /api/health asked by a stranger", () => {
  it("a stranger learns up or down only: no parts, no release, no cron", async () => {
    const response = await SELF.fetch("http://store.test/api/health/", { headers: { "CF-Connecting-IP": "198.51.100.7" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const broken = await ask({ ...env, JWT_SECRET: "short" }, { "CF-Connecting-IP": "198.51.100.8" });
    expect(broken.status).toBe(503);
    expect(await broken.json()).toEqual({ success: false });
  });

  it("a buyer's token reads no details, a wrong health token none either; an admin's session does", async () => {
    const buyer = await person();
    for (const headers of [{ Authorization: `Bearer ${buyer.token}` }, { Authorization: `Bearer ${env.HEALTH_TOKEN.slice(0, -1)}x` }]) {
      expect(await (await SELF.fetch("http://store.test/api/health/", { headers })).json()).toEqual({ success: true });
    }
    const admin = await person("staff");
    const body = await (await SELF.fetch("http://store.test/api/health/", { headers: { Authorization: `Bearer ${admin.token}` } })).json<{ data: Record<string, string> }>();
    expect(body.data).toMatchObject({ config: "ok", d1: "ok", r2: "ok", wallet: "ok" });
  });

  it("a stranger's flood of asks probes the database once, not once per ask", async () => {
    let probes = 0;
    const counted = new Proxy(env.DB, {
      get: (target, property) =>
        property === "prepare"
          ? (query: string) => {
              // Health's only write is its probe's heartbeat.
              if (query.startsWith("INSERT INTO ops_heartbeats")) probes += 1;
              return target.prepare(query);
            }
          : Reflect.get(target, property).bind(target),
    });
    const flooded = { ...env, DB: counted };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => ask(flooded, { "CF-Connecting-IP": `203.0.113.${index + 1}` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(probes).toBe(1);
  });

  it("a stranger asking more than 30 times a minute from one address is refused 429", async () => {
    const statuses = await inOneRateWindow(async () => {
      const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}-${unique()}`;
      const headers = { "CF-Connecting-IP": address };
      const seen: number[] = [];
      for (let asked = 0; asked < 31; asked++) seen.push((await SELF.fetch("http://store.test/api/health/", { headers })).status);
      return seen;
    });
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });
});
