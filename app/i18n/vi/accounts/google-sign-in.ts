// The return from Google (/auth/google/callback, English twin: app/i18n/en/google-sign-in.ts). The
// page has one address for both languages; it speaks the language the visitor left from.
import { defineWords } from "../../words";

export const googleSignInWords = defineWords("googleSignIn", {
  title: "Đăng nhập Google",
  /** docs/product.md §8: "Lỗi xác thực Google: {message}". */
  failure: (detail: string) => `Lỗi xác thực Google: ${detail}`,
  // The product's own words for these two, in English in both stores.
  noCode: "No authorization code received from Google",
  failed: "Authentication failed",
  badState: "Phiên đăng nhập Google không hợp lệ hoặc đã hết hạn. Vui lòng thử lại.",
  signedIn: "Đăng nhập thành công!",
  signingIn: "Đang đăng nhập bằng Google...",
  failedTitle: "Đăng nhập Google thất bại",
  redirecting: "Đang chuyển về trang đăng nhập...",
  backToLogin: "Quay lại đăng nhập",
});
