import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { ADMIN_LOGIN, ADMIN_PASSWORD, fundUser, login, newUser, signIn, test, uniqueId } from "./support";

// The key check verified by tools that share nothing with the store (issue #16): Debian's openssl
// checks a live answer and its lease against GET /api/keys/public-key/, and the committed test
// vectors; scripts/verify-key-answer.mjs checks the same with Node's own Ed25519.

const VECTORS = "tests/fixtures/key-check-vectors";
const dir = mkdtempSync(join(tmpdir(), "key-check-"));

/** `openssl pkeyutl -verify -rawin`: true when openssl says the signature holds. */
function opensslVerifies(publicKeyPem: string, message: Uint8Array | string, signature: Uint8Array): boolean {
  const name = uniqueId();
  writeFileSync(join(dir, `${name}.pem`), publicKeyPem);
  writeFileSync(join(dir, `${name}.in`), message);
  writeFileSync(join(dir, `${name}.sig`), signature);
  try {
    const output = execFileSync("openssl", ["pkeyutl", "-verify", "-pubin", "-inkey", join(dir, `${name}.pem`), "-rawin", "-in", join(dir, `${name}.in`), "-sigfile", join(dir, `${name}.sig`)], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return output.includes("Signature Verified Successfully");
  } catch {
    return false;
  }
}

/** The JWS signing input and signature bytes of a compact lease. */
function leaseParts(lease: string) {
  const [header, payload, signature] = lease.split(".");
  return { signingInput: `${header}.${payload}`, signature: Buffer.from(signature, "base64url"), claims: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) };
}

/**
 * A key bought through the API by a new buyer, of an app of the test's own (an IPA, so it has a
 * bundle id), and that bundle id: the demo apps' stock stays as the catalogue's tests read it.
 */
async function boughtKey(request: APIRequestContext, app: string): Promise<{ code: string; bundleId: string }> {
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  const adminHeaders = { Authorization: `Bearer ${admin.access}` };
  const priced = await request.post(`/api/keys/apps/${app}/pricing/`, { headers: adminHeaders, data: { key_type: "1day", price: 20000 } });
  expect(priced.status(), await priced.text()).toBe(201);
  const imported = await request.post("/api/keys/bulk-import/", { headers: adminHeaders, data: { app_url: app, key_type: "1day", keys_text: `LIC-${uniqueId()}-${uniqueId()}`.toUpperCase() } });
  expect(imported.ok(), await imported.text()).toBe(true);
  const buyer = await newUser(request, "licence");
  await fundUser(request, buyer.user.id, 5_000_000);
  const bought = await request.post("/api/keys/purchase/", { headers: { Authorization: `Bearer ${buyer.access}` }, data: { key_pricing_id: (await priced.json()).data.id, payment_method: "balance" } });
  expect(bought.ok(), await bought.text()).toBe(true);
  const { key, order } = await bought.json();
  return { code: key.key_code, bundleId: order.app_bundle_id };
}

test("openssl verifies a live key-check answer and its lease against the published public key", async ({ request, ownApp }) => {
  const publicKey = await (await request.get("/api/keys/public-key/")).json();
  expect(publicKey.algorithm).toBe("Ed25519");
  const { code, bundleId } = await boughtKey(request, await ownApp("e2e-licence", { ipa: true }));
  const nonce = `e2e-${uniqueId()}`;
  const response = await request.post("/api/keys/check/", { data: { key_code: code, device_id: "e2e-iphone", bundle_id: bundleId, nonce } });
  const body = await response.body();
  const signature = Buffer.from(response.headers()["x-signature"], "base64");
  const data = JSON.parse(body.toString("utf8")).data;
  expect(data).toMatchObject({ valid: true, reason: "activated", nonce });

  expect(opensslVerifies(publicKey.public_key_pem, body, signature)).toBe(true);
  const tampered = Buffer.from(body);
  tampered[tampered.length - 3] ^= 1;
  expect(opensslVerifies(publicKey.public_key_pem, tampered, signature)).toBe(false);

  const lease = leaseParts(data.lease);
  expect(lease.claims).toMatchObject({ key: code, device_id: "e2e-iphone" });
  expect(opensslVerifies(publicKey.public_key_pem, lease.signingInput, lease.signature)).toBe(true);
  expect(opensslVerifies(publicKey.public_key_pem, lease.signingInput.replace(/.$/, (last) => (last === "A" ? "B" : "A")), lease.signature)).toBe(false);

  // The guide's verifier agrees, on the files a mod maker would save.
  writeFileSync(join(dir, "live-answer.json"), body);
  writeFileSync(join(dir, "live-public-key.pem"), publicKey.public_key_pem);
  const verifier = execFileSync("node", ["scripts/verify-key-answer.mjs", join(dir, "live-public-key.pem"), join(dir, "live-answer.json"), response.headers()["x-signature"], "--key", code, "--nonce", nonce, "--device-id", "e2e-iphone", "--bundle-id", bundleId], { encoding: "utf8" });
  expect(verifier).not.toContain("FAIL");
  expect(verifier).toContain("OK   the lease's signature");
});

test("openssl and the verifier accept the committed test vectors, and the store signs with that development key", async ({ request }) => {
  const file = (name: string) => readFileSync(join(VECTORS, name));
  const publicKeyPem = file("public-key.pem").toString("utf8");
  // The public key derives from the committed development private key.
  expect(execFileSync("openssl", ["pkey", "-in", join(VECTORS, "development-private-key.pem"), "-pubout"], { encoding: "utf8" })).toBe(publicKeyPem);
  expect((await (await request.get("/api/keys/public-key/")).json()).public_key_pem).toBe(publicKeyPem);

  expect(opensslVerifies(publicKeyPem, file("answer.json"), Buffer.from(file("answer.sig").toString("utf8").trim(), "base64"))).toBe(true);
  const lease = leaseParts(file("lease.jws").toString("utf8").trim());
  expect(opensslVerifies(publicKeyPem, lease.signingInput, lease.signature)).toBe(true);
  const vectorRequest = JSON.parse(file("request.json").toString("utf8"));
  const verifier = execFileSync(
    "node",
    ["scripts/verify-key-answer.mjs", join(VECTORS, "public-key.pem"), join(VECTORS, "answer.json"), join(VECTORS, "answer.sig"), "--key", vectorRequest.key_code, "--nonce", vectorRequest.nonce, "--device-id", vectorRequest.device_id, "--bundle-id", vectorRequest.bundle_id, "--version", vectorRequest.version, "--at", "2026-11-26T12:00:00Z"],
    { encoding: "utf8" },
  );
  expect(verifier).not.toContain("FAIL");
});

/** The guide's verifier on a saved answer, as the mod that sent `sent` runs it: its exit status and report. */
function verifyAsMod(publicKeyPem: string, body: Buffer, signature: string, sent: { key_code: string; device_id: string; bundle_id: string; nonce: string }) {
  const name = uniqueId();
  writeFileSync(join(dir, `${name}.pem`), publicKeyPem);
  writeFileSync(join(dir, `${name}.json`), body);
  const args = ["scripts/verify-key-answer.mjs", join(dir, `${name}.pem`), join(dir, `${name}.json`), signature, "--key", sent.key_code, "--device-id", sent.device_id, "--bundle-id", sent.bundle_id, "--nonce", sent.nonce];
  const result = spawnSync("node", args, { encoding: "utf8" });
  return { status: result.status, output: result.stdout };
}

test("attack: a relay rewrites device_id to the bound device's; the signed answer names the bound device and the verifier refuses it", async ({ request, ownApp }) => {
  const publicKeyPem: string = (await (await request.get("/api/keys/public-key/")).json()).public_key_pem;
  const { code, bundleId } = await boughtKey(request, await ownApp("e2e-licence", { ipa: true }));
  const bound = await request.post("/api/keys/check/", { headers: { "CF-Connecting-IP": "198.51.100.7" }, data: { key_code: code, device_id: "buyer-iphone", bundle_id: bundleId, nonce: `e2e-${uniqueId()}` } });
  expect((await bound.json()).data).toMatchObject({ valid: true, reason: "activated" });

  // The pirate's phone asks with its own device id and nonce; the relay forwards the bound device's id.
  const sent = { key_code: code, device_id: "pirate-iphone", bundle_id: bundleId, nonce: `e2e-${uniqueId()}` };
  const relayed = await request.post("/api/keys/check/", { headers: { "CF-Connecting-IP": "203.0.113.66" }, data: { ...sent, device_id: "buyer-iphone" } });
  const body = await relayed.body();
  const data = JSON.parse(body.toString("utf8")).data;
  expect(data).toMatchObject({ valid: true, nonce: sent.nonce, device_id: "buyer-iphone", bundle_id: bundleId });
  expect(opensslVerifies(publicKeyPem, body, Buffer.from(relayed.headers()["x-signature"], "base64"))).toBe(true);

  const pirate = verifyAsMod(publicKeyPem, body, relayed.headers()["x-signature"], sent);
  expect(pirate.status).toBe(1);
  expect(pirate.output).toContain('FAIL the answer names this device ("buyer-iphone")');
  // The same bytes are good for the device they name: only the relay's victim refuses them.
  expect(verifyAsMod(publicKeyPem, body, relayed.headers()["x-signature"], { ...sent, device_id: "buyer-iphone" }).status).toBe(0);

  // Another app's mod asking with the key: refused whether it leaves its bundle id out or sends its own.
  const withoutBundle = await request.post("/api/keys/check/", { data: { key_code: code, device_id: "buyer-iphone", nonce: sent.nonce } });
  expect(withoutBundle.status()).toBe(400);
  const otherApp = await request.post("/api/keys/check/", { data: { ...sent, device_id: "buyer-iphone", bundle_id: "com.example.othermod" } });
  expect((await otherApp.json()).data).toMatchObject({ valid: false, reason: "not_found", bundle_id: "com.example.othermod" });
});

test("the admin finds the public key on Cài đặt and copies it", async ({ page, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  await page.goto("/admin/settings");
  const publicKey = await (await request.get("/api/keys/public-key/")).json();
  await expect(page.getByRole("heading", { name: "Khoá công khai kiểm tra key" })).toBeVisible();
  await expect(page.getByTestId("public-key-raw")).toHaveText(publicKey.public_key_raw_base64);
  await page.getByRole("button", { name: "Sao chép khoá công khai PEM" }).click();
  await expect(page.getByRole("button", { name: "Đã sao chép khoá công khai PEM" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicKey.public_key_pem);
});

test("the key import warns the admin about guessable codes and imports them all the same", async ({ page, request, ownApp }) => {
  // Into an app of its own: the demo app's stock stays as the catalogue's tests read it.
  const app = await ownApp("e2e-import");
  const admin = await login(request, ADMIN_LOGIN, ADMIN_PASSWORD);
  await signIn(page, admin);
  const prefix = `W${uniqueId().slice(-6).toUpperCase()}`;
  await page.goto(`/admin/app/${app}/keys/import`);
  await page.getByLabel(/Danh sách key/).fill(`${prefix}1\n${prefix}2\nQ7ZK2M9XW4PLR8TD${prefix}`);
  await page.getByRole("button", { name: "Thêm key", exact: true }).click();
  // The weak codes are shown before importing (tests/e2e/admin-keys.spec.ts); this admin imports them anyway.
  await page.getByTestId("weak-keys-preview").getByRole("button", { name: "Vẫn nhập" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Đã thêm 3 key");
  const warnings = page.getByTestId("import-warnings");
  await expect(warnings).toContainText("Cảnh báo: key dễ bị đoán");
  await expect(warnings).toContainText("2 key ngắn hơn 12 ký tự");
  await expect(warnings).toContainText(`2 key có dạng tuần tự (ví dụ ${prefix}1, ${prefix}2)`);
});
