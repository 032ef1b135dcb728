// The words of the money rules both sides apply (pricing.ts, topup.ts), each message declared once
// with its code and both its texts (workers/shared/message.ts): what the API says. The pages show
// the same Vietnamese through their own words (app/i18n/vi/catalogue/purchase.ts,
// app/i18n/vi/wallet/topup.ts, held equal by tests/unit/money-words.test.ts), so no page loads
// this module and its English.
import { number, vnd } from "../english/format";
import { formatNumber, formatVND } from "../format";
import { defineMessages } from "../message";

/**
 * The product's texts for buying a key, word for word (docs/product.md §8 "Purchase"), with their
 * codes and English. The pages word some English their own way
 * (app/i18n/en/catalogue/purchase.ts).
 */
/** A purchase's price that is not (or no longer) there: said by licensing's key list and money's purchase alike. */
export const PRICING_MESSAGES = defineMessages({
  notFound: { code: "pricing_not_found", vi: "Không tìm thấy bảng giá của loại key này", en: "No price found for this key type" },
});

export const PURCHASE_MESSAGES = defineMessages({
  chooseKey: { code: "choose_key", vi: "Vui lòng chọn loại key", en: "Please choose a key type" },
  paused: { code: "key_type_paused", vi: "Loại key này đã tạm dừng bán. Vui lòng chọn loại key khác.", en: "This key type is paused. Please choose another key type." },
  soldOut: { code: "sold_out", vi: "Key này đã hết hàng. Vui lòng chọn loại key khác.", en: "This key is sold out. Please choose another key type." },
  soldOutWait: {
    code: "sold_out_wait",
    vi: "Key này đã hết hàng. Vui lòng chọn loại key khác hoặc chờ admin nhập thêm.",
    en: "This key is sold out. Please choose another key type or wait for the admin to restock.",
  },
  unavailable: { code: "unavailable", vi: "Không thể mua key này lúc này.", en: "This key cannot be bought right now." },
  checkFailed: { code: "check_failed", vi: "Không thể kiểm tra tình trạng key. Vui lòng thử lại.", en: "Could not check whether the key is in stock. Please try again." },
  balanceOnly: { code: "payment_method_unsupported", vi: "Chỉ hỗ trợ thanh toán bằng số dư...", en: "Only payment from your wallet balance is supported..." },
  failed: { code: "failed", vi: "Có lỗi xảy ra khi mua key.", en: "Something went wrong while buying the key." },
  exception: { code: "exception", vi: "Có lỗi xảy ra khi xử lý thanh toán. Vui lòng thử lại.", en: "Something went wrong while processing the payment. Please try again." },
  // The request left, its answer never came: the same Idempotency-Key makes the retry safe.
  answerLost: {
    code: "answer_lost",
    vi: "Mất kết nối trước khi nhận được kết quả, nên giao dịch có thể đã thành công. Bạn có thể bấm “Xác nhận mua” để thử lại an toàn: nếu đã mua, bạn sẽ nhận lại đúng key đó và chỉ bị trừ tiền một lần.",
    en: "The connection was lost before the result arrived, so the purchase may have gone through. You can press “Confirm purchase” to safely try again: if it did, you get that same key back and are charged only once.",
  },
  purchased: { code: "purchased", vi: "Mua key thành công!", en: "Key purchased successfully!" },
  copied: { code: "copied", vi: "Đã copy key vào clipboard!", en: "Key copied to the clipboard!" },
  copyFailed: { code: "copy_failed", vi: "Không thể copy key. Vui lòng copy thủ công.", en: "Could not copy the key. Please copy it by hand." },
});

/** An amount, or the text a page's configuration wrote it as (formatted_minimum). */
export type Amount = number | string;

/** The product's texts, word for word, with their codes and English. */
export const TOPUP_MESSAGES = defineMessages({
  invalidAmount: { code: "amount_invalid", vi: "Vui lòng nhập số tiền hợp lệ", en: "Please enter a valid amount" },
  minimum: {
    code: "amount_below_minimum",
    vi: (amount: Amount) => `Số tiền tối thiểu là ${typeof amount === "number" ? formatVND(amount) : amount}`,
    en: (amount: Amount) => `The minimum amount is ${typeof amount === "number" ? vnd(amount) : amount}`,
  },
  maximum: {
    code: "amount_above_maximum",
    vi: (amount: Amount) => `Số tiền tối đa là ${typeof amount === "number" ? formatVND(amount) : amount}`,
    en: (amount: Amount) => `The maximum amount is ${typeof amount === "number" ? vnd(amount) : amount}`,
  },
  // The step grouped as the hint above the field writes it ("1.000", issue 53).
  step: { code: "amount_step", vi: (step: number) => `Số tiền phải là bội số của ${formatNumber(step)} VND`, en: (step: number) => `The amount must be a multiple of ${number(step)} VND` },
  configFailed: { code: "config_failed", vi: "Không thể tải cấu hình thanh toán", en: "Could not load the payment settings" },
  vietqrFailed: { code: "vietqr_failed", vi: "Không thể tạo giao dịch VietQR", en: "Could not create the VietQR transfer" },
  expired: { code: "transaction_expired", vi: "Giao dịch đã hết hạn", en: "The transaction has expired" },
  cancelledElsewhere: { code: "cancelled_elsewhere", vi: "Giao dịch đã bị hủy", en: "The transaction has been cancelled" },
  failed: { code: "transaction_failed", vi: (statusDisplay: string) => `Giao dịch thất bại: ${statusDisplay}`, en: (statusDisplay: string) => `Transaction failed: ${statusDisplay}` },
  cancelled: { code: "transaction_cancelled", vi: "Đã hủy giao dịch", en: "Transaction cancelled" },
  cannotCancel: { code: "transaction_not_cancellable", vi: "Không thể hủy giao dịch", en: "This transaction cannot be cancelled" },
  sessionExpired: { code: "session_expired", vi: "Phiên đăng nhập đã hết hạn", en: "Your session has expired" },
  telco: { code: "card_telco", vi: "Vui lòng chọn nhà mạng", en: "Please choose a carrier" },
  serial: { code: "card_serial", vi: "Số serial phải có ít nhất 10 ký tự", en: "The serial number must be at least 10 characters long" },
  code: { code: "card_code", vi: "Mã thẻ phải có ít nhất 10 ký tự", en: "The card code must be at least 10 characters long" },
  digits: { code: "card_digits", vi: "Chỉ được nhập chữ số", en: "Only digits are allowed" },
  value: { code: "card_value", vi: "Vui lòng chọn mệnh giá thẻ", en: "Please choose the card's value" },
  cardUnavailable: { code: "card_unavailable", vi: "Dịch vụ thanh toán thẻ cào hiện không khả dụng", en: "Phone card payments are not available right now" },
  cardFailed: { code: "card_failed", vi: "Không thể gửi thẻ cào", en: "Could not submit the phone card" },
  configMissing: { code: "config_missing", vi: "Cấu hình chưa được tải", en: "The settings have not loaded yet" },
  cardPending: { code: "card_pending", vi: "Đang xử lý thẻ cào, vui lòng chờ...", en: "Processing the phone card, please wait..." },
  cardFollow: {
    code: "card_follow",
    vi: "Thẻ đang được kiểm tra. Bạn có thể theo dõi trong Ví tiền, mục Đang chờ thanh toán.",
    en: "The card is being checked. You can follow it in your Wallet, under Awaiting payment.",
  },
});

