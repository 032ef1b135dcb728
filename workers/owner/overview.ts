// The shop owner's overview (issue #18): sales, money in, what sells, who arrived and what waits
// for the owner, summed in SQL over the ledger (wallet_transactions) and orders within date
// ranges their created_at indexes serve. Days are Vietnam's calendar days (UTC+7, no daylight
// saving), so a day starts at 17:00 UTC of the day before.

import { vietnamDay, vietnamDayStart as dayStart } from "../shared/format";

const DAY_MS = 86_400_000;
const TOP_APPS = 10;
const RECENT_USERS = 5;
const LOW_STOCK_LISTED = 20;

/** Where deposit ledger rows come from (wallet_transactions.source). */
// Crypto nets its refunds and the debts they left (negative rows of source 'crypto').
const DEPOSIT_CHANNELS = ["vietqr", "card", "bank_transfer", "crypto", "bonus", "admin"] as const;
type Channel = (typeof DEPOSIT_CHANNELS)[number];

type Periods = { today: number; last_7_days: number; last_30_days: number };

export type StoreOverview = {
  days: number;
  /** Vietnam's date today, YYYY-MM-DD. */
  today: string;
  revenue: Periods & { previous: Periods };
  /** One point per Vietnam day, oldest first, today last; deposits are money received (bonuses excluded). */
  daily: { date: string; revenue: number; deposits: number }[];
  deposits_by_channel: Record<Channel, number>;
  top_apps: { app_id: number | null; app_name: string; keys_sold: number; revenue: number }[];
  new_users: { registered: number; first_time_buyers: number; recent: { id: number; username: string; email: string; created_at: string }[] };
  low_stock: { pricing_id: number; app_id: number; app_name: string; key_type: string; available_count: number }[];
  attention: { topups_waiting: number; transfers_parked: number; cards_waiting: number; crypto_parked: number; low_stock: number; sold_out: number };
  /**
   * The period's completed ledger rows by what moved the money, each summed with its count, so the
   * screen reconciles: deposits + bonuses + adjustments − sales = balance_change (the change of all
   * balances together). Adjustments are every row an admin made (source 'admin': credits, debits and
   * the admin's deposits), net; sales are what purchases took from wallets.
   */
  ledger: { deposits: Figure; bonuses: Figure; adjustments: Figure; sales: Figure; balance_change: number };
};

type Figure = { total: number; count: number };

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}


/**
 * Revenue (completed key sales, in VND) today, in the last 7 and 30 Vietnam days (today
 * included) and in the periods just before them; the other figures over the last `days` days.
 */
/** One statement of the overview: its SQL and parameters (exported so tests can read its query plan). */
export type OverviewQuery = { sql: string; params: (number | string)[] };

/**
 * The overview's statements, in the order storeOverview reads them. Ledger deposits come from the
 * daily rollup (ledger_daily, written with each ledger row by migrations/0014), sales from the
 * orders_sales index alone, first-time buyers from users.first_purchase_at
 * (docs/decisions/0030-sizing-and-scale.md).
 */
export function overviewQueries(days: number, lowStockThreshold: number, now = Date.now()): OverviewQuery[] {
  const today = vietnamDay(now);
  const since = (count: number) => dayStart(today - count + 1);
  const from = since(days);
  return [
    // Days, from the sales rollup: every period starts at a Vietnam midnight.
    {
      sql: `SELECT
           coalesce(sum(CASE WHEN day >= ?1 THEN revenue END), 0) AS today,
           coalesce(sum(CASE WHEN day >= ?2 THEN revenue END), 0) AS last_7_days,
           coalesce(sum(CASE WHEN day >= ?3 THEN revenue END), 0) AS last_30_days,
           coalesce(sum(CASE WHEN day >= ?4 AND day < ?1 THEN revenue END), 0) AS previous_today,
           coalesce(sum(CASE WHEN day >= ?5 AND day < ?2 THEN revenue END), 0) AS previous_7_days,
           coalesce(sum(CASE WHEN day < ?3 THEN revenue END), 0) AS previous_30_days
         FROM sales_daily WHERE day >= ?6 AND day <= ?7 AND status = 'completed'`,
      params: [today, today - 6, today - 29, today - 1, today - 13, today - 59, today],
    },
    {
      sql: "SELECT day, sum(revenue) AS total FROM sales_daily WHERE day >= ?1 AND day <= ?2 AND status = 'completed' GROUP BY day",
      params: [today - days + 1, today],
    },
    {
      sql: `SELECT day, source, sum(total) AS total FROM ledger_daily
         WHERE day >= ?1 AND day <= ?2 AND transaction_type = 'deposit' AND status = 'completed' GROUP BY day, source`,
      params: [today - days + 1, today],
    },
    // Grouped by the app's id alone (an integer, from the orders_sales index); a deleted app's
    // orders (app_id set null, few, from the orders_app index) by the name they were sold under.
    // Two groupings joined, not one on (id, name): bench:scale's 82,000 orders of 30 days group in
    // about half the time (docs/decisions/0030-sizing-and-scale.md). The name shown is the app's own.
    {
      sql: `SELECT s.app_id, coalesce(s.deleted_name, (SELECT name FROM apps WHERE id = s.app_id)) AS app_name, s.keys_sold, s.revenue FROM (
           SELECT app_id, NULL AS deleted_name, count(*) AS keys_sold, sum(vnd_amount) AS revenue FROM orders
             WHERE created_at >= ?1 AND created_at <= ?2 AND status = 'completed' AND app_id IS NOT NULL GROUP BY app_id
           UNION ALL
           SELECT NULL, app_name, count(*), sum(vnd_amount) FROM orders
             WHERE app_id IS NULL AND status = 'completed' AND created_at >= ?1 AND created_at <= ?2 GROUP BY app_name
           ORDER BY keys_sold DESC, revenue DESC LIMIT ${TOP_APPS}
         ) s ORDER BY s.keys_sold DESC, s.revenue DESC`,
      params: [from, now],
    },
    { sql: "SELECT count(*) AS total FROM users WHERE created_at >= ?1 AND created_at <= ?2", params: [from, now] },
    // Buyers whose first completed order falls in the period.
    { sql: "SELECT count(*) AS total FROM users WHERE first_purchase_at >= ?1 AND first_purchase_at <= ?2", params: [from, now] },
    {
      sql: `SELECT id, username, email, created_at FROM users WHERE created_at >= ?1 AND created_at <= ?2 ORDER BY created_at DESC, id DESC LIMIT ${RECENT_USERS}`,
      params: [from, now],
    },
    // Each pricing's stock is counted only up to one past the threshold: a pricing above it is
    // not listed, so its count can stop there, and an app with 100,000 keys costs as little as
    // one with 3. The counts listed (at or below the threshold) are exact.
    {
      sql: `SELECT * FROM (
           SELECT p.id AS pricing_id, p.app_id AS app_id, a.name AS app_name, t.display_name AS key_type,
             (SELECT count(*) FROM (SELECT 1 FROM license_keys k WHERE k.app_id = p.app_id AND k.key_type_id = p.key_type_id AND k.status = 'available' LIMIT ?1 + 1)) AS available_count
           FROM key_pricing p JOIN apps a ON a.id = p.app_id JOIN key_types t ON t.id = p.key_type_id
           WHERE p.is_active = 1
         ) WHERE available_count <= ?1 ORDER BY available_count, app_name, pricing_id`,
      params: [lowStockThreshold],
    },
    // The period's ledger by type and source, from the rollup (its rows carry their counts).
    {
      sql: `SELECT transaction_type, source, sum(total) AS total, sum(entries) AS entries FROM ledger_daily
         WHERE day >= ?1 AND day <= ?2 AND status = 'completed' GROUP BY transaction_type, source`,
      params: [today - days + 1, today],
    },
    {
      sql: `SELECT
           (SELECT count(*) FROM vietqr_topups WHERE status = 'pending' AND expires_at > ?1)
             + (SELECT count(*) FROM card_topups WHERE status = 'pending')
             + (SELECT count(*) FROM crypto_topups WHERE status = 'pending' AND (coalesce(gateway_status, 'waiting') <> 'waiting' OR expires_at > ?1)) AS topups_waiting,
           (SELECT count(*) FROM payment_events WHERE status = 'unmatched' AND card_topup_id IS NULL) AS transfers_parked,
           (SELECT count(*) FROM payment_events WHERE status = 'unmatched' AND card_topup_id IS NOT NULL) AS cards_waiting,
           (SELECT count(*) FROM crypto_payments WHERE review = 'parked') AS crypto_parked`,
      params: [now],
    },
  ];
}

type LedgerRow = { transaction_type: string; source: string; total: number; entries: number };

/** The rollup's rows of a period, grouped as the overview reconciles them. */
function ledgerFigures(rows: LedgerRow[]): StoreOverview["ledger"] {
  const figure = (match: (row: LedgerRow) => boolean, sign = 1): Figure =>
    rows.filter(match).reduce((sum, row) => ({ total: sum.total + sign * row.total, count: sum.count + row.entries }), { total: 0, count: 0 });
  return {
    deposits: figure((row) => row.transaction_type === "deposit" && row.source !== "admin" && row.source !== "bonus"),
    bonuses: figure((row) => row.source === "bonus"),
    adjustments: figure((row) => row.source === "admin"),
    sales: figure((row) => row.transaction_type === "purchase", -1),
    balance_change: rows.reduce((sum, row) => sum + row.total, 0),
  };
}

/**
 * Revenue (completed key sales, in VND) today, in the last 7 and 30 Vietnam days (today
 * included) and in the periods just before them; the other figures over the last `days` days.
 */
export async function storeOverview(d1: D1Database, days: number, lowStockThreshold: number, now = Date.now()): Promise<StoreOverview> {
  const today = vietnamDay(now);
  const [periods, dailySales, dailyDeposits, topApps, registered, firstBuyers, recentUsers, stock, ledger, waiting] = await d1.batch(
    overviewQueries(days, lowStockThreshold, now).map((query) => d1.prepare(query.sql).bind(...query.params)),
  );

  const revenue = periods.results[0] as Record<string, number>;
  const salesByDay = new Map((dailySales.results as { day: number; total: number }[]).map((row) => [row.day, row.total]));
  const depositsByDay = new Map<number, number>();
  const byChannel = Object.fromEntries(DEPOSIT_CHANNELS.map((channel) => [channel, 0])) as Record<Channel, number>;
  for (const row of dailyDeposits.results as { day: number; source: Channel; total: number }[]) {
    if (row.source in byChannel) byChannel[row.source] += row.total;
    if (row.source !== "bonus") depositsByDay.set(row.day, (depositsByDay.get(row.day) ?? 0) + row.total);
  }
  const lowStock = stock.results as StoreOverview["low_stock"];
  const counts = waiting.results[0] as Omit<StoreOverview["attention"], "low_stock" | "sold_out">;
  const firstDay = today - days + 1;
  return {
    days,
    today: dateOf(today),
    revenue: {
      today: revenue.today,
      last_7_days: revenue.last_7_days,
      last_30_days: revenue.last_30_days,
      previous: { today: revenue.previous_today, last_7_days: revenue.previous_7_days, last_30_days: revenue.previous_30_days },
    },
    daily: Array.from({ length: days }, (_, index) => {
      const day = firstDay + index;
      return { date: dateOf(day), revenue: salesByDay.get(day) ?? 0, deposits: depositsByDay.get(day) ?? 0 };
    }),
    deposits_by_channel: byChannel,
    top_apps: topApps.results as StoreOverview["top_apps"],
    new_users: {
      registered: (registered.results[0] as { total: number }).total,
      first_time_buyers: (firstBuyers.results[0] as { total: number }).total,
      recent: (recentUsers.results as { id: number; username: string; email: string; created_at: number }[]).map((user) => ({
        ...user,
        created_at: new Date(user.created_at).toISOString(),
      })),
    },
    low_stock: lowStock.slice(0, LOW_STOCK_LISTED),
    ledger: ledgerFigures(ledger.results as LedgerRow[]),
    attention: {
      ...counts,
      low_stock: lowStock.filter((item) => item.available_count > 0).length,
      sold_out: lowStock.filter((item) => item.available_count === 0).length,
    },
  };
}
