// The words of every page's frame: the header, the footer, the error and not-found screens
// (Vietnamese, the specification's; English twin: app/i18n/en/shell.ts). The header's menus have
// their own (menus.ts), which come with the menus' code when one first opens.
import { defineWords } from "../words";

export const shellWords = defineWords("shell", {
  skipToContent: "Bỏ qua đến nội dung",
  accountNav: "Tài khoản",
  signIn: "Đăng nhập",
  register: "Đăng ký",
  // The header's balance: the server's own Vietnamese writing of it (so the shell carries no formatter).
  balance: (formatted: string, _amount: number) => formatted,
  dismiss: "Đóng",
  closeNotification: "Đóng thông báo",
  openMenu: "Mở menu",
  notFoundTitle: "Không tìm thấy trang",
  notFoundMessage: "Trang bạn tìm không tồn tại hoặc đã bị xóa.",
  backHome: "Về trang chủ",
  errorTitle: "Có lỗi xảy ra",
  errorMessage: "Có lỗi không xác định xảy ra. Vui lòng thử lại.",
  errorId: "Mã lỗi:",
  reload: "Tải lại trang",
  language: "Ngôn ngữ",
});
