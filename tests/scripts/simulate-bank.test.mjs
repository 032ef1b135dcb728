// The first run speaks its port: `npm run simulate:bank` and the start banner find the store on the
// port it runs on (PORT from the environment, else .dev.vars, else 8787), not on 8787 always.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { describe, test } from "node:test";
import { commandForPort, projectRoot, storePort } from "../../scripts/lib.mjs";

/** A stand-in store on a free port that records what it is sent. */
function fakeStore() {
  const received = [];
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body: JSON.parse(body) });
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success: true }));
      });
    });
    server.listen(0, "127.0.0.1", () => resolve({ server, port: server.address().port, received }));
  });
}

function runScript(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, env: { ...process.env, ...env } });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("the store's port", () => {
  test("is PORT from the environment, else PORT of .dev.vars, else 8787", () => {
    assert.equal(storePort({ PORT: "9123" }, { PORT: "8800" }), 9123);
    assert.equal(storePort({}, { PORT: "8800" }), 8800);
    assert.equal(storePort({}, {}), 8787);
  });

  test("a command for another terminal carries PORT= only when the settings alone would miss the store", () => {
    assert.equal(commandForPort(8787, "npm run simulate:bank", {}), "npm run simulate:bank");
    assert.equal(commandForPort(8800, "npm run simulate:bank", { PORT: "8800" }), "npm run simulate:bank");
    assert.equal(commandForPort(9123, "npm run simulate:bank", {}), "PORT=9123 npm run simulate:bank");
  });

  test("npm run simulate:bank posts SePay's webhook to the store on PORT", async () => {
    const store = await fakeStore();
    try {
      const { code, output } = await runScript(["scripts/simulate-bank.mjs", "NAP12345", "60000"], { PORT: String(store.port) });
      assert.equal(code, 0, output);
      assert.equal(store.received.length, 1);
      const [sent] = store.received;
      assert.equal(sent.method, "POST");
      assert.equal(sent.url, "/api/webhooks/sepay/");
      assert.match(sent.authorization, /^Apikey \S+/);
      assert.equal(sent.body.content, "NAP12345");
      assert.equal(sent.body.transferAmount, 60000);
      assert.match(output, /HTTP 200/);
    } finally {
      store.server.close();
    }
  });
});
