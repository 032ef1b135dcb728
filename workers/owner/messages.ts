// What the store settings say and the limit they keep, each message declared once with its code and
// both its texts (workers/shared/message.ts): pure, so the settings schema, the rules
// (store-settings.ts) and the routes share one home.
import type { Notice, NoticeSettings, StockPricing, StockTexts } from "../db/statements/notifications";
import { number, vnd } from "../shared/english/format";
import { formatNumber, formatVND } from "../shared/format";
import { defineMessages, type Said } from "../shared/message";
import { MAX_USD_VND_RATE } from "../shared/money/currency";

export { MAX_USD_VND_RATE };

export const SETTINGS_MESSAGES = defineMessages({
  saved: { code: "settings_saved", vi: "Đã lưu cài đặt", en: "Settings saved" },
  rateInvalid: {
    code: "usd_rate_invalid",
    vi: `Tỷ giá phải là số nguyên từ 1 đến ${formatNumber(MAX_USD_VND_RATE)} (số đồng cho 1 US$)`,
    en: `The exchange rate must be a whole number from 1 to ${number(MAX_USD_VND_RATE)} (dong per US$1)`,
  },
  noRate: {
    code: "usd_rate_missing",
    vi: "Chưa có tỷ giá USD: vào Quản trị → Cài đặt để nhập tỷ giá trước khi đặt giá bằng USD.",
    en: "No USD exchange rate yet: go to Admin → Settings and enter one before setting prices in USD.",
  },
  cryptoSaved: { code: "crypto_settings_saved", vi: "Đã lưu cài đặt crypto", en: "Crypto settings saved" },
  cryptoRange: { code: "crypto_range", vi: "Số tiền tối thiểu phải nhỏ hơn hoặc bằng tối đa", en: "The minimum must not be above the maximum" },
});

/** The CSV exports (routes/exports.ts). */
export const EXPORT_MESSAGES = defineMessages({
  tooManyRows: {
    code: "export_too_many_rows",
    vi: (max: number) => `Khoảng thời gian có hơn ${formatNumber(max)} dòng. Vui lòng chọn ít ngày hơn.`,
    en: (max: number) => `This period has more than ${number(max)} rows. Please choose fewer days.`,
  },
});

/** The filters of the owner's lists and reports (schemas/), as a query string sends them. */
export const QUERY_MESSAGES = defineMessages({
  badDate: { code: "date_invalid", vi: "Ngày không hợp lệ", en: "Invalid date" },
  badDay: { code: "date_invalid", vi: "Ngày không hợp lệ (định dạng YYYY-MM-DD)", en: "Invalid date (use the format YYYY-MM-DD)" },
  endNotAfterStart: { code: "date_range_invalid", vi: "Ngày kết thúc phải sau ngày bắt đầu", en: "The end date must be after the start date" },
  startAfterEnd: { code: "date_range_invalid", vi: "Ngày bắt đầu phải trước hoặc bằng ngày kết thúc", en: "The start date must be on or before the end date" },
  badAction: { code: "action_invalid", vi: "Hành động không hợp lệ", en: "Invalid action" },
  badStatus: { code: "status_invalid", vi: "Trạng thái không hợp lệ", en: "Invalid status" },
  badLimit: { code: "limit_invalid", vi: "Số lượng không hợp lệ", en: "Invalid number" },
  badCursor: { code: "cursor_invalid", vi: "Vị trí trang không hợp lệ", en: "Invalid page position" },
  daysNotWhole: { code: "days_not_whole", vi: "Số ngày phải là số nguyên", en: "The number of days must be a whole number" },
  daysRange: { code: "days_range", vi: "Số ngày phải từ 1 đến 90", en: "The number of days must be from 1 to 90" },
});

/** The shop's webhook (store-events.ts, routes/settings.ts). */
export const WEBHOOK_MESSAGES = defineMessages({
  saved: { code: "webhook_saved", vi: "Đã lưu địa chỉ webhook. Hãy chép khoá ký ngay: nó chỉ hiện một lần.", en: "Webhook address saved. Copy the signing secret now: it is shown only once." },
  off: { code: "webhook_off", vi: "Đã tắt webhook", en: "Webhook turned off" },
  invalid: { code: "webhook_url_invalid", vi: "Địa chỉ webhook không hợp lệ (ví dụ https://shop.vn/hooks/store)", en: "The webhook address is not valid (for example https://shop.vn/hooks/store)" },
  notHttps: { code: "webhook_url_not_https", vi: "Địa chỉ webhook phải dùng https://", en: "The webhook address must use https://" },
  credentials: { code: "webhook_url_credentials", vi: "Địa chỉ webhook không được chứa tên đăng nhập hay mật khẩu", en: "The webhook address must not contain a user name or password" },
  private: {
    code: "webhook_url_private",
    vi: "Địa chỉ webhook phải là một máy trên Internet, không phải mạng nội bộ, localhost hay địa chỉ link-local",
    en: "The webhook address must be a server on the Internet, not a private network, localhost or a link-local address",
  },
  ownStore: { code: "webhook_url_own_store", vi: "Địa chỉ webhook không được trỏ về chính cửa hàng", en: "The webhook address must not point at the store itself" },
  unresolved: { code: "webhook_url_unresolved", vi: "Không tra được tên miền của địa chỉ webhook. Vui lòng kiểm tra lại hoặc thử lại sau.", en: "The webhook address's host name could not be looked up. Please check it or try again later." },
  deliveryNotFound: { code: "webhook_delivery_not_found", vi: "Không tìm thấy sự kiện", en: "Event not found" },
  queuedAgain: { code: "webhook_queued_again", vi: "Sự kiện sẽ được gửi lại trong lần chạy tới (tối đa 1 phút)", en: "The event will be sent again on the next run (within a minute)" },
  noWebhook: { code: "webhook_not_set", vi: "Chưa đặt địa chỉ webhook", en: "No webhook address is set" },
});

// ---------------------------------------------------------------- the wallet's notices

// What the wallet object's batches tell the owner (workers/money/wallet/money.ts), said in the
// store's language when recorded (workers/owner/notifications.ts delivers them); `{user}` and
// `{count}` are filled by the statement from what committed.
export const WALLET_NOTICES = defineMessages({
  deposit: { code: "notice_deposit", vi: (amount: number) => `💰 Nạp tiền: +${formatVND(amount)}`, en: (amount: number) => `💰 Top-up: +${vnd(amount)}` },
  refund: { code: "notice_refund", vi: (amount: number) => `↩️ Hoàn tiền crypto: −${formatVND(amount)}`, en: (amount: number) => `↩️ Crypto refund: −${vnd(amount)}` },
  user: { code: "notice_user", vi: "Người dùng: {user}", en: "User: {user}" },
  channel: { code: "notice_channel", vi: (channel: Said) => `Kênh: ${channel}`, en: (channel: Said) => `Channel: ${channel}` },
  code: { code: "notice_code", vi: (code: string) => `Mã: ${code}`, en: (code: string) => `Code: ${code}` },
  payment: { code: "notice_payment", vi: (id: string) => `Thanh toán: ${id}`, en: (id: string) => `Payment: ${id}` },
  inDebt: {
    code: "notice_in_debt",
    vi: (debt: number) => `Số dư không đủ: tài khoản nợ ${formatVND(debt)} và không mua được cho đến khi nạp lại`,
    en: (debt: number) => `The balance was short: the account owes ${vnd(debt)} and cannot buy until it tops up again`,
  },
  soldOut: { code: "notice_sold_out", vi: (name: string) => `⛔ Hết key: ${name}`, en: (name: string) => `⛔ Out of keys: ${name}` },
  lowStock: { code: "notice_low_stock", vi: (name: string) => `⚠️ Sắp hết key: ${name} (còn {count} key)`, en: (name: string) => `⚠️ Keys running low: ${name} ({count} left)` },
});

/** The channel a deposit came by, as its notice names it. */
export const DEPOSIT_CHANNELS = defineMessages({
  vietqr: { code: "channel_vietqr", vi: "VietQR", en: "VietQR" },
  card: { code: "channel_card", vi: "thẻ cào", en: "phone card" },
  bank_transfer: { code: "channel_bank_transfer", vi: "chuyển khoản (duyệt thủ công)", en: "bank transfer (reviewed by hand)" },
  card_review: { code: "channel_card_review", vi: "thẻ cào (duyệt thủ công)", en: "phone card (reviewed by hand)" },
  crypto: { code: "channel_crypto", vi: "crypto (NOWPayments)", en: "crypto (NOWPayments)" },
  crypto_review: { code: "channel_crypto_review", vi: "crypto (duyệt thủ công)", en: "crypto (reviewed by hand)" },
});

export type DepositNotice = { userId: number; amount: number; channel: keyof typeof DEPOSIT_CHANNELS; code: string | null; reference: string };

/** A deposit credited: its statement joins the deposit's batch, keyed by the ledger reference. */
export function depositNotice(settings: NoticeSettings, deposit: DepositNotice, now: number): Notice[] {
  if (!settings.kinds.has("deposit")) return [];
  const lines = [WALLET_NOTICES.deposit(deposit.amount), WALLET_NOTICES.user, WALLET_NOTICES.channel(DEPOSIT_CHANNELS[deposit.channel])];
  if (deposit.code) lines.push(WALLET_NOTICES.code(deposit.code));
  return [{ kind: "deposit", text: lines.map((line) => line.in("vi")).join("\n"), dedupeKey: `deposit:${deposit.reference}`, at: now, userId: deposit.userId }];
}

/** A crypto credit taken back by the gateway's refund: the owner is told, keyed by the payment. */
export function refundNotice(settings: NoticeSettings, refund: { userId: number; amount: number; debt: number; paymentId: string }, now: number): Notice[] {
  if (!settings.kinds.has("deposit")) return [];
  const lines = [WALLET_NOTICES.refund(refund.amount), WALLET_NOTICES.user, WALLET_NOTICES.payment(refund.paymentId)];
  if (refund.debt > 0) lines.push(WALLET_NOTICES.inDebt(refund.debt));
  return [{ kind: "deposit", text: lines.map((line) => line.in("vi")).join("\n"), dedupeKey: `refund:crypto:${refund.paymentId}`, at: now, userId: refund.userId }];
}

/** A pricing's stock alerts (db/statements/notifications.ts stockStatements records them). */
export function stockTexts(pricing: StockPricing): StockTexts {
  const name = `${pricing.appName} – ${pricing.keyTypeName}`;
  return { sold_out: WALLET_NOTICES.soldOut(name).in("vi"), low_stock: WALLET_NOTICES.lowStock(name).in("vi") };
}
