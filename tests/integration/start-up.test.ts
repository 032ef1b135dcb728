// The start-up check (workers/index.ts): the configured admin exists before the store renders or
// acts. An answer the edge cache already holds does not wait on it, and a D1 failure during it is
// told apart from a wrong setting.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/index";

async function ask(path: string, workerEnv: Env) {
  const context = createExecutionContext();
  const response = await worker.fetch(new Request(`http://store.test${path}`) as Parameters<typeof worker.fetch>[0], workerEnv, context);
  await waitOnExecutionContext(context);
  return response;
}

/** D1 as it looks when the database cannot be reached. */
const unreachable = new Proxy({} as D1Database, {
  get() {
    return () => {
      throw new Error("D1_ERROR: Network connection lost.");
    };
  },
});

describe("start-up check", () => {
  it("serves the home page from the edge cache while D1 cannot be reached, and says 'gián đoạn' (not 'misconfigured') where it must render", async () => {
    expect((await ask("/", env)).status).toBe(200);
    // Another admin address: this isolate has not started for it, so the start-up would query D1.
    const broken = { ...env, ADMIN_EMAIL: "owner-after-restart@example.com", DB: unreachable } as Env;

    const cached = await ask("/", broken);
    expect(cached.status).toBe(200);
    expect(await cached.text()).toContain("<html");

    const api = await ask("/api/auth/me/", broken);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ success: false, code: "store_unavailable", message: "Cửa hàng đang tạm thời gián đoạn. Vui lòng thử lại sau ít phút." });
  });
});
