// The simulated Telegram Bot API (development and tests only). It speaks `sendMessage` as
// Telegram does (docs/formats.md#telegram): `POST /bot<token>/sendMessage` with JSON {chat_id, text} answers
// {ok: true, result: {message_id, ...}}; a wrong token 401, an unknown chat 400 "chat not found",
// both as {ok: false, error_code, description}. To make it fail on purpose: a message whose text
// holds `tgfail<N>x<code>` (say, in a test user's name) is refused N times with that code, then
// accepted; or `POST /sim/fail` {count, match?, error_code?, retry_after?} fails the next `count`
// messages containing `match`. A 429 carries `parameters.retry_after`. `GET /` shows the messages
// received (newest first) and `GET /sim/messages` gives them as JSON.
import { createServer } from "node:http";

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]);
}

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  if ((request.headers["content-type"] ?? "").includes("application/json")) return JSON.parse(text || "{}");
  return Object.fromEntries(new URLSearchParams(text));
}

const FAILURES = {
  400: "Bad Request: chat not found",
  401: "Unauthorized",
  403: "Forbidden: bot was blocked by the user",
  429: "Too Many Requests: retry after",
  500: "Internal Server Error",
};

/** Starts the simulator for one bot `token` and `chatId`. Returns { url, close(), messages }. */
export async function startTelegramSim({ port = 9510, host = "127.0.0.1", token, chatId, log = false }) {
  const messages = [];
  /** Failures still to give: { remaining, match, errorCode, retryAfter }. */
  const failures = [];
  /** How often each text carrying a tgfail marker has been refused. */
  const refusedTexts = new Map();
  let nextMessageId = 1;

  const server = createServer(async (request, response) => {
    const send = (status, body, type = "application/json") => {
      // No keep-alive: workerd would reuse a connection this server has since timed out.
      response.writeHead(status, { "Content-Type": type, Connection: "close" });
      response.end(type === "application/json" ? JSON.stringify(body) : body);
    };
    const path = new URL(request.url ?? "/", "http://sim").pathname;
    let body;
    try {
      body = request.method === "POST" ? await readJson(request) : {};
    } catch {
      return send(400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" });
    }

    if (request.method === "GET" && path === "/sim/messages") return send(200, messages.slice().reverse());
    if (request.method === "GET" && path === "/") {
      const items = messages
        .slice()
        .reverse()
        .map((message) => `<article><p class="meta">#${message.message_id} · chat ${escapeHtml(message.chat_id)} · ${new Date(message.date * 1000).toISOString()}</p><pre>${escapeHtml(message.text)}</pre></article>`)
        .join("\n");
      const page = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Telegram giả lập</title><style>body{font-family:system-ui,sans-serif;background:#09090b;color:#e4e4e7;max-width:48rem;margin:2rem auto;padding:0 1rem}article{background:#18181b;border-radius:12px;padding:1rem;margin:1rem 0}.meta{color:#a1a1aa;font-size:.85rem}pre{white-space:pre-wrap;font:inherit;margin:0}</style></head><body><h1>Telegram giả lập</h1><p class="meta">Tin nhắn bot đã nhận (chỉ có ở môi trường phát triển).</p>${items || "<p>Chưa có tin nhắn nào.</p>"}</body></html>`;
      return send(200, page, "text/html; charset=utf-8");
    }
    if (request.method === "POST" && path === "/sim/fail") {
      failures.push({ remaining: Number(body.count ?? 1), match: body.match ?? "", errorCode: Number(body.error_code ?? 429), retryAfter: Number(body.retry_after ?? 3) });
      return send(200, { ok: true });
    }

    const call = /^\/bot([^/]+)\/(\w+)$/.exec(path);
    if (!call) return send(404, { ok: false, error_code: 404, description: "Not Found" });
    if (call[1] !== token) return send(401, { ok: false, error_code: 401, description: FAILURES[401] });
    if (call[2] !== "sendMessage") return send(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    const text = typeof body.text === "string" ? body.text : "";
    if (!text.trim()) return send(400, { ok: false, error_code: 400, description: "Bad Request: message text is empty" });
    if (text.length > 4096) return send(400, { ok: false, error_code: 400, description: "Bad Request: message is too long" });
    if (String(body.chat_id) !== String(chatId)) return send(400, { ok: false, error_code: 400, description: FAILURES[400] });

    const marker = /tgfail(\d+)x(\d{3})/.exec(text);
    if (marker && (refusedTexts.get(text) ?? 0) < Number(marker[1])) {
      refusedTexts.set(text, (refusedTexts.get(text) ?? 0) + 1);
      failures.push({ remaining: 1, match: text, errorCode: Number(marker[2]), retryAfter: 1 });
    }
    const failure = failures.find((candidate) => candidate.remaining > 0 && text.includes(candidate.match));
    if (failure) {
      failure.remaining -= 1;
      if (log) console.log(`[telegram-sim] failing a message with ${failure.errorCode}`);
      if (failure.errorCode === 429) {
        return send(429, { ok: false, error_code: 429, description: `${FAILURES[429]} ${failure.retryAfter}`, parameters: { retry_after: failure.retryAfter } });
      }
      return send(failure.errorCode, { ok: false, error_code: failure.errorCode, description: FAILURES[failure.errorCode] ?? "Error" });
    }

    const message = { message_id: nextMessageId++, chat_id: String(body.chat_id), date: Math.floor(Date.now() / 1000), text };
    messages.push(message);
    if (log) console.log(`[telegram-sim] message ${message.message_id}: ${text.split("\n")[0]}`);
    return send(200, {
      ok: true,
      result: {
        message_id: message.message_id,
        from: { id: 7000000001, is_bot: true, first_name: "iOS Game Hack", username: "iosgamehack_bot" },
        chat: { id: Number(chatId) || chatId, type: "private" },
        date: message.date,
        text,
      },
    });
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://${host}:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
