// The words of the purchase's two dialogs, the confirmation and the bought key, loaded with them
// (Vietnamese, the specification's; English twin: app/i18n/en/purchase-dialogs.ts).
import { insufficientBalanceText } from "@workers/shared/money/pricing";
import { defineWords } from "../../words";

export const purchaseDialogWords = defineWords("purchaseDialogs", {
  confirmTitle: "Xác nhận mua key",
  app: "Ứng dụng",
  keyType: "Loại key",
  price: "Giá",
  balance: "Số dư hiện tại",
  balanceAfter: "Số dư sau khi mua",
  paymentMethod: "Phương thức thanh toán",
  payFromWallet: "Thanh toán bằng số dư ví",
  /** The amounts as the page writes them. */
  insufficientBalance: insufficientBalanceText,
  topUp: "Nạp tiền vào ví →",
  signInToBuy: "Vui lòng đăng nhập để mua key.",
  cancel: "Hủy",
  processing: "Đang xử lý...",
  confirm: "Xác nhận mua",
  keyFor: (keyType: string) => `Key ${keyType} cho `,
  yourKey: "Key của bạn",
  copiedButton: "Đã sao chép",
  copyKey: "Sao chép key",
  savedIn: "Key đã được lưu trong",
  purchaseHistory: "Hồ sơ → Lịch sử mua hàng",
  seeAgain: ", bạn có thể xem lại bất cứ lúc nào.",
});
