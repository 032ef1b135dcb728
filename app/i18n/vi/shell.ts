// The words of every page's frame: the header, its menus, the footer, the error and not-found
// screens (Vietnamese, the specification's; English twin: app/i18n/en/shell.ts).
import { defineWords } from "../words";

export const shellWords = defineWords("shell", {
  skipToContent: "Bỏ qua đến nội dung",
  accountNav: "Tài khoản",
  signIn: "Đăng nhập",
  register: "Đăng ký",
  signOut: "Đăng xuất",
  signedOut: "Đã đăng xuất",
  // The header's balance: the server's own Vietnamese writing of it (so the shell carries no formatter).
  balance: (formatted: string, _amount: number) => formatted,
  dismiss: "Đóng",
  closeNotification: "Đóng thông báo",
  openMenu: "Mở menu",
  menu: "Menu",
  profile: "Hồ sơ",
  profileAndWallet: "Hồ sơ & Ví tiền",
  topUpVietQr: "Nạp tiền qua VietQR",
  topUpCard: "Nạp tiền bằng thẻ cào",
  admin: "Quản trị",
  notFoundTitle: "Không tìm thấy trang",
  notFoundMessage: "Trang bạn tìm không tồn tại hoặc đã bị xóa.",
  backHome: "Về trang chủ",
  errorTitle: "Có lỗi xảy ra",
  errorMessage: "Có lỗi không xác định xảy ra. Vui lòng thử lại.",
  errorId: "Mã lỗi:",
  reload: "Tải lại trang",
  language: "Ngôn ngữ",
});
