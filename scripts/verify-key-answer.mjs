#!/usr/bin/env node
// Checks a saved key-check answer and its lease against the shop's public key, the way a mod
// should (docs/licensing.md §3–§6). Node's own Ed25519 and SHA-256 (node:crypto), nothing from the
// store's code.
//
//   node scripts/verify-key-answer.mjs <public key> <answer.json> <signature> --key K --device-id D --bundle-id B [--nonce N] [--version V] [--at ISO-time]
//
// <public key>: a PEM file, or the JSON GET /api/keys/public-key/ answers, saved as is;
// <answer.json>: the answer body exactly as received (bytes, not re-formatted); <signature>: the
// X-Signature header, or a file holding it. --key, --device-id, --bundle-id, --nonce and --version:
// what the mod sent; the answer must name the same key, device, app and version (null without
// --version: the mod sent none), else it answers another check (a relay's) and its update_required
// was judged for another build. --at: the time to judge the lease's expiry at (default now).
// Exits 0 when everything checked holds, 1 when something does not, 2 on a wrong command line.
import { createHash, createPublicKey, verify } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const USAGE =
  "usage: node scripts/verify-key-answer.mjs <public-key.pem or .json> <answer.json> <signature or file> --key K --device-id D --bundle-id B [--nonce N] [--version V] [--at ISO-time]";
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { key: { type: "string" }, nonce: { type: "string" }, "device-id": { type: "string" }, "bundle-id": { type: "string" }, version: { type: "string" }, at: { type: "string" } },
  });
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const missing = ["key", "device-id", "bundle-id"].filter((name) => values[name] === undefined);
if (positionals.length !== 3 || missing.length > 0) {
  if (missing.length > 0) console.error(`missing ${missing.map((name) => `--${name}`).join(", ")}: what the mod sent, which the answer must name`);
  console.error(USAGE);
  process.exit(2);
}
const [keyFile, answerFile, signatureArgument] = positionals;

/** The PEM of a saved public key: the file itself, or the public_key_pem of /api/keys/public-key/'s JSON. */
function publicKeyPem(text) {
  return text.trimStart().startsWith("{") ? JSON.parse(text).public_key_pem : text;
}

/** The store's normal form of a key code (docs/licensing.md §3): NFKC, dash look-alikes as "-", no format characters, no surrounding spaces, upper-cased. */
const normalKey = (code) => code.normalize("NFKC").replace(/[\u2010-\u2015\u2212\ufe58]/gu, "-").replace(/\p{Cf}/gu, "").trim().toUpperCase();
const keySha256 = (code) => createHash("sha256").update(normalKey(code), "utf8").digest("hex");

const publicKey = createPublicKey(publicKeyPem(readFileSync(keyFile, "utf8")));
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
// 400, 413, 429 and 5xx carry no nonce and prove nothing about this launch: no answer (§3).
report(answer.success === true, answer.success === true ? "a key check's answer" : `a key check's answer, not a refusal (${answer.message}): treat it as no answer`);
if (values.nonce !== undefined) report(data.nonce === values.nonce, `the nonce echoed (${JSON.stringify(data.nonce)})`);
report(data.key_sha256 === keySha256(values.key), `the answer names this key (key_sha256 ${JSON.stringify(data.key_sha256)})`);
report(data.device_id === values["device-id"], `the answer names this device (${JSON.stringify(data.device_id)})`);
report(data.bundle_id === values["bundle-id"], `the answer names this app (${JSON.stringify(data.bundle_id)})`);
// Exactly as sent, null when none was: a relay that changed or dropped it got update_required for another build.
if (answer.success === true) {
  const sentVersion = values.version ?? null;
  report(data.version === sentVersion, `the answer names this version (${JSON.stringify(data.version)})${sentVersion === null ? ", the mod sent none" : ""}`);
}
console.log(`     valid: ${data.valid}, reason: ${data.reason ?? answer.message}, server_time: ${data.server_time}`);
// What the store knows of the app (decision 0031): the mod decides what an old build may do.
if (data.app) console.log(`     app: latest ${data.app.latest_version}, minimum ${data.app.min_version}, update_required: ${data.app.update_required}, announcement: ${JSON.stringify(data.app.announcement)}`);

if (typeof data.lease === "string") {
  const [header, payload, leaseSignature] = data.lease.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  report(JSON.parse(Buffer.from(header, "base64url").toString("utf8")).alg === "EdDSA", "the lease's algorithm is EdDSA");
  report(verify(null, Buffer.from(`${header}.${payload}`, "ascii"), publicKey, Buffer.from(leaseSignature, "base64url")), "the lease's signature");
  report(typeof claims.key === "string" && normalKey(claims.key) === normalKey(values.key), `the lease names this key (${claims.key})`);
  report(claims.device_id === values["device-id"], `the lease names this device (${claims.device_id})`);
  report(claims.bundle_id === values["bundle-id"], `the lease names this app (${claims.bundle_id})`);
  report(claims.exp * 1000 > at, `the lease runs until ${new Date(claims.exp * 1000).toISOString()}`);
  if (claims.key_expires_at !== null) report(claims.exp <= claims.key_expires_at, "the lease ends no later than the key");
} else if (data.valid) {
  report(false, "a valid answer carries a lease");
}
process.exit(problems.length === 0 ? 0 : 1);
