// A sold key's device binding as its buyer sees and moves it, and the admin's controls: device
// reset, extension, ban and unban (issue #16, items 4 and 5).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../workers/db/schema";
import { resetPurchaseDevice } from "../../workers/licensing/key-devices";
import { api, bundleOfKey, db, funded, listing, person, request, unique } from "../factories";

type Body = Record<string, any>;
const DAY_MS = 86_400_000;

async function check(keyCode: string, deviceId: string) {
  const response = await request("/api/keys/check/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") },
    body: JSON.stringify({ key_code: keyCode, device_id: deviceId, bundle_id: await bundleOfKey(keyCode) }),
  });
  return ((await response.json()) as Body).data;
}

async function purchase(type = "30days") {
  const buyer = await funded(100_000);
  const { app, pricing } = await listing({ price: 1000, stock: 1, type });
  const bought = await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id } });
  const code = bought.body.key.key_code as string;
  const [key] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, code));
  return { buyer, app, orderId: bought.body.order.id as number, code, keyId: key.id };
}

async function historyEntry(token: string, orderId: number) {
  const history = await api("/api/auth/purchase/history/", { token });
  return history.body.data.find((entry: Body) => entry.id === orderId);
}

const admin = () => person("superuser");
const adminCall = (token: string, keyId: number, action: string, body?: unknown) => api(`/api/keys/keys/${keyId}/${action}/`, { token, method: "POST", body });

describe("the buyer's purchase history", () => {
  it("shows a key not activated, then its device, activation and expiry, then waiting for a new device after a reset", async () => {
    const { buyer, orderId, code } = await purchase();
    expect(await historyEntry(buyer.token, orderId)).toMatchObject({
      key_code: code,
      key_state: "not_activated",
      activated_at: null,
      expires_at: null,
      device_hint: null,
      last_check_at: null,
      banned: false,
    });

    const first = await check(code, "iphone-ABCD-1234");
    const active = await historyEntry(buyer.token, orderId);
    expect(active).toMatchObject({ key_state: "active", device_hint: "1234", activated_at: first.activated_at, expires_at: first.expires_at, banned: false });
    expect(active).toHaveProperty("last_check_at");

    const reset = await api(`/api/auth/purchase/${orderId}/reset-device/`, { token: buyer.token, method: "POST" });
    expect(reset).toEqual({ status: 200, body: { success: true, message: "Đã gỡ thiết bị. Key sẽ được kích hoạt trên thiết bị kiểm tra tiếp theo." } });
    expect(await historyEntry(buyer.token, orderId)).toMatchObject({ key_state: "awaiting_device", device_hint: null, expires_at: first.expires_at });

    // The next check from any device takes the key; the expiry does not restart.
    const moved = await check(code, "ipad-9876");
    expect(moved).toMatchObject({ valid: true, expires_at: first.expires_at });
    expect((await check(code, "iphone-ABCD-1234")).reason).toBe("other_device");
    expect(await historyEntry(buyer.token, orderId)).toMatchObject({ key_state: "active", device_hint: "9876", expires_at: first.expires_at });
  });

  it("allows the next reset once the interval has passed, and refuses an unactivated key", async () => {
    const { buyer, orderId, code } = await purchase();
    const notYet = await api(`/api/auth/purchase/${orderId}/reset-device/`, { token: buyer.token, method: "POST" });
    expect(notYet).toEqual({ status: 409, body: { success: false, code: "key_not_on_device", message: "Key chưa được kích hoạt trên thiết bị nào" } });

    await check(code, "device-1");
    const now = Date.now();
    await resetPurchaseDevice(env.DB, buyer.id, orderId, 24, now);
    await check(code, "device-2");
    await expect(resetPurchaseDevice(env.DB, buyer.id, orderId, 24, now + 24 * 3_600_000 - 60_000)).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 60 });
    await expect(resetPurchaseDevice(env.DB, buyer.id, orderId, 24, now + 24 * 3_600_000)).resolves.toBeUndefined();
    const [row] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, code));
    expect(row.deviceResetCount).toBe(2);
  });
});

describe("admin key controls", () => {
  it("the key list shows device hint, activation, expiry, last check, checks and resets", async () => {
    const { app, code } = await purchase();
    await check(code, "iphone-xyz-5678");
    const { token } = await admin();
    const list = await api(`/api/keys/apps/${app.url}/keys/`, { token });
    expect(list.body.data[0]).toMatchObject({
      key_code: code,
      status: "used",
      device_hint: "5678",
      lifetime: false,
      activated_at: expect.any(String),
      expires_at: expect.any(String),
      check_count: expect.any(Number),
      device_reset_count: 0,
      banned: false,
      banned_at: null,
    });
    expect(list.body.data[0]).toHaveProperty("last_check_at");
  });

  it("resets a device without using the buyer's own daily reset", async () => {
    const { buyer, orderId, code, keyId } = await purchase();
    await check(code, "old-phone");
    const { token } = await admin();
    const reset = await adminCall(token, keyId, "reset-device");
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ success: true, message: "Đã gỡ thiết bị của key", data: { device_id: null, device_reset_count: 1 } });
    expect((await adminCall(token, keyId, "reset-device")).body.message).toBe("Key chưa được kích hoạt trên thiết bị nào");
    await check(code, "new-phone");
    expect((await api(`/api/auth/purchase/${orderId}/reset-device/`, { token: buyer.token, method: "POST" })).status).toBe(200);
  });

  it("extends an activated key by whole days, an expired one from now; refuses lifetime and unactivated keys and bad numbers", async () => {
    const { token } = await admin();
    const { code, keyId } = await purchase("7days");
    expect((await adminCall(token, keyId, "extend", { days: 5 })).body).toEqual({
      success: false, code: "key_not_activated",
      message: "Key chưa được kích hoạt: thời hạn chỉ bắt đầu tính từ lần kích hoạt đầu tiên",
    });
    const first = await check(code, "phone");
    const extended = await adminCall(token, keyId, "extend", { days: 30 });
    expect(extended.status).toBe(200);
    expect(extended.body.message).toBe("Đã gia hạn key thêm 30 ngày");
    expect(Date.parse(extended.body.data.expires_at) - Date.parse(first.expires_at)).toBe(30 * DAY_MS);
    expect((await check(code, "phone")).expires_at).toBe(extended.body.data.expires_at);

    // Expired (and marked so by the cron): extended from now, usable again.
    await db.update(licenseKeys).set({ status: "expired", expiresAt: new Date(Date.now() - 10 * DAY_MS) }).where(eq(licenseKeys.id, keyId));
    const before = Date.now();
    const revived = await adminCall(token, keyId, "extend", { days: 2 });
    expect(revived.body.data.status).toBe("used");
    expect(Date.parse(revived.body.data.expires_at)).toBeGreaterThanOrEqual(before + 2 * DAY_MS);
    expect(await check(code, "phone")).toMatchObject({ valid: true, reason: "active" });

    for (const days of [0, 3651, 1.5, "7", null]) {
      const refused = await adminCall(token, keyId, "extend", { days });
      expect(refused.status, String(days)).toBe(400);
      expect(refused.body.errors.days).toEqual(["Số ngày gia hạn phải là số nguyên từ 1 đến 3650"]);
    }

    const lifetime = await purchase("lifetime");
    await check(lifetime.code, "phone");
    const never = await adminCall(token, lifetime.keyId, "extend", { days: 30 });
    expect(never.status).toBe(400);
    expect(never.body).toMatchObject({ success: false, message: "Key vĩnh viễn không thể gia hạn" });
  });

  it("bans a sold key: checks answer revoked, the buyer's history shows it banned and cannot move it; unban restores it", async () => {
    const { token } = await admin();
    const { buyer, orderId, code, keyId } = await purchase();
    await check(code, "phone-0001");
    const banned = await adminCall(token, keyId, "ban");
    expect(banned.body).toMatchObject({ success: true, message: "Đã khóa key", data: { banned: true, banned_at: expect.any(String) } });
    expect((await adminCall(token, keyId, "ban")).body.message).toBe("Key đã bị khóa");
    expect(await check(code, "phone-0001")).toMatchObject({ valid: false, reason: "revoked" });
    expect(await historyEntry(buyer.token, orderId)).toMatchObject({ key_state: "banned", banned: true, banned_at: banned.body.data.banned_at, device_hint: "0001" });
    expect((await api(`/api/auth/purchase/${orderId}/reset-device/`, { token: buyer.token, method: "POST" })).body.message).toBe("Key đã bị khóa");

    const unbanned = await adminCall(token, keyId, "unban");
    expect(unbanned.body).toMatchObject({ success: true, message: "Đã mở khóa key", data: { banned: false, banned_at: null } });
    expect(await check(code, "phone-0001")).toMatchObject({ valid: true, reason: "active" });
    expect(await historyEntry(buyer.token, orderId)).toMatchObject({ key_state: "active", banned: false });
    expect((await adminCall(token, keyId, "unban")).body.message).toBe("Key chưa bị khóa");
  });

  it("refuses to ban a key nobody bought (revoke it instead) and answers 404 for an unknown key", async () => {
    const { token } = await admin();
    const { app } = await listing({ stock: 1 });
    const [unsold] = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(await adminCall(token, unsold.id, "ban")).toEqual({ status: 409, body: { success: false, code: "key_not_sold", message: "Chỉ key đã bán mới có thể bị khóa" } });
    expect((await adminCall(token, 999_999_999, "ban")).status).toBe(404);
    expect((await adminCall(token, 999_999_999, "extend", { days: 1 })).status).toBe(404);
  });
});
