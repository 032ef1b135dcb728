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

/** The answer's text without the two fields that differ on purpose from one request to the next. */
const withoutFreshFields = (text: string) => text.replace(/"nonce":"[^"]*",?/, "").replace(/"server_time":"[^"]*",?/, "");

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
    const answers = await Promise.all(
      [unsold.keyCode, revoked.keyCode, `NOPE-${unique("k")}`].map((code) => check({ key_code: code, device_id: "attacker-phone", nonce: unique("nonce-") })),
    );
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
    const { response, text } = await check({ key_code: `NOPE-${unique("k")}`, device_id: "phone", nonce: "fresh-nonce-0001" });
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
    const { text } = await check({ key_code: `NOPE-${unique("k")}`, device_id: "phone", nonce });
    expect(JSON.parse(text).data.nonce).toBe(nonce);
  });
});
