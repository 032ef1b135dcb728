// What the screens call the stored values of the ledger and of orders (issue #27, item 13): one
// home, so the wallet tab, the purchases tab and the admin's CSV exports say the same words.
// Names of services (VietQR) stay as they are.

/** wallet_transactions.transaction_type */
export const LEDGER_TYPE_LABELS: Readonly<Record<string, string>> = { deposit: "Nạp tiền", purchase: "Mua key", admin_adjustment: "Điều chỉnh" };

/** wallet_transactions.source: where the money came from or went. */
export const LEDGER_SOURCE_LABELS: Readonly<Record<string, string>> = {
  vietqr: "VietQR",
  card: "Thẻ cào",
  bank_transfer: "Chuyển khoản duyệt tay",
  crypto: "Crypto (NOWPayments)",
  bonus: "Khuyến mãi",
  purchase: "Mua key",
  admin: "Admin",
};

/** wallet_transactions.status (and a VietQR top-up's cancelled, listed beside the ledger). */
export const LEDGER_STATUS_LABELS: Readonly<Record<string, string>> = { completed: "Hoàn thành", pending: "Đang xử lý", failed: "Thất bại", cancelled: "Đã hủy" };

/** orders.status */
export const ORDER_STATUS_LABELS: Readonly<Record<string, string>> = { completed: "Hoàn thành", refunded: "Đã hoàn tiền" };

/** The label of a stored value; a value without one is shown as it is stored rather than hidden. */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value] : value;
}
