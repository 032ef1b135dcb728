// The buyer's wallet as the API reads it (spec §7 "Auth and wallet"): balance, ledger, purchases,
// and the purchase messages. Changes of a balance go through the user's wallet object
// (workers/wallet/port.ts), never through here.
import { desc, eq } from "drizzle-orm";
import { formatVND } from "../../app/lib/format";
import type { Database } from "../db/client";
import { orders, walletTransactions } from "../db/schema";
import { type LedgerSource, type LedgerType, type PurchasedOrder, toPurchasedOrder, type WalletSnapshot, walletSnapshot } from "../wallet/money";

export const WALLET_MESSAGES = {
  purchased: "Mua key thành công!",
  paused: "Loại key này đã tạm dừng bán. Vui lòng chọn loại key khác.",
  soldOut: "Key này đã hết hàng. Vui lòng chọn loại key khác.",
  pricingNotFound: "Không tìm thấy bảng giá của loại key này",
  balanceOnly: "Chỉ hỗ trợ thanh toán bằng số dư...",
  insufficient: (required: number, current: number) =>
    `Số dư không đủ. Cần ${formatVND(required)}, số dư hiện tại ${formatVND(current)}. Vui lòng nạp thêm tiền vào ví.`,
  userNotFound: "Không tìm thấy người dùng",
  wouldGoNegative: (current: number) => `Không thể trừ quá số dư hiện tại (${formatVND(current)}).`,
  duplicate: "Giao dịch này đã được ghi nhận trước đó",
} as const;


/** A ledger row as the API shows it (spec §3 "Transaction"); `amount` is signed. */
export function toPublicTransaction(row: {
  id: number;
  transactionType: LedgerType;
  source: LedgerSource;
  status: string;
  amount: number;
  description: string;
  balanceBefore: number;
  balanceAfter: number;
  reference: string;
  createdBy: number | null;
  createdAt: Date;
}) {
  return {
    id: row.id,
    transaction_type: row.transactionType,
    source: row.source,
    status: row.status,
    amount: row.amount,
    formatted_amount: formatVND(Math.abs(row.amount)),
    description: row.description,
    balance_before: row.balanceBefore,
    balance_after: row.balanceAfter,
    reference: row.reference,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** The wallet with its spending formatted, as the profile and a purchase's answer show it. */
export function toPublicUserWallet(wallet: WalletSnapshot) {
  return { ...wallet, formatted_total_spent: formatVND(wallet.total_spent) };
}

export async function findWallet(db: D1Database, userId: number) {
  const wallet = await walletSnapshot(db, userId);
  return wallet && toPublicUserWallet(wallet);
}

/** The newest `limit` ledger rows of a user. */
export async function listTransactions(db: Database, userId: number, limit: number) {
  const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId)).orderBy(desc(walletTransactions.id)).limit(limit);
  return rows.map(toPublicTransaction);
}

/** A user's orders, newest first. */
export async function listPurchases(db: Database, userId: number): Promise<PurchasedOrder[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(500);
  return rows.map((row) =>
    toPurchasedOrder({
      id: row.id,
      reference: row.reference,
      app_id: row.appId,
      app_name: row.appName,
      app_bundle_id: row.appBundleId,
      key_type_name: row.keyTypeName,
      key_code: row.keyCode,
      amount: row.amount,
      currency: row.currency,
      vnd_amount: row.vndAmount,
      exchange_rate: row.exchangeRate,
      status: row.status,
      payment_method: row.paymentMethod,
      created_at: row.createdAt.getTime(),
    }),
  );
}
