// An order as the buyer sees it, below the domains: money's purchases and licensing's trial keys
// (workers/licensing/trials.ts) both make orders and answer them in this one shape.
import { formatPrice, formatPriceWithVnd, formatVND } from "../../shared/format";

/** The columns of `orders` an answer is built from (`SELECT ${ORDER_COLUMNS} FROM orders …`). */
export const ORDER_COLUMNS = "id, reference, app_id, app_name, app_bundle_id, key_type_name, key_code, amount, currency, vnd_amount, exchange_rate, status, payment_method, created_at";

export type PurchasedOrder = {
  id: number;
  reference: string;
  app_id: number | null;
  app_name: string;
  app_bundle_id: string | null;
  key_type_name: string;
  key_code: string;
  /** The price in `currency`. */
  amount: number;
  currency: "VND" | "USD";
  formatted_price: string;
  /** What the wallet was charged, always VND, and the VND per US$ used (null for a VND price). */
  vnd_amount: number;
  exchange_rate: number | null;
  formatted_vnd_amount: string;
  /** "5,00 US$ ≈ 127.500 ₫", or the VND price as itself. */
  formatted_total: string;
  status: string;
  payment_method: string;
  purchased_at: string;
};

export type OrderRow = Omit<PurchasedOrder, "formatted_price" | "formatted_vnd_amount" | "formatted_total" | "purchased_at"> & { created_at: number };

export function toPurchasedOrder(row: OrderRow): PurchasedOrder {
  const { created_at, ...rest } = row;
  return {
    ...rest,
    formatted_price: formatPrice(row.amount, row.currency),
    formatted_vnd_amount: formatVND(row.vnd_amount),
    formatted_total: formatPriceWithVnd(row.amount, row.currency, row.vnd_amount),
    purchased_at: new Date(created_at).toISOString(),
  };
}
