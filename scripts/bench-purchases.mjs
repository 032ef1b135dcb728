// Purchase latency and throughput against a running local store (`npm start` first):
//   node scripts/bench-purchases.mjs            (PORT and STATE_DIR as for npm start)
// Bench buyers are written straight into the local D1 and signed in with the development JWT
// secret (so the sign-up and login limits do not shape the figures); money reaches them through
// the real admin adjustment, and every purchase goes through the real API and wallet objects.
import { SignJWT } from "jose";
import { getPlatformProxy } from "wrangler";
import { localSettings, stateDir } from "./lib.mjs";

const settings = localSettings();
const origin = `http://127.0.0.1:${process.env.PORT || 8787}`;
const BUYERS = 50;
const ROUNDS = 4;
const BURST = 20;
const PRICE = 10_000;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function api(path, { token, body, method } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: method ?? (body ? "POST" : "GET"),
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function accessToken(userId) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: "access" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer("ios-game-hack")
    .setIssuedAt(now)
    .setExpirationTime(now + 900)
    .sign(new TextEncoder().encode(settings.JWT_SECRET));
}

const run = Date.now().toString(36);
const { env, dispose } = await getPlatformProxy({ persist: { path: `${stateDir()}/v3` } });
const buyers = [];
let appId;
let keyTypeId;
try {
  for (let index = 0; index <= BUYERS; index++) {
    const name = `bench_${run}_${index}`;
    const row = await env.DB.prepare("INSERT INTO users (username, email, first_name) VALUES (?, ?, 'Bench') RETURNING id").bind(name, `${name}@bench.local`).first();
    buyers.push({ id: row.id });
  }
  const app = await env.DB.prepare("INSERT INTO apps (name, url, description, version, app_type) VALUES (?, ?, 'Bench', '1.0', 'ipa') RETURNING id")
    .bind(`Bench ${run}`, `bench-${run}`)
    .first();
  appId = app.id;
  keyTypeId = (await env.DB.prepare("SELECT id FROM key_types WHERE name = 'lifetime'").first()).id;
} finally {
  await dispose();
}

console.log(`Prepared ${buyers.length} bench buyers and app ${appId}.`);
const admin = await api("/api/auth/login/", { body: { login: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD } });
if (admin.status !== 200) throw new Error(`admin login failed: ${admin.status} ${JSON.stringify(admin.body)}`);
const adminToken = admin.body.access;
const pricing = await api(`/api/keys/apps/${appId}/pricing/`, { token: adminToken, body: { key_type: "lifetime", price: PRICE } });
const pricingId = pricing.body.data.id;
const stock = BUYERS * ROUNDS + BURST + 50;
const codes = Array.from({ length: stock }, (_, index) => `BENCH-${run}-${index}`).join("\n");
const imported = await api("/api/keys/bulk-import/", { token: adminToken, body: { app_url: String(appId), key_type: "lifetime", keys_text: codes } });
console.log(`Imported ${imported.body.data.imported_count} keys in ${imported.body.data.duration_ms} ms.`);

console.log("Funding the buyers…");
for (const buyer of buyers) {
  buyer.token = await accessToken(buyer.id);
  await api(`/api/admin/users/${buyer.id}/adjust-balance/`, { token: adminToken, body: { amount: PRICE * (ROUNDS + BURST), transaction_type: "deposit" } });
}

async function timedPurchase(token) {
  const started = performance.now();
  const result = await api("/api/keys/purchase/", { token, body: { key_pricing_id: pricingId, payment_method: "balance" } });
  return { ms: performance.now() - started, status: result.status };
}

function report(title, results, wallMs) {
  const ok = results.filter((result) => result.status === 200);
  const latencies = results.map((result) => result.ms);
  return {
    title,
    requests: results.length,
    ok: ok.length,
    errors: results.length - ok.length,
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    throughput: ((results.length / wallMs) * 1000).toFixed(1),
  };
}

const rows = [];
// 50 different buyers at once, several rounds.
const many = [];
const startedMany = performance.now();
for (let round = 0; round < ROUNDS; round++) many.push(...(await Promise.all(buyers.slice(0, BUYERS).map((buyer) => timedPurchase(buyer.token)))));
rows.push(report(`${BUYERS} concurrent buyers × ${ROUNDS}`, many, performance.now() - startedMany));

// One buyer firing in parallel: the wallet object serialises them.
const one = buyers[BUYERS];
const startedOne = performance.now();
const burst = await Promise.all(Array.from({ length: BURST }, () => timedPurchase(one.token)));
rows.push(report(`1 buyer, ${BURST} in parallel`, burst, performance.now() - startedOne));

// Nothing oversold: every sold key has exactly one order.
const keys = await api(`/api/keys/apps/${appId}/stats/`, { token: adminToken });
console.log(`\nSold keys: ${keys.body.data.sold_keys}, orders: ${keys.body.data.total_orders}, available: ${keys.body.data.available_keys}`);
console.log("\n| scenario | requests | ok | errors | p50 ms | p99 ms | purchases/s |\n|---|---|---|---|---|---|---|");
for (const row of rows) console.log(`| ${row.title} | ${row.requests} | ${row.ok} | ${row.errors} | ${row.p50} | ${row.p99} | ${row.throughput} |`);
