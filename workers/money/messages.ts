// What the money rules say: pure text, so the schemas, the rules and the screens share one home.
import { formatVND } from "../shared/format";
import { insufficientBalanceMessage, PURCHASE_MESSAGES } from "../shared/money/pricing";
import { TOPUP_MESSAGES } from "../shared/money/topup";

export const PROMOTION_MESSAGES = {
  notFound: "Không tìm thấy khuyến mãi",
  codeTaken: "Mã khuyến mãi đã tồn tại",
  codeInvalid: "Mã khuyến mãi không hợp lệ hoặc đã hết hạn",
  codeRequired: "Vui lòng nhập mã khuyến mãi",
  limitBelowUsed: (used: number) => `Đã dùng ${used} lần; giới hạn không thể nhỏ hơn`,
  created: "Đã tạo khuyến mãi",
  updated: "Đã cập nhật khuyến mãi",
  deleted: "Đã xóa khuyến mãi",
} as const;

export const CARD_MESSAGES = {
  telco: TOPUP_MESSAGES.telco,
  serial: TOPUP_MESSAGES.serial,
  code: TOPUP_MESSAGES.code,
  digits: "Chỉ được nhập chữ số",
  value: TOPUP_MESSAGES.value,
  unavailable: TOPUP_MESSAGES.cardUnavailable,
  duplicate: "Thẻ này đã được gửi trước đó",
  pending: TOPUP_MESSAGES.cardPending,
  notFound: "Không tìm thấy giao dịch thẻ cào",
  submitted: "Đã gửi thẻ cào, vui lòng chờ xử lý",
  tooMany: (seconds: number) => `Bạn đã gửi quá nhiều thẻ. Vui lòng thử lại sau ${seconds} giây.`,
} as const;

export const VIETQR_MESSAGES = {
  tooManyPending: "Bạn có quá nhiều giao dịch đang chờ thanh toán. Vui lòng hoàn tất hoặc hủy bớt giao dịch.",
  notFound: "Không tìm thấy giao dịch",
  cancelled: TOPUP_MESSAGES.cancelled,
  cannotCancel: TOPUP_MESSAGES.cannotCancel,
  created: "Đã tạo giao dịch VietQR",
} as const;

export const REVIEW_MESSAGES = {
  notFound: "Không tìm thấy giao dịch chuyển khoản",
  handled: "Giao dịch này đã được xử lý",
  notPositive: "Số tiền của giao dịch này không lớn hơn 0, không thể cộng tiền",
  userRequired: "Vui lòng nhập ID người dùng",
  userNotFound: "Không tìm thấy người dùng",
  cannotCredit: "Không thể cộng tiền cho người dùng này",
  transferCredited: "Giao dịch này đã được cộng tiền trước đó",
  sameTransferCredited: (id: number) => `Giao dịch này trùng với giao dịch #${id} đã được cộng tiền (cùng mã tham chiếu ngân hàng và số tiền). Không thể cộng lần nữa; hãy bỏ qua giao dịch này.`,
  cardCredited: "Thẻ này đã được cộng tiền trước đó",
  cardNotFound: "Không tìm thấy thẻ cào hoặc chủ thẻ",
  credited: (amount: number, username: string) => `Đã cộng ${formatVND(amount)} cho ${username}`,
  dismissed: "Đã bỏ qua giao dịch",
} as const;

export const WALLET_MESSAGES = {
  purchased: PURCHASE_MESSAGES.purchased,
  paused: PURCHASE_MESSAGES.paused,
  soldOut: PURCHASE_MESSAGES.soldOut,
  pricingNotFound: "Không tìm thấy bảng giá của loại key này",
  balanceOnly: PURCHASE_MESSAGES.balanceOnly,
  insufficient: insufficientBalanceMessage,
  userNotFound: "Không tìm thấy người dùng",
  wouldGoNegative: (current: number) => `Không thể trừ quá số dư hiện tại (${formatVND(current)}).`,
  keyReused: "Idempotency-Key này đã được dùng cho một yêu cầu mua khác.",
} as const;

// The gateways read only a refusal's status and prescribe no words: the message is for whoever
// reads the gateway's delivery log, in the store's language.
export const WEBHOOK_MESSAGES = {
  unauthorized: "Xác thực thông báo không hợp lệ",
  invalidPayload: "Nội dung thông báo giao dịch không hợp lệ",
  invalidSignature: "Chữ ký không hợp lệ",
  recheckFailed: "Chưa kiểm tra lại được thẻ với cổng nạp thẻ",
  unknownRequest: "Không tìm thấy request_id",
  mismatch: "Thẻ không khớp với request_id",
  parked: "Đã chuyển cho quản trị viên xem xét",
} as const;
