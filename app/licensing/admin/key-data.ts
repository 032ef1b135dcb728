// What the key management layout loads for its tabs, how a tab reads it, and how the key screens
// word a failed action (docs/product.md §8 "Keys admin").
import { useRouteLoaderData } from "@remix-run/react";
import type { KeyTypeOption } from "~/owner/admin-keys";
import { type ActionFailed, actionFailure } from "~/owner/admin-route";
import { ApiError } from "~/platform/api";

export type AppHeader = { id: number; name: string; icon_url: string | null; app_type: string; url: string; package_manager_pricing_id?: number | null };

/** A pricing row as the admin pricing API sends it. */
export type AdminPricing = {
  id: number;
  key_type: { id: number; name: string; display_name: string; is_active?: boolean } | string | number | null;
  key_type_name?: string | null;
  price: number;
  currency: "VND" | "USD";
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
  /** "missing": no such app. A pricing that could not be loaded is an empty list (docs/product.md §8). */
  state: "ready" | "missing";
  pricing: AdminPricing[];
};

/** The layout's data, for the tab routes. */
export function useKeysData(): KeysData {
  return useRouteLoaderData("routes/admin.app.$appId.keys") as KeysData;
}

/**
 * What a failed key action says: the action's own failure text leads, with the server's reason
 * after it ('Xóa key thất bại: Key không tồn tại'); an unexpected failure (no answer, a server
 * error, a bug) is 'Có lỗi xảy ra: {msg}'.
 */
export function keyFailureText(error: unknown, label: string): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message ? `${label}: ${error.message}` : label;
  return `Có lỗi xảy ra: ${error instanceof Error && error.message ? error.message : label}`;
}

/** A key screen's clientAction failure: redirects as every admin call does, else the worded message in a red toast. */
export function keyActionFailure(error: unknown, request: Request, label: string, options?: { shownInForm?: boolean }): ActionFailed {
  return actionFailure(error, request, label, () => keyFailureText(error, label), options);
}
