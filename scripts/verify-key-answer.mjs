#!/usr/bin/env node
// Checks a saved key-check answer and its lease against the shop's public key, the way a mod
// should (docs/licensing.md). Node's own Ed25519 (node:crypto), nothing from the store's code.
//
//   node scripts/verify-key-answer.mjs <public-key.pem> <answer.json> <signature> [--key K] [--nonce N] [--device-id D] [--at ISO-time]
//
// <answer.json>: the answer body exactly as received (bytes, not re-formatted); <signature>: the
// X-Signature header, or a file holding it. --key, --nonce and --device-id: what the mod sent; --at: the
// time to judge the lease's expiry at (default now). Exits 0 when everything checked holds.
import { createPublicKey, verify } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { key: { type: "string" }, nonce: { type: "string" }, "device-id": { type: "string" }, at: { type: "string" } },
});
if (positionals.length !== 3) {
  console.error("usage: node scripts/verify-key-answer.mjs <public-key.pem> <answer.json> <signature or file> [--key K] [--nonce N] [--device-id D] [--at ISO-time]");
  process.exit(2);
}
const [keyFile, answerFile, signatureArgument] = positionals;
const publicKey = createPublicKey(readFileSync(keyFile));
const body = readFileSync(answerFile);
const signature = Buffer.from((existsSync(signatureArgument) ? readFileSync(signatureArgument, "utf8") : signatureArgument).trim(), "base64");
const at = values.at ? Date.parse(values.at) : Date.now();

const problems = [];
const report = (ok, line) => {
  console.log(`${ok ? "OK  " : "FAIL"} ${line}`);
  if (!ok) problems.push(line);
};

report(verify(null, body, publicKey, signature), "the answer's signature (Ed25519 over its exact bytes)");
const answer = JSON.parse(body.toString("utf8"));
const data = answer.data ?? {};
if (values.nonce !== undefined) report(data.nonce === values.nonce, `the nonce echoed (${JSON.stringify(data.nonce)})`);
console.log(`     valid: ${data.valid}, reason: ${data.reason ?? answer.message}, server_time: ${data.server_time}`);

if (typeof data.lease === "string") {
  const [header, payload, leaseSignature] = data.lease.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  report(JSON.parse(Buffer.from(header, "base64url").toString("utf8")).alg === "EdDSA", "the lease's algorithm is EdDSA");
  report(verify(null, Buffer.from(`${header}.${payload}`, "ascii"), publicKey, Buffer.from(leaseSignature, "base64url")), "the lease's signature");
  if (values.key !== undefined) report(claims.key === values.key, `the lease names this key (${claims.key})`);
  if (values["device-id"] !== undefined) report(claims.device_id === values["device-id"], `the lease names this device (${claims.device_id})`);
  report(claims.exp * 1000 > at, `the lease runs until ${new Date(claims.exp * 1000).toISOString()}`);
  if (claims.key_expires_at !== null) report(claims.exp <= claims.key_expires_at, "the lease ends no later than the key");
} else if (data.valid) {
  report(false, "a valid answer carries a lease");
}
process.exit(problems.length === 0 ? 0 : 1);
