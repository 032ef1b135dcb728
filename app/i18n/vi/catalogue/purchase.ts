// The words of the key purchase box on an app page, with the product's purchase messages and the
// options' states (workers/shared/money/pricing.ts, the API's words too), Vietnamese as the
// specification has them; English twin: app/i18n/en/purchase.ts. The dialogs' own words load with
// the dialogs (app/i18n/vi/purchase-dialogs.ts).
import { PRICING_STATE_WORDS, PURCHASE_MESSAGES } from "@workers/shared/money/pricing";
import { defineWords } from "../../words";

export const purchaseWords = defineWords("purchase", {
  ...PURCHASE_MESSAGES,
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
