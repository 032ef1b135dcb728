// LOW_STOCK_THRESHOLD is one rule (README "Settings"): the store's 'Sắp hết', the owner's overview
// and the Telegram alert all read it. A shop that raises it sees every one of them follow.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/index";
import { listing, person } from "../factories";

async function call(path: string, workerEnv: Env, token?: string) {
  const context = createExecutionContext();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await worker.fetch(new Request(`http://store.test${path}`, { headers }) as Parameters<typeof worker.fetch>[0], workerEnv, context);
  await waitOnExecutionContext(context);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as Record<string, any>;
}

describe("LOW_STOCK_THRESHOLD", () => {
  it("decides 'Sắp hết' on the store and in the owner's overview alike", async () => {
    const admin = await person("superuser");
    const seven = await listing({ stock: 7 });
    const raised = { ...env, LOW_STOCK_THRESHOLD: "10" } as Env;

    const pricingAt = async (workerEnv: Env) => (await call(`/api/keys/apps/${seven.app.url}/pricing/`, workerEnv, admin.token)).data[0];
    const listedAt = async (workerEnv: Env) =>
      ((await call("/api/admin/overview/", workerEnv, admin.token)).low_stock as { pricing_id: number }[]).some((item) => item.pricing_id === seven.pricing.id);

    // The default (5): seven keys left is plenty.
    expect(await pricingAt(env)).toMatchObject({ available_count: 7, is_low_stock: false });
    expect(await listedAt(env)).toBe(false);
    // Raised to 10: the same seven keys are low on stock everywhere.
    expect(await pricingAt(raised)).toMatchObject({ available_count: 7, is_low_stock: true });
    expect(await listedAt(raised)).toBe(true);
  });
});
