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

/** The shop's crypto top-up settings, as stored (workers/owner/store-settings.ts changes them). */
export const CRYPTO_SETTING_KEYS = { enabled: "crypto_enabled", min: "crypto_min_usd", max: "crypto_max_usd" } as const;
/** Without a stored setting: crypto is on whenever a gateway is configured, from US$2 to US$1,000. */
const CRYPTO_DEFAULTS = { minUsd: 2, maxUsd: 1_000 } as const;
const MAX_CRYPTO_USD = 100_000;

export type CryptoSettings = { enabled: boolean; minUsd: number; maxUsd: number; updatedBy: number | null; updatedAt: number | null };

/** The crypto settings in force: what an admin stored, else the defaults (on when `configured`). */
export async function cryptoSettings(d1: D1Database, configured: boolean): Promise<CryptoSettings> {
  const { results } = await d1
    .prepare("SELECT key, value, updated_by, updated_at FROM store_settings WHERE key IN (?1, ?2, ?3)")
    .bind(CRYPTO_SETTING_KEYS.enabled, CRYPTO_SETTING_KEYS.min, CRYPTO_SETTING_KEYS.max)
    .all<Row & { key: string }>();
  const stored = new Map(results.map((row) => [row.key, row]));
  const whole = (key: string, fallback: number) => {
    const text = stored.get(key)?.value;
    return text && /^\d{1,6}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_CRYPTO_USD ? Number(text) : fallback;
  };
  const latest = results.reduce<(Row & { key: string }) | null>((newest, row) => (!newest || row.updated_at > newest.updated_at ? row : newest), null);
  const enabled = stored.get(CRYPTO_SETTING_KEYS.enabled)?.value;
  return {
    enabled: configured && enabled !== "0",
    minUsd: whole(CRYPTO_SETTING_KEYS.min, CRYPTO_DEFAULTS.minUsd),
    maxUsd: whole(CRYPTO_SETTING_KEYS.max, CRYPTO_DEFAULTS.maxUsd),
    updatedBy: latest?.updated_by ?? null,
    updatedAt: latest?.updated_at ?? null,
  };
}
