// The key-check API a mod calls at launch (issue #16, docs/licensing.md): signed answers, the
// offline lease, bans, and a repeat check that writes nothing.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { importSPKI, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { apps, licenseKeys } from "../../workers/db/schema";
import { fromBase64, fromBase64url } from "../../workers/lib/bytes";
import { sha256Hex } from "../../workers/platform/crypto";
import { checkKey } from "../../workers/licensing/key-check";
import { db, listing, request, unique } from "../factories";
import { inOneRateWindow } from "../requests";
import licensingGuide from "../../docs/licensing.md?raw";

type Body = Record<string, any>;
const HOUR = 3_600_000;

async function check(body: Body | string, address = unique("ip")) {
  const response = await request("/api/keys/check/", { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": address }, body: typeof body === "string" ? body : JSON.stringify(body) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, body: JSON.parse(new TextDecoder().decode(bytes)) as Body };
}

async function publicKey() {
  const response = await request("/api/keys/public-key/");
  return (await response.json()) as { algorithm: string; public_key_pem: string; public_key_raw_base64: string };
}

async function verifies(answer: { headers: Headers; bytes: Uint8Array<ArrayBuffer> }): Promise<boolean> {
  const key = await crypto.subtle.importKey("raw", fromBase64((await publicKey()).public_key_raw_base64), { name: "Ed25519" }, false, ["verify"]);
  const signature = answer.headers.get("X-Signature");
  return signature !== null && crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64(signature), answer.bytes);
}

/** A key of `type` sold to someone and not yet checked. */
async function soldKey(type = "30days") {
  const { app } = await listing({ stock: 1, type });
  const [key] = await db
    .update(licenseKeys)
    .set({ status: "sold", orderReference: unique("order"), soldAt: new Date() })
    .where(eq(licenseKeys.appId, app.id))
    .returning();
  return { app, key };
}

const row = async (id: number) => (await db.select().from(licenseKeys).where(eq(licenseKeys.id, id)))[0];

describe("POST /api/keys/check/ signed answers", () => {
  it("signs the exact bytes of a valid answer, with the server time and the nonce echoed", async () => {
    const { app, key } = await soldKey();
    const before = Date.now();
    const answer = await check({ key_code: key.keyCode, device_id: "iphone-15", bundle_id: app.bundleIdentifier, nonce: "n0nce-abcdef-123" });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ valid: true, reason: "activated", nonce: "n0nce-abcdef-123" });
    expect(Date.parse(answer.body.data.server_time)).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.body.data.server_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await verifies(answer)).toBe(true);
    for (const index of [0, Math.floor(answer.bytes.length / 2), answer.bytes.length - 1]) {
      const changed = answer.bytes.slice();
      changed[index] ^= 0x20;
      expect(await verifies({ headers: answer.headers, bytes: changed })).toBe(false);
    }
  });

  it("signs refusals too: a bad body, a bad nonce, a body too large and the rate limit", async () => {
    const invalid = await check({ key_code: "", device_id: "" });
    const badNonce = await check({ key_code: "K", device_id: "d", nonce: "has spaces in it" });
    const notJson = await check("{not json");
    const tooLarge = await check({ key_code: "K", device_id: "x".repeat(70 * 1024) });
    expect([invalid.status, badNonce.status, notJson.status, tooLarge.status]).toEqual([400, 400, 400, 413]);
    expect(badNonce.body.errors.nonce[0]).toMatch(/8–64 ký tự/);
    for (const answer of [invalid, badNonce, notJson, tooLarge]) expect(await verifies(answer)).toBe(true);

    const address = unique("ip");
    let limited: Awaited<ReturnType<typeof check>> | undefined;
    for (let attempt = 0; attempt < 130 && !limited; attempt++) {
      const answer = await check({ key_code: `K${attempt}`, device_id: "d", bundle_id: "vn.test.guess" }, address);
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.headers.get("Retry-After")).toBe("60");
    expect(limited?.body).toMatchObject({ success: false, message: expect.stringMatching(/Quá nhiều yêu cầu/) });
    expect(limited && (await verifies(limited))).toBe(true);
  });

  it("publishes the public key as PEM and raw bytes that name the same key", async () => {
    const key = await publicKey();
    expect(key.algorithm).toBe("Ed25519");
    expect(key.public_key_pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=]{60}\n-----END PUBLIC KEY-----\n$/);
    const spki = fromBase64(key.public_key_pem.split("\n")[1]);
    // SPKI of Ed25519 is a fixed 12-byte prefix and the raw 32-byte key (RFC 8410).
    expect(Array.from(spki.slice(12))).toEqual(Array.from(fromBase64(key.public_key_raw_base64)));
    expect(fromBase64(key.public_key_raw_base64)).toHaveLength(32);
  });
});

describe("docs/licensing.md's samples are what the check sends", () => {
  /** The guide's sample of a first activation, and its lease header. */
  function samples() {
    const answer = /A check that reached the key answers 200:\s*```json\n(.+)\n```/.exec(licensingGuide)?.[1];
    const header = /^header {2}(\{.+\})$/m.exec(licensingGuide)?.[1];
    expect(answer, "the guide's sample answer").toBeDefined();
    expect(header, "the guide's lease header").toBeDefined();
    return { answer: JSON.parse(answer ?? "{}") as Body, header: JSON.parse(header ?? "{}") as Body };
  }

  it("the sample answer has the answer's fields in its order, its message, and a lease header with the lease's own fields", async () => {
    const { answer, header } = samples();
    const { app, key } = await soldKey();
    await db.update(apps).set({ minVersion: "1.2.0", announcement: "Bản mới" }).where(eq(apps.id, app.id));
    const real = await check({ key_code: key.keyCode, device_id: "6F1C2B7A-3D4E-4F5A-8B9C-0D1E2F3A4B5C", bundle_id: app.bundleIdentifier, version: "1.1.5", nonce: "c2b1f0e8a7d64e2b" });
    expect(Object.keys(answer)).toEqual(Object.keys(real.body));
    expect(Object.keys(answer.data)).toEqual(Object.keys(real.body.data));
    expect(Object.keys(answer.data.app)).toEqual(Object.keys(real.body.data.app));
    expect(answer.data.message).toBe(real.body.data.message);
    expect(answer.data.reason).toBe(real.body.data.reason);
    const leaseHeader = JSON.parse(new TextDecoder().decode(fromBase64url(real.body.data.lease.split(".")[0]))) as Body;
    expect(Object.keys(header)).toEqual(Object.keys(leaseHeader));
    expect(header.alg).toBe(leaseHeader.alg);
    expect(real.body.data.lease.startsWith(answer.data.lease.replace(/…$/, ""))).toBe(true);
  });
});

describe("POST /api/keys/check/ names what it answers", () => {
  /** Hex SHA-256 of the key's normal form, as docs/licensing.md §3 tells a mod to compute it. */
  const keySha256 = (code: string) => sha256Hex(code.trim().toUpperCase());

  it("names the key's hash and the device and bundle ids as sent in every 200 answer, valid or not", async () => {
    const { app, key } = await soldKey();
    const sent = (device: string) => ({ key_code: key.keyCode, device_id: device, bundle_id: app.bundleIdentifier });
    const subject = (device: string) => ({ key_sha256: expect.stringMatching(/^[0-9a-f]{64}$/), device_id: device, bundle_id: app.bundleIdentifier });
    const activated = await check(sent("  phone with spaces "));
    expect(activated.body.data).toMatchObject({ valid: true, ...subject("  phone with spaces ") });
    expect(activated.body.data.key_sha256).toBe(await keySha256(key.keyCode));
    expect((await check(sent("other"))).body.data).toMatchObject({ valid: false, reason: "other_device", ...subject("other") });
    await db.update(licenseKeys).set({ bannedAt: new Date() }).where(eq(licenseKeys.id, key.id));
    expect((await check(sent("  phone with spaces "))).body.data).toMatchObject({ valid: false, reason: "revoked", ...subject("  phone with spaces ") });
  });

  it("matches the code ignoring case and surrounding spaces, and names it by its normal form's hash", async () => {
    const { app, key } = await soldKey();
    const typed = `  ${key.keyCode.toLowerCase()}\t`;
    const answer = await check({ key_code: typed, device_id: "phone", bundle_id: app.bundleIdentifier });
    expect(answer.body.data).toMatchObject({ valid: true, reason: "activated", key_sha256: await keySha256(key.keyCode) });
    expect(await keySha256(typed)).toBe(await keySha256(key.keyCode));
    expect((await row(key.id)).deviceId).toBe("phone");
    // The lease names the code as the store keeps it.
    expect(JSON.parse(new TextDecoder().decode(fromBase64url(answer.body.data.lease.split(".")[1]))).key).toBe(key.keyCode);
  });

  it("names in a refusal what it could read of the request: a missing bundle, the rate limit; nothing for a body it never read", async () => {
    const noBundle = await check({ key_code: "K-1", device_id: "d" });
    expect(noBundle.status).toBe(400);
    expect(noBundle.body.data).toEqual({ key_sha256: await keySha256("K-1"), device_id: "d", bundle_id: null });
    const wrongTypes = await check({ key_code: 42, device_id: ["d"], bundle_id: "x".repeat(300) });
    expect(wrongTypes.body.data).toEqual({ key_sha256: null, device_id: null, bundle_id: null });
    const notJson = await check("{not json");
    const tooLarge = await check({ key_code: "K", device_id: "x".repeat(70 * 1024), bundle_id: "b" });
    for (const answer of [notJson, tooLarge]) expect(answer.body.data).toEqual({ key_sha256: null, device_id: null, bundle_id: null });
    for (const answer of [noBundle, wrongTypes, notJson, tooLarge]) {
      expect(answer.body.success).toBe(false);
      expect(answer.body.data).not.toHaveProperty("nonce");
      expect(await verifies(answer)).toBe(true);
    }

    const address = unique("ip");
    let limited: { code: string; answer: Awaited<ReturnType<typeof check>> } | undefined;
    for (let attempt = 0; attempt < 130 && !limited; attempt++) {
      const code = `K${attempt}`;
      const answer = await check({ key_code: code, device_id: "d", bundle_id: "vn.test.guess" }, address);
      if (answer.status === 429) limited = { code, answer };
    }
    expect(limited?.answer.body.data).toEqual({ key_sha256: await keySha256(limited?.code ?? ""), device_id: "d", bundle_id: "vn.test.guess" });
  });
});

describe("POST /api/keys/check/ names the version it judged (issue #41, finding 3)", () => {
  /** A sold key of an app whose lowest supported build is 2.0: a 1.x build must update. */
  async function keyOfAppNeedingTwo() {
    const { app, key } = await soldKey();
    await db.update(apps).set({ minVersion: "2.0" }).where(eq(apps.id, app.id));
    return { app, key };
  }

  it("a relay that changes the version sent cannot reuse an answer judged for another version", async () => {
    const { app, key } = await keyOfAppNeedingTwo();
    // The mod runs 1.0 (too old); the relay forwards 2.0 so that the store says no update is needed.
    const sent = { key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier, nonce: "relay-version-01", version: "1.0" };
    const relayed = await check({ ...sent, version: "2.0" });
    expect(relayed.status).toBe(200);
    expect(await verifies(relayed)).toBe(true);
    expect(relayed.body.data).toMatchObject({ valid: true, nonce: sent.nonce, device_id: "phone", app: { update_required: false } });
    // Signed and otherwise this check's, but it names 2.0: the mod that sent 1.0 refuses it.
    expect(relayed.body.data.version).toBe("2.0");
    expect(relayed.body.data.version).not.toBe(sent.version);
    const honest = await check(sent);
    expect(honest.body.data).toMatchObject({ valid: true, version: "1.0", app: { update_required: true } });
  });

  it("a relay that drops the version sent gets an answer naming no version (null), which a mod that sent one refuses", async () => {
    const { app, key } = await keyOfAppNeedingTwo();
    const relayed = await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier, nonce: "relay-version-02" });
    expect(await verifies(relayed)).toBe(true);
    expect(relayed.body.data).toMatchObject({ valid: true, version: null, app: { update_required: false } });
    expect(relayed.body.data).toHaveProperty("version", null);
  });

  it("names the version exactly as sent (1.10 is not rewritten as 1.10.0), in every 200 answer, not_found too", async () => {
    const { app, key } = await keyOfAppNeedingTwo();
    const sent = { key_code: key.keyCode, bundle_id: app.bundleIdentifier, version: "1.10" };
    expect((await check({ ...sent, device_id: "phone" })).body.data).toMatchObject({ reason: "activated", version: "1.10" });
    expect((await check({ ...sent, device_id: "pirate", version: "2.0.0" })).body.data).toMatchObject({ reason: "other_device", version: "2.0.0" });
    const unknown = await check({ ...sent, key_code: "NO-SUCH-CODE", device_id: "phone" });
    expect(unknown.body.data).toMatchObject({ reason: "not_found", version: "1.10" });
    // In the signed bytes beside the names of the key, device and app, in that order.
    const keys = Object.keys(unknown.body.data);
    expect(keys.slice(keys.indexOf("key_sha256"), keys.indexOf("key_sha256") + 4)).toEqual(["key_sha256", "device_id", "bundle_id", "version"]);
  });

  it("a relay cannot slip in an empty or non-string version: refused in Vietnamese, in the store's shape", async () => {
    const { app, key } = await keyOfAppNeedingTwo();
    for (const version of ["", " ", null, 2, ["1.0"], { major: 1 }]) {
      const answer = await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier, version });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, errors: { version: ["Phiên bản (version) chỉ gồm chữ số và dấu chấm, ví dụ 1.2.3"] } });
      expect(answer.body.data).not.toHaveProperty("nonce");
      expect(await verifies(answer)).toBe(true);
    }
    expect((await row(key.id)).status).toBe("sold");
  });
});

describe("POST /api/keys/check/ offline lease", () => {
  async function lease(token: string) {
    return (await jwtVerify(token, await importSPKI((await publicKey()).public_key_pem, "EdDSA"))) as { payload: Body; protectedHeader: Body };
  }

  it("gives a valid answer an EdDSA lease for the configured length, bound to the key, device and app", async () => {
    const { app, key } = await soldKey("30days");
    const answer = await check({ key_code: key.keyCode, device_id: "ipad-7", bundle_id: app.bundleIdentifier });
    const { payload, protectedHeader } = await lease(answer.body.data.lease);
    expect(protectedHeader).toEqual({ alg: "EdDSA", typ: "JWT", kid: ((await publicKey()) as { kid?: string }).kid });
    const expiresAt = Date.parse(answer.body.data.expires_at);
    expect(payload).toEqual({ key: key.keyCode, device_id: "ipad-7", bundle_id: app.bundleIdentifier, key_expires_at: Math.floor(expiresAt / 1000), iat: expect.any(Number), exp: expect.any(Number) });
    expect(payload.exp - payload.iat).toBe(Number(env.LICENSE_LEASE_HOURS) * 3600);
    expect(Math.abs(payload.iat * 1000 - Date.parse(answer.body.data.server_time))).toBeLessThan(1000);
  });

  it("ends the lease with the key when the key expires first, and leaves lifetime keys without an expiry claim", async () => {
    const { app, key } = await soldKey("30days");
    await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier });
    const soon = Date.now() + 2 * HOUR;
    await db.update(licenseKeys).set({ expiresAt: new Date(soon) }).where(eq(licenseKeys.id, key.id));
    const ending = await lease((await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier })).body.data.lease);
    expect(ending.payload.exp).toBe(Math.floor(soon / 1000));
    expect(ending.payload.key_expires_at).toBe(Math.floor(soon / 1000));

    const lifetime = await soldKey("lifetime");
    const forever = await lease((await check({ key_code: lifetime.key.keyCode, device_id: "phone", bundle_id: lifetime.app.bundleIdentifier })).body.data.lease);
    expect(forever.payload.key_expires_at).toBeNull();
    expect(forever.payload.exp - forever.payload.iat).toBe(Number(env.LICENSE_LEASE_HOURS) * 3600);
  });

  it("gives no lease to a refused answer", async () => {
    const { app, key } = await soldKey();
    await check({ key_code: key.keyCode, device_id: "first", bundle_id: app.bundleIdentifier });
    const other = await check({ key_code: key.keyCode, device_id: "second", bundle_id: app.bundleIdentifier });
    expect(other.body.data).toMatchObject({ valid: false, reason: "other_device" });
    expect(other.body.data).not.toHaveProperty("lease");
  });
});

describe("POST /api/keys/check/ bans and device moves", () => {
  it("answers revoked for a banned key, bound or not, at once", async () => {
    const bound = await soldKey();
    expect((await check({ key_code: bound.key.keyCode, device_id: "d1", bundle_id: bound.app.bundleIdentifier })).body.data.valid).toBe(true);
    await db.update(licenseKeys).set({ bannedAt: new Date() }).where(eq(licenseKeys.id, bound.key.id));
    const banned = await check({ key_code: bound.key.keyCode, device_id: "d1", bundle_id: bound.app.bundleIdentifier });
    expect(banned.body.data).toMatchObject({ valid: false, reason: "revoked", message: "Key đã bị thu hồi" });
    expect(banned.body.data).not.toHaveProperty("lease");

    const unbound = await soldKey();
    await db.update(licenseKeys).set({ bannedAt: new Date() }).where(eq(licenseKeys.id, unbound.key.id));
    expect((await check({ key_code: unbound.key.keyCode, device_id: "d1", bundle_id: unbound.app.bundleIdentifier })).body.data).toMatchObject({ valid: false, reason: "revoked" });
    expect((await row(unbound.key.id)).deviceId).toBeNull();
  });

  it("binds an unbound key (after a device reset) to the next device without restarting its expiry", async () => {
    const { app, key } = await soldKey("7days");
    const first = await check({ key_code: key.keyCode, device_id: "old-phone", bundle_id: app.bundleIdentifier });
    await db.update(licenseKeys).set({ deviceId: null }).where(eq(licenseKeys.id, key.id));
    const moved = await check({ key_code: key.keyCode, device_id: "new-phone", bundle_id: app.bundleIdentifier });
    // The activation is the new device's (the buyer sees since when it is in use there); the expiry is the first one's.
    expect(moved.body.data).toMatchObject({ valid: true, reason: "activated", expires_at: first.body.data.expires_at });
    expect(Date.parse(moved.body.data.activated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.data.activated_at));
    expect((await check({ key_code: key.keyCode, device_id: "old-phone", bundle_id: app.bundleIdentifier })).body.data.reason).toBe("other_device");
  });
});

describe("POST /api/keys/check/ hot path", () => {
  /** The key-check service over a D1 that records every statement it is given. */
  function recordingDb() {
    const statements: string[] = [];
    const recording = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            statements.push(sql.trim().split(/\s+/)[0].toUpperCase());
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { recording, statements };
  }

  it("a repeat check from the bound device sends D1 one SELECT and nothing else, for an hour", async () => {
    const { app, key } = await soldKey();
    const activation = recordingDb();
    const start = Date.now();
    expect((await checkKey(activation.recording, { keyCode: key.keyCode, deviceId: "phone", bundleId: app.bundleIdentifier ?? "" }, start)).result.reason).toBe("activated");
    expect(activation.statements).toEqual(["SELECT", "UPDATE"]);
    const activated = await row(key.id);
    expect(activated.checkCount).toBe(1);

    const repeats = recordingDb();
    for (const minutes of [1, 10, 59]) {
      expect((await checkKey(repeats.recording, { keyCode: key.keyCode, deviceId: "phone", bundleId: app.bundleIdentifier ?? "" }, start + minutes * 60_000)).result.valid).toBe(true);
    }
    expect(repeats.statements).toEqual(["SELECT", "SELECT", "SELECT"]);
    expect(await row(key.id)).toEqual(activated);

    // Past the hour, the next check records itself once.
    const later = recordingDb();
    await checkKey(later.recording, { keyCode: key.keyCode, deviceId: "phone", bundleId: app.bundleIdentifier ?? "" }, start + HOUR + 1);
    await checkKey(later.recording, { keyCode: key.keyCode, deviceId: "phone", bundleId: app.bundleIdentifier ?? "" }, start + HOUR + 2);
    expect(later.statements).toEqual(["SELECT", "UPDATE", "SELECT"]);
    expect(await row(key.id)).toMatchObject({ checkCount: 2, lastCheckAt: new Date(start + HOUR + 1) });
  });

  it("a check naming a key and its bound device is not counted against the address's limit; guesses are", { timeout: 30_000 }, async () => {
    const { app, key } = await soldKey();
    await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier });
    const { repeats, guesses, otherDevice, boundDevice } = await inOneRateWindow(async () => {
      const address = unique("ip");
      const repeats: string[] = [];
      for (let index = 0; index < 70; index++) repeats.push((await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier }, address)).body.data.reason);
      const guesses: number[] = [];
      for (let index = 0; index < 61; index++) guesses.push((await check({ key_code: `GUESS-${index}`, device_id: "phone", bundle_id: app.bundleIdentifier }, address)).status);
      const otherDevice = await check({ key_code: key.keyCode, device_id: "another-phone", bundle_id: app.bundleIdentifier }, address);
      const boundDevice = await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier }, address);
      return { repeats, guesses, otherDevice, boundDevice };
    });
    expect(new Set(repeats)).toEqual(new Set(["active"]));
    expect(guesses.filter((status) => status === 429)).toHaveLength(1);
    expect(otherDevice.status).toBe(429);
    expect(boundDevice.body.data.reason).toBe("active");
  });

  it("the HTTP repeat check leaves the key's row untouched and writes no rate-limit counter", async () => {
    const { app, key } = await soldKey();
    await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier });
    const before = await row(key.id);
    const address = unique("ip");
    for (let index = 0; index < 5; index++) expect((await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier }, address)).body.data.reason).toBe("active");
    expect(await row(key.id)).toEqual(before);
    const counters = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE ?1").bind(`%${address}%`).first<{ n: number }>();
    expect(counters?.n).toBe(0);
  });
});
