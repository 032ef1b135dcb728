// The home search and the owner's overview on the bench store (issue #18): a ledger of 100,000
// rows (a quarter of them purchases, each with its order, of apps other than the one the purchase
// bench counts) spread over 90 days, seeded in a few
// statements that generate their rows in SQL; then the search page (cache misses, broad and
// narrow, and an edge hit) and GET /api/admin/overview/ timed over HTTP.
import { signInAdmin } from "../admin-code.mjs";
import { api, summarize, timedFetch } from "./http.mjs";

const DAY = 24 * 60 * 60 * 1000;
const CHUNK = 20_000;
const SEARCH_WORDS = ["rong", "kiem", "dua xe", "hai tac", "ninja", "tam quoc", "phieu luu", "sam set"];
const TYPES = ["ipa", "tipa", "rootless", "rootfull", "roothide", "itms-ipa", "testflight"];

// One row per i in [?1, ?2): the recursive CTE makes the numbers, so no statement binds more than
// a few parameters. D1 binds JavaScript numbers as REAL: cast them, or 1 % 5 would be 1.0.
const NUMBERS = "WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i + 1 < CAST(?2 AS INTEGER))";
const LEDGER = `INSERT INTO wallet_transactions (user_id, transaction_type, source, amount, balance_before, balance_after, status, description, reference, created_at)
  ${NUMBERS}
  SELECT user_id, type, source, amount, 100000, 100000 + amount, 'completed', 'bench', 'bench-ledger-' || i, created_at FROM (
    SELECT i, CAST(?3 + (i % ?4) AS INTEGER) AS user_id, CAST(?5 - i * ?6 AS INTEGER) AS created_at,
      CASE WHEN i % 4 = 0 THEN 'purchase' ELSE 'deposit' END AS type,
      CASE WHEN i % 4 = 0 THEN 'purchase' ELSE CASE i % 5 WHEN 0 THEN 'vietqr' WHEN 1 THEN 'card' WHEN 2 THEN 'bank_transfer' WHEN 3 THEN 'bonus' ELSE 'admin' END END AS source,
      CASE WHEN i % 4 = 0 THEN -(20000 + (i % 5) * 10000) ELSE 50000 + (i % 7) * 10000 END AS amount
    FROM n)`;
const ORDERS = `INSERT INTO orders (reference, user_id, app_id, app_name, key_type_name, key_code, amount, vnd_amount, status, created_at)
  ${NUMBERS}
  SELECT 'bench-order-' || i, CAST(?3 + (i % ?4) AS INTEGER), a.id, a.name, 'lifetime', 'BENCH-KEY-' || i, 20000 + (i % 5) * 10000, 20000 + (i % 5) * 10000, 'completed', CAST(?5 - i * ?6 AS INTEGER)
  FROM n JOIN apps a ON a.url = 'bench-app-' || (2 + i % 50) WHERE i % 4 = 0`;

/** Seeds `rows` ledger rows and their orders over the last `days` days for the bench users (consecutive ids). */
export async function seedLedger(env, { userIds, rows = 100_000, days = 90, now = Date.now() }) {
  const first = Math.min(...userIds);
  if (Math.max(...userIds) - first + 1 !== userIds.length) throw new Error("the bench users' ids are not consecutive");
  const step = Math.floor((days * DAY) / rows);
  const statements = [];
  for (let start = 0; start < rows; start += CHUNK) {
    const end = Math.min(rows, start + CHUNK);
    for (const sql of [LEDGER, ORDERS]) statements.push(env.DB.prepare(sql).bind(start, end, first, userIds.length, now, step));
  }
  await env.DB.batch(statements);
  const ledger = await env.DB.prepare("SELECT (SELECT count(*) FROM wallet_transactions) AS ledger, (SELECT count(*) FROM orders) AS orders").first();
  return { ledgerRows: ledger.ledger, orders: ledger.orders };
}

async function timed(urls, headers = {}) {
  const latencies = [];
  const statuses = {};
  const started = performance.now();
  for (const url of urls) {
    const result = await timedFetch(url, { headers });
    latencies.push(result.ms);
    statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  }
  return { ...summarize(latencies, performance.now() - started), statuses };
}

/**
 * Search pages that miss the edge cache (each address once): narrow (a word and an app number)
 * and broad (one word, hundreds of matches ranked, by type and page), against home pages that miss
 * without a search; the same search again (an edge hit); the overview for 30 and 90 days as the admin.
 */
export async function benchSearchAndOverview({ origin, settings, n = 50, log = console.log }) {
  const narrow = Array.from({ length: n }, (_, index) => `${origin}/?q=${encodeURIComponent(`${SEARCH_WORDS[index % SEARCH_WORDS.length]} ${index + 1}`)}`);
  const broad = Array.from({ length: n }, (_, index) => `${origin}/?q=${encodeURIComponent(SEARCH_WORDS[index % SEARCH_WORDS.length])}&type=${TYPES[index % TYPES.length]}&page=${1 + Math.floor(index / 56)}`);
  // The same render without a search, each page once: what a miss costs before the search itself.
  const pages = Array.from({ length: n }, (_, index) => `${origin}/?page=${index + 2}`);
  const hit = `${origin}/?q=rong`;
  await timedFetch(hit);
  const search = { pages: await timed(pages), narrow: await timed(narrow), broad: await timed(broad), cached: await timed(Array(n).fill(hit)) };
  const found = /Tìm thấy ([\d.]+) ứng dụng/.exec(await (await fetch(`${origin}/?q=rong`)).text())?.[1];
  log(`search, cache misses: home pages without a search median ${search.pages.median.toFixed(1)} ms; narrow median ${search.narrow.median.toFixed(1)} ms (p99 ${search.narrow.p99.toFixed(1)}), broad median ${search.broad.median.toFixed(1)} ms (p99 ${search.broad.p99.toFixed(1)}); edge hit ${search.cached.median.toFixed(1)} ms; "rong" finds ${found ?? "?"} apps`);

  const admin = await signInAdmin((path, options) => api(origin, path, options), settings);
  const headers = { Authorization: `Bearer ${admin.access}` };
  const overviewUrl = (days) => `${origin}/api/admin/overview/?days=${days}`;
  await timedFetch(overviewUrl(30), { headers });
  const overview = { days30: await timed(Array(n).fill(overviewUrl(30)), headers), days90: await timed(Array(n).fill(overviewUrl(90)), headers) };
  for (const run of [overview.days30, overview.days90]) {
    if (Object.keys(run.statuses).some((status) => status !== "200")) throw new Error(`the overview answered ${JSON.stringify(run.statuses)}`);
  }
  log(`overview: 30 days median ${overview.days30.median.toFixed(1)} ms (p99 ${overview.days30.p99.toFixed(1)}), 90 days median ${overview.days90.median.toFixed(1)} ms (p99 ${overview.days90.p99.toFixed(1)}) ${JSON.stringify(overview.days30.statuses)}`);
  return { search, searchMatches: found ?? null, overview };
}
