// The words of the pages Sileo and Zebra open in their sheet (/sileo/connect, /sileo/checkout; the
// signed-in phones are the security page's words) (docs/product.md, "Buying in Sileo and Zebra"; English
// twin: app/i18n/en/wallet/package-manager.ts).
import { defineWords } from "../../words";

export const packageManagerWords = defineWords("packageManager", {
  connectTitle: "Kết nối Sileo / Zebra",
  connectIntro: (model: string, account: string) => `Cho phép ${model || "điện thoại này"} mua key bằng ví của tài khoản ${account}.`,
  connectButton: "Kết nối điện thoại",
  connecting: "Đang kết nối...",
  connected: "Đã kết nối. Nếu Sileo / Zebra chưa tự mở lại, bấm vào đây.",
  badAddress: "Liên kết không hợp lệ. Vui lòng đăng nhập lại từ Sileo hoặc Zebra.",
  checkoutTitle: "Mua key",
  loading: "Đang tải...",
  balance: "Số dư ví",
  chooseType: "Chọn loại key",
  soldOut: "Hết hàng",
  pay: "Thanh toán bằng ví",
  paying: "Đang thanh toán...",
  topUp: "Nạp tiền vào ví",
  notEnough: "Số dư không đủ cho loại key này.",
  owned: "Bạn đã có key còn hiệu lực cho gói này.",
  bought: "Mua thành công! Key đã gắn với điện thoại của bạn:",
  backToApp: "Quay lại Sileo / Zebra",
});
