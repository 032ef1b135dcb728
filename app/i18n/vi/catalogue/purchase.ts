// The words of the key purchase box on an app page, with the product's purchase messages (the
// API's PURCHASE_MESSAGES, workers/shared/money/messages.ts, say the same Vietnamese: held by
// tests/unit/money-words.test.ts; this page does not load their English) and the options' states
// (workers/shared/money/pricing.ts), Vietnamese as the specification has them; English twin:
// app/i18n/en/purchase.ts. The dialogs' own words load with the dialogs (app/i18n/vi/purchase-dialogs.ts).
import { PRICING_STATE_WORDS } from "@workers/shared/money/pricing";
import { defineWords } from "../../words";

export const purchaseWords = defineWords("purchase", {
  chooseKey: "Vui lòng chọn loại key",
  paused: "Loại key này đã tạm dừng bán. Vui lòng chọn loại key khác.",
  soldOut: "Key này đã hết hàng. Vui lòng chọn loại key khác.",
  soldOutWait: "Key này đã hết hàng. Vui lòng chọn loại key khác hoặc chờ admin nhập thêm.",
  unavailable: "Không thể mua key này lúc này.",
  checkFailed: "Không thể kiểm tra tình trạng key. Vui lòng thử lại.",
  balanceOnly: "Chỉ hỗ trợ thanh toán bằng số dư...",
  failed: "Có lỗi xảy ra khi mua key.",
  exception: "Có lỗi xảy ra khi xử lý thanh toán. Vui lòng thử lại.",
  // The request left, its answer never came: the same Idempotency-Key makes the retry safe.
  answerLost:
    "Mất kết nối trước khi nhận được kết quả, nên giao dịch có thể đã thành công. Bạn có thể bấm “Xác nhận mua” để thử lại an toàn: nếu đã mua, bạn sẽ nhận lại đúng key đó và chỉ bị trừ tiền một lần.",
  purchased: "Mua key thành công!",
  copied: "Đã copy key vào clipboard!",
  copyFailed: "Không thể copy key. Vui lòng copy thủ công.",
  ...PRICING_STATE_WORDS,
  heading: "Mua key",
  intro: "Chọn loại key, thanh toán bằng số dư ví và nhận key ngay.",
  noOptions: "Hiện chưa có loại key nào để mua.",
  noRate: "Chưa có tỷ giá",
  chosen: "Đã chọn:",
  /** The choice moved because this option can no longer be bought (its state: "Hết hàng", "Tạm dừng"). */
  gaveWay: (keyType: string, state: string) => `Không mua được ${keyType} nữa (${state}).`,
  checking: "Đang kiểm tra...",
  buyNow: "Mua ngay",
});
