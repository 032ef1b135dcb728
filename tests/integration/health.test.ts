// GET /api/health: what the deploy asks after a release (scripts/deploy.mjs), and what it says when
// a part is down.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/index";

describe("GET /api/health", () => {
  it("answers 200 with every part ok, never cached, and the build it runs", async () => {
    const response = await SELF.fetch("http://store.test/api/health/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json<{ success: boolean; data: Record<string, string> }>();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ config: "ok", d1: "ok", r2: "ok", wallet: "ok" });
    expect(body.data.release).toMatch(/\S/);
  });

  it("names the settings as the failed part when the store is misconfigured, instead of the store's one 503 page", async () => {
    const broken = { ...env, JWT_SECRET: "short" };
    const response = await worker.fetch(new Request("http://store.test/api/health") as Parameters<typeof worker.fetch>[0], broken, createExecutionContext());
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
    const response = await worker.fetch(new Request("http://store.test/api/health") as Parameters<typeof worker.fetch>[0], { ...env, DB: readOnly }, createExecutionContext());
    expect(response.status).toBe(503);
    const body = await response.json<{ success: boolean; data: Record<string, string> }>();
    expect(body).toMatchObject({ success: false, data: { d1: "failed" } });
  });
});
