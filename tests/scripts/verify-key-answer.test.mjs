// scripts/verify-key-answer.mjs, the mod's checks run by hand (docs/licensing.md §9), on the
// committed test vectors: it accepts the vector's answer for the check it answers, and refuses it
// for any other key, device, app or version — what a relay's answer to another check looks like.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { projectRoot } from "../../scripts/lib.mjs";

const VECTORS = join(projectRoot, "tests/fixtures/key-check-vectors");
const sent = JSON.parse(readFileSync(join(VECTORS, "request.json"), "utf8"));

/** The verifier on the vector's answer, as the mod that sent `request` would run it. */
function verifyVector(request = {}, keyFile = "public-key.pem") {
  const check = { ...sent, ...request };
  const args = ["scripts/verify-key-answer.mjs", join(VECTORS, keyFile), join(VECTORS, "answer.json"), join(VECTORS, "answer.sig")];
  for (const [flag, value] of [["--key", check.key_code], ["--device-id", check.device_id], ["--bundle-id", check.bundle_id], ["--nonce", check.nonce], ["--version", check.version]]) {
    if (value !== undefined) args.push(flag, value);
  }
  const result = spawnSync(process.execPath, [...args, "--at", "2026-11-26T12:00:00Z"], { cwd: projectRoot, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("verify-key-answer: the test vectors", () => {
  test("accepts the answer for the check it answers, the public key as PEM or as the store's JSON", () => {
    for (const keyFile of ["public-key.pem", "public-key.json"]) {
      const { status, output } = verifyVector({}, keyFile);
      assert.equal(status, 0, output);
      assert.doesNotMatch(output, /FAIL/);
      assert.match(output, /OK {3}the answer names this device/);
    }
  });

  test("accepts the key as the buyer typed it: case and surrounding spaces aside, it is the same key", () => {
    const { status, output } = verifyVector({ key_code: `  ${sent.key_code.toLowerCase()} ` });
    assert.equal(status, 0, output);
  });

  test("refuses it for the device a relay rewrote: the answer and its lease name the bound device", () => {
    const { status, output } = verifyVector({ device_id: "PIRATE-PHONE-0000" });
    assert.equal(status, 1);
    assert.match(output, /FAIL the answer names this device/);
    assert.match(output, /FAIL the lease names this device/);
  });

  test("refuses it for another app's mod and for another key", () => {
    const otherApp = verifyVector({ bundle_id: "com.example.othermod" });
    assert.equal(otherApp.status, 1);
    assert.match(otherApp.output, /FAIL the answer names this app/);
    const otherKey = verifyVector({ key_code: "DEMO-0000-0000-0000" });
    assert.equal(otherKey.status, 1);
    assert.match(otherKey.output, /FAIL the answer names this key/);
    const otherNonce = verifyVector({ nonce: "another-launch-01" });
    assert.equal(otherNonce.status, 1);
    assert.match(otherNonce.output, /FAIL the nonce echoed/);
  });

  test("refuses an answer a relay got by changing the version: it names the version the store judged (issue #41)", () => {
    // The vector's answer was judged for 1.1.5 (update_required true); the mod runs 1.3.0.
    const changed = verifyVector({ version: "1.3.0" });
    assert.equal(changed.status, 1);
    assert.match(changed.output, /FAIL the answer names this version \("1\.1\.5"\)/);
    assert.match(changed.output, /OK {3}the answer names this device/);
  });

  test("refuses an answer judged for a version to a mod that sent none, and takes the version exactly as sent", () => {
    const none = verifyVector({ version: undefined });
    assert.equal(none.status, 1);
    assert.match(none.output, /FAIL the answer names this version \("1\.1\.5"\), the mod sent none/);
    const padded = verifyVector({ version: "1.1.5.0" });
    assert.equal(padded.status, 1);
    assert.match(padded.output, /FAIL the answer names this version/);
  });

  test("will not check an answer without knowing what the mod sent", () => {
    const { status, output } = verifyVector({ bundle_id: undefined });
    assert.equal(status, 2);
    assert.match(output, /missing --bundle-id/);
  });
});

describe("the paused answer of docs/licensing.md (issue 55)", () => {
  test("openssl verifies it with the commands the page gives, and the verifier takes it for the check it answers", () => {
    const script = `V=tests/fixtures/key-check-vectors
base64 -d $V/paused-answer.sig > "$TMP/paused.sig.bin"
openssl pkeyutl -verify -pubin -inkey $V/public-key.pem -rawin -in $V/paused-answer.json -sigfile "$TMP/paused.sig.bin"`;
    const tmp = mkdtempSync(join(tmpdir(), "paused-"));
    const openssl = spawnSync("bash", ["-c", script], { cwd: projectRoot, encoding: "utf8", env: { ...process.env, TMP: tmp } });
    assert.equal(openssl.status, 0, openssl.stderr);
    assert.match(openssl.stdout, /Signature Verified Successfully/);
    const args = ["scripts/verify-key-answer.mjs", join(VECTORS, "public-key.pem"), join(VECTORS, "paused-answer.json"), join(VECTORS, "paused-answer.sig")];
    args.push("--key", sent.key_code, "--device-id", sent.device_id, "--bundle-id", sent.bundle_id, "--nonce", "5d0c9a1e7b3f4a62", "--version", sent.version);
    const verified = spawnSync(process.execPath, args, { cwd: projectRoot, encoding: "utf8" });
    assert.equal(verified.status, 0, verified.stdout + verified.stderr);
    assert.match(verified.stdout, /valid: false, reason: paused/);
  });
});

// The refusal samples of docs/licensing.md §9 (issue 55): openssl verifies each as the page shows,
// and the verifier takes each as the store's answer to its check (valid: false is the answer).
describe("the refusal samples: device_banned, ip_banned, trial_used", () => {
  const samples = { device_banned: sent.key_code, ip_banned: sent.key_code, trial_used: "TRIAL-7K2M-Q9ZP-4HXW-R8TN" };
  for (const [reason, key] of Object.entries(samples)) {
    test(`${reason}: openssl prints Signature Verified Successfully, and the verifier accepts it for its check`, () => {
      const answer = join(VECTORS, "refusals", `${reason}.json`);
      const decoded = spawnSync("base64", ["-d", join(VECTORS, "refusals", `${reason}.sig`)]);
      const sigfile = join(tmpdir(), `refusal-${reason}-${process.pid}.sig`);
      writeFileSync(sigfile, decoded.stdout);
      const openssl = spawnSync("openssl", ["pkeyutl", "-verify", "-pubin", "-inkey", join(VECTORS, "public-key.pem"), "-rawin", "-in", answer, "-sigfile", sigfile], { encoding: "utf8" });
      assert.match(openssl.stdout, /Signature Verified Successfully/, openssl.stderr);
      assert.equal(JSON.parse(readFileSync(answer, "utf8")).data.reason, reason);
      const args = ["scripts/verify-key-answer.mjs", join(VECTORS, "public-key.pem"), answer, join(VECTORS, "refusals", `${reason}.sig`)];
      args.push("--key", key, "--device-id", sent.device_id, "--bundle-id", sent.bundle_id, "--nonce", sent.nonce, "--version", sent.version, "--at", "2026-12-02T08:00:00Z");
      const verified = spawnSync(process.execPath, args, { cwd: projectRoot, encoding: "utf8" });
      assert.equal(verified.status, 0, `${verified.stdout}${verified.stderr}`);
    });
  }
});
