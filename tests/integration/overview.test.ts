// The owner's overview (GET /api/admin/overview/): sums on known ledger rows and orders, measured
// as what they add to the store's figures (other rows may exist), across midnight in Vietnam.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, listing, person, unique } from "../factories";

const DAY = 86_400_000;
const VIETNAM = 7 * 3_600_000;

/** When today began in Vietnam (00:00 UTC+7), as UTC ms. */
function vietnamMidnight(now = Date.now()): number {
  return Math.floor((now + VIETNAM) / DAY) * DAY - VIETNAM;
}

function vietnamDate(ms: number): string {
  return new Date(ms + VIETNAM).toISOString().slice(0, 10);
}

async function ledgerRow(userId: number, source: string, amount: number, createdAt: number) {
  await env.DB.prepare(
    `INSERT INTO wallet_transactions (user_id, transaction_type, source, amount, balance_before, balance_after, reference, created_at)
     VALUES (?1, 'deposit', ?2, ?3, 0, ?3, ?4, ?5)`,
  )
    .bind(userId, source, amount, unique("ref"), createdAt)
    .run();
}

async function order(userId: number, appName: string, vndAmount: number, createdAt: number, status = "completed") {
  await env.DB.prepare(
    `INSERT INTO orders (reference, user_id, app_name, key_type_name, key_code, amount, vnd_amount, status, created_at)
     VALUES (?1, ?2, ?3, '7days', ?4, ?5, ?5, ?6, ?7)`,
  )
    .bind(unique("order"), userId, appName, unique("KEY"), vndAmount, status, createdAt)
    .run();
}

type Overview = {
  success: boolean;
  days: number;
  today: string;
  revenue: { today: number; last_7_days: number; last_30_days: number; previous: { today: number; last_7_days: number; last_30_days: number } };
  daily: { date: string; revenue: number; deposits: number }[];
  deposits_by_channel: Record<string, number>;
  top_apps: { app_id: number | null; app_name: string; keys_sold: number; revenue: number }[];
  new_users: { registered: number; first_time_buyers: number; recent: { id: number; username: string }[] };
  low_stock: { pricing_id: number; app_id: number; app_name: string; key_type: string; available_count: number }[];
  attention: { topups_waiting: number; transfers_parked: number; cards_waiting: number; low_stock: number; sold_out: number };
};

async function overview(token: string, query = "") {
  const { status, body } = await api(`/api/admin/overview/${query}`, { token });
  expect(status).toBe(200);
  return body as unknown as Overview;
}

describe("GET /api/admin/overview/", () => {
  it("sums sales and deposits by Vietnam day, period and channel, with the day boundary at midnight UTC+7", async () => {
    const admin = await person("superuser");
    const buyer = await person();
    const midnight = vietnamMidnight();
    const appName = `Overview ${unique("app")}`;
    const before = await overview(admin.token);

    await ledgerRow(buyer.id, "vietqr", 100_000, midnight); // 00:00:00.000 today
    await ledgerRow(buyer.id, "card", 50_000, midnight - 1); // 23:59:59.999 yesterday
    await ledgerRow(buyer.id, "bonus", 10_000, midnight);
    await ledgerRow(buyer.id, "admin", 20_000, midnight - 3 * DAY);
    await order(buyer.id, appName, 30_000, midnight);
    await order(buyer.id, appName, 70_000, midnight - 1);
    await order(buyer.id, appName, 40_000, midnight - 7 * DAY); // the 8th day back: the 7 days before the last 7
    await order(buyer.id, appName, 99_000, midnight, "refunded");
    const newcomer = await person();
    const after = await overview(admin.token);

    const added = (pick: (o: Overview) => number) => pick(after) - pick(before);
    expect(added((o) => o.revenue.today)).toBe(30_000);
    expect(added((o) => o.revenue.last_7_days)).toBe(100_000);
    expect(added((o) => o.revenue.last_30_days)).toBe(140_000);
    expect(added((o) => o.revenue.previous.today)).toBe(70_000);
    expect(added((o) => o.revenue.previous.last_7_days)).toBe(40_000);
    expect(added((o) => o.revenue.previous.last_30_days)).toBe(0);

    expect(after.days).toBe(30);
    expect(after.daily).toHaveLength(30);
    expect(after.today).toBe(vietnamDate(Date.now()));
    expect(after.daily.at(-1)?.date).toBe(vietnamDate(midnight));
    expect(after.daily.at(-2)?.date).toBe(vietnamDate(midnight - 1));
    expect(after.daily[0].date).toBe(vietnamDate(midnight - 29 * DAY));
    const point = (o: Overview, fromEnd: number) => o.daily.at(-fromEnd)!;
    // Today: the sale and the VietQR deposit at 00:00 (the bonus is not money received).
    expect(point(after, 1).revenue - point(before, 1).revenue).toBe(30_000);
    expect(point(after, 1).deposits - point(before, 1).deposits).toBe(100_000);
    // Yesterday: what happened at 23:59:59.999.
    expect(point(after, 2).revenue - point(before, 2).revenue).toBe(70_000);
    expect(point(after, 2).deposits - point(before, 2).deposits).toBe(50_000);
    expect(point(after, 4).deposits - point(before, 4).deposits).toBe(20_000);
    expect(point(after, 8).revenue - point(before, 8).revenue).toBe(40_000);

    for (const [channel, amount] of Object.entries({ vietqr: 100_000, card: 50_000, bonus: 10_000, admin: 20_000, bank_transfer: 0 })) {
      expect(added((o) => o.deposits_by_channel[channel]), channel).toBe(amount);
    }
    expect(after.top_apps.find((app) => app.app_name === appName)).toMatchObject({ keys_sold: 3, revenue: 140_000 });
    expect(added((o) => o.new_users.registered)).toBe(1);
    expect(added((o) => o.new_users.first_time_buyers)).toBe(1);
    expect(after.new_users.recent[0]).toMatchObject({ id: newcomer.id, username: newcomer.username });
  });

  it("lists pricings low on stock or sold out and counts what waits for the owner", async () => {
    const admin = await person("superuser");
    const before = await overview(admin.token);
    const low = await listing({ stock: 2 });
    const soldOut = await listing({ stock: 0 });
    const plenty = await listing({ stock: 9 });
    await env.DB.prepare(
      "INSERT INTO payment_events (provider, provider_transaction_id, amount, content, raw_body, status) VALUES ('sepay', ?1, 50000, 'NAP XYZ', '{}', 'unmatched')",
    )
      .bind(unique("tx"))
      .run();
    const after = await overview(admin.token, "?days=7");

    expect(after.daily).toHaveLength(7);
    expect(after.low_stock).toContainEqual(expect.objectContaining({ pricing_id: low.pricing.id, app_id: low.app.id, app_name: low.app.name, available_count: 2 }));
    expect(after.low_stock).toContainEqual(expect.objectContaining({ pricing_id: soldOut.pricing.id, available_count: 0 }));
    expect(after.low_stock.map((item) => item.pricing_id)).not.toContain(plenty.pricing.id);
    expect(after.attention.low_stock - before.attention.low_stock).toBe(1);
    expect(after.attention.sold_out - before.attention.sold_out).toBe(1);
    expect(after.attention.transfers_parked - before.attention.transfers_parked).toBe(1);
    expect(after.attention.cards_waiting - before.attention.cards_waiting).toBe(0);
  });

  it("refuses a bad number of days with the store's error shape", async () => {
    const admin = await person("superuser");
    for (const [days, message] of [
      ["0", "Số ngày phải từ 1 đến 90"],
      ["91", "Số ngày phải từ 1 đến 90"],
      ["abc", "Số ngày phải là số nguyên"],
      ["1.5", "Số ngày phải là số nguyên"],
    ]) {
      const { status, body } = await api(`/api/admin/overview/?days=${days}`, { token: admin.token });
      expect(status, days).toBe(400);
      expect(body, days).toMatchObject({ success: false, message, errors: { days: [message] } });
    }
  });
});
