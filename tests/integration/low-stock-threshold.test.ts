// LOW_STOCK_THRESHOLD is one rule (docs/settings.md): the store's 'Sắp hết', the owner's overview
// and the Telegram alert all read it. A shop that raises it sees every one of them follow.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listing, person } from "../factories";
import { call } from "../requests";

/** The body of a GET the Worker over `workerEnv` must answer with 200. */
async function read(path: string, workerEnv: Env, token: string) {
  const answer = await call(path, { env: workerEnv, token });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

describe("LOW_STOCK_THRESHOLD", () => {
  it("decides 'Sắp hết' on the store and in the owner's overview alike", async () => {
    const admin = await person("superuser");
    const seven = await listing({ stock: 7 });
    const raised = { ...env, LOW_STOCK_THRESHOLD: "10" } as Env;

    const pricingAt = async (workerEnv: Env) => (await read(`/api/keys/apps/${seven.app.url}/pricing/`, workerEnv, admin.token)).data[0];
    const listedAt = async (workerEnv: Env) =>
      ((await read("/api/admin/overview/", workerEnv, admin.token)).low_stock as { pricing_id: number }[]).some((item) => item.pricing_id === seven.pricing.id);

    // The default (5): seven keys left is plenty.
    expect(await pricingAt(env)).toMatchObject({ available_count: 7, is_low_stock: false });
    expect(await listedAt(env)).toBe(false);
    // Raised to 10: the same seven keys are low on stock everywhere.
    expect(await pricingAt(raised)).toMatchObject({ available_count: 7, is_low_stock: true });
    expect(await listedAt(raised)).toBe(true);
  });
});
