// The crypto top-up's words (issue 54: a top-up in US dollars paid through NOWPayments' hosted
// invoice, credited in VND at the shop's rate): its dialog and its line among the money on its way
// (English twin: app/i18n/en/wallet/crypto-topup.ts).
import { defineWords } from "../../words";

/** The gateway's states of a payment under way and after (workers/money/crypto.ts), as the buyer reads them. */
const STATES: Readonly<Record<string, string>> = {
  waiting: "Đang chờ bạn thanh toán",
  confirming: "Đang xác nhận trên blockchain",
  confirmed: "Đã xác nhận, đang chuyển",
  sending: "Đang chuyển",
  partially_paid: "Đã nhận một phần",
  finished: "Đã cộng vào ví",
  failed: "Thất bại",
  expired: "Đã hết hạn",
  pending: "Đang chờ bạn thanh toán",
  partial: "Đã nhận một phần",
  credited: "Đã cộng vào ví",
  refused: "Cửa hàng đã từ chối",
  refunded: "Đã hoàn tiền",
};

export const cryptoTopupWords = defineWords("cryptoTopup", {
  title: "Nạp tiền bằng tiền mã hoá",
  subtitle: "Trả bằng USDT, BTC và các đồng khác qua NOWPayments; ví được cộng VND theo tỷ giá của cửa hàng.",
  loading: "Đang tải...",
  unavailable: "Nạp bằng tiền mã hoá đang tạm tắt.",
  amountLabel: "Số tiền (USD)",
  amountHint: (minimum: string, maximum: string) => `Từ ${minimum} đến ${maximum}.`,
  amountInvalid: (minimum: string, maximum: string) => `Vui lòng nhập số USD từ ${minimum} đến ${maximum} (tối đa 2 chữ số thập phân).`,
  rate: (rate: string) => `Tỷ giá: 1 US$ = ${rate}`,
  youGet: "Ví được cộng",
  pay: "Tiếp tục thanh toán",
  creating: "Đang tạo hoá đơn...",
  failed: "Không thể tạo hoá đơn. Vui lòng thử lại.",
  invoiceFor: (usd: string, vnd: string) => `Hoá đơn ${usd}: ví được cộng ${vnd}`,
  lockedRate: (rate: string) => `Tỷ giá đã chốt: 1 US$ = ${rate}`,
  openInvoice: "Mở trang thanh toán",
  invoiceHint: "Trang thanh toán mở trong thẻ mới. Giữ trang này mở: số dư được cập nhật ngay khi thanh toán xong.",
  state: (state: string) => STATES[state] ?? String(state),
  credited: (amount: string) => `Đã cộng ${amount} vào ví`,
  another: "Tạo hoá đơn khác",
  pendingLine: (usd: string, vnd: string) => `${usd} → ${vnd}`,
  payNow: "Thanh toán",
});
