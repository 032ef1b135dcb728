// Pure helpers of the admin's key screens (docs/product.md §4, §5): key types, pricings and the
// import count, beside app/owner/admin.ts; the key list's own are ./admin-key-list.ts.
import type { listKeyTypes } from "@workers/licensing/keys";

/** A key type as GET /api/keys/types/ sends it, in the fields the screens read. */
export type KeyTypeOption = Pick<Awaited<ReturnType<typeof listKeyTypes>>[number], "id" | "name" | "display_name" | "duration_days">;
export type PricingLike = { key_type: { name: string } | string | number | null; key_type_name?: string | null };

export const FALLBACK_KEY_TYPES: KeyTypeOption[] = [
  { id: 0, name: "1day", display_name: "1 ngày", duration_days: 1 },
  { id: 0, name: "7days", display_name: "7 ngày", duration_days: 7 },
  { id: 0, name: "30days", display_name: "30 ngày", duration_days: 30 },
  { id: 0, name: "lifetime", display_name: "Vĩnh viễn", duration_days: 0 },
];

/** The key type's name of a pricing row, whichever shape the server sent. */
export function pricingTypeName(pricing: PricingLike): string {
  const type = pricing.key_type;
  if (type && typeof type === "object") return type.name;
  return pricing.key_type_name ?? String(type ?? "");
}

/** The create select lists only key types without a pricing (one pricing per type, docs/product.md §4). */
export function typesWithoutPricing<T extends { name: string }>(types: T[], pricings: PricingLike[]): T[] {
  const taken = new Set(pricings.map(pricingTypeName));
  return types.filter((type) => !taken.has(type.name));
}

/** The default key type of the create form: 1day when free, else the first free one. */
export function defaultKeyType(free: { name: string }[]): string {
  return free.find((type) => type.name === "1day")?.name ?? free[0]?.name ?? "";
}

/** The live count under the import textarea: non-blank lines (duplicates are counted; the server skips them). */
export function countKeyLines(text: string): number {
  let count = 0;
  for (const line of text.split(/\r?\n/)) if (line.trim()) count += 1;
  return count;
}
