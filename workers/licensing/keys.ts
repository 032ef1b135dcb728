// Key types, pricing and stock as a buyer sees them (docs/product.md §3 "Key pricing", §4).
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { keyPricing, keyTypes, licenseKeys } from "../db/schema";
import { formatPrice, formatPriceWithVnd, formatVND } from "../shared/format";
import type { PricingTerms } from "../owner/store-settings";
import { vndPrice } from "../shared/money/currency";
import type { PublicPricing } from "../shared/money/pricing";

// The screens use this shape too: shared/pricing.ts owns it, below both.
export type { PublicPricing } from "../shared/money/pricing";

/** An app's pricings with live stock, active first then cheapest (in VND) first (docs/product.md §4). */
export async function listAppPricing(db: Database, appId: number, { rate, lowStockThreshold }: PricingTerms): Promise<PublicPricing[]> {
  const rows = await db
    .select({
      id: keyPricing.id,
      price: keyPricing.price,
      currency: keyPricing.currency,
      isActive: keyPricing.isActive,
      typeId: keyTypes.id,
      typeName: keyTypes.name,
      displayName: keyTypes.displayName,
      description: keyTypes.description,
      durationDays: keyTypes.durationDays,
      typeActive: keyTypes.isActive,
      available: sql<number>`(select count(*) from ${licenseKeys} where ${licenseKeys.appId} = ${keyPricing.appId}
        and ${licenseKeys.keyTypeId} = ${keyPricing.keyTypeId} and ${licenseKeys.status} = 'available')`,
    })
    .from(keyPricing)
    .innerJoin(keyTypes, eq(keyTypes.id, keyPricing.keyTypeId))
    .where(eq(keyPricing.appId, appId))
    .orderBy(asc(keyPricing.price));
  return rows
    .map((row) => {
      const available = Number(row.available);
      const vnd = vndPrice(row.price, row.currency, rate);
      return {
        id: row.id,
        pricing_id: row.id,
        key_type: {
          id: row.typeId,
          name: row.typeName,
          display_name: row.displayName,
          description: row.description,
          duration_days: row.durationDays,
          is_active: row.typeActive,
        },
        key_type_name: row.displayName,
        price: row.price,
        currency: row.currency,
        formatted_price: formatPrice(row.price, row.currency),
        vnd_price: vnd,
        formatted_vnd_price: vnd === null ? null : formatVND(vnd),
        formatted_total: formatPriceWithVnd(row.price, row.currency, vnd),
        usd_vnd_rate: rate,
        is_active: row.isActive,
        available_count: available,
        is_available: available > 0,
        is_low_stock: available > 0 && available <= lowStockThreshold,
        // A paused key type pauses every app's pricing of it (the purchase refuses it too).
        can_purchase: row.isActive && row.typeActive && available > 0 && vnd !== null,
      };
    })
    .sort((a, b) => Number(b.is_active) - Number(a.is_active) || (a.vnd_price ?? Infinity) - (b.vnd_price ?? Infinity) || a.price - b.price);
}

export async function listKeyTypes(db: Database) {
  const rows = await db.select().from(keyTypes).orderBy(asc(keyTypes.id));
  return rows.map((type) => ({
    id: type.id,
    name: type.name,
    display_name: type.displayName,
    description: type.description,
    duration_days: type.durationDays,
    is_active: type.isActive,
    created_at: type.createdAt.toISOString(),
    updated_at: type.updatedAt.toISOString(),
  }));
}
