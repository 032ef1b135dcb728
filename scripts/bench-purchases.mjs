// Purchase latency and throughput against a running local store (`npm start` first):
//   node scripts/bench-purchases.mjs            (PORT and STATE_DIR as for npm start)
// Bench buyers are written straight into the local D1 and signed in with the development JWT
// secret (so the sign-up and login limits do not shape the figures); money reaches them through
// the real admin adjustment, and every purchase goes through the real API and wallet objects.
// `npm run bench` imports benchPurchases() and runs it on its own catalogue.
import { accessToken, api, percentile } from "./bench/http.mjs";
import { signInAdmin } from "./admin-code.mjs";
import { localSettings, stateDir, withLocalBindings } from "./lib.mjs";

export const BUYERS = 50;
const ROUNDS = 4;
const BURST = 20;
const PRICE = 10_000;

function row(title, results, wallMs) {
  const ok = results.filter((result) => result.status === 200);
  const latencies = results.map((result) => result.ms);
  return {
    title,
    requests: results.length,
    ok: ok.length,
    errors: results.length - ok.length,
    statuses: [...new Set(results.filter((result) => result.status !== 200).map((result) => result.status))],
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    throughput: (results.length / wallMs) * 1000,
  };
}

/**
 * Prices app `appId` (lifetime key), imports enough keys, funds `buyerIds` (BUYERS + 1 users with
 * no purchases yet) through the admin API, then measures BUYERS buyers purchasing at once (ROUNDS
 * rounds) and the last buyer firing BURST purchases in parallel. Checks that nothing was
 * oversold: sold keys = orders = successful purchases.
 */
export async function benchPurchases({ origin, settings, buyerIds, appId, log = console.log }) {
  if (buyerIds.length < BUYERS + 1) throw new Error(`benchPurchases needs ${BUYERS + 1} buyers`);
  const call = (path, options) => api(origin, path, options);
  const adminToken = (await signInAdmin(call, settings)).access;
  const pricing = await call(`/api/keys/apps/${appId}/pricing/`, { token: adminToken, body: { key_type: "lifetime", price: PRICE } });
  if (!pricing.body?.success) throw new Error(`pricing failed: ${pricing.status} ${JSON.stringify(pricing.body)}`);
  const pricingId = pricing.body.data.id;
  const stock = BUYERS * ROUNDS + BURST + 50;
  const run = Date.now().toString(36);
  const codes = Array.from({ length: stock }, (_, index) => `BENCH-${run}-${index}`).join("\n");
  const imported = await call("/api/keys/bulk-import/", { token: adminToken, body: { app_url: String(appId), key_type: "lifetime", keys_text: codes } });
  if (!imported.body?.success) throw new Error(`key import failed: ${imported.status} ${JSON.stringify(imported.body)}`);
  log(`Imported ${imported.body.data.imported_count} keys in ${imported.body.data.duration_ms} ms; funding ${buyerIds.length} buyers…`);

  const buyers = [];
  for (const id of buyerIds.slice(0, BUYERS + 1)) {
    const funded = await call(`/api/admin/users/${id}/adjust-balance/`, { token: adminToken, body: { amount: PRICE * (ROUNDS + BURST), transaction_type: "deposit" } });
    if (funded.status !== 200) throw new Error(`funding user ${id} failed: ${funded.status} ${JSON.stringify(funded.body)}`);
    buyers.push({ id, token: await accessToken(settings.JWT_SECRET, id) });
  }

  async function timedPurchase(token) {
    const started = performance.now();
    const result = await call("/api/keys/purchase/", { token, body: { key_pricing_id: pricingId, payment_method: "balance" } });
    return { ms: performance.now() - started, status: result.status };
  }

  const rows = [];
  // BUYERS different buyers at once, several rounds.
  const many = [];
  const startedMany = performance.now();
  for (let round = 0; round < ROUNDS; round++) many.push(...(await Promise.all(buyers.slice(0, BUYERS).map((buyer) => timedPurchase(buyer.token)))));
  rows.push(row(`${BUYERS} concurrent buyers × ${ROUNDS}`, many, performance.now() - startedMany));

  // One buyer firing in parallel: the wallet object serialises them.
  const one = buyers[BUYERS];
  const startedOne = performance.now();
  const burst = await Promise.all(Array.from({ length: BURST }, () => timedPurchase(one.token)));
  rows.push(row(`1 buyer, ${BURST} in parallel`, burst, performance.now() - startedOne));

  // Nothing oversold: every sold key has exactly one order, and each success sold one key.
  const stats = await call(`/api/keys/apps/${appId}/stats/`, { token: adminToken });
  const sold = stats.body.data.sold_keys;
  const orderCount = stats.body.data.total_orders;
  const succeeded = rows.reduce((sum, entry) => sum + entry.ok, 0);
  return { rows, sold, orders: orderCount, succeeded, available: stats.body.data.available_keys, oversold: !(sold === orderCount && sold === succeeded) };
}

export function purchaseTable(rows) {
  return [
    "| scenario | requests | ok | errors | p50 ms | p99 ms | purchases/s |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((entry) => `| ${entry.title} | ${entry.requests} | ${entry.ok} | ${entry.errors}${entry.statuses.length ? ` (HTTP ${entry.statuses.join(", ")})` : ""} | ${entry.p50.toFixed(1)} | ${entry.p99.toFixed(1)} | ${entry.throughput.toFixed(1)} |`),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const settings = localSettings();
  const origin = `http://127.0.0.1:${process.env.PORT || 8787}`;
  const run = Date.now().toString(36);
  const { buyerIds, appId } = await withLocalBindings(stateDir(), async (env) => {
    const ids = [];
    for (let index = 0; index <= BUYERS; index++) {
      const name = `bench_${run}_${index}`;
      const created = await env.DB.prepare("INSERT INTO users (username, email, first_name) VALUES (?, ?, 'Bench') RETURNING id").bind(name, `${name}@bench.local`).first();
      ids.push(created.id);
    }
    const app = await env.DB.prepare("INSERT INTO apps (name, url, description, version, app_type) VALUES (?, ?, 'Bench', '1.0', 'ipa') RETURNING id")
      .bind(`Bench ${run}`, `bench-${run}`)
      .first();
    return { buyerIds: ids, appId: app.id };
  });
  console.log(`Prepared ${buyerIds.length} bench buyers and app ${appId}.`);
  const result = await benchPurchases({ origin, settings, buyerIds, appId });
  console.log(`\nSold keys: ${result.sold}, orders: ${result.orders}, successful purchases: ${result.succeeded}, available: ${result.available}${result.oversold ? "  ← MISMATCH" : ""}`);
  console.log(`\n${purchaseTable(result.rows)}`);
}
