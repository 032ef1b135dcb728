// Timing and API helpers shared by the benchmarks (scripts/bench.mjs, scripts/bench-purchases.mjs).
import { SignJWT } from "jose";

/** Nearest-rank percentile of `values` (milliseconds); NaN when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Median, p99 and throughput of one measured run. */
export function summarize(latencies, wallMs) {
  return {
    n: latencies.length,
    median: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.length ? Math.max(...latencies) : Number.NaN,
    perSecond: wallMs > 0 ? (latencies.length / wallMs) * 1000 : Number.NaN,
  };
}

/** One request, timed until the whole body has arrived. */
export async function timedFetch(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = new Uint8Array(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, headers: response.headers, bytes: body.byteLength };
}

/**
 * Fetches `url` `n` times with `concurrency` requests in flight (1: one after another), after
 * `warmup` unmeasured requests. Returns the latency summary and every status code seen.
 */
export async function measure(url, { n = 200, concurrency = 1, warmup = 10, headers = {} } = {}) {
  for (let index = 0; index < warmup; index++) await timedFetch(url, { headers });
  const latencies = [];
  const statuses = {};
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < n) {
      next++;
      const result = await timedFetch(url, { headers });
      latencies.push(result.ms);
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      bytes = result.bytes;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { ...summarize(latencies, performance.now() - started), concurrency, statuses, bytes };
}

/**
 * Sequential requests to several targets in alternating blocks (`block` of a, `block` of b, …,
 * then a again), `n` each, so that every target meets the same machine load: on a shared machine
 * that keeps their ratios honest. The first request after each switch is not counted, so one
 * target's aftermath (say, garbage from a large page) is not charged to the next.
 */
export async function measureInterleaved(targets, { n = 200, warmup = 10, block = 10 } = {}) {
  for (let index = 0; index < warmup; index++) for (const target of targets) await timedFetch(target.url, { headers: target.headers });
  const runs = targets.map(() => ({ latencies: [], statuses: {}, bytes: 0 }));
  while (runs[0].latencies.length < n) {
    for (const [position, target] of targets.entries()) {
      const run = runs[position];
      await timedFetch(target.url, { headers: target.headers });
      for (let index = 0; index < block && run.latencies.length < n; index++) {
        const result = await timedFetch(target.url, { headers: target.headers });
        run.latencies.push(result.ms);
        run.statuses[result.status] = (run.statuses[result.status] ?? 0) + 1;
        run.bytes = result.bytes;
      }
    }
  }
  // One after another: a target's own throughput is the inverse of its mean time.
  return runs.map((run) => ({ ...summarize(run.latencies, run.latencies.reduce((sum, value) => sum + value, 0)), concurrency: 1, statuses: run.statuses, bytes: run.bytes }));
}

/** A JSON call to the store's API; the body is parsed when it is JSON. */
export async function api(origin, path, { token, body, method, headers = {} } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: method ?? (body ? "POST" : "GET"),
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/**
 * An access token for `userId`, signed with the local JWT secret exactly as the store signs its
 * own (workers/accounts/sessions.ts), naming the session chain the bench seed gave the user
 * (scripts/bench/catalogue.mjs), so that benchmark users skip the password login and its
 * per-address limit.
 */
export async function accessToken(jwtSecret, userId) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: "access", sid: `bench-${userId}` })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer("ios-game-hack")
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(jwtSecret));
}

/** Runs `task(item)` for every item with at most `limit` in flight; results keep the input order. */
export async function inParallel(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
