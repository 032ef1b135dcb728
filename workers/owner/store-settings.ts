// Store settings an admin changes at run time (table store_settings), over the environment's
// defaults. Today one: the USD→VND rate that turns a USD key price into what the wallet pays
// (docs/architecture.md#trust-rules: one currency in the wallet, nothing ever debits a raw foreign number).
import { getConfig } from "../platform/config";
import { type AdminActor, auditStatement } from "./audit";
import { storedRate, USD_VND_RATE_KEY, usdVndRate } from "../db/statements/store-settings";

/**
 * What a pricing list is read with (keys.ts listAppPricing): the rate in force, and the shop's
 * LOW_STOCK_THRESHOLD, at or below which an option shows 'Sắp hết' (the overview and the Telegram
 * alert read the same setting).
 */
export type PricingTerms = { rate: number | null; lowStockThreshold: number };

export async function pricingTerms(d1: D1Database, env: object): Promise<PricingTerms> {
  return { rate: await usdVndRate(d1, getConfig(env).USD_VND_RATE), lowStockThreshold: getConfig(env).LOW_STOCK_THRESHOLD };
}

export type RateSettings = {
  usd_vnd_rate: number | null;
  /** Where the rate in force comes from. */
  source: "store" | "env" | null;
  default_usd_vnd_rate: number | null;
  updated_by: number | null;
  updated_at: string | null;
};

export async function rateSettings(d1: D1Database, env: object): Promise<RateSettings> {
  const stored = await storedRate(d1);
  const fallback = getConfig(env).USD_VND_RATE;
  return {
    usd_vnd_rate: stored?.rate ?? fallback,
    source: stored ? "store" : fallback !== null ? "env" : null,
    default_usd_vnd_rate: fallback,
    updated_by: stored?.updated_by ?? null,
    updated_at: stored ? new Date(stored.updated_at).toISOString() : null,
  };
}

/** Sets the admin's rate, or with null removes it (the environment's default applies again). */
export async function setUsdVndRate(d1: D1Database, rate: number | null, actor: AdminActor, now = Date.now()): Promise<void> {
  const before = (await storedRate(d1))?.rate ?? null;
  const change =
    rate === null
      ? d1.prepare("DELETE FROM store_settings WHERE key = ?").bind(USD_VND_RATE_KEY)
      : d1
          .prepare(
            `INSERT INTO store_settings (key, value, updated_by, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
          )
          .bind(USD_VND_RATE_KEY, String(rate), actor.userId, now);
  const details = { before: { usd_vnd_rate: before }, after: { usd_vnd_rate: rate } };
  await d1.batch([change, auditStatement(d1, { actor, action: "settings.update", targetType: "setting", targetId: USD_VND_RATE_KEY, details })]);
}
