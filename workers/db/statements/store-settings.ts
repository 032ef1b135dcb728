// The store's settings table as reads (workers/owner/store-settings.ts changes it): the USD→VND
// rate in force, read here so the wallet object reads it on its own queue when a purchase runs.
import { MAX_USD_VND_RATE } from "../../shared/money/currency";

export const USD_VND_RATE_KEY = "usd_vnd_rate";

function parseRate(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,7}$/.test(text)) return null;
  const rate = Number(text);
  return rate >= 1 && rate <= MAX_USD_VND_RATE ? rate : null;
}

type Row = { value: string; updated_by: number | null; updated_at: number };

export async function storedRate(d1: D1Database): Promise<(Row & { rate: number }) | null> {
  const row = await d1.prepare("SELECT value, updated_by, updated_at FROM store_settings WHERE key = ?").bind(USD_VND_RATE_KEY).first<Row>();
  const rate = parseRate(row?.value);
  return row && rate !== null ? { ...row, rate } : null;
}

/** VND per 1 US$ now: the admin's rate, else `configured` (the setting USD_VND_RATE), else null (USD prices not buyable). */
export async function usdVndRate(d1: D1Database, configured: number | null): Promise<number | null> {
  return (await storedRate(d1))?.rate ?? configured;
}
