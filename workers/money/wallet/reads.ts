// What anyone may read of a wallet without its object: the balance as it stands and an order as
// the buyer sees it. Reads only; every change goes through the UserWallet (walletFor, ./port.ts).
import { formatPrice, formatPriceWithVnd, formatVND } from "../../shared/format";

export type LedgerType = "deposit" | "purchase" | "admin_adjustment";
export type LedgerSource = "vietqr" | "card" | "bank_transfer" | "bonus" | "purchase" | "admin";

export type WalletSnapshot = { balance: number; formatted_balance: string; total_spent: number; total_keys_purchased: number };

export async function walletSnapshot(db: D1Database, userId: number): Promise<WalletSnapshot | null> {
  const row = await db
    .prepare("SELECT balance, total_spent, total_keys_purchased FROM users WHERE id = ?")
    .bind(userId)
    .first<{ balance: number; total_spent: number; total_keys_purchased: number }>();
  return row ? { ...row, formatted_balance: formatVND(row.balance) } : null;
}

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
