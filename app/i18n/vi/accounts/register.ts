// Registration's words (/register; English twin: app/i18n/en/register.ts).
import { defineWords } from "../../words";

export const registerWords = defineWords("register", {
  title: "Đăng ký",
  heading: "Tạo tài khoản",
  description: "Đăng ký để mua key bằng ví và theo dõi lịch sử mua hàng.",
  haveAccount: "Đã có tài khoản?",
  signIn: "Đăng nhập",
  firstName: "Họ",
  lastName: "Tên",
  username: "Tên đăng nhập",
  usernameHint: "3–30 ký tự: chữ cái không dấu, số, dấu chấm, gạch dưới hoặc gạch ngang.",
  email: "Email",
  password: "Mật khẩu",
  passwordHint: "Ít nhất 8 ký tự.",
  confirmPassword: "Xác nhận mật khẩu",
  register: "Đăng ký",
  registering: "Đang đăng ký...",
  /** Between the form and the Google button. */
  or: "hoặc",
  withGoogle: "Đăng ký với Google",
  googleFailed: "Lỗi đăng ký Google",
  checking: "Đang kiểm tra...",
  checkFailed: "Lỗi kiểm tra",
  checkOffline: "Lỗi kết nối",
  available: "Có thể sử dụng",
  taken: "Đã được sử dụng",
  waitForChecks: "Vui lòng đợi kiểm tra hoàn tất",
  success: "Đăng ký thành công! Vui lòng đăng nhập.",
  failed: "Đăng ký thất bại. Vui lòng kiểm tra lại thông tin.",
  offline: "Lỗi kết nối. Vui lòng thử lại!",
});
