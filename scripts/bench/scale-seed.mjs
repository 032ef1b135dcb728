// The store of `npm run bench:scale` (issue #28 item 2): 100,000 users, 10,000 apps, 500,000 keys
// (one app holding 100,000 of them) and 1,000,000 ledger rows with their orders, spread over a
// year. Every row is generated in SQL by recursive CTEs over number ranges (a few parameters per
// statement, D1's 100-parameter limit is never near), in chunks, so seeding takes minutes.
// Balance chains are consistent: every user has LEDGER / USERS rows in id order, and each row's
// balance_before is the previous row's balance_after (patterns computed below, three of them).
import { hashPassword } from "../../workers/accounts/passwords.ts";
import { seedDemoData } from "../seed.mjs";

export const SCALE = { users: 100_000, apps: 10_000, keys: 500_000, bigAppKeys: 100_000, ledger: 1_000_000 };
export const SCALE_PASSWORD = "scale-password-123";
/** The app with 100,000 keys; the key-check bench buys one of its keys. */
export const BIG_APP_URL = "scale-app-1";
const DAY = 86_400_000;
const DAYS = 365;
const CHUNK = 25_000;
const WORDS = ["Rồng", "Kiếm", "Huyền Thoại", "Đua Xe", "Bắn Cá", "Hải Tặc", "Ninja", "Tam Quốc", "Cờ Tướng", "Phiêu Lưu", "Vương Quốc", "Sấm Sét"];
const FAMILY = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng", "Bùi", "Đỗ"];
const TYPES = ["ipa", "tipa", "rootless", "rootfull", "roothide", "itms-ipa", "testflight"];
const SOURCES = ["vietqr", "card", "bank_transfer", "bonus", "admin"];

/** Scale user n (1-based): login name and e-mail. */
export function scaleUser(n) {
  const name = `scale_user_${String(n).padStart(6, "0")}`;
  return { username: name, email: `${name}@scale.local`, password: SCALE_PASSWORD };
}

/**
 * Per-user ledger patterns: row j alternates a deposit (even j) and a purchase (odd j); amount,
 * balance before and after for each j, so a row's balance follows from (pattern, j) alone.
 */
export function ledgerPatterns(rowsPerUser) {
  return [0, 1, 2].map((variant) => {
    const rows = [];
    let balance = 0;
    for (let j = 0; j < rowsPerUser; j++) {
      const deposit = j % 2 === 0;
      const amount = deposit ? 100_000 + ((j + variant) % 4) * 50_000 : -(20_000 + ((j * 3 + variant) % 5) * 10_000);
      rows.push({ amount, before: balance, after: balance + amount });
      balance += amount;
    }
    return rows;
  });
}

// One row per i in [?1, ?2); D1 binds JavaScript numbers as REAL: cast them.
const NUMBERS = "WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i + 1 < CAST(?2 AS INTEGER))";

/**
 * Runs `sql` over [0, total) in chunks. Every insert is OR IGNORE on a unique column (url, username,
 * key code, reference), so a chunk retried after a dropped connection, or a seed resumed after an
 * interrupted one, writes each row once; seedScaleStore checks the counts at the end.
 */
async function chunked(env, total, sql, binds, label, log, done) {
  const started = performance.now();
  // A resumed seed skips a table that is complete already.
  if (done && (await env.DB.prepare(done).first()).n >= total) return log(`${label}: complete already`);
  for (let start = 0; start < total; start += CHUNK) {
    for (let attempt = 1; ; attempt++) {
      try {
        await env.DB.prepare(sql).bind(start, Math.min(total, start + CHUNK), ...binds).run();
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        log(`${label}: rows ${start}… failed (${error instanceof Error ? error.message : error}), again`);
      }
    }
  }
  log(`${label}: ${total.toLocaleString("en")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Whether `counts` are a whole scale store (each bench run adds a purchase and its ledger rows). */
export function scaleComplete(counts) {
  return Boolean(counts) && counts.users >= SCALE.users && counts.apps >= SCALE.apps && counts.keys >= SCALE.keys && counts.ledger >= SCALE.ledger && counts.unbalanced === 0;
}

/** Row counts of the tables the scale store fills, and the users whose balance is not set yet (the seed's last step). */
export async function scaleCounts(env) {
  return env.DB.prepare(
    `SELECT (SELECT count(*) FROM users WHERE email LIKE 'scale_user_%') AS users, (SELECT count(*) FROM apps) AS apps,
       (SELECT count(*) FROM license_keys) AS keys, (SELECT count(*) FROM wallet_transactions) AS ledger, (SELECT count(*) FROM orders) AS orders,
       (SELECT count(*) FROM users WHERE email LIKE 'scale_user_%' AND balance = 0) AS unbalanced`,
  ).first();
}

/** Seeds an empty store (migrations applied) to SCALE. */
export async function seedScaleStore(env, { now = Date.now(), log = console.log } = {}) {
  await seedDemoData(env, now);
  const start = now - DAYS * DAY;
  // The demo's own rows (a resumed seed finds its earlier scale rows too: those are not the demo's).
  const demo = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM apps WHERE url NOT LIKE 'scale-app-%') AS apps, (SELECT count(*) FROM license_keys WHERE key_code NOT LIKE 'SCALE-%') AS keys",
  ).first();
  const icons = (await env.DB.prepare("SELECT icon_key FROM apps WHERE icon_key IS NOT NULL ORDER BY id").all()).results.map((row) => row.icon_key);
  const keyType = (await env.DB.prepare("SELECT id, name FROM key_types ORDER BY id LIMIT 1").first());

  // Apps: scale-app-1 … (the big one first), names of two words and a number, spread over two years.
  const apps = SCALE.apps - demo.apps;
  await chunked(
    env,
    apps,
    `INSERT OR IGNORE INTO apps (name, url, description, version, app_type, developer, category, icon_key, bundle_identifier, build_number, download_count, created_at, updated_at)
     ${NUMBERS}
     SELECT json_extract(?3, '$[' || (i % 12) || ']') || ' ' || json_extract(?3, '$[' || ((i * 7) % 12) || ']') || ' ' || (i + 1),
       'scale-app-' || (i + 1), 'Bản mod dùng để đo cửa hàng ở quy mô lớn.', (1 + i % 4) || '.' || (i % 10), json_extract(?4, '$[' || (i % 7) || ']'),
       'Studio ' || json_extract(?3, '$[' || ((i * 3) % 12) || ']'), CASE WHEN i % 4 = 0 THEN 'utilities' ELSE 'games' END,
       json_extract(?5, '$[' || (i % max(1, json_array_length(?5))) || ']'), 'com.scale.app' || (i + 1), CAST(100 + i AS TEXT), (i * 104729) % 50000,
       ?6 - ((i * 7919) % 17520) * 3600000 - 86400000, ?6 - ((i * 7919) % 17520) * 3600000 FROM n`,
    [JSON.stringify(WORDS), JSON.stringify(TYPES), JSON.stringify(icons), now],
    "apps",
    log,
    "SELECT count(*) AS n FROM apps WHERE url LIKE 'scale-app-%'",
  );
  const bigApp = await env.DB.prepare("SELECT id, bundle_identifier FROM apps WHERE url = ?").bind(BIG_APP_URL).first();
  await env.DB.prepare("INSERT OR IGNORE INTO key_pricing (app_id, key_type_id, price, currency, is_active) VALUES (?, ?, 50000, 'VND', 1)").bind(bigApp.id, keyType.id).run();

  // Users: created before their first ledger row (user u's first row is ledger row u).
  const step = Math.floor((DAYS * DAY) / SCALE.ledger);
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  await chunked(
    env,
    SCALE.users,
    `INSERT OR IGNORE INTO users (username, email, first_name, last_name, password_hash, created_at, updated_at, last_login)
     ${NUMBERS}
     SELECT 'scale_user_' || printf('%06d', i + 1), 'scale_user_' || printf('%06d', i + 1) || '@scale.local', json_extract(?3, '$[' || (i % 12) || ']'),
       json_extract(?4, '$[' || ((i * 5) % 12) || ']') || ' ' || (i + 1), ?5, ?6 + i * ?7 - 60000, ?6 + i * ?7 - 60000, ?6 + i * ?7 FROM n`,
    [JSON.stringify(FAMILY), JSON.stringify(WORDS), passwordHash, start, step],
    "users",
    log,
    "SELECT count(*) AS n FROM users WHERE email LIKE 'scale_user_%'",
  );
  const firstUser = (await env.DB.prepare("SELECT min(id) AS id FROM users WHERE email LIKE 'scale_user_%'").first()).id;

  // Ledger row i belongs to user u = i % USERS as its row j = i / USERS; purchases (odd j) are
  // numbered p = (j - 1) / 2 * USERS + u, and purchase p < 80% of the keys takes sold key k(p).
  const U = SCALE.users;
  const rowsPerUser = SCALE.ledger / U;
  const ledgerI = (p) => `((2 * (${p} / ${U}) + 1) * ${U} + (${p} % ${U}))`;
  const keys = SCALE.keys - demo.keys;
  // Key k is sold when k % 5 != 0, to purchase p = (k / 5) * 4 + k % 5 - 1.
  const keyP = "((i / 5) * 4 + i % 5 - 1)";
  await chunked(
    env,
    keys,
    `INSERT OR IGNORE INTO license_keys (app_id, key_type_id, key_code, status, order_reference, sold_to_user_id, sold_at, created_at, updated_at)
     ${NUMBERS}
     SELECT CASE WHEN i < ?3 THEN ?4 ELSE (SELECT id FROM apps WHERE url = 'scale-app-' || (2 + i % (CAST(?5 AS INTEGER) - 1))) END, ?6,
       'SCALE-' || printf('%07d', i) || '-' || upper(substr(hex(i * 2654435761), -6)),
       CASE WHEN i % 5 = 0 THEN 'available' ELSE 'sold' END,
       CASE WHEN i % 5 = 0 THEN NULL ELSE 'scale-order-' || ${ledgerI(keyP)} END,
       CASE WHEN i % 5 = 0 THEN NULL ELSE ?7 + ${keyP} % ${U} END,
       CASE WHEN i % 5 = 0 THEN NULL ELSE ?8 + ${ledgerI(keyP)} * ?9 END, ?8, ?8 FROM n`,
    [SCALE.bigAppKeys, bigApp.id, apps, keyType.id, firstUser, start, step],
    "keys",
    log,
    "SELECT count(*) AS n FROM license_keys WHERE key_code LIKE 'SCALE-%'",
  );

  const purchases = (SCALE.ledger / 2) | 0;
  await chunked(
    env,
    purchases,
    `INSERT OR IGNORE INTO orders (reference, user_id, app_id, key_pricing_id, key_type_id, key_id, app_name, app_bundle_id, key_type_name, key_code, amount, vnd_amount, status, created_at)
     ${NUMBERS}, o AS (SELECT i AS p, ${ledgerI("i")} AS li FROM n), l AS (SELECT o.*, (SELECT id FROM license_keys WHERE order_reference = 'scale-order-' || li) AS key_id FROM o)
     SELECT 'scale-order-' || l.li, ?3 + l.p % ${U}, a.id, NULL, ?4, l.key_id, a.name, a.bundle_identifier, ?5,
       coalesce((SELECT key_code FROM license_keys WHERE id = l.key_id), 'SCALE-ARCHIVED-' || l.p),
       -json_extract(?6, '$[' || ((l.p % ${U}) % 3) || '][' || (2 * (l.p / ${U}) + 1) || '].amount'),
       -json_extract(?6, '$[' || ((l.p % ${U}) % 3) || '][' || (2 * (l.p / ${U}) + 1) || '].amount'), 'completed', ?7 + l.li * ?8
     FROM l JOIN apps a ON a.id = coalesce((SELECT app_id FROM license_keys WHERE id = l.key_id), (SELECT id FROM apps WHERE url = 'scale-app-' || (2 + l.p % (CAST(?9 AS INTEGER) - 1))))`,
    [firstUser, keyType.id, keyType.name, JSON.stringify(ledgerPatterns(rowsPerUser)), start, step, apps],
    "orders",
    log,
    "SELECT count(*) AS n FROM orders WHERE reference LIKE 'scale-order-%'",
  );

  await chunked(
    env,
    SCALE.ledger,
    `INSERT OR IGNORE INTO wallet_transactions (user_id, transaction_type, source, amount, balance_before, balance_after, status, description, reference, order_id, created_at)
     ${NUMBERS}, r AS (SELECT i, i % ${U} AS u, i / ${U} AS j, json_extract(?3, '$[' || ((i % ${U}) % 3) || '][' || (i / ${U}) || ']') AS row FROM n)
     SELECT ?4 + u, CASE WHEN j % 2 = 0 THEN 'deposit' ELSE 'purchase' END, CASE WHEN j % 2 = 0 THEN json_extract(?5, '$[' || (i % 5) || ']') ELSE 'purchase' END,
       json_extract(row, '$.amount'), json_extract(row, '$.before'), json_extract(row, '$.after'), 'completed',
       CASE WHEN j % 2 = 0 THEN 'Nạp tiền' ELSE 'Mua key' END, CASE WHEN j % 2 = 0 THEN 'scale-deposit-' || i ELSE 'scale-order-' || i END,
       CASE WHEN j % 2 = 1 THEN (SELECT id FROM orders WHERE reference = 'scale-order-' || i) END, ?6 + i * ?7
     FROM r`,
    [JSON.stringify(ledgerPatterns(rowsPerUser)), firstUser, JSON.stringify(SOURCES), start, step],
    "ledger",
    log,
    "SELECT count(*) AS n FROM wallet_transactions WHERE reference LIKE 'scale-%'",
  );

  // Balances and totals: the last row of each user's chain.
  const patterns = ledgerPatterns(rowsPerUser).map((rows) => ({
    balance: rows.at(-1).after,
    spent: -rows.filter((row) => row.amount < 0).reduce((sum, row) => sum + row.amount, 0),
    keys: rows.filter((row) => row.amount < 0).length,
  }));
  await env.DB.prepare(
    `UPDATE users SET balance = json_extract(?1, '$[' || ((id - CAST(?2 AS INTEGER)) % 3) || '].balance'), total_spent = json_extract(?1, '$[' || ((id - CAST(?2 AS INTEGER)) % 3) || '].spent'),
       total_keys_purchased = json_extract(?1, '$[' || ((id - CAST(?2 AS INTEGER)) % 3) || '].keys') WHERE email LIKE 'scale_user_%'`,
  )
    .bind(JSON.stringify(patterns), firstUser)
    .run();
  const counts = await scaleCounts(env);
  if (!scaleComplete(counts)) {
    throw new Error(`the scale store came out with ${JSON.stringify(counts)}, not ${JSON.stringify(SCALE)}`);
  }
  return { bigAppId: bigApp.id, bigAppBundle: bigApp.bundle_identifier, firstUser };
}
