// The wallet tab's words (docs/product.md §2, §3 "Transaction"): its figures, money on its way, the
// ledger and its movements (Vietnamese, the specification's; English twin: app/i18n/en/wallet.ts).
// What the profile says of a top-up outside its dialogs is topup-offer.ts.
import { LEDGER_STATUS_LABELS, LEDGER_TYPE_LABELS, labelOf } from "@workers/shared/money/money-labels";
import { defineWords } from "../../words";

export const walletWords = defineWords("wallet", {
  toppedUp: "Tổng đã nạp",
  available: "Số dư khả dụng",
  saving: "Tỷ lệ tiết kiệm",
  pending: "Đang chờ thanh toán",
  pendingHint: "Chuyển khoản đúng số tiền và nội dung trước khi hết giờ để được cộng tự động.",
  pendingCard: (telco: string, value: string) => `Thẻ ${telco} ${value}`,
  backToApp: "← Quay lại mua key",
  /** A phone card's state: the server's words (`shown`) in Vietnamese. */
  cardStatus: (_status: string, shown: string) => shown,
  timeLeft: "Thời gian còn lại",
  content: "Nội dung chuyển khoản",
  contentName: "nội dung chuyển khoản",
  contentCopied: "Đã sao chép nội dung chuyển khoản",
  showQr: "Xem mã QR",
  ledger: "Lịch sử giao dịch",
  empty: "Chưa có giao dịch nào.",
  after: (amount: string) => `Số dư: ${amount}`,
  /**
   * A ledger line: as the API said it in the page's language (`line`, from the row's code and
   * arguments, workers/money/buyer-wallet.ts), else the Vietnamese the row stored, else its type.
   */
  movement: (line: string | null, description: string, type: string, _source: string) => line || description || labelOf(LEDGER_TYPE_LABELS, type),
  moveStatus: (status: string) => labelOf(LEDGER_STATUS_LABELS, status),
});
