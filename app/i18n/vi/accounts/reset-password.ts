// Setting a new password from the reset link (/reset-password; English twin: app/i18n/en/reset-password.ts).
import { defineWords } from "../../words";

export const resetPasswordWords = defineWords("resetPassword", {
  resetTitle: "Đặt lại mật khẩu",
  resetDescription: "Tạo mật khẩu mới cho tài khoản của bạn.",
  username: "Tên đăng nhập",
  email: "Email",
  save: "Đặt lại mật khẩu",
  saving: "Đang lưu...",
  done: "Mật khẩu của bạn đã được đặt lại. Đang chuyển đến trang đăng nhập...",
  signInNow: "Đăng nhập ngay",
  success: "Đặt lại mật khẩu thành công! Vui lòng đăng nhập.",
  checkingLink: "Đang kiểm tra liên kết...",
  missingToken: "Token không hợp lệ",
  invalidToken: "Token không hợp lệ hoặc đã hết hạn",
  invalidTitle: "Liên kết không hợp lệ",
  invalidExplained: "Liên kết có thể đã được dùng hoặc đã quá 1 giờ. Đang chuyển đến trang yêu cầu liên kết mới...",
  newLink: "Yêu cầu liên kết mới",
  offline: "Lỗi kết nối. Vui lòng thử lại!",
  retry: "Thử lại",
  backToLogin: "Quay lại đăng nhập",
});
