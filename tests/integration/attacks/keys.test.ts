// Attacks on a sold key's device binding and on the admin's key controls (issue #16, items 4 and 5):
// moving someone else's key, moving one's own key again and again, using a banned key, and
// banning without admin rights.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../../workers/db/schema";
import { api, apiWithHeaders, bundleOfKey, db, funded, listing, person, request, unique } from "../../factories";

type Body = Record<string, any>;

async function check(keyCode: string, deviceId: string) {
  const response = await request("/api/keys/check/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") },
    body: JSON.stringify({ key_code: keyCode, device_id: deviceId, bundle_id: await bundleOfKey(keyCode) }),
  });
  return (await response.json()) as Body;
}

/** A buyer with one bought key, activated on `device`. */
async function activatedPurchase(device = "iphone-cua-chu") {
  const buyer = await funded(100_000);
  const { pricing } = await listing({ price: 1000, stock: 1, type: "30days" });
  const bought = await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id } });
  expect(bought.status).toBe(200);
  const code = bought.body.key.key_code as string;
  expect((await check(code, device)).data.valid).toBe(true);
  const [key] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, code));
  return { buyer, orderId: bought.body.order.id as number, code, key };
}

const resetPath = (orderId: number) => `/api/auth/purchase/${orderId}/reset-device/`;

async function boundDevice(keyId: number) {
  const [key] = await db.select({ deviceId: licenseKeys.deviceId }).from(licenseKeys).where(eq(licenseKeys.id, keyId));
  return key.deviceId;
}

describe("attack: moving another buyer's key to the attacker's device", () => {
  it("another signed-in user gets 404 for the purchase and the key stays bound; its owner can move it", async () => {
    const { buyer, orderId, key } = await activatedPurchase();
    const attacker = await person();
    const stolen = await api(resetPath(orderId), { token: attacker.token, method: "POST" });
    expect(stolen.status).toBe(404);
    expect(stolen.body.success).toBe(false);
    expect((await api(resetPath(orderId), { method: "POST" })).status).toBe(401);
    expect(await boundDevice(key.id)).toBe("iphone-cua-chu");

    const own = await api(resetPath(orderId), { token: buyer.token, method: "POST" });
    expect(own.status).toBe(200);
    expect(await boundDevice(key.id)).toBeNull();
  });
});

describe("attack: moving one key between devices again and again (sharing it)", () => {
  it("a second reset within 24 hours answers 429 with Retry-After and a Vietnamese message", async () => {
    const { buyer, orderId, code, key } = await activatedPurchase();
    expect((await api(resetPath(orderId), { token: buyer.token, method: "POST" })).status).toBe(200);
    expect((await check(code, "iphone-cua-ban")).data.valid).toBe(true);

    const again = await apiWithHeaders(resetPath(orderId), { token: buyer.token, method: "POST" });
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(again.body).toMatchObject({ success: false, message: expect.stringContaining("Mỗi key chỉ được đổi thiết bị") });
    expect(await boundDevice(key.id)).toBe("iphone-cua-ban");
  });

  it("five parallel resets move the key once", async () => {
    const { buyer, orderId, key } = await activatedPurchase();
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(resetPath(orderId), { token: buyer.token, method: "POST" })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429]);
    const [row] = await db.select().from(licenseKeys).where(eq(licenseKeys.id, key.id));
    expect(row.deviceResetCount).toBe(1);
  });
});

describe("attack: using a key the admin has banned", () => {
  it("a banned key answers revoked at once, even on its own device", async () => {
    const { code, key } = await activatedPurchase();
    const admin = await person("superuser");
    const banned = await api(`/api/keys/keys/${key.id}/ban/`, { token: admin.token, method: "POST" });
    expect(banned.status).toBe(200);
    const answer = await check(code, "iphone-cua-chu");
    expect(answer.data).toMatchObject({ valid: false, reason: "revoked" });
    expect((await check(code, "iphone-khac")).data).toMatchObject({ valid: false, reason: "revoked" });
  });
});

describe("attack: banning, extending or moving keys without admin rights", () => {
  it("plain users get 403 and visitors 401; the key is unchanged", async () => {
    const { key } = await activatedPurchase();
    const plain = await person();
    const admin = await person("superuser");
    const calls: [string, unknown?][] = [
      [`/api/keys/keys/${key.id}/ban/`],
      [`/api/keys/keys/${key.id}/unban/`],
      [`/api/keys/keys/${key.id}/extend/`, { days: 30 }],
      [`/api/keys/keys/${key.id}/reset-device/`],
    ];
    for (const [path, body] of calls) {
      expect((await api(path, { method: "POST", body })).status, `${path} visitor`).toBe(401);
      expect((await api(path, { token: plain.token, method: "POST", body })).status, `${path} plain user`).toBe(403);
    }
    const [row] = await db.select().from(licenseKeys).where(eq(licenseKeys.id, key.id));
    expect(row).toMatchObject({ bannedAt: null, deviceId: "iphone-cua-chu", expiresAt: key.expiresAt });
    // The same calls by an admin do change it.
    expect((await api(`/api/keys/keys/${key.id}/ban/`, { token: admin.token, method: "POST" })).status).toBe(200);
  });
});
