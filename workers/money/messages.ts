// What the money rules say, each message declared once with its code and both its texts
// (workers/shared/message.ts): pure, so the schemas, the rules and the routes share one home.
import { count, vnd } from "../shared/english/format";
import { formatVND } from "../shared/format";
import { defineMessages, type Message, type Said } from "../shared/message";
import { PRICING_MESSAGES, PURCHASE_MESSAGES, TOPUP_MESSAGES } from "../shared/money/messages";
import { PROMOTION_FORM_MESSAGES } from "../shared/money/promotion-form";
import { insufficientBalanceMessage } from "../shared/money/pricing";
import { cardEstimate, telcoLabel, wrongValueCredit } from "../shared/money/topup";
import { keyTypeNameEn } from "../shared/english/key-types";

// A list filter's status, as the owner's lists word it (QUERY_MESSAGES): a schema speaks its own domain's messages.
const STATUS_INVALID = { code: "status_invalid", vi: "Trạng thái không hợp lệ", en: "Invalid status" } as const;

// The form's defaults, ranges and their words, which the admin's form checks with too: shared/money/promotion-form.ts.
export const PROMOTION_MESSAGES = {
  ...PROMOTION_FORM_MESSAGES,
  ...defineMessages({
    notFound: { code: "promotion_not_found", vi: "Không tìm thấy khuyến mãi", en: "Promotion not found" },
    codeTaken: { code: "promotion_code_taken", vi: "Mã khuyến mãi đã tồn tại", en: "This promotion code already exists" },
    codeInvalid: { code: "promotion_code_invalid", vi: "Mã khuyến mãi không hợp lệ hoặc đã hết hạn", en: "This promotion code is invalid or has expired" },
    limitBelowUsed: {
      code: "promotion_limit_below_used",
      vi: (used: number) => `Đã dùng ${used} lần; giới hạn không thể nhỏ hơn`,
      en: (used: number) => `Already used ${count(used, "time")}; the limit cannot be lower`,
    },
    created: { code: "promotion_created", vi: "Đã tạo khuyến mãi", en: "Promotion created" },
    updated: { code: "promotion_updated", vi: "Đã cập nhật khuyến mãi", en: "Promotion updated" },
    deleted: { code: "promotion_deleted", vi: "Đã xóa khuyến mãi", en: "Promotion deleted" },
    // The admin's promotion form (schemas/promotions.ts).
    codeCharacters: { code: "promotion_code_characters", vi: "Mã chỉ gồm chữ, số, gạch ngang", en: "The code may only contain letters, digits and hyphens" },
    notPositive: { code: "promotion_amount_not_positive", vi: "Phải là số dương", en: "Must be a positive number" },
    percentNotWhole: { code: "promotion_percent_not_whole", vi: "Phần trăm phải là số nguyên", en: "The percentage must be a whole number" },
    tierMinimumRequired: { code: "promotion_tier_minimum_required", vi: "Vui lòng nhập số tiền tối thiểu", en: "Please enter the minimum amount" },
    minimumDepositInvalid: { code: "promotion_minimum_deposit_invalid", vi: "Số tiền nạp tối thiểu không hợp lệ", en: "Invalid minimum top-up amount" },
    startInvalid: { code: "promotion_start_invalid", vi: "Ngày bắt đầu không hợp lệ", en: "Invalid start date" },
    endInvalid: { code: "promotion_end_invalid", vi: "Ngày kết thúc không hợp lệ", en: "Invalid end date" },
    bonusAmountRequired: { code: "promotion_bonus_amount_required", vi: "Vui lòng nhập số tiền thưởng", en: "Please enter the bonus amount" },
    tiersRequired: { code: "promotion_tiers_required", vi: "Vui lòng thêm ít nhất một mức", en: "Please add at least one tier" },
    maximumBelowMinimum: { code: "promotion_maximum_below_minimum", vi: "Phải lớn hơn số tiền nạp tối thiểu", en: "Must be greater than the minimum top-up amount" },
    endNotAfterStart: { code: "date_range_invalid", vi: "Ngày kết thúc phải sau ngày bắt đầu", en: "The end date must be after the start date" },
    badStatus: STATUS_INVALID,
  }),
};

export const CARD_MESSAGES = defineMessages({
  telco: { code: "card_telco", vi: TOPUP_MESSAGES.telco.in("vi"), en: TOPUP_MESSAGES.telco.in("en") },
  serial: { code: "card_serial", vi: TOPUP_MESSAGES.serial.in("vi"), en: TOPUP_MESSAGES.serial.in("en") },
  code: { code: "card_code", vi: TOPUP_MESSAGES.code.in("vi"), en: TOPUP_MESSAGES.code.in("en") },
  digits: { code: "card_digits", vi: TOPUP_MESSAGES.digits.in("vi"), en: TOPUP_MESSAGES.digits.in("en") },
  value: { code: "card_value", vi: TOPUP_MESSAGES.value.in("vi"), en: TOPUP_MESSAGES.value.in("en") },
  unavailable: { code: "card_unavailable", vi: TOPUP_MESSAGES.cardUnavailable.in("vi"), en: TOPUP_MESSAGES.cardUnavailable.in("en") },
  duplicate: { code: "card_duplicate", vi: "Thẻ này đã được gửi trước đó", en: "This card has already been submitted" },
  pending: { code: "card_pending", vi: TOPUP_MESSAGES.cardPending.in("vi"), en: TOPUP_MESSAGES.cardPending.in("en") },
  notFound: { code: "card_not_found", vi: "Không tìm thấy giao dịch thẻ cào", en: "Phone card transaction not found" },
  submitted: { code: "card_submitted", vi: "Đã gửi thẻ cào, vui lòng chờ xử lý", en: "Card submitted, please wait while it is processed" },
  tooMany: {
    code: "rate_limited",
    vi: (seconds: number) => `Bạn đã gửi quá nhiều thẻ. Vui lòng thử lại sau ${seconds} giây.`,
    en: (seconds: number) => `You have submitted too many cards. Please try again in ${count(seconds, "second")}.`,
  },
});

export const VIETQR_MESSAGES = defineMessages({
  tooManyPending: {
    code: "vietqr_too_many_pending",
    vi: "Bạn có quá nhiều giao dịch đang chờ thanh toán. Vui lòng hoàn tất hoặc hủy bớt giao dịch.",
    en: "You have too many transfers awaiting payment. Please complete or cancel some of them.",
  },
  notFound: { code: "transaction_not_found", vi: "Không tìm thấy giao dịch", en: "Transaction not found" },
  cancelled: { code: "transaction_cancelled", vi: TOPUP_MESSAGES.cancelled.in("vi"), en: TOPUP_MESSAGES.cancelled.in("en") },
  cannotCancel: { code: "transaction_not_cancellable", vi: TOPUP_MESSAGES.cannotCancel.in("vi"), en: TOPUP_MESSAGES.cannotCancel.in("en") },
  created: { code: "vietqr_created", vi: "Đã tạo giao dịch VietQR", en: "VietQR transfer created" },
});

const USER_NOT_FOUND = { code: "user_not_found", vi: "Không tìm thấy người dùng", en: "User not found" } as const;

export const REVIEW_MESSAGES = defineMessages({
  notFound: { code: "transfer_not_found", vi: "Không tìm thấy giao dịch chuyển khoản", en: "Bank transfer not found" },
  handled: { code: "transfer_handled", vi: "Giao dịch này đã được xử lý", en: "This transaction has already been handled" },
  notPositive: { code: "transfer_not_positive", vi: "Số tiền của giao dịch này không lớn hơn 0, không thể cộng tiền", en: "This transaction's amount is not above 0, so nothing can be credited" },
  userRequired: { code: "user_required", vi: "Vui lòng nhập ID người dùng", en: "Please enter a user ID" },
  userNotFound: USER_NOT_FOUND,
  cannotCredit: { code: "user_cannot_be_credited", vi: "Không thể cộng tiền cho người dùng này", en: "This user cannot be credited" },
  transferCredited: { code: "transfer_already_credited", vi: "Giao dịch này đã được cộng tiền trước đó", en: "This transaction has already been credited" },
  sameTransferCredited: {
    code: "transfer_duplicate",
    vi: (id: number) => `Giao dịch này trùng với giao dịch #${id} đã được cộng tiền (cùng mã tham chiếu ngân hàng và số tiền). Không thể cộng lần nữa; hãy bỏ qua giao dịch này.`,
    en: (id: number) =>
      `This transaction is the same as transaction #${id}, which has already been credited (same bank reference and amount). It cannot be credited again; dismiss it instead.`,
  },
  // The admin's decision (schemas/bank-transfers.ts).
  userIdInvalid: { code: "user_id_invalid", vi: "ID người dùng không hợp lệ", en: "Invalid user ID" },
  noteRequired: { code: "note_required", vi: "Vui lòng nhập ghi chú", en: "Please enter a note" },
  badStatus: STATUS_INVALID,
  cardCredited: { code: "card_already_credited", vi: "Thẻ này đã được cộng tiền trước đó", en: "This card has already been credited" },
  cardNotFound: { code: "card_not_found", vi: "Không tìm thấy thẻ cào hoặc chủ thẻ", en: "Phone card or card owner not found" },
  credited: {
    code: "transfer_credited",
    vi: (amount: number, username: string) => `Đã cộng ${formatVND(amount)} cho ${username}`,
    en: (amount: number, username: string) => `Credited ${vnd(amount)} to ${username}`,
  },
  dismissed: { code: "transfer_dismissed", vi: "Đã bỏ qua giao dịch", en: "Transaction dismissed" },
});

export const WALLET_MESSAGES = defineMessages({
  purchased: { code: "purchased", vi: PURCHASE_MESSAGES.purchased.in("vi"), en: PURCHASE_MESSAGES.purchased.in("en") },
  paused: { code: "key_type_paused", vi: PURCHASE_MESSAGES.paused.in("vi"), en: PURCHASE_MESSAGES.paused.in("en") },
  soldOut: { code: "sold_out", vi: PURCHASE_MESSAGES.soldOut.in("vi"), en: PURCHASE_MESSAGES.soldOut.in("en") },
  pricingNotFound: { code: "pricing_not_found", vi: PRICING_MESSAGES.notFound.in("vi"), en: PRICING_MESSAGES.notFound.in("en") },
  balanceOnly: { code: "payment_method_unsupported", vi: PURCHASE_MESSAGES.balanceOnly.in("vi"), en: PURCHASE_MESSAGES.balanceOnly.in("en") },
  insufficient: {
    code: "insufficient_balance",
    vi: insufficientBalanceMessage,
    en: (required: number, current: number) => `Insufficient balance. You need ${vnd(required)} and your balance is ${vnd(current)}. Please top up your wallet.`,
  },
  userNotFound: USER_NOT_FOUND,
  wouldGoNegative: {
    code: "balance_too_low",
    vi: (current: number) => `Không thể trừ quá số dư hiện tại (${formatVND(current)}).`,
    en: (current: number) => `Cannot deduct more than the current balance (${vnd(current)}).`,
  },
  keyReused: { code: "idempotency_key_reused", vi: "Idempotency-Key này đã được dùng cho một yêu cầu mua khác.", en: "This Idempotency-Key has already been used for a different purchase." },
  // Issue 55 item 1: the shop's own reason (shopWords, workers/licensing/messages.ts), in the buyer's language.
  // The live wallet's socket (schemas/live-wallet.ts, routes/wallet.ts).
  liveTicketInvalid: { code: "live_ticket_invalid", vi: "Phiên kết nối ví không hợp lệ hoặc đã hết hạn", en: "The wallet connection ticket is invalid or has expired" },
  appPaused: {
    code: "app_paused",
    vi: (reason: Message | string) => `Ứng dụng đang tạm dừng bán: ${reason}`,
    en: (reason: Message | string) => `This app is paused: ${reason}`,
  },
});

// The gateways read only a refusal's status and prescribe no words: the message is for whoever
// reads the gateway's delivery log, in the store's language (or the one they ask for).
export const WEBHOOK_MESSAGES = defineMessages({
  unauthorized: { code: "webhook_unauthorized", vi: "Xác thực thông báo không hợp lệ", en: "The notification could not be authenticated" },
  invalidPayload: { code: "webhook_invalid_payload", vi: "Nội dung thông báo giao dịch không hợp lệ", en: "The transaction notification is not valid" },
  invalidSignature: { code: "webhook_invalid_signature", vi: "Chữ ký không hợp lệ", en: "Invalid signature" },
  recheckFailed: { code: "webhook_recheck_failed", vi: "Chưa kiểm tra lại được thẻ với cổng nạp thẻ", en: "Could not check the card again with the card gateway yet" },
  unknownRequest: { code: "webhook_unknown_request", vi: "Không tìm thấy request_id", en: "request_id not found" },
  mismatch: { code: "webhook_mismatch", vi: "Thẻ không khớp với request_id", en: "The card does not match the request_id" },
  parked: { code: "webhook_parked", vi: "Đã chuyển cho quản trị viên xem xét", en: "Passed to an administrator for review" },
  // A bank's notification whose amount is no whole number (bank-transfers.ts): the notification is ignored.
  amountInvalid: { code: "webhook_amount_invalid", vi: "Số tiền không hợp lệ", en: "Invalid amount" },
  readBackFailed: { code: "webhook_readback_failed", vi: "Chưa đọc lại được khoản thanh toán từ cổng thanh toán", en: "Could not read the payment back from the gateway yet" },
});

// Why a top-up in the buyer's history stands where it does (workers/money/topup-history.ts); a plain
// credit needs no reason.
export const TOPUP_HISTORY_MESSAGES = defineMessages({
  cardFee: {
    code: "topup_card_fee",
    vi: (value: number, fee: number) => `Thẻ ${formatVND(value)} trừ phí nhà mạng ${fee}%`,
    en: (value: number, fee: number) => `A ${vnd(value)} card less the carrier's ${fee}% fee`,
  },
  wrongValue: {
    code: "topup_card_wrong_value",
    vi: (declared: number, real: number, fee: number, credited: number) =>
      `Thẻ khai báo ${formatVND(declared)} nhưng giá trị thật là ${formatVND(real)}; sau phí nhà mạng ${fee}% và phạt sai mệnh giá, cổng thẻ trả ${formatVND(credited)}`,
    en: (declared: number, real: number, fee: number, credited: number) =>
      `The card was declared as ${vnd(declared)} but is worth ${vnd(real)}; after the carrier's ${fee}% fee and the wrong-value penalty, the gateway paid ${vnd(credited)}`,
  },
  // `why`: one of CARD_REFUSALS, said in the same language.
  refused: { code: "topup_card_refused", vi: (why: Said) => `Cổng thẻ từ chối thẻ: ${why}`, en: (why: Said) => `The card gateway refused the card: ${why}` },
  cardReview: { code: "topup_card_review", vi: "Cổng thẻ chưa trả lời; cửa hàng đang xem xét thẻ", en: "The card gateway has not answered; the shop is reviewing the card" },
  expired: { code: "topup_expired", vi: "Hết thời gian chờ mà chưa nhận được chuyển khoản", en: "The time ran out before a transfer arrived" },
  cancelled: { code: "topup_cancelled", vi: TOPUP_MESSAGES.cancelledElsewhere.in("vi"), en: TOPUP_MESSAGES.cancelledElsewhere.in("en") },
  lateTransfer: {
    code: "topup_late_transfer",
    vi: (code: string) => `Chuyển khoản mang mã ${code} đến sau khi giao dịch đã đóng; cửa hàng đang xem xét`,
    en: (code: string) => `A transfer carrying the code ${code} arrived after the transaction had closed; the shop is reviewing it`,
  },
  creditedByShop: { code: "topup_credited_by_shop", vi: (note: string) => `Cửa hàng đã duyệt và cộng tiền: ${note}`, en: (note: string) => `The shop reviewed it and credited your wallet: ${note}` },
  dismissedByShop: { code: "topup_dismissed_by_shop", vi: (note: string) => `Cửa hàng đã bỏ qua giao dịch: ${note}`, en: (note: string) => `The shop dismissed it: ${note}` },
});

// Why the card gateway refused a card, by the state the store read from its answer (cards.ts).
export const CARD_REFUSALS = defineMessages({
  failed: { code: "card_failed", vi: "Thất bại", en: "Failed" },
  invalid_card: { code: "card_invalid", vi: "Thẻ không hợp lệ", en: "Invalid card" },
  used_card: { code: "card_used", vi: "Thẻ đã được sử dụng", en: "This card has already been used" },
  system_error: { code: "card_system_error", vi: "Lỗi hệ thống", en: "System error" },
});

// A phone card's and a VietQR transfer's state as their data shows it (cards.ts, vietqr.ts: the
// `status_display` stays in the store's words; the screens show their own).
export const CARD_STATES = {
  ...CARD_REFUSALS,
  ...defineMessages({
    pending: { code: "card_state_pending", vi: "Đang xử lý", en: "Processing" },
    success: { code: "card_state_success", vi: "Thành công", en: "Successful" },
    wrong_amount: { code: "card_state_wrong_amount", vi: "Sai mệnh giá", en: "Wrong card value" },
  }),
};

export const VIETQR_STATES = defineMessages({
  pending: { code: "vietqr_state_pending", vi: "Đang chờ thanh toán", en: "Awaiting payment" },
  paid: { code: "vietqr_state_paid", vi: "Đã thanh toán", en: "Paid" },
  cancelled: { code: "vietqr_state_cancelled", vi: "Đã hủy", en: "Cancelled" },
  expired: { code: "vietqr_state_expired", vi: "Đã hết hạn", en: "Expired" },
  failed: { code: "vietqr_state_failed", vi: "Thất bại", en: "Failed" },
});

// Crypto top-ups through NOWPayments (workers/money/crypto.ts).
export const CRYPTO_MESSAGES = defineMessages({
  unavailable: { code: "crypto_unavailable", vi: "Nạp tiền bằng crypto hiện không khả dụng", en: "Crypto top-ups are not available right now" },
  noRate: { code: "crypto_no_rate", vi: "Cửa hàng chưa đặt tỷ giá USD, chưa thể nạp bằng crypto", en: "The shop has not set a USD rate yet, so crypto top-ups are not available" },
  amount: {
    code: "crypto_amount",
    vi: (min: number, max: number) => `Số tiền phải từ ${min} đến ${max} USD, tối đa 2 chữ số thập phân`,
    en: (min: number, max: number) => `The amount must be from $${min} to $${max}, with at most 2 decimals`,
  },
  tooManyPending: {
    code: "crypto_too_many_pending",
    vi: "Bạn có quá nhiều hóa đơn crypto đang chờ thanh toán. Vui lòng thanh toán hoặc chờ chúng hết hạn.",
    en: "You have too many crypto invoices awaiting payment. Please pay them or let them expire.",
  },
  gatewayFailed: { code: "crypto_gateway_failed", vi: "Cổng thanh toán crypto chưa tạo được hóa đơn, vui lòng thử lại", en: "The crypto gateway could not make an invoice, please try again" },
  // The shop's smallest and largest invoice, as the admin sets them (workers/owner/store-settings.ts).
  cryptoUsd: { code: "crypto_usd_invalid", vi: "Số USD phải là số nguyên từ 1 đến 100000", en: "The amount in US dollars must be a whole number from 1 to 100,000" },
  badStatus: { code: "crypto_status_invalid", vi: "Trạng thái không hợp lệ", en: "Invalid status" },
  created: { code: "crypto_created", vi: "Đã tạo hóa đơn crypto", en: "Crypto invoice created" },
  inDebt: {
    code: "account_in_debt",
    vi: (debt: number) => `Tài khoản đang nợ ${formatVND(debt)} do một khoản nạp crypto bị hoàn lại. Vui lòng nạp thêm để tiếp tục mua.`,
    en: (debt: number) => `Your account owes ${vnd(debt)} because a crypto top-up was refunded. Please top up to buy again.`,
  },
  notFound: { code: "crypto_payment_not_found", vi: "Không tìm thấy khoản thanh toán crypto", en: "Crypto payment not found" },
  handled: { code: "crypto_payment_handled", vi: "Khoản thanh toán này đã được xử lý", en: "This payment has already been handled" },
  refundedByGateway: {
    code: "crypto_payment_refunded",
    vi: "Cổng thanh toán đã hoàn tiền khoản này cho người mua, không thể cộng tiền",
    en: "The gateway refunded this payment to the buyer, so it cannot be credited",
  },
  credited: {
    code: "crypto_payment_credited",
    vi: (amount: number) => `Đã cộng ${formatVND(amount)} cho khoản thanh toán crypto`,
    en: (amount: number) => `Credited ${vnd(amount)} for the crypto payment`,
  },
  refused: { code: "crypto_payment_refused", vi: "Đã từ chối khoản thanh toán crypto", en: "Crypto payment refused" },
});

// Why a crypto top-up in the buyer's history stands where it does.
export const CRYPTO_HISTORY_MESSAGES = defineMessages({
  partial: { code: "topup_crypto_partial", vi: "Chỉ nhận được một phần thanh toán; đã cộng phần đã nhận", en: "Only part of the payment arrived; what arrived was credited" },
  gateway: { code: "topup_crypto_gateway", vi: (state: string) => `Cổng crypto: ${state}`, en: (state: string) => `Crypto gateway: ${state}` },
  failed: { code: "topup_crypto_failed", vi: "Cổng crypto báo thanh toán thất bại", en: "The crypto gateway reported the payment failed" },
  expired: { code: "topup_crypto_expired", vi: "Hóa đơn crypto đã hết hạn mà chưa được thanh toán", en: "The crypto invoice expired before it was paid" },
  refunded: { code: "topup_crypto_refunded", vi: "Khoản thanh toán đã được hoàn lại; số tiền đã cộng bị thu hồi", en: "The payment was refunded; the credit was taken back" },
  refused: { code: "topup_crypto_refused", vi: "Cửa hàng đã từ chối khoản thanh toán này", en: "The shop refused this payment" },
  parked: { code: "topup_crypto_parked", vi: "Một khoản thanh toán thêm đang chờ cửa hàng xem xét", en: "A further payment is waiting for the shop's review" },
});

/** What the payment provider API for Sileo and Zebra says (docs/formats.md, "Payment provider API"). */
export const PACKAGE_MANAGER_MESSAGES = defineMessages({
  // The checkout's and the app's pricing choice (schemas/package-manager.ts), as licensing words it (KEY_INPUT_MESSAGES).
  pricingInvalid: { code: "pricing_invalid", vi: "Vui lòng chọn gói key hợp lệ", en: "Please choose a valid key option" },
  bannerMessage: {
    code: "package_manager_banner",
    vi: "Đăng nhập để mua key bằng số dư ví và xem các gói bạn đã mua.",
    en: "Sign in to buy keys with your wallet balance and see the packages you own.",
  },
  bannerButton: { code: "package_manager_banner_button", vi: "Đăng nhập", en: "Sign in" },
  description: { code: "package_manager_description", vi: "Thanh toán bằng ví của cửa hàng", en: "Pay with the store's wallet" },
  signedOut: {
    code: "package_manager_signed_out",
    vi: "Phiên đăng nhập trên máy này đã kết thúc. Vui lòng đăng nhập lại.",
    en: "This phone's sign-in has ended. Please sign in again.",
  },
  badRequest: { code: "package_manager_bad_request", vi: "Yêu cầu không hợp lệ.", en: "The request is not valid." },
  badDevice: { code: "package_manager_bad_device", vi: "Mã thiết bị (UDID) không hợp lệ.", en: "The device id (UDID) is not valid." },
  notFound: { code: "package_manager_not_found", vi: "Gói này không bán key tại cửa hàng.", en: "This package sells no keys at this store." },
  priceFrom: { code: "package_manager_price_from", vi: (price: string) => `từ ${price}`, en: (price: string) => `from ${price}` },
  soldOut: { code: "package_manager_sold_out", vi: "Key của gói này đã hết hàng.", en: "This package's keys are sold out." },
  notForSale: { code: "package_manager_not_for_sale", vi: "Gói này đang tạm ngừng bán.", en: "This package is not on sale right now." },
  notPurchased: { code: "package_manager_not_purchased", vi: "Bạn chưa mua key cho gói này.", en: "You have not bought a key for this package." },
  linkGone: {
    code: "package_manager_link_gone",
    vi: "Liên kết này đã được dùng hoặc đã hết hạn.",
    en: "This link has already been used or has expired.",
  },
  signInAgain: {
    code: "package_manager_sign_in_again",
    vi: "Vui lòng đăng nhập lại trong cửa sổ này để kết nối máy.",
    en: "Please sign in again in this window to connect the phone.",
  },
  secondFactor: {
    code: "package_manager_second_factor",
    vi: "Tài khoản này bật xác thực hai bước: vui lòng đăng nhập lại với mã xác thực.",
    en: "This account uses two-step verification: please sign in again with your code.",
  },
  notYours: { code: "package_manager_not_yours", vi: "Đơn này thuộc về tài khoản khác.", en: "This order belongs to another account." },
  phoneEnded: { code: "package_manager_phone_ended", vi: "Đã đăng xuất máy này.", en: "This phone was signed out." },
  pricingNotOfApp: { code: "package_manager_pricing_not_of_app", vi: "Loại key này không thuộc ứng dụng.", en: "This key type is not this app's." },
  pricingSet: { code: "package_manager_pricing_set", vi: "Đã lưu loại key mua nhanh trong Sileo và Zebra.", en: "Saved the key type bought at once in Sileo and Zebra." },
});

/** workers/shared/money/topup.ts wrongValueCredit in English: the real value less the fee, then the gap to what was credited. */
function creditEn(realValue: number, feePercent: number, credited: number): string {
  const afterFee = cardEstimate(realValue, feePercent);
  const steps = `${vnd(realValue)} less the ${feePercent}% fee is ${vnd(afterFee)}`;
  if (credited < afterFee) return `${steps}; the card gateway kept ${vnd(afterFee - credited)} more for the wrong declared value`;
  return credited > afterFee ? `${steps}; the card gateway paid ${vnd(credited - afterFee)} more` : steps;
}

const usd = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")} USD`;

/** A part of a crypto invoice its credit is for: the rest of it after a partial payment, or a part. */
export type CryptoPart = "rest" | "partial" | null;

/**
 * The wallet's ledger lines, one per form a balance moves by (workers/money/wallet/money.ts): the
 * row keeps its code and arguments (wallet_transactions.description_code, description_args, a JSON
 * array in the order declared here, migrations/0026) beside the Vietnamese it wrote
 * (`description`, for the admin screens and exports), and the buyer's ledger says the line in the
 * reader's language (workers/money/buyer-wallet.ts). What a line names (a transfer content, an app,
 * a promotion, an admin's note) is said as written. A new form is a new code; the migration's
 * backfill knows the arguments of each.
 */
export const LEDGER_MESSAGES = defineMessages({
  vietqr: { code: "ledger_vietqr", vi: (content: string) => `Nạp tiền VietQR ${content}`, en: (content: string) => `VietQR top-up ${content}` },
  /** A good card: carrier, face value, the serial's last digits, then what the fee took (`fee` null on lines written before issue 53). */
  card: {
    code: "ledger_card",
    vi: (telco: string, value: number, serial: string, fee: number | null, credited: number) =>
      `Nạp tiền bằng thẻ cào ${telcoLabel(telco)} ${formatVND(value)}, serial …${serial}${fee === null ? "" : `: ${wrongValueCredit(value, fee, credited)}`}`,
    en: (telco: string, value: number, serial: string, fee: number | null, credited: number) =>
      `Phone card top-up: ${telcoLabel(telco)} ${vnd(value)}, serial …${serial}${fee === null ? "" : `: ${creditEn(value, fee, credited)}`}`,
  },
  /** A card worth another value than declared: the declared and real values, and how the credit came about. */
  cardWrongValue: {
    code: "ledger_card_wrong_value",
    vi: (telco: string, declared: number, serial: string, real: number, fee: number, credited: number) =>
      `Nạp tiền bằng thẻ cào ${telcoLabel(telco)} ${formatVND(declared)}, serial …${serial}; sai mệnh giá, khai báo ${formatVND(declared)}, giá trị thật ${formatVND(real)}: ${wrongValueCredit(real, fee, credited)}`,
    en: (telco: string, declared: number, serial: string, real: number, fee: number, credited: number) =>
      `Phone card top-up: ${telcoLabel(telco)} ${vnd(declared)}, serial …${serial}; wrong declared value: declared ${vnd(declared)}, real value ${vnd(real)}: ${creditEn(real, fee, credited)}`,
  },
  transferByHand: {
    code: "ledger_transfer_by_hand",
    vi: (note: string) => `Nạp tiền chuyển khoản (duyệt thủ công)${note ? `: ${note}` : ""}`,
    en: (note: string) => `Bank transfer top-up (approved by hand)${note ? `: ${note}` : ""}`,
  },
  cardByHand: {
    code: "ledger_card_by_hand",
    vi: (note: string) => `Nạp tiền bằng thẻ cào (duyệt thủ công)${note ? `: ${note}` : ""}`,
    en: (note: string) => `Phone card top-up (approved by hand)${note ? `: ${note}` : ""}`,
  },
  /** The key type as the shop names it, the app, and the type's code (key_types.name) so English names the type in English. */
  purchase: {
    code: "ledger_purchase",
    vi: (keyType: string, app: string, _typeCode: string | null) => `Mua key ${keyType} - ${app}`,
    en: (keyType: string, app: string, typeCode: string | null) => `Key purchase: ${keyTypeNameEn(typeCode, keyType)} - ${app}`,
  },
  bonus: { code: "ledger_bonus", vi: (promotion: string) => `Khuyến mãi nạp tiền: ${promotion}`, en: (promotion: string) => `Top-up bonus: ${promotion}` },
  /** An admin's change of a balance: the admin's note, or the default note when none was written. */
  adjustment: {
    code: "ledger_adjustment",
    vi: (note: string) => note || "Điều chỉnh số dư bởi quản trị viên",
    en: (note: string) => (note ? `Adjustment by the store: ${note}` : "Adjustment by the store"),
  },
  crypto: {
    code: "ledger_crypto",
    vi: (cents: number, part: CryptoPart, payment: string) => `Nạp tiền crypto (NOWPayments) ${usd(cents)}${part ? `, ${part === "rest" ? "phần còn lại" : "một phần"}` : ""}, thanh toán ${payment}`,
    en: (cents: number, part: CryptoPart, payment: string) => `Crypto top-up (NOWPayments) ${usd(cents)}${part ? `, ${part === "rest" ? "the rest" : "in part"}` : ""}, payment ${payment}`,
  },
  cryptoByHand: {
    code: "ledger_crypto_by_hand",
    vi: (payment: string, note: string) => `Nạp tiền crypto (NOWPayments), thanh toán ${payment} (duyệt thủ công)${note ? `: ${note}` : ""}`,
    en: (payment: string, note: string) => `Crypto top-up (NOWPayments), payment ${payment} (approved by hand)${note ? `: ${note}` : ""}`,
  },
  cryptoRefund: {
    code: "ledger_crypto_refund",
    vi: (payment: string, amount: number, debt: number) => `Hoàn tiền crypto (NOWPayments), thanh toán ${payment}: thu hồi ${formatVND(amount)}${debt > 0 ? `, trong đó ${formatVND(debt)} ghi nợ` : ""}`,
    en: (payment: string, amount: number, debt: number) => `Crypto refund (NOWPayments), payment ${payment}: ${vnd(amount)} taken back${debt > 0 ? `, of which ${vnd(debt)} is owed` : ""}`,
  },
  debtRepaid: {
    code: "ledger_debt_repaid",
    vi: (amount: number) => `Trả nợ do khoản nạp crypto bị hoàn lại: ${formatVND(amount)}`,
    en: (amount: number) => `Debt repaid for a refunded crypto top-up: ${vnd(amount)}`,
  },
});

/** The longest a ledger line is stored and said (the description's 300 characters, as the writers cut it). */
export const LEDGER_LINE_MAX = 300;

const LEDGER_BY_CODE = new Map(Object.values(LEDGER_MESSAGES).map((template) => [template.code, template as unknown as (...args: unknown[]) => Message]));

/** The arity and kinds of each code's arguments, so a row's stored arguments are checked before they are said. */
const ARG_KINDS: Readonly<Record<string, string>> = {
  ledger_vietqr: "s",
  ledger_card: "snsNn",
  ledger_card_wrong_value: "snsnnn",
  ledger_transfer_by_hand: "s",
  ledger_card_by_hand: "s",
  ledger_purchase: "ssS",
  ledger_bonus: "s",
  ledger_adjustment: "s",
  ledger_crypto: "nPs",
  ledger_crypto_by_hand: "ss",
  ledger_crypto_refund: "snn",
  ledger_debt_repaid: "n",
};

/** One argument against its kind: s a text, S a text or null, n a whole number, N a whole number or null, P a crypto part. */
function fits(kind: string, value: unknown): boolean {
  if (kind === "s") return typeof value === "string" && value.length <= LEDGER_LINE_MAX;
  if (kind === "S") return value === null || fits("s", value);
  if (kind === "n") return Number.isSafeInteger(value);
  if (kind === "N") return value === null || fits("n", value);
  return value === null || value === "rest" || value === "partial";
}

/**
 * The line a ledger row's stored code and arguments say, or null when the row has none or they are
 * not a declared line's (an older row no backfill knew, a row written by hand): the row is then
 * shown by its stored description.
 */
export function ledgerLine(code: string | null, args: string | null): Message | null {
  const template = code === null ? undefined : LEDGER_BY_CODE.get(code);
  const kinds = code === null ? undefined : ARG_KINDS[code];
  if (!template || kinds === undefined || args === null) return null;
  let values: unknown;
  try {
    values = JSON.parse(args);
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values.length !== kinds.length || !values.every((value, index) => fits(kinds[index], value))) return null;
  return template(...values);
}
