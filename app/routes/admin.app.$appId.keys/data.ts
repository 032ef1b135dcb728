// What the key management layout loads for its tabs, and how a tab reads it.
import { useRouteLoaderData } from "@remix-run/react";
import type { KeyTypeOption } from "~/lib/admin";

export type AppHeader = { id: number; name: string; icon_url: string | null; app_type: string; url: string };

/** A pricing row as the admin pricing API sends it. */
export type AdminPricing = {
  id: number;
  key_type: { id: number; name: string; display_name: string; is_active?: boolean } | string | number | null;
  key_type_name?: string | null;
  price: number;
  currency: "VND" | "USD";
  formatted_price: string;
  /** "5,00 US$ ≈ 127.500 ₫" (the VND at the shop's rate), or a VND price as itself. */
  formatted_total?: string;
  /** What a purchase debits; null for a USD price while the shop has no rate. */
  vnd_price?: number | null;
  is_active: boolean;
  available_count: number;
  is_available: boolean;
  is_low_stock: boolean;
  can_purchase: boolean;
};

export type KeysData = {
  header: AppHeader | null;
  types: KeyTypeOption[];
  /** "missing": no such app; "failed": the pricing could not be loaded (the message was shown). */
  state: "ready" | "missing" | "failed";
  pricing: AdminPricing[];
};

/** The layout's data, for the tab routes. */
export function useKeysData(): KeysData {
  return useRouteLoaderData("routes/admin.app.$appId.keys") as KeysData;
}
