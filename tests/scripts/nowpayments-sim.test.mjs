// The simulated NOWPayments (scripts/nowpayments-sim.mjs) speaks the real wire format: invoices and
// read-backs only with the API key, a hosted invoice page a person can pay, and notifications
// signed as NOWPayments signs them, posted to the invoice's ipn_callback_url.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { after, before, describe, test } from "node:test";
import { ipnSignature, sortKeys, startNowPaymentsSim } from "../../scripts/nowpayments-sim.mjs";
import { projectRoot } from "../../scripts/lib.mjs";

const KEY = "sim-api-key";
const SECRET = "sim-ipn-secret";

/** A stand-in store that records the notifications it is sent. */
function fakeStore() {
  const received = [];
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ signature: request.headers["x-nowpayments-sig"], body });
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${server.address().port}`, received }));
  });
}

const json = async (response) => ({ status: response.status, body: await response.json() });

describe("the simulated NOWPayments", () => {
  let sim;
  let store;
  before(async () => {
    sim = await startNowPaymentsSim({ port: 0, apiKey: KEY, ipnSecret: SECRET });
    store = await fakeStore();
  });
  after(async () => {
    await sim.close();
    store.server.close();
  });

  const invoice = (body, key = KEY) => fetch(`${sim.url}/v1/invoice`, { method: "POST", headers: { "x-api-key": key, "Content-Type": "application/json" }, body: JSON.stringify(body) });

  test("makes an invoice only with the API key, and reads a payment back only with it", async () => {
    assert.equal((await invoice({ price_amount: 5, price_currency: "usd", order_id: "1" }, "wrong")).status, 403);
    const made = await json(await invoice({ price_amount: 5, price_currency: "usd", order_id: "1", ipn_callback_url: `${store.url}/ipn` }));
    assert.equal(made.status, 200);
    assert.equal(made.body.price_amount, "5");
    assert.match(made.body.invoice_url, /\/payment\/\?iid=\d+$/);
    const paid = await json(await fetch(`${sim.url}/sim/pay`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ order_id: "1", usd: 5, deliver: false }) }));
    assert.equal((await fetch(`${sim.url}/v1/payment/${paid.body.payment_id}`)).status, 403);
    const read = await json(await fetch(`${sim.url}/v1/payment/${paid.body.payment_id}`, { headers: { "x-api-key": KEY } }));
    assert.equal(read.body.payment_status, "finished");
    assert.equal(read.body.invoice_id, Number(made.body.id));
  });

  test("signs the JSON with its keys sorted at every depth: HMAC-SHA512, hex, with the IPN secret", () => {
    const body = { b: 1, a: { d: [{ z: 1, y: 2 }], c: "x/y é" } };
    assert.equal(JSON.stringify(sortKeys(body)), '{"a":{"c":"x/y é","d":[{"y":2,"z":1}]},"b":1}');
    const expected = createHmac("sha512", SECRET).update('{"a":{"c":"x/y é","d":[{"y":2,"z":1}]},"b":1}').digest("hex");
    assert.equal(ipnSignature(SECRET, body), expected);
    assert.equal(ipnSignature(SECRET, JSON.stringify({ a: body.a, b: 1 })), expected);
  });

  test("pays on the hosted page: in part, then in full, each notification signed and posted to ipn_callback_url", async () => {
    const made = await json(await invoice({ price_amount: 8, price_currency: "usd", order_id: "page", ipn_callback_url: `${store.url}/ipn`, success_url: "http://shop/ok", cancel_url: "http://shop/no" }));
    const page = await fetch(made.body.invoice_url);
    assert.match(await page.text(), /Pay in full[\s\S]*Pay part[\s\S]*Let it expire/);
    const action = `${sim.url}/payment/${made.body.id}/act`;
    const part = await fetch(action, { method: "POST", body: new URLSearchParams({ act: "part" }), redirect: "manual" });
    assert.equal(part.status, 303);
    assert.equal(part.headers.get("location"), "http://shop/ok");
    await new Promise((resolve) => setTimeout(resolve, 600));
    await fetch(action, { method: "POST", body: new URLSearchParams({ act: "full" }), redirect: "manual" });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const ours = store.received.filter((notification) => JSON.parse(notification.body).order_id === "page");
    assert.deepEqual(ours.map((notification) => JSON.parse(notification.body).payment_status), ["partially_paid", "finished"]);
    for (const notification of ours) assert.equal(notification.signature, ipnSignature(SECRET, notification.body));
  });

  test("sends a notification several times, late, out of order, with a bad signature, or for a second deposit", async () => {
    await invoice({ price_amount: 3, price_currency: "usd", order_id: "many", ipn_callback_url: `${store.url}/ipn` });
    const pay = (body) => fetch(`${sim.url}/sim/pay`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ order_id: "many", deliver: false, ...body }) }).then(json);
    assert.equal((await pay({ usd: 3, repeat: 4 })).body.notifications.length, 4);
    const reordered = (await pay({ usd: 3, out_of_order: true })).body.notifications.map((notification) => JSON.parse(notification.body).payment_status);
    assert.deepEqual(reordered, ["finished", "confirming"]);
    const [bad] = (await pay({ usd: 3, bad_signature: true })).body.notifications;
    assert.notEqual(bad.signature, ipnSignature(SECRET, bad.body));
    const second = await pay({ usd: 1, status: "redeposit" });
    assert.ok(second.body.parent_payment_id);
    assert.equal(JSON.parse(second.body.notifications[0].body).parent_payment_id, second.body.parent_payment_id);
    const refunded = await pay({ status: "refunded" });
    assert.equal(refunded.body.payment_status, "refunded");
    const before = store.received.length;
    const late = await pay({ usd: 3, late_ms: 200, deliver: true });
    assert.deepEqual(late.body.notifications, []);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(store.received.length, before + 1);
  });

  test("npm run simulate:crypto pays an order at the simulator named by NOWPAYMENTS_API_URL", async () => {
    await invoice({ price_amount: 2, price_currency: "usd", order_id: "cli", ipn_callback_url: `${store.url}/ipn` });
    const { code, output } = await new Promise((resolve) => {
      const child = spawn(process.execPath, ["scripts/simulate-crypto.mjs", "cli", "1", "partially_paid"], { cwd: projectRoot, env: { ...process.env, NOWPAYMENTS_API_URL: sim.url } });
      let text = "";
      for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (text += chunk));
      child.once("exit", (exit) => resolve({ code: exit, output: text }));
    });
    assert.equal(code, 0, output);
    assert.match(output, /partially_paid/);
  });
});
