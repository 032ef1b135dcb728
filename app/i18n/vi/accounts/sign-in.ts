// The sign-in's words (/login; its second step is app/i18n/vi/second-factor.ts). English twin: app/i18n/en/sign-in.ts.
import { defineWords } from "../../words";

export const signInWords = defineWords("signIn", {
  title: "Đăng nhập",
  description: "Đăng nhập để mua key, nạp tiền và xem lịch sử giao dịch.",
  noAccount: "Chưa có tài khoản?",
  register: "Đăng ký",
  login: "Tên đăng nhập hoặc email",
  password: "Mật khẩu",
  forgotPassword: "Quên mật khẩu?",
  signIn: "Đăng nhập",
  signingIn: "Đang đăng nhập...",
  /** Between the form and the Google button. */
  or: "hoặc",
  withGoogle: "Đăng nhập với Google",
  googleFailed: "Lỗi đăng nhập Google",
  signedIn: "Đăng nhập thành công!",
});
