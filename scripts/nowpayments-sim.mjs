// The simulated NOWPayments API (development and tests only). It speaks the wire format of
// docs/formats.md#nowpayments: `POST /v1/invoice` and `GET /v1/payment/{id}` with the `x-api-key`
// header, a hosted invoice page (`GET /payment/?iid=<invoice id>`) where a person pays in full,
// pays part, or lets the invoice expire, and notifications (IPN) posted to the invoice's
// ipn_callback_url, signed as NOWPayments signs them: `x-nowpayments-sig` is the hex HMAC-SHA512,
// keyed with the IPN secret, of the JSON body with its keys sorted recursively.
//
// For tests and for trying it by hand, `POST /sim/pay` {order_id, usd, status, repeat} pays the
// newest invoice of that order_id (status defaults to "finished"; "refunded" refunds the order's
// payment; "redeposit" makes a second deposit, a payment with parent_payment_id). Options:
// `payment_id` (act on that payment, say a second deposit, instead of the invoice's first),
// `deliver: false` (answer the signed notifications instead of posting them: the workers tests
// deliver them), `bad_signature`, `late_ms` (post after a delay), `out_of_order` (an earlier
// status posted after this one), `notice` (fields changed in the notification only, signed) and
// `payment` (fields changed in the payment the API reads back: a gateway answering oddly).
// `GET /sim/payments` lists the payments; `GET /sim/invoices` the invoices.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";

/** The object with its keys sorted, at every depth (arrays keep their order): NOWPayments' sortObject. */
export function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
}

/** The IPN signature of a body (an object, or its JSON): hex HMAC-SHA512 of the key-sorted JSON. */
export function ipnSignature(secret, body) {
  const parsed = typeof body === "string" ? JSON.parse(body) : body;
  return createHmac("sha512", secret).update(JSON.stringify(sortKeys(parsed))).digest("hex");
}

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]);
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  if ((request.headers["content-type"] ?? "").includes("application/json")) return JSON.parse(text || "{}");
  return Object.fromEntries(new URLSearchParams(text));
}

const STATUSES = ["waiting", "confirming", "confirmed", "sending", "partially_paid", "finished", "failed", "expired", "refunded", "redeposit"];
/** What comes before a status, for `out_of_order` (posted after it). */
const EARLIER = { finished: "confirming", partially_paid: "waiting", confirmed: "confirming", sending: "confirmed", refunded: "finished" };
/** Coins per 1 US$ of the simulated pay currency (USDT on TRON): not exactly 1, so amounts have decimals. */
const COIN_PER_USD = 1.000731;

const round = (value, places) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Starts the simulator. `apiKey` is the store's API key, `ipnSecret` the IPN secret; `publicUrl`
 * the address the invoice links name (the server's own by default). Returns { url, close(),
 * invoices, payments }.
 */
export async function startNowPaymentsSim({ port = 9520, host = "127.0.0.1", apiKey, ipnSecret, publicUrl = null, log = false }) {
  const invoices = new Map();
  const payments = new Map();
  let nextInvoice = 4_522_625_000;
  let nextPayment = 5_077_125_000;
  let base = publicUrl;

  const now = () => new Date().toISOString();

  function newPayment(invoice, parent = null) {
    const payment = {
      payment_id: nextPayment++,
      parent_payment_id: parent,
      invoice_id: invoice.id,
      payment_status: "waiting",
      pay_address: `TSim${String(invoice.id).slice(-6)}Addr`,
      payin_extra_id: null,
      price_amount: invoice.price_amount,
      price_currency: invoice.price_currency,
      pay_amount: round(invoice.price_amount * COIN_PER_USD, 6),
      actually_paid: 0,
      actually_paid_at_fiat: 0,
      pay_currency: "usdttrc20",
      order_id: invoice.order_id,
      order_description: invoice.order_description,
      purchase_id: String(nextPayment + 1_000_000),
      outcome_amount: 0,
      outcome_currency: "usdttrc20",
      created_at: now(),
      updated_at: now(),
    };
    payments.set(payment.payment_id, payment);
    invoice.payments.push(payment.payment_id);
    return payment;
  }

  /**
   * The payment after a person (or /sim/pay) paid `usd` with `status`: the invoice's first payment
   * (a second deposit is a payment of its own, with parent_payment_id), or the one `paymentId` names.
   */
  function pay(invoice, usd, status, paymentId = null) {
    const latest = paymentId !== null ? (payments.get(Number(paymentId)) ?? null) : invoice.payments.length ? payments.get(invoice.payments[0]) : null;
    let payment;
    if (status === "redeposit") {
      const parent = latest ?? newPayment(invoice);
      payment = newPayment(invoice, parent.payment_id);
      status = "finished";
    } else {
      payment = latest ?? newPayment(invoice);
    }
    payment.payment_status = status;
    if (usd !== undefined && status !== "refunded") {
      payment.actually_paid = round(Number(usd) * COIN_PER_USD, 6);
      payment.actually_paid_at_fiat = Number(usd);
      payment.outcome_amount = round(payment.actually_paid * 0.995, 6);
    }
    payment.updated_at = now();
    return payment;
  }

  /** The notification of a payment as NOWPayments posts it: the payment's fields and a fee. */
  function notice(payment, status = payment.payment_status, changes = {}) {
    const { parent_payment_id, readback: _readback, ...fields } = payment;
    return {
      ...fields,
      ...(parent_payment_id ? { parent_payment_id } : {}),
      payment_status: status,
      fee: { currency: "usdttrc20", depositFee: 0, serviceFee: round(payment.actually_paid * 0.005, 6), withdrawalFee: 0 },
      ...changes,
    };
  }

  async function post(invoice, body, { badSignature = false, deliver = true } = {}) {
    const text = JSON.stringify(body);
    const signature = badSignature ? ipnSignature(`${ipnSecret}-wrong`, text) : ipnSignature(ipnSecret, text);
    const sent = { body: text, signature, status: null };
    if (!deliver || !invoice.ipn_callback_url) return sent;
    try {
      const response = await fetch(invoice.ipn_callback_url, { method: "POST", headers: { "Content-Type": "application/json", "x-nowpayments-sig": signature }, body: text });
      sent.status = response.status;
      if (log) console.log(`[nowpayments-sim] IPN ${body.payment_id} ${body.payment_status} → ${response.status}`);
    } catch (error) {
      sent.status = String(error);
      if (log) console.error(`[nowpayments-sim] IPN ${body.payment_id} failed: ${error}`);
    }
    return sent;
  }

  /** Sends the notifications of one payment change as `options` ask; resolves to what was sent. */
  async function notify(invoice, payment, options) {
    const repeat = Math.min(Math.max(1, Number(options.repeat ?? 1) || 1), 50);
    const wait = Math.max(0, Number(options.late_ms ?? 0));
    const run = async () => {
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      const body = notice(payment, payment.payment_status, options.notice ?? {});
      const sent = await Promise.all(Array.from({ length: repeat }, () => post(invoice, body, { badSignature: Boolean(options.bad_signature), deliver: options.deliver !== false })));
      const earlier = EARLIER[payment.payment_status];
      if (options.out_of_order && earlier) sent.push(await post(invoice, notice(payment, earlier), { deliver: options.deliver !== false }));
      return sent;
    };
    // A late notification is posted in the background; the caller gets the payment at once.
    if (wait && options.deliver !== false) {
      run();
      return [];
    }
    return run();
  }

  function invoiceView(invoice) {
    return {
      id: String(invoice.id),
      token_id: String(invoice.id).slice(-6),
      order_id: invoice.order_id,
      order_description: invoice.order_description,
      price_amount: String(invoice.price_amount),
      price_currency: invoice.price_currency,
      pay_currency: null,
      ipn_callback_url: invoice.ipn_callback_url,
      invoice_url: `${base}/payment/?iid=${invoice.id}`,
      success_url: invoice.success_url,
      cancel_url: invoice.cancel_url,
      created_at: invoice.created_at,
      updated_at: invoice.created_at,
      is_fixed_rate: invoice.is_fixed_rate,
      is_fee_paid_by_user: false,
    };
  }

  function page(invoice) {
    const latest = invoice.payments.length ? payments.get(invoice.payments.at(-1)) : null;
    const state = latest ? latest.payment_status : "waiting";
    const open = !latest || ["waiting", "partially_paid"].includes(state);
    const half = round(invoice.price_amount / 2, 2);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>NOWPayments (simulated) invoice ${invoice.id}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1rem;margin:.3rem 0;width:100%}</style></head>
<body><h1>Simulated crypto invoice</h1>
<p>Order <strong>${escapeHtml(invoice.order_id)}</strong>: ${escapeHtml(invoice.order_description ?? "")}</p>
<p>Amount: <strong>$${escapeHtml(invoice.price_amount)}</strong> (${escapeHtml(invoice.price_currency.toUpperCase())}), paid in USDT (TRC-20).</p>
<p>State: <strong data-testid="invoice-state">${escapeHtml(state)}</strong></p>
${open ? `<form method="post" action="/payment/${invoice.id}/act">
<button name="act" value="full">Pay in full ($${escapeHtml(invoice.price_amount)})</button>
<button name="act" value="part">Pay part ($${escapeHtml(half)})</button>
<button name="act" value="expire">Let it expire</button></form>` : ""}
<p><a href="${escapeHtml(invoice.success_url ?? "/")}">Back to the store</a></p></body></html>`;
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://sim");
    const send = (status, body) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const authorised = () => request.headers["x-api-key"] === apiKey;
    try {
      if (request.method === "GET" && url.pathname === "/v1/status") return send(200, { message: "OK" });
      if (request.method === "POST" && url.pathname === "/v1/invoice") {
        if (!authorised()) return send(403, { status: false, statusCode: 403, code: "INVALID_API_KEY", message: "Invalid api key" });
        const body = await readBody(request);
        const price = Number(body.price_amount);
        if (!(price > 0) || typeof body.price_currency !== "string") return send(400, { status: false, statusCode: 400, code: "BAD_REQUEST", message: "price_amount and price_currency are required" });
        const invoice = {
          id: nextInvoice++,
          order_id: body.order_id === undefined ? null : String(body.order_id),
          order_description: body.order_description ?? null,
          price_amount: price,
          price_currency: body.price_currency.toLowerCase(),
          ipn_callback_url: body.ipn_callback_url ?? null,
          success_url: body.success_url ?? null,
          cancel_url: body.cancel_url ?? null,
          is_fixed_rate: Boolean(body.is_fixed_rate),
          created_at: now(),
          payments: [],
        };
        invoices.set(invoice.id, invoice);
        return send(200, invoiceView(invoice));
      }
      // The payments of an invoice (NOWPayments' list of payments, filtered by invoiceId).
      if (request.method === "GET" && url.pathname === "/v1/payment/") {
        if (!authorised()) return send(403, { status: false, statusCode: 403, code: "INVALID_API_KEY", message: "Invalid api key" });
        const invoice = invoices.get(Number(url.searchParams.get("invoiceId")));
        const data = (invoice?.payments ?? []).map((id) => payments.get(id)).map(({ readback: _readback, ...fields }) => fields);
        return send(200, { data, limit: 10, page: 0, pagesCount: 1, total: data.length });
      }
      const paymentPath = url.pathname.match(/^\/v1\/payment\/([^/]+)\/?$/);
      if (request.method === "GET" && paymentPath) {
        if (!authorised()) return send(403, { status: false, statusCode: 403, code: "INVALID_API_KEY", message: "Invalid api key" });
        const payment = payments.get(Number(paymentPath[1]));
        if (!payment) return send(404, { status: false, statusCode: 404, code: "PAYMENT_NOT_FOUND", message: "Payment not found" });
        const { parent_payment_id, readback, ...fields } = payment;
        return send(200, { ...fields, ...(parent_payment_id ? { parent_payment_id } : {}), ...(readback ?? {}) });
      }
      if (request.method === "GET" && url.pathname === "/payment/") {
        const invoice = invoices.get(Number(url.searchParams.get("iid")));
        if (!invoice) return send(404, { message: "Invoice not found" });
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return response.end(page(invoice));
      }
      const actPath = url.pathname.match(/^\/payment\/(\d+)\/act$/);
      if (request.method === "POST" && actPath) {
        const invoice = invoices.get(Number(actPath[1]));
        if (!invoice) return send(404, { message: "Invoice not found" });
        const { act } = await readBody(request);
        const payment = act === "full" ? pay(invoice, invoice.price_amount, "finished") : act === "part" ? pay(invoice, round(invoice.price_amount / 2, 2), "partially_paid") : pay(invoice, undefined, "expired");
        // As the real gateway does, the store hears of it a moment after the person.
        setTimeout(() => notify(invoice, payment, {}), 300).unref?.();
        response.writeHead(303, { Location: (act === "expire" ? invoice.cancel_url : invoice.success_url) ?? `/payment/?iid=${invoice.id}` });
        return response.end();
      }
      if (request.method === "POST" && url.pathname === "/sim/pay") {
        const body = await readBody(request);
        const status = body.status ?? "finished";
        if (!STATUSES.includes(status)) return send(400, { message: `status must be one of ${STATUSES.join(", ")}` });
        const invoice = [...invoices.values()].reverse().find((candidate) => candidate.order_id === String(body.order_id));
        if (!invoice) return send(404, { message: `no invoice for order_id ${body.order_id}` });
        const usd = body.usd === undefined || body.usd === null || body.usd === "" ? (status === "refunded" ? undefined : invoice.price_amount) : Number(body.usd);
        const payment = pay(invoice, usd, status, body.payment_id ?? null);
        if (body.payment && typeof body.payment === "object") payment.readback = { ...(payment.readback ?? {}), ...body.payment };
        const sent = await notify(invoice, payment, body);
        return send(200, { payment_id: payment.payment_id, parent_payment_id: payment.parent_payment_id, payment_status: payment.payment_status, notifications: sent });
      }
      if (request.method === "GET" && url.pathname === "/sim/payments") return send(200, [...payments.values()]);
      if (request.method === "GET" && url.pathname === "/sim/invoices") return send(200, [...invoices.values()].map(invoiceView));
      return send(404, { message: "Not found" });
    } catch (error) {
      return send(400, { message: `Bad request: ${error instanceof Error ? error.message : error}` });
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  base ??= `http://${host}:${actualPort}`;
  return {
    url: `http://${host}:${actualPort}`,
    invoices,
    payments,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
