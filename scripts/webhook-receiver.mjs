// A shop's webhook receiver and a DNS-over-HTTPS resolver (development and tests only;
// docs/formats.md#store-events). `POST /hook/<name>` takes an event as the shop's own tool would:
// it records the body and headers and checks `X-Store-Signature` (t=<unix seconds>,v1=<hex
// HMAC-SHA256 of "<t>.<body>">) with the secret it was given (`POST /sim/secret` {secret}). It
// answers 200 unless told otherwise: `POST /sim/script` {name, answers: [{status, location?, body?}]}
// gives the next answers of /hook/<name> in order (a failure, a redirect). `GET /sim/received`
// (?name=) lists what arrived, oldest first; `GET /` shows it. `GET /dns-query?name=&type=A|AAAA`
// answers like Cloudflare's JSON resolver from the `names` it was started with ({host: {A: [...],
// AAAA: [...]}}); any other name does not exist (Status 3).
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

/** Whether `header` signs `body` with `secret` (the check docs/formats.md shows a shop). */
export function verifySignature(secret, header, body) {
  const parts = Object.fromEntries(String(header ?? "").split(",").map((part) => part.split("=", 2)));
  if (!/^\d+$/.test(parts.t ?? "") || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));
}

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]);
}

async function readText(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the receiver. Returns { url, close(), received }. */
export async function startWebhookReceiver({ port = 9530, host = "127.0.0.1", names = {}, secret = "" }) {
  const received = [];
  const scripts = new Map();
  let currentSecret = secret;

  const server = createServer(async (request, response) => {
    const send = (status, body, headers = {}) => {
      // No keep-alive: workerd would reuse a connection this server has since timed out.
      response.writeHead(status, { "Content-Type": "application/json", Connection: "close", ...headers });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://sim");
    const text = request.method === "POST" ? await readText(request) : "";

    if (request.method === "GET" && url.pathname === "/dns-query") {
      const type = url.searchParams.get("type") === "AAAA" ? "AAAA" : "A";
      const entry = names[(url.searchParams.get("name") ?? "").toLowerCase()];
      if (!entry) return send(200, { Status: 3, Answer: [] }, { "Content-Type": "application/dns-json" });
      const Answer = (entry[type] ?? []).map((data) => ({ name: url.searchParams.get("name"), type: type === "A" ? 1 : 28, TTL: 60, data }));
      return send(200, { Status: 0, Answer }, { "Content-Type": "application/dns-json" });
    }
    if (request.method === "POST" && url.pathname === "/sim/secret") {
      currentSecret = JSON.parse(text || "{}").secret ?? "";
      return send(200, { ok: true });
    }
    if (request.method === "POST" && url.pathname === "/sim/script") {
      const { name, answers } = JSON.parse(text || "{}");
      scripts.set(name, [...(scripts.get(name) ?? []), ...answers]);
      return send(200, { ok: true });
    }
    if (request.method === "GET" && url.pathname === "/sim/received") {
      const name = url.searchParams.get("name");
      return send(200, received.filter((entry) => !name || entry.name === name));
    }
    const hook = /^\/hook\/([\w-]+)$/.exec(url.pathname);
    if (request.method === "POST" && hook) {
      const name = hook[1];
      const signature = request.headers["x-store-signature"] ?? null;
      received.push({
        name,
        at: Date.now(),
        body: text,
        signature,
        event_type: request.headers["x-store-event"] ?? null,
        content_type: request.headers["content-type"] ?? null,
        verified: currentSecret && signature ? verifySignature(currentSecret, signature, text) : null,
      });
      const answer = scripts.get(name)?.shift();
      if (answer) return send(answer.status, answer.body ?? "", answer.location ? { Location: answer.location } : {});
      return send(200, { received: true });
    }
    if (request.method === "GET" && url.pathname === "/") {
      const items = received
        .slice()
        .reverse()
        .map((entry) => `<article><p class="meta">/hook/${escapeHtml(entry.name)} · ${new Date(entry.at).toISOString()} · chữ ký: ${entry.verified === null ? "chưa kiểm (POST /sim/secret)" : entry.verified ? "đúng" : "SAI"}</p><pre>${escapeHtml(entry.body)}</pre></article>`)
        .join("\n");
      const page = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Webhook giả lập</title><style>body{font-family:system-ui,sans-serif;background:#09090b;color:#e4e4e7;max-width:48rem;margin:2rem auto;padding:0 1rem}article{background:#18181b;border-radius:12px;padding:1rem;margin:1rem 0}.meta{color:#a1a1aa;font-size:.85rem}pre{white-space:pre-wrap;word-break:break-all;margin:0}</style></head><body><h1>Webhook giả lập</h1><p class="meta">Sự kiện cửa hàng gửi tới http://${host}:${port}/hook/&lt;tên&gt; (chỉ có ở môi trường phát triển).</p>${items || "<p>Chưa có sự kiện nào.</p>"}</body></html>`;
      return send(200, page, { "Content-Type": "text/html; charset=utf-8" });
    }
    return send(404, { error: "not found" });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://${host}:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 9530);
  const receiver = await startWebhookReceiver({ port, secret: process.env.WEBHOOK_SECRET ?? "" });
  console.log(`Webhook receiver at ${receiver.url}/hook/<name>`);
}
