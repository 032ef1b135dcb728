// The simulated phone-card gateway (development and tests only). It speaks the `chargingws/v2`
// wire format (docs/formats.md#card-gateway): a `charging` request signed md5(partner_key + code + serial) is
// answered "pending" (99) and called back a few seconds later, signed the same way; `check`
// answers a card's current state. Outcomes: a serial ending in 0000 is a bad card (3); a code
// ending in 9999 has a wrong declared value (2: credited at the real, lower value with a 50%
// penalty); any other card succeeds at its declared value (1). For the tests of lost cards: a code
// ending in 8888 stays pending for ever; 7777 succeeds reporting twice its declared value; 6666 is
// dropped without an answer the first time it is submitted (the gateway "cannot be reached"); 5555
// is first called back as a bad card, then corrected to a success and called back again.
import { createHash } from "node:crypto";
import { createServer } from "node:http";

const FEES = { VIETTEL: 20, VINAPHONE: 20, MOBIFONE: 22 };

function md5(text) {
  return createHash("md5").update(text).digest("hex");
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  if ((request.headers["content-type"] ?? "").includes("application/json")) return JSON.parse(text || "{}");
  return Object.fromEntries(new URLSearchParams(text));
}

function outcome(card) {
  const fee = FEES[card.telco] ?? 20;
  if (card.code.endsWith("7777")) {
    const value = card.declared * 2;
    return { status: 1, message: "Thành công", value, amount: Math.floor((value * (100 - fee)) / 100) };
  }
  if (card.serial.endsWith("0000")) return { status: 3, message: "Thẻ không hợp lệ", value: 0, amount: 0 };
  if (card.code.endsWith("9999")) {
    const value = Math.max(10000, Math.floor(card.declared / 2));
    return { status: 2, message: "Sai mệnh giá", value, amount: Math.floor((value * (100 - fee)) / 100 / 2) };
  }
  return { status: 1, message: "Thành công", value: card.declared, amount: Math.floor((card.declared * (100 - fee)) / 100) };
}

/**
 * Starts the simulator. `callbackUrl` is where results are posted; `delayMs` how long a card
 * stays pending. Returns { url, close(), cards } (cards: request_id → state, for tests).
 */
export async function startCardGateway({ port = 9500, host = "127.0.0.1", partnerId, partnerKey, callbackUrl = null, delayMs = 2000, log = false }) {
  const cards = new Map();
  let transCounter = 1000;
  const dropped = new Set();

  function view(card) {
    return {
      status: card.result?.status ?? 99,
      message: card.result?.message ?? "PENDING",
      request_id: card.requestId,
      declared_value: card.declared,
      value: card.result?.value ?? null,
      amount: card.result?.amount ?? null,
      code: card.code,
      serial: card.serial,
      telco: card.telco,
      trans_id: card.transId,
      callback_sign: md5(partnerKey + card.code + card.serial),
    };
  }

  async function callBack(card) {
    if (card.code.endsWith("8888")) return;
    if (card.code.endsWith("5555") && !card.corrected) {
      card.corrected = true;
      card.result = { status: 3, message: "Thẻ không hợp lệ", value: 0, amount: 0 };
      setTimeout(() => callBack(card), delayMs).unref?.();
    } else {
      card.result = outcome(card);
    }
    if (!callbackUrl) return;
    try {
      const response = await fetch(callbackUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(view(card)) });
      card.callbackStatus = response.status;
      if (log) console.log(`[card-gateway] callback ${card.requestId} → ${response.status}`);
    } catch (error) {
      card.callbackStatus = String(error);
      if (log) console.error(`[card-gateway] callback ${card.requestId} failed: ${error}`);
    }
  }

  const server = createServer(async (request, response) => {
    const send = (status, body) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "POST" || !request.url?.startsWith("/chargingws/v2")) return send(404, { status: 100, message: "Not found" });
    let body;
    try {
      body = await readBody(request);
    } catch {
      return send(400, { status: 100, message: "Bad request" });
    }
    const { telco, code = "", serial = "", amount, request_id: requestId, partner_id: partner, command, sign } = body;
    if (partner !== partnerId || sign !== md5(partnerKey + code + serial)) return send(200, { status: 100, message: "Sai chữ ký hoặc partner_id" });
    if (command === "check") {
      const card = cards.get(requestId);
      return card ? send(200, view(card)) : send(200, { status: 100, message: "Không tìm thấy giao dịch", request_id: requestId });
    }
    if (command !== "charging") return send(200, { status: 100, message: "Lệnh không hợp lệ" });
    if (!FEES[telco] || !requestId || !Number(amount)) return send(200, { status: 100, message: "Thiếu thông tin thẻ" });
    if (cards.has(requestId)) return send(200, { status: 100, message: "Trùng request_id" });
    if (String(code).endsWith("6666") && !dropped.has(requestId)) {
      dropped.add(requestId);
      return request.socket.destroy();
    }
    const card = { requestId, telco, code: String(code), serial: String(serial), declared: Number(amount), transId: String(transCounter++), result: null };
    cards.set(requestId, card);
    setTimeout(() => callBack(card), delayMs).unref?.();
    return send(200, view(card));
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  return {
    url: `http://${host}:${actualPort}/chargingws/v2`,
    cards,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
