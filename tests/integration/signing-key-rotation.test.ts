// Rotating LICENSE_SIGNING_KEY without breaking a released mod (docs/licensing.md, "Rotating the
// signing key"): the next key is published before it signs, every answer and lease names its key,
// and a mod that pinned both keeps trusting answers after the swap.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../workers/db/schema";
import worker from "../../workers/index";
import { base64, fromBase64 } from "../../workers/lib/bytes";
import { db, listing, unique } from "../factories";

type PublicKeys = { kid: string; public_key_raw_base64: string; keys: { kid: string; status: string; public_key_raw_base64: string }[] };

async function ask(settings: Record<string, string>, path: string, body?: unknown) {
  const context = createExecutionContext();
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") }, body: JSON.stringify(body) };
  const response = await worker.fetch(new Request(`http://store.test${path}`, init) as Parameters<typeof worker.fetch>[0], { ...env, ...settings } as Env, context);
  await waitOnExecutionContext(context);
  return { headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function newSigningKey(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
  return `-----BEGIN PRIVATE KEY-----\n${base64(pkcs8)}\n-----END PRIVATE KEY-----\n`;
}

/** What a mod does with the keys it pinned: the one the answer names, then Ed25519. */
async function modTrusts(pinned: Map<string, string>, answer: { headers: Headers; bytes: Uint8Array<ArrayBuffer> }): Promise<boolean> {
  const raw = pinned.get(answer.headers.get("X-Signature-Key-Id") ?? "");
  const signature = answer.headers.get("X-Signature");
  if (!raw || !signature) return false;
  const key = await crypto.subtle.importKey("raw", fromBase64(raw), { name: "Ed25519" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64(signature), answer.bytes);
}

describe("rotating the licence signing key", () => {
  it("publishes the next key before it signs; after the swap, a mod that pinned both still trusts the answers and leases", async () => {
    const current = env.LICENSE_SIGNING_KEY;
    const next = await newSigningKey();
    const { app } = await listing({ stock: 1, type: "30days" });
    const [key] = await db.update(licenseKeys).set({ status: "sold", orderReference: unique("order"), soldAt: new Date() }).where(eq(licenseKeys.appId, app.id)).returning();
    const checkBody = { key_code: key.keyCode, device_id: "iphone-rotation", bundle_id: app.bundleIdentifier, nonce: "rotation-nonce-1" };

    // During the rotation: both keys published, the current one signs.
    const during = { LICENSE_SIGNING_KEY: current, LICENSE_SIGNING_KEY_NEXT: next };
    const published = JSON.parse(new TextDecoder().decode((await ask(during, "/api/keys/public-key/")).bytes)) as PublicKeys;
    expect(published.keys.map((entry) => entry.status)).toEqual(["current", "next"]);
    expect(published.kid).toBe(published.keys[0].kid);
    const pinned = new Map(published.keys.map((entry) => [entry.kid, entry.public_key_raw_base64]));
    const before = await ask(during, "/api/keys/check/", checkBody);
    expect(before.headers.get("X-Signature-Key-Id")).toBe(published.keys[0].kid);
    expect(await modTrusts(pinned, before)).toBe(true);

    // The swap: the next key signs, the old one is gone.
    const after = await ask({ LICENSE_SIGNING_KEY: next, LICENSE_SIGNING_KEY_NEXT: "" }, "/api/keys/check/", checkBody);
    expect(after.headers.get("X-Signature-Key-Id")).toBe(published.keys[1].kid);
    expect(await modTrusts(pinned, after)).toBe(true);
    const lease = JSON.parse(new TextDecoder().decode(after.bytes)).data.lease as string;
    expect(decodeProtectedHeader(lease).kid).toBe(published.keys[1].kid);

    // A mod that pinned only the old key refuses the new answers: why the next key is published early.
    expect(await modTrusts(new Map([[published.keys[0].kid, published.keys[0].public_key_raw_base64]]), after)).toBe(false);
  });
});
