// Attacks on bans that stick to a phone and on one trial per phone (issue 55 items 2 and 3): a
// banned phone coming back through a device reset, a new account, a trial, or its id in another case
// or with invisible characters; an address in a banned range; trials claimed ten at once from one
// account, and by ten accounts for one phone; a forged or oversized reason; a ban without admin rights.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, bans, licenseKeys } from "../../../workers/db/schema";
import { api, bundleOfKey, createApp, db, funded, listing, person, request, unique } from "../../factories";

type Body = Record<string, any>;

async function publicKey(): Promise<CryptoKey> {
  const { public_key_raw_base64: raw } = (await (await request("/api/keys/public-key/")).json()) as Body;
  return crypto.subtle.importKey("raw", Uint8Array.from(atob(raw), (c) => c.charCodeAt(0)), { name: "Ed25519" }, false, ["verify"]);
}

/** A mod's key check from `address` (a fresh non-address by default), its answer verified against the store's signature. */
async function check(keyCode: string, deviceId: string, { address = unique("ip"), lang }: { address?: string; lang?: "en" } = {}) {
  const body = JSON.stringify({ key_code: keyCode, device_id: deviceId, bundle_id: await bundleOfKey(keyCode), nonce: "nonce-bans-1", lang });
  const response = await request("/api/keys/check/", { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": address }, body });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const signature = response.headers.get("X-Signature") ?? "";
  const signed = await crypto.subtle.verify({ name: "Ed25519" }, await publicKey(), Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)), bytes);
  expect(signed, "the answer is signed").toBe(true);
  return JSON.parse(new TextDecoder().decode(bytes)) as Body;
}

/** A buyer's bought key (activated on `device` when given). */
async function boughtKey(device?: string, app?: Awaited<ReturnType<typeof createApp>>, type = "30days") {
  const buyer = await funded(100_000);
  const { pricing, app: seller } = await listing({ price: 1000, stock: 1, type, app });
  const bought = await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id } });
  expect(bought.status).toBe(200);
  const code = bought.body.key.key_code as string;
  if (device) expect((await check(code, device)).data).toMatchObject({ valid: true, reason: "activated" });
  return { buyer, code, orderId: bought.body.order.id as number, app: seller };
}

async function ban(admin: { token: string }, body: Body) {
  return api("/api/admin/bans/", { token: admin.token, body });
}

/** An app offering trials of `hours`, set by an admin through the API. */
async function trialApp(hours = 2) {
  const app = await createApp({ bundleIdentifier: `vn.test.${unique("tr").replace(/-/g, "")}` });
  const admin = await person("superuser");
  const set = await api(`/api/admin/apps/${app.id}/trial/`, { token: admin.token, method: "PUT", body: { hours } });
  expect(set.status).toBe(200);
  return app;
}

async function claim(buyer: { token: string }, appId: number, address = unique("ip")) {
  return api("/api/keys/trial/", { token: buyer.token, body: { app_id: appId }, headers: { "CF-Connecting-IP": address } });
}

describe("attack: a banned phone coming back", () => {
  it("through a device reset, a new account's key, a trial, or its id in another case or with invisible characters: each check answers device_banned, signed, with the shop's reason", async () => {
    const phone = `PHONE-${unique("ban")}`;
    const { buyer, code, orderId, app } = await boughtKey(phone);
    const admin = await person("superuser");
    const made = await ban(admin, { kind: "device", value: phone, reason: "Chia sẻ key", reason_en: "Key sharing" });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ id: expect.any(Number), kind: "device", app: null, reason: "Chia sẻ key", until: null, created_by: admin.email, active: true });
    // The store keeps the id's hash, never the id.
    const [row] = await db.select().from(bans).where(eq(bans.id, made.body.data.id));
    expect(JSON.stringify(row)).not.toContain(phone);

    const refused = await check(code, phone);
    expect(refused.data).toMatchObject({ valid: false, reason: "device_banned", message: "Thiết bị này đã bị cửa hàng chặn: Chia sẻ key", device_id: phone });
    expect(refused.data.lease).toBeUndefined();
    expect((await check(code, phone, { lang: "en" })).data.message).toBe("This device has been banned by the shop: Key sharing");

    // The buyer moves the key off the phone, and the phone asks again.
    expect((await api(`/api/auth/purchase/${orderId}/reset-device/`, { token: buyer.token, method: "POST" })).status).toBe(200);
    for (const disguise of [phone.toLowerCase(), ` ${phone}\u200b`, `\u2060${phone.slice(0, 3)}\u00ad${phone.slice(3)}`, phone.replace("-", "\u200c-")]) {
      expect((await check(code, disguise)).data, JSON.stringify(disguise)).toMatchObject({ valid: false, reason: "device_banned" });
    }
    const [unbound] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, code));
    expect(unbound.deviceId).toBeNull();

    // A new account buys a new key of the same app for the phone.
    const second = await boughtKey(undefined, app, "7days");
    expect((await check(second.code, phone.toLowerCase())).data).toMatchObject({ valid: false, reason: "device_banned" });
    // A trial claimed by yet another account.
    await api(`/api/admin/apps/${app.id}/trial/`, { token: admin.token, method: "PUT", body: { hours: 3 } });
    const newcomer = await person();
    const trial = await claim(newcomer, app.id);
    expect(trial.status).toBe(200);
    expect((await check(trial.body.key.key_code, phone)).data).toMatchObject({ valid: false, reason: "device_banned" });
    const [trialRow] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, trial.body.key.key_code));
    expect(trialRow.deviceId).toBeNull();
    // Another phone is welcome.
    expect((await check(code, `OTHER-${unique("p")}`)).data).toMatchObject({ valid: true, reason: "activated" });

    // Lifting is audited, and the phone runs again.
    const lifted = await api(`/api/admin/bans/${made.body.data.id}/`, { token: admin.token, method: "DELETE" });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data).toMatchObject({ active: false, lifted_by: admin.email });
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.action, "ban.lift"), eq(auditEvents.targetId, String(made.body.data.id))))).toHaveLength(1);
    expect((await api(`/api/admin/bans/${made.body.data.id}/`, { token: admin.token, method: "DELETE" })).status).toBe(409);
    expect((await check(second.code, phone)).data).toMatchObject({ valid: true, reason: "activated" });
  });

  it("a ban of one app stops the phone there only; a ban that has ended stops nothing", async () => {
    const phone = `PHONE-${unique("app")}`;
    const mine = await boughtKey(phone);
    const other = await boughtKey();
    const admin = await person("superuser");
    expect((await ban(admin, { kind: "device", value: phone, app_id: mine.app.id, reason: "Hoàn tiền gian lận" })).status).toBe(201);
    expect((await check(mine.code, phone)).data).toMatchObject({ valid: false, reason: "device_banned" });
    expect((await check(other.code, phone)).data).toMatchObject({ valid: true, reason: "activated" });

    const laterPhone = `PHONE-${unique("end")}`;
    const later = await boughtKey(laterPhone);
    const ending = await ban(admin, { kind: "device", value: laterPhone, reason: "Tạm", until: new Date(Date.now() + 60_000).toISOString() });
    expect(ending.body.data.until).toEqual(expect.any(String));
    expect((await check(later.code, laterPhone)).data).toMatchObject({ valid: false, reason: "device_banned" });
    await db.update(bans).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(bans.id, ending.body.data.id));
    expect((await check(later.code, laterPhone)).data).toMatchObject({ valid: true, reason: "active" });
  });
});

describe("attack: checking from an address in a banned range", () => {
  it("an IPv4 or IPv6 address inside a banned CIDR answers ip_banned; one outside does not", async () => {
    const admin = await person("superuser");
    const v4 = await ban(admin, { kind: "ip", value: "198.51.100.0/24", reason: "Proxy bẻ khóa" });
    const v6 = await ban(admin, { kind: "ip", value: "2001:DB8:55::/48", reason: "Proxy bẻ khóa" });
    expect([v4.status, v6.status]).toEqual([201, 201]);
    expect(v6.body.data.value).toBe("2001:db8:55::/48");
    try {
      const { code } = await boughtKey();
      const phone = `PHONE-${unique("ip")}`;
      for (const address of ["198.51.100.77", "::ffff:198.51.100.1", "2001:db8:55:ffff::1", "[2001:db8:55::9]"]) {
        expect((await check(code, phone, { address })).data, address).toMatchObject({ valid: false, reason: "ip_banned", message: "Địa chỉ mạng này đã bị cửa hàng chặn: Proxy bẻ khóa" });
      }
      expect((await check(code, phone, { address: "198.51.101.1" })).data).toMatchObject({ valid: true, reason: "activated" });
      expect((await check(code, phone, { address: "2001:db8:56::1" })).data).toMatchObject({ valid: true, reason: "active" });
    } finally {
      for (const made of [v4, v6]) await api(`/api/admin/bans/${made.body.data.id}/`, { token: admin.token, method: "DELETE" });
    }
  });
});

describe("attack: a ban's reason or value forged or oversized", () => {
  it("a reason with control characters or of 100 KB, a range that is none, an end in the past: refused, nothing stored", async () => {
    const admin = await person("superuser");
    const before = (await db.select().from(bans)).length;
    const refusals: Body[] = [
      { kind: "device", value: "p1", reason: "Lý do\u0000ẩn" },
      { kind: "device", value: "p1", reason: "dòng 1\ndòng 2" },
      { kind: "device", value: "p1", reason: "\u202eđảo chiều" },
      { kind: "device", value: "p1", reason: "x".repeat(281) },
      { kind: "device", value: "p1", reason: "\u200b \u200b" },
      { kind: "device", value: "\u200b \u2060", reason: "trống" },
      { kind: "ip", value: "10.0.0.0/33", reason: "r" },
      { kind: "ip", value: "300.1.1.1", reason: "r" },
      { kind: "ip", value: "2001:db8::/129", reason: "r" },
      { kind: "ip", value: "example.com", reason: "r" },
      { kind: "phone", value: "p1", reason: "r" },
      { kind: "device", value: "p1", reason: "r", until: "2020-01-01T00:00:00Z" },
      { kind: "device", value: "p1", reason: "r", until: "ngày mai" },
      { kind: "device", value: "p1", reason: "r", app_id: 999_999_999 },
    ];
    for (const body of refusals) {
      const answer = await ban(admin, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.success).toBe(false);
    }
    const huge = await ban(admin, { kind: "device", value: "p1", reason: "x".repeat(100 * 1024) });
    expect([400, 413]).toContain(huge.status);
    expect((await db.select().from(bans)).length).toBe(before);
  });
});

describe("attack: banning without admin rights", () => {
  it("visitors get 401 and plain users 403 for creating, listing and lifting bans, and setting a trial; nothing changes", async () => {
    const plain = await person();
    const admin = await person("superuser");
    const made = await ban(admin, { kind: "device", value: `PHONE-${unique("na")}`, reason: "r" });
    const app = await createApp();
    const body = { kind: "device", value: "victim-phone", reason: "r" };
    for (const token of [undefined, plain.token]) {
      const status = token ? 403 : 401;
      expect((await api("/api/admin/bans/", { token, body })).status).toBe(status);
      expect((await api("/api/admin/bans/", { token })).status).toBe(status);
      expect((await api(`/api/admin/bans/${made.body.data.id}/`, { token, method: "DELETE" })).status).toBe(status);
      expect((await api(`/api/admin/apps/${app.id}/trial/`, { token, method: "PUT", body: { hours: 5 } })).status).toBe(status);
    }
    const listed = await api("/api/admin/bans/", { token: admin.token });
    expect(listed.body.data.find((row: Body) => row.id === made.body.data.id)).toMatchObject({ active: true });
    expect(listed.body.data.some((row: Body) => row.value === "…HONE")).toBe(false);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.actorUserId, plain.id))).toEqual([]);
  });
});

describe("attack: claiming trials again and again", () => {
  it("ten claims at once from one account make one trial key, which every answer names", async () => {
    const app = await trialApp(2);
    const buyer = await person();
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(buyer, app.id)));
    const granted = answers.filter((answer) => answer.status === 200);
    expect(granted.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(new Set(granted.map((answer) => answer.body.key.key_code)).size).toBe(1);
    const keys = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ soldToUserId: buyer.id, status: "sold", trialHours: 2 });
    // Every other answer names it again; an eleventh claim within ten minutes meets the account's limit.
    expect(granted.filter((answer) => answer.body.replayed === false)).toHaveLength(1);
    const again = await claim(buyer, app.id);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("rate_limited");
  });

  it("ten accounts' trials checked at once on one phone: one runs, nine answer trial_used; the phone's id in another case gets no second trial", async () => {
    const app = await trialApp(1);
    const codes: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      const answer = await claim(await person(), app.id);
      expect(answer.status).toBe(200);
      codes.push(answer.body.key.key_code);
    }
    const phone = `Trial-Phone-${unique("t")}`;
    const answers = await Promise.all(codes.slice(0, 10).map((code) => check(code, phone)));
    expect(answers.filter((answer) => answer.data.valid).map((answer) => answer.data.reason)).toEqual(["activated"]);
    expect(answers.filter((answer) => !answer.data.valid).map((answer) => answer.data.reason)).toEqual(Array(9).fill("trial_used"));
    const winner = answers.find((answer) => answer.data.valid) as Body;
    // One hour from the first check.
    expect(Date.parse(winner.data.expires_at) - Date.parse(winner.data.activated_at)).toBe(3_600_000);
    const used = answers.find((answer) => !answer.data.valid) as Body;
    expect(used.data.message).toBe("Thiết bị này đã dùng thử ứng dụng này rồi");
    // The same phone, its id typed otherwise, with the eleventh account's trial.
    expect((await check(codes[10], ` ${phone.toUpperCase()}\u200b`)).data).toMatchObject({ valid: false, reason: "trial_used" });
    expect((await check(codes[10], `PHONE-${unique("fresh")}`)).data).toMatchObject({ valid: true, reason: "activated" });
    const bound = await db.select().from(licenseKeys).where(and(eq(licenseKeys.appId, app.id), eq(licenseKeys.status, "used")));
    expect(bound).toHaveLength(2);
  });

  it("an app without trials, or a visitor, gets no trial key; an account claims once per app", async () => {
    const plainApp = await createApp();
    const buyer = await person();
    expect((await claim(buyer, plainApp.id)).status).toBe(409);
    expect((await api("/api/keys/trial/", { body: { app_id: plainApp.id } })).status).toBe(401);
    const app = await trialApp(5);
    const first = await claim(buyer, app.id);
    const second = await claim(buyer, app.id);
    expect(second.body.key.key_code).toBe(first.body.key.key_code);
    const admin = await person("superuser");
    // Trial keys are claimed, never priced: a pricing of the trial type would sell lifetime keys.
    const priced = await api(`/api/keys/apps/${app.id}/pricing/`, { token: admin.token, body: { key_type: "trial", price: 0, currency: "VND", is_active: true } });
    expect(priced.status).toBe(400);
    for (const hours of [-1, 0.5, "2", 100_000, null]) {
      expect((await api(`/api/admin/apps/${app.id}/trial/`, { token: admin.token, method: "PUT", body: { hours } })).status, String(hours)).toBe(400);
    }
  });
});

describe("a trial key in the admin's key list", () => {
  it("shows as a trial of its hours, not lifetime, and an admin extends it by days like any timed key", async () => {
    const app = await trialApp(3);
    const buyer = await person();
    const code = (await claim(buyer, app.id)).body.key.key_code as string;
    const admin = await person("superuser");
    const listed = async () => {
      const list = await api(`/api/keys/apps/${app.id}/keys/`, { token: admin.token });
      expect(list.status).toBe(200);
      return list.body.data.find((key: Body) => key.key_code === code) as Body;
    };
    expect(await listed()).toMatchObject({ lifetime: false, trial_hours: 3, expires_at: null });

    const phone = `PHONE-${unique("trial-extend")}`;
    const first = await check(code, phone);
    expect(first.data).toMatchObject({ valid: true, reason: "activated" });
    const before = await listed();
    expect(Date.parse(before.expires_at) - Date.parse(before.activated_at)).toBe(3 * 3_600_000);

    const extended = await api(`/api/keys/keys/${before.id}/extend/`, { token: admin.token, body: { days: 2 } });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    const after = await listed();
    expect(Date.parse(after.expires_at) - Date.parse(before.expires_at)).toBe(2 * 86_400_000);
    expect(Date.parse((await check(code, phone)).data.expires_at)).toBe(Date.parse(after.expires_at));

    // A lifetime key still has nothing to extend.
    const { code: lifetimeCode } = await boughtKey(`PHONE-${unique("life")}`, undefined, "lifetime");
    const [lifetime] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, lifetimeCode));
    const refused = await api(`/api/keys/keys/${lifetime.id}/extend/`, { token: admin.token, body: { days: 2 } });
    expect(refused.status).toBe(400);
  });
});
