// Asking for a password reset link (/forgot-password; English twin: app/i18n/en/forgot-password.ts).
import { defineWords } from "../../words";

export const forgotPasswordWords = defineWords("forgotPassword", {
  forgotTitle: "Quên mật khẩu",
  forgotDescription: "Nhập email bạn đã dùng để đăng ký. Chúng tôi sẽ gửi cho bạn liên kết để đặt lại mật khẩu.",
  email: "Email",
  send: "Gửi liên kết đặt lại",
  sending: "Đang gửi...",
  backToLogin: "Quay lại đăng nhập",
  sentTitle: "Kiểm tra email của bạn",
  /** "Nếu {email} đã đăng ký tài khoản, …": the words before and after the address. */
  sentBefore: "Nếu",
  sentAfter: "đã đăng ký tài khoản, chúng tôi đã gửi cho bạn một liên kết để đặt lại mật khẩu.",
  sentStepInbox: "Mở hộp thư đến của email trên. Nếu không thấy, hãy kiểm tra thư mục Spam hoặc Quảng cáo.",
  sentStepLink: "Nhấn vào liên kết trong email để đặt mật khẩu mới.",
  sentStepHour: "Liên kết chỉ có hiệu lực trong 1 giờ và chỉ dùng được một lần.",
  notReceived: "Không nhận được email?",
  resend: "Gửi lại",
  resending: "Đang gửi lại...",
  resent: "Đã gửi lại email hướng dẫn. Vui lòng kiểm tra hộp thư.",
  useAnotherEmail: "Dùng địa chỉ email khác",
});
