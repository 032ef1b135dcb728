// docs/formats.md#store-events, followed verbatim by a shop: its sample event, signed as the store
// signs (workers/owner/store-event-format.ts), carries the documented header; the documented
// OpenSSL line and Node function verify it, and refuse it with another secret, another body or an
// old timestamp; the test receiver (scripts/webhook-receiver.mjs) agrees.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as nodeCrypto from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { projectRoot } from "../../scripts/lib.mjs";
import { verifySignature } from "../../scripts/webhook-receiver.mjs";
import { eventBody, signatureHeader } from "../../workers/owner/store-event-format.ts";

const docs = readFileSync(join(projectRoot, "docs/formats.md"), "utf8");
const section = docs.slice(docs.indexOf("## Store events"));
const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)\n```/g)].map(([, language, text]) => ({ language, text }));
const body = blocks.find((block) => block.language === "json").text;
const header = /^X-Store-Signature: (\S+)$/m.exec(section)[1];
const secret = /signed with the secret\s+`(whsec_[0-9a-f]+)`/.exec(section)[1];
const opensslLine = blocks.find((block) => block.language === "sh").text;
const nodeVerify = blocks.find((block) => block.language === "js").text;
const t = Number(/t=(\d+)/.exec(header)[1]);

/** The documented Node function, as a shop would paste it. */
const verify = new Function("require", `${nodeVerify}\nreturn verify;`)((name) => (name === "node:crypto" ? nodeCrypto : null));

describe("the store event sample in docs/formats.md", () => {
  const dir = mkdtempSync(join(tmpdir(), "igh-events-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("is the store's own body and signature", async () => {
    const event = JSON.parse(body);
    assert.equal(eventBody(event), body);
    assert.equal(await signatureHeader(secret, body, t), header);
  });

  test("the OpenSSL line prints the header's v1 for the body saved as body.json", () => {
    writeFileSync(join(dir, "body.json"), body);
    const run = (line) => spawnSync("sh", ["-c", line], { cwd: dir, encoding: "utf8" });
    const printed = run(opensslLine);
    assert.equal(printed.status, 0, printed.stderr);
    assert.equal(printed.stdout.trim(), /v1=([0-9a-f]{64})/.exec(header)[1]);
    writeFileSync(join(dir, "body.json"), body.replace("50000", "5000"));
    assert.notEqual(run(opensslLine).stdout.trim(), /v1=([0-9a-f]{64})/.exec(header)[1]);
  });

  test("the Node function accepts it, and refuses another secret, another body, an old or forged header", () => {
    assert.equal(verify(secret, header, body, t + 10), true);
    assert.equal(verify(`${secret}0`, header, body, t), false);
    assert.equal(verify(secret, header, body.replace("…7QXZ", "…7QXY"), t), false);
    assert.equal(verify(secret, header, body, t + 301), false);
    assert.equal(verify(secret, header.replace(/t=\d+/, `t=${t + 1}`), body, t), false);
    assert.equal(verify(secret, "v1=00", body, t), false);
  });

  test("the test receiver checks it the same way", () => {
    assert.equal(verifySignature(secret, header, body), true);
    assert.equal(verifySignature("whsec_other", header, body), false);
  });
});
