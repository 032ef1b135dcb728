// Attacks on the owner's notifications and exports (issue #18): a plain user reading them, and a
// replayed bank webhook making the owner believe money came in twice.
import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "../../../workers/db/schema";
import { db, person, request, topupFor } from "../../factories";

let nextId = Math.floor(Math.random() * 1e9);

/** SePay's webhook for one bank transaction; the same `id` again is a replay. */
async function sepay(id: number, amount: number, content: string) {
  const body = { id, gateway: "Vietcombank", transactionDate: "2026-11-26 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, code: null, content, transferType: "in", transferAmount: amount, accumulated: 1, subAccount: null, referenceCode: `FT${id}`, description: content };
  const response = await request("/api/webhooks/sepay/", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body: JSON.stringify(body) });
  return ((await response.json()) as { outcome: string }).outcome;
}

const recorded = (dedupeKey: string) => db.select().from(notifications).where(eq(notifications.dedupeKey, dedupeKey));

describe("attack: a plain user reads the owner's notifications and exports", () => {
  it("is refused with 403 on every one of them", async () => {
    const user = await person();
    for (const path of ["/api/admin/notifications/", "/api/admin/exports/transactions.csv?from=2026-11-01&to=2026-11-26", "/api/admin/exports/orders.csv?from=2026-11-01&to=2026-11-26"]) {
      const response = await request(path, { headers: { Authorization: `Bearer ${user.token}` } });
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as { success: boolean }).success).toBe(false);
    }
  });
});

describe("attack: a replayed bank webhook tells the owner the money came twice", () => {
  it("records one deposit notification, in the credit, however often the webhook comes", async () => {
    const user = await person();
    const topup = await topupFor(user, 70000);
    nextId += 1;
    expect(await sepay(nextId, 70000, topup.description)).toBe("credited");
    await Promise.all([sepay(nextId, 70000, topup.description), sepay(nextId, 70000, topup.description)]);
    const rows = await recorded(`deposit:bank:sepay:${nextId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].kind).toBe("deposit");
    expect(rows[0].text).toContain(user.username);
    expect(rows[0].text).toContain(topup.description);
    expect(rows[0].text).toContain("70.000");
  });

  it("records a parked transfer once and no deposit for it", async () => {
    const user = await person();
    const topup = await topupFor(user, 70000);
    nextId += 1;
    // The wrong amount: parked for an admin, not credited.
    expect(await sepay(nextId, 65000, topup.description)).toBe("unmatched");
    // A replay of a parked transfer is matched again (and parked again).
    expect(await sepay(nextId, 65000, topup.description)).toBe("unmatched");
    expect(await recorded(`deposit:bank:sepay:${nextId}`)).toHaveLength(0);
    expect(await recorded(`transfer_parked:sepay:${nextId}`)).toHaveLength(1);
    expect(await db.select().from(notifications).where(like(notifications.text, `%${topup.description}%`))).toHaveLength(1);
  });
});
