// The committed test vectors of docs/licensing.md are what this store's signer produces with the
// development key (the tests run with it): Ed25519 is deterministic, so signing the same bytes
// again gives the same signature. openssl checks the same files in tests/e2e/licensing.spec.ts, and
// the refusal samples in tests/scripts/verify-key-answer.test.mjs.
import { env } from "cloudflare:workers";
import { importSPKI, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { pemBody } from "../../workers/platform/config";
import { sha256Hex } from "../../workers/platform/crypto";
import { keySubject, normalKeyCode } from "../../workers/licensing/key-check";
import { KEY_CHECK_MESSAGES } from "../../workers/licensing/messages";
import { publicKeyInfo, signBytes } from "../../workers/licensing/license-signing";
import { updateRequired } from "../../workers/shared/version";
import answer from "../fixtures/key-check-vectors/answer.json?raw";
import signature from "../fixtures/key-check-vectors/answer.sig?raw";
import privateKey from "../fixtures/key-check-vectors/development-private-key.pem?raw";
import lease from "../fixtures/key-check-vectors/lease.jws?raw";
import publicKey from "../fixtures/key-check-vectors/public-key.json?raw";
import vectorRequest from "../fixtures/key-check-vectors/request.json?raw";
import pausedAnswer from "../fixtures/key-check-vectors/paused-answer.json?raw";
import pausedSignature from "../fixtures/key-check-vectors/paused-answer.sig?raw";
import deviceBanned from "../fixtures/key-check-vectors/refusals/device_banned.json?raw";
import deviceBannedSig from "../fixtures/key-check-vectors/refusals/device_banned.sig?raw";
import ipBanned from "../fixtures/key-check-vectors/refusals/ip_banned.json?raw";
import ipBannedSig from "../fixtures/key-check-vectors/refusals/ip_banned.sig?raw";
import trialUsed from "../fixtures/key-check-vectors/refusals/trial_used.json?raw";
import trialUsedSig from "../fixtures/key-check-vectors/refusals/trial_used.sig?raw";

describe("key-check test vectors", () => {
  it("use the development key the example settings carry", async () => {
    expect(pemBody(privateKey)).toBe(pemBody(env.DEV_VARS_EXAMPLE.LICENSE_SIGNING_KEY));
    expect(await publicKeyInfo(env)).toEqual(JSON.parse(publicKey));
  });

  it("hold an answer whose signature this signer reproduces byte for byte", async () => {
    expect((await signBytes(env, new TextEncoder().encode(answer))).signature).toBe(signature.trim());
    const changed = answer.replace('"valid":true', '"valid":false');
    expect((await signBytes(env, new TextEncoder().encode(changed))).signature).not.toBe(signature.trim());
  });

  it("hold an answer naming the request's key (the hash of its normal form), device and app", async () => {
    const data = JSON.parse(answer).data;
    const sent = JSON.parse(vectorRequest);
    expect(data.key_sha256).toBe(await sha256Hex(normalKeyCode(sent.key_code)));
    expect(data.key_sha256).toBe("b03dc14ede8d8dcec8022b64f14a8671450ca101e8111ccb16c22fd3845d6286");
    expect(await keySubject(sent)).toEqual({ key_sha256: data.key_sha256, device_id: data.device_id, bundle_id: data.bundle_id });
    expect([data.device_id, data.bundle_id]).toEqual([sent.device_id, sent.bundle_id]);
  });

  it("hold an answer telling the app's versions, page and announcement, update_required by the sent version", () => {
    const { app } = JSON.parse(answer).data;
    const sent = JSON.parse(vectorRequest);
    expect(Object.keys(app)).toEqual(["name", "bundle_id", "latest_version", "min_version", "update_required", "url", "announcement"]);
    expect(app.update_required).toBe(updateRequired(sent.version, app.min_version));
    expect(app.update_required).toBe(true);
    expect(app.announcement.length).toBeLessThanOrEqual(280);
  });

  it("hold an answer naming the version it judged, as the request sent it, beside the key, device and app (issue #41)", () => {
    const data = JSON.parse(answer).data;
    const sent = JSON.parse(vectorRequest);
    expect(data.version).toBe(sent.version);
    expect(data.version).toBe("1.1.5");
    const keys = Object.keys(data);
    expect(keys.slice(keys.indexOf("key_sha256"), keys.indexOf("key_sha256") + 4)).toEqual(["key_sha256", "device_id", "bundle_id", "version"]);
  });

  it("hold the answer's lease, which names the request's key, device and app", async () => {
    const data = JSON.parse(answer).data;
    expect(data.lease).toBe(lease.trim());
    const sent = JSON.parse(vectorRequest);
    expect(data.nonce).toBe(sent.nonce);
    const { payload } = await jwtVerify(lease.trim(), await importSPKI(JSON.parse(publicKey).public_key_pem, "EdDSA"), { currentDate: new Date(data.server_time) });
    expect(payload).toMatchObject({ key: sent.key_code, device_id: sent.device_id, bundle_id: sent.bundle_id, iat: Math.floor(Date.parse(data.server_time) / 1000) });
    expect(payload.exp).toBe((payload.iat ?? 0) + 24 * 3600);
  });

  it("hold a paused answer (issue 55) whose signature this signer reproduces, naming the request's key, device, app and version, with no lease", async () => {
    expect((await signBytes(env, new TextEncoder().encode(pausedAnswer))).signature).toBe(pausedSignature.trim());
    const data = JSON.parse(pausedAnswer).data;
    const sent = JSON.parse(vectorRequest);
    expect(data).toMatchObject({ valid: false, reason: "paused", key_sha256: await sha256Hex(normalKeyCode(sent.key_code)), device_id: sent.device_id, bundle_id: sent.bundle_id, version: sent.version });
    expect(data.message).toBe(data.app.announcement);
    expect(data.lease).toBeUndefined();
  });
});

describe("the refusal samples of docs/licensing.md §9 (issue 55)", () => {
  const samples = {
    device_banned: { text: deviceBanned, signature: deviceBannedSig, message: KEY_CHECK_MESSAGES.device_banned("Chia sẻ key cho nhiều máy").in("vi") },
    ip_banned: { text: ipBanned, signature: ipBannedSig, message: KEY_CHECK_MESSAGES.ip_banned("Cracking proxy").in("en") },
    trial_used: { text: trialUsed, signature: trialUsedSig, message: KEY_CHECK_MESSAGES.trial_used.in("vi") },
  };

  for (const [reason, sample] of Object.entries(samples)) {
    it(`hold a ${reason} answer this signer signs byte for byte, in the shape and words of the check's own`, async () => {
      expect((await signBytes(env, new TextEncoder().encode(sample.text))).signature).toBe(sample.signature.trim());
      const { data } = JSON.parse(sample.text);
      expect(data).toMatchObject({ valid: false, reason, message: sample.message });
      expect(data.lease).toBeUndefined();
      // The fields of a real answer about a key, in its order, without the lease a refusal does not carry.
      expect(Object.keys(data)).toEqual(Object.keys(JSON.parse(answer).data).filter((key) => key !== "lease"));
    });
  }
});
