// The CSV exports name the ledger's and the orders' values with the words the screens use
// (issue #27, item 13; workers/shared/money/money-labels.ts): "Mua key", "Hoàn thành", not purchase, completed.
import { describe, expect, it } from "vitest";
import { api, funded, listing, person, request } from "../factories";

async function csvLines(token: string, path: string): Promise<string[]> {
  const response = await request(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
}

describe("the CSV exports' values", () => {
  it("are the screens' Vietnamese labels for the type, the source and the status", async () => {
    const admin = await person("superuser");
    const buyer = await funded(200_000);
    const { pricing } = await listing({ price: 45_000, stock: 3 });
    expect((await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id, payment_method: "balance" } })).status).toBe(200);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

    const ledger = (await csvLines(admin.token, `/api/admin/exports/transactions.csv?from=${today}&to=${today}`)).filter((line) => line.includes(`,${buyer.username},`));
    expect(ledger.some((line) => line.includes(",Mua key,Mua key,-45000,200000,155000,Hoàn thành,"))).toBe(true);
    expect(ledger.join("\n")).not.toMatch(/,(purchase|deposit|completed|admin)(,|$)/);

    const order = (await csvLines(admin.token, `/api/admin/exports/orders.csv?from=${today}&to=${today}`)).find((line) => line.includes(`,${buyer.username},`));
    expect(order).toContain(",200000,155000,Hoàn thành,");
  });
});
