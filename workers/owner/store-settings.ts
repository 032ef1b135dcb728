// Store settings an admin changes at run time (table store_settings), over the environment's
// defaults. Today one: the USD→VND rate that turns a USD key price into what the wallet pays
// (docs/architecture.md#trust-rules: one currency in the wallet, nothing ever debits a raw foreign number).
import { getConfig } from "../platform/config";
import { type AdminActor, auditStatement } from "../db/statements/audit";
import { CRYPTO_SETTING_KEYS, cryptoSettings, storedRate, USD_VND_RATE_KEY, usdVndRate } from "../db/statements/store-settings";
import { fieldError } from "../platform/errors";
import { SETTINGS_MESSAGES } from "./messages";

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

/** The crypto settings as the admin's form shows them: in force, and whether a gateway is configured at all. */
export async function cryptoSettingsView(env: Env) {
  const configured = Boolean(getConfig(env).NOWPAYMENTS_API_URL);
  const settings = await cryptoSettings(env.DB, configured);
  return {
    enabled: settings.enabled,
    gateway_configured: configured,
    min_usd: settings.minUsd,
    max_usd: settings.maxUsd,
    usd_vnd_rate: await usdVndRate(env.DB, getConfig(env).USD_VND_RATE),
    updated_by: settings.updatedBy,
    updated_at: settings.updatedAt === null ? null : new Date(settings.updatedAt).toISOString(),
  };
}

/** Crypto on or off, and its smallest and largest invoice in US dollars: one batch with its audit record. */
export async function setCryptoSettings(env: Env, input: { enabled: boolean; min_usd: number; max_usd: number }, actor: AdminActor, now = Date.now()): Promise<void> {
  if (input.min_usd > input.max_usd) throw fieldError("min_usd", SETTINGS_MESSAGES.cryptoRange);
  const before = await cryptoSettings(env.DB, true);
  const put = (key: string, value: string) =>
    env.DB.prepare(
      `INSERT INTO store_settings (key, value, updated_by, updated_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    ).bind(key, value, actor.userId, now);
  const details = { before: { crypto_enabled: before.enabled, crypto_min_usd: before.minUsd, crypto_max_usd: before.maxUsd }, after: { crypto_enabled: input.enabled, crypto_min_usd: input.min_usd, crypto_max_usd: input.max_usd } };
  await env.DB.batch([
    put(CRYPTO_SETTING_KEYS.enabled, input.enabled ? "1" : "0"),
    put(CRYPTO_SETTING_KEYS.min, String(input.min_usd)),
    put(CRYPTO_SETTING_KEYS.max, String(input.max_usd)),
    auditStatement(env.DB, { actor, action: "settings.update", targetType: "setting", targetId: "crypto", details }),
  ]);
}
