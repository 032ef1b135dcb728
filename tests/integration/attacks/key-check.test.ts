// Attacks on the key-check API a mod calls at launch (issue #16): telling stock apart from
// unknown codes, and a fake server answering in the store's name.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../../workers/db/schema";
import { db, listing, request, unique } from "../../factories";

type Body = Record<string, any>;

async function check(body: Body) {
  const response = await request("/api/keys/check/", { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") }, body: JSON.stringify(body) });
  return { response, text: await response.text() };
}

/**
 * The answer's text without the fields that differ on purpose from one request to the next: the
 * nonce, the server's time, and the hash of the code sent (which the sender knows already).
 */
const withoutFreshFields = (text: string) => text.replace(/"nonce":"[^"]*",?/, "").replace(/"server_time":"[^"]*",?/, "").replace(/"key_sha256":"[0-9a-f]{64}",?/, "");

async function publicKey(): Promise<CryptoKey> {
  const response = await request("/api/keys/public-key/");
  expect(response.status).toBe(200);
  const { public_key_raw_base64: raw } = (await response.json()) as Body;
  return crypto.subtle.importKey("raw", Uint8Array.from(atob(raw), (c) => c.charCodeAt(0)), { name: "Ed25519" }, false, ["verify"]);
}

function verify(key: CryptoKey, signature: string | null, body: Uint8Array<ArrayBuffer>): Promise<boolean> {
  if (!signature) return Promise.resolve(false);
  return crypto.subtle.verify({ name: "Ed25519" }, key, Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)), body);
}

describe("attack: testing guessed codes against the stock", () => {
  it("gets the same answer for an unknown code, an unsold code and a code revoked before sale", async () => {
    const { app } = await listing({ stock: 2 });
    const [unsold, revoked] = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    await db.update(licenseKeys).set({ status: "revoked" }).where(eq(licenseKeys.id, revoked.id));
    const codes = [unsold.keyCode, revoked.keyCode, `NOPE-${unique("k")}`];
    const answers = await Promise.all(
      codes.map((code) => check({ key_code: code, device_id: "attacker-phone", bundle_id: app.bundleIdentifier, nonce: unique("nonce-") })),
    );
    for (const [index, answer] of answers.entries()) expect(JSON.parse(answer.text).data.key_sha256).toBe(await keySha256(codes[index]));
    const statuses = answers.map((answer) => answer.response.status);
    expect(new Set(statuses).size).toBe(1);
    const bodies = answers.map((answer) => withoutFreshFields(answer.text));
    expect(bodies[0]).toBe(bodies[2]);
    expect(bodies[1]).toBe(bodies[2]);
    expect(JSON.parse(answers[0].text).data).toMatchObject({ valid: false, reason: "not_found" });
  });
});

describe("attack: a fake server answering valid for a cracked mod", () => {
  it("cannot produce a signed answer: the real one verifies and one changed byte does not", async () => {
    const key = await publicKey();
    const { response, text } = await check({ key_code: `NOPE-${unique("k")}`, device_id: "phone", bundle_id: "vn.test.any", nonce: "fresh-nonce-0001" });
    const body = new TextEncoder().encode(text);
    const signature = response.headers.get("X-Signature");
    expect(await verify(key, signature, body)).toBe(true);
    // The fake server's edit: not_found turned into a valid answer, one byte at a time.
    const forged = new TextEncoder().encode(text.replace('"valid":false', '"valid":true '));
    expect(forged.length).toBe(body.length);
    expect(await verify(key, signature, forged)).toBe(false);
    const flipped = body.slice();
    flipped[flipped.length - 2] ^= 1;
    expect(await verify(key, signature, flipped)).toBe(false);
  });

  it("cannot replay a recorded answer for a fresh request: the nonce is echoed under the signature", async () => {
    const nonce = `launch-${unique("n")}`;
    const { text } = await check({ key_code: `NOPE-${unique("k")}`, device_id: "phone", bundle_id: "vn.test.any", nonce });
    expect(JSON.parse(text).data.nonce).toBe(nonce);
  });
});

/** Hex SHA-256 of a key code in the store's normal form (trimmed, upper-cased): what a mod computes (docs/licensing.md §3). */
async function keySha256(code: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code.trim().toUpperCase())));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A sold key of a fresh app, bound to `device` by its first check. */
async function boundKey(device: string) {
  const { app } = await listing({ stock: 1, type: "30days" });
  const [key] = await db.update(licenseKeys).set({ status: "sold", orderReference: unique("order"), soldAt: new Date() }).where(eq(licenseKeys.appId, app.id)).returning();
  const first = await check({ key_code: key.keyCode, device_id: device, bundle_id: app.bundleIdentifier, nonce: unique("nonce-") });
  expect(JSON.parse(first.text).data).toMatchObject({ valid: true, reason: "activated" });
  return { app, code: key.keyCode };
}

describe("attack: a relay in front of the store making one bought key run on every device", () => {
  it("rewrites device_id to the bound device's and keeps the new device's nonce: the signed answer names the bound device, not the one the mod sent", async () => {
    const key = await publicKey();
    const { app, code } = await boundKey("bound-iphone");
    // What the pirate's phone sends, and what the relay forwards to the store.
    const sent = { key_code: code, device_id: "pirate-iphone", bundle_id: app.bundleIdentifier, nonce: unique("nonce-") };
    const { response, text } = await check({ ...sent, device_id: "bound-iphone" });
    expect(await verify(key, response.headers.get("X-Signature"), new TextEncoder().encode(text))).toBe(true);
    const data = JSON.parse(text).data;
    // The relay got its valid answer for the pirate's nonce; the answer says whom it is for.
    expect(data).toMatchObject({ valid: true, nonce: sent.nonce });
    expect(data.device_id).toBe("bound-iphone");
    expect(data.device_id).not.toBe(sent.device_id);
    expect(data.key_sha256).toBe(await keySha256(code));
    expect(data.bundle_id).toBe(app.bundleIdentifier);
  });
});

describe("attack: one app's key unlocking another app's mod", () => {
  it("checks a key of app A without a bundle_id: refused (400, signed), naming what it was asked", async () => {
    const key = await publicKey();
    const { code } = await boundKey("owner-phone");
    const { response, text } = await check({ key_code: code, device_id: "owner-phone", nonce: unique("nonce-") });
    expect(response.status).toBe(400);
    expect(await verify(key, response.headers.get("X-Signature"), new TextEncoder().encode(text))).toBe(true);
    const answer = JSON.parse(text);
    expect(answer).toMatchObject({ success: false, errors: { bundle_id: ["Vui lòng gửi bundle_id của ứng dụng (ví dụ com.example.mymod)"] } });
    expect(answer.message).toMatch(/bundle_id/);
    expect(answer.data).toEqual({ key_sha256: await keySha256(code), device_id: "owner-phone", bundle_id: null });
  });

  it("checks a key of app A with app B's bundle_id: not found, naming app B", async () => {
    const { code } = await boundKey("owner-phone");
    const { app: other } = await listing({ stock: 1 });
    const { text } = await check({ key_code: code, device_id: "owner-phone", bundle_id: other.bundleIdentifier, nonce: unique("nonce-") });
    const data = JSON.parse(text).data;
    expect(data).toMatchObject({ valid: false, reason: "not_found", bundle_id: other.bundleIdentifier, device_id: "owner-phone", key_sha256: await keySha256(code) });
    expect(data).not.toHaveProperty("lease");
  });
});
