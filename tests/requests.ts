// Requests as the integration tests send them: JSON in and out, a bearer token when given, and
// each from a client address of its own unless the test names one (rate limits count per address).
// With `env`, the request goes to the Worker over other bindings (a changed setting, a watched
// database) instead of the test's own Worker.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";

type Body = Record<string, any>;

// A range of its own for each test file (198.<random>.<random + n>.<n>), so per-address limits
// never meet those of another test file.
const secondOctet = Math.floor(Math.random() * 250);
const thirdOctet = Math.floor(Math.random() * 200);
let addressCounter = 0;

/** A client address no other call of this test file used. */
export function newAddress(): string {
  addressCounter += 1;
  return `198.${secondOctet}.${thirdOctet + Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

export type Sent = {
  body?: unknown;
  token?: string;
  /** GET, or POST when there is a body, unless this says. */
  method?: string;
  /** Sent as they are, after the client address: a CF-Connecting-IP here wins. */
  headers?: Record<string, string>;
  /** The client's address (CF-Connecting-IP); a new one by default. */
  address?: string;
  /** The Worker's bindings for this request; the test's own Worker when absent. */
  env?: Env;
};

/** The request, answered as the Worker's Response. */
export async function send(path: string, { body, token, method, headers = {}, address = newAddress(), env }: Sent = {}): Promise<Response> {
  const sent: Record<string, string> = { "CF-Connecting-IP": address, ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const request = new Request(new URL(path, "http://store.test"), {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!env) return exports.default.fetch(request);
  const { default: worker } = await import("../workers/index");
  const context = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, context);
  await waitOnExecutionContext(context);
  return response;
}

/** The request, answered as JSON: status, headers and body. An answer that is not JSON fails the test. */
export async function call(path: string, sent: Sent = {}) {
  const response = await send(path, sent);
  const text = await response.text();
  let body: Body;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    throw new Error(`${path} answered ${response.status} with no JSON: ${text.slice(0, 300)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

const minute = () => Math.floor(Date.now() / 60_000);

/**
 * Runs `requests` inside one window of the Rate Limiting binding, which counts per minute of the
 * wall clock: when the minute turned while they ran, their counts may span two windows, so they
 * run again. `requests` takes a new address each time it is called. Nothing waits for the clock.
 */
export async function inOneRateWindow<T>(requests: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const started = minute();
    const result = await requests();
    if (minute() === started || attempt === 3) return result;
  }
}
