// What the accounts rules say: pure text, so the schemas, the rules (mfa.ts, user-admin.ts) and the
// screens share one home. The second factor's and the admin's messages are declared with their
// code and both texts (workers/shared/message.ts); the sign-in words and the mail switch's, which
// the schemas and the screens read as text, are not yet.
import { defineMessages } from "../shared/message";

export const AUTH_MESSAGES = {
  required: "Trường này là bắt buộc",
  emailInvalid: "Email không hợp lệ",
  usernameInvalid: "Tên đăng nhập gồm 3–30 ký tự: chữ cái không dấu, số, dấu chấm, gạch dưới hoặc gạch ngang",
  usernameTaken: "Tên đăng nhập đã được sử dụng",
  usernameAvailable: "Tên đăng nhập có thể sử dụng",
  emailTaken: "Email đã được sử dụng",
  emailAvailable: "Email có thể sử dụng",
  passwordShort: "Mật khẩu phải có ít nhất 8 ký tự",
  passwordLong: "Mật khẩu tối đa 128 ký tự",
  passwordMismatch: "Mật khẩu xác nhận không khớp",
  nameLong: "Tối đa 50 ký tự",
  registered: "Đăng ký thành công! Vui lòng đăng nhập.",
  loggedIn: "Đăng nhập thành công!",
  secondFactor: "Nhập mã xác thực để hoàn tất đăng nhập",
  badCredentials: "Tên đăng nhập hoặc mật khẩu không đúng",
  inactive: "Tài khoản đã bị khóa. Vui lòng liên hệ hỗ trợ.",
  unauthenticated: "Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại!",
  refreshInvalid: "Phiên đăng nhập không hợp lệ hoặc đã hết hạn. Vui lòng đăng nhập lại.",
  loggedOut: "Đã đăng xuất",
  forgotSent: "Nếu email tồn tại trong hệ thống, chúng tôi đã gửi liên kết đặt lại mật khẩu. Vui lòng kiểm tra hộp thư.",
  tokenInvalid: "Token không hợp lệ hoặc đã hết hạn",
  tokenValid: "Token hợp lệ",
  passwordReset: "Đặt lại mật khẩu thành công! Vui lòng đăng nhập.",
  currentPasswordWrong: "Mật khẩu hiện tại không đúng",
  passwordChanged: "Đổi mật khẩu thành công!",
  passwordCreated: "Tạo mật khẩu thành công!",
  signInAgainToCreatePassword: "Vì lý do bảo mật, vui lòng đăng xuất rồi đăng nhập lại, sau đó tạo mật khẩu trong vòng 10 phút.",
  googleFailed: "Không xác thực được với Google. Vui lòng thử lại.",
  googleUnverified: "Email Google chưa được xác minh",
  googleDisabled: "Đăng nhập Google chưa được bật",
  tooMany: (seconds: number) => `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
} as const;

export const MFA_MESSAGES = defineMessages({
  codeWrong: { code: "mfa_code_wrong", vi: "Mã xác thực không đúng", en: "Incorrect authentication code" },
  codeUsed: { code: "mfa_code_used", vi: "Mã này đã được dùng. Vui lòng chờ mã mới trong ứng dụng xác thực.", en: "This code has already been used. Please wait for a new code in your authenticator app." },
  tokenInvalid: { code: "mfa_token_invalid", vi: "Phiên xác thực đã hết hạn hoặc không hợp lệ. Vui lòng đăng nhập lại.", en: "Your verification has expired or is not valid. Please sign in again." },
  tokenSpent: { code: "mfa_token_spent", vi: "Bạn đã nhập sai mã quá 5 lần. Vui lòng đăng nhập lại.", en: "You entered a wrong code more than 5 times. Please sign in again." },
  notEnabled: { code: "mfa_not_enabled", vi: "Tài khoản chưa bật xác thực hai lớp", en: "Two-factor authentication is not turned on for this account" },
  secretUnreadable: {
    code: "mfa_secret_unreadable",
    vi: "Không đọc được khoá xác thực hai lớp của tài khoản (khoá mã hoá đã đổi). Vui lòng dùng một mã khôi phục.",
    en: "This account's two-factor key could not be read (the encryption key has changed). Please use a recovery code.",
  },
});

export const USER_ADMIN_MESSAGES = defineMessages({
  keyReused: { code: "idempotency_key_reused", vi: "Idempotency-Key này đã được dùng cho một điều chỉnh khác.", en: "This Idempotency-Key has already been used for a different adjustment." },
  notEnoughToDeduct: { code: "balance_too_low", vi: "Số dư không đủ để trừ", en: "The balance is too low to deduct this amount" },
  adjusted: { code: "adjusted", vi: "Điều chỉnh số dư thành công", en: "Balance adjusted" },
  // Stored as the ledger row's description, in the store's language (user-admin.ts).
  defaultDescription: { code: "default_description", vi: "Điều chỉnh số dư bởi quản trị viên", en: "Balance adjusted by an administrator" },
  sessionsEnded: { code: "sessions_ended", vi: "Đã kết thúc mọi phiên đăng nhập của cửa hàng. Mọi người, kể cả bạn, cần đăng nhập lại.", en: "Every session in the store has ended. Everyone, you included, needs to sign in again." },
});

/** The buyer's notices switch and the unsubscribe link (docs/decisions/0032-buyer-mails.md). */
export const MAIL_PREFERENCE_MESSAGES = {
  enabled: "Đã bật nhận email thông báo.",
  disabled: "Đã tắt nhận email thông báo.",
  enabledInvalid: "Giá trị bật/tắt không hợp lệ",
  unsubscribed: "Bạn đã hủy nhận email thông báo. Bạn có thể bật lại trong trang Hồ sơ.",
  linkInvalid: "Liên kết hủy nhận email không hợp lệ hoặc đã hết hiệu lực.",
} as const;

/** The profile's second-factor section (workers/accounts/routes/mfa.ts). */
export const SECOND_FACTOR_MESSAGES = defineMessages({
  enabled: { code: "mfa_enabled", vi: "Đã bật xác thực hai lớp. Hãy lưu các mã khôi phục ở nơi an toàn.", en: "Two-factor authentication is on. Keep your recovery codes somewhere safe." },
  recoveryRegenerated: { code: "mfa_recovery_regenerated", vi: "Đã tạo mã khôi phục mới. Các mã cũ không còn dùng được.", en: "New recovery codes created. Your old codes no longer work." },
  disabled: { code: "mfa_disabled", vi: "Đã tắt xác thực hai lớp", en: "Two-factor authentication is off" },
  adminCannotDisable: { code: "mfa_required_for_admin", vi: "Tài khoản quản trị bắt buộc dùng xác thực hai lớp", en: "Admin accounts must use two-factor authentication" },
  scanAndConfirm: { code: "mfa_scan_and_confirm", vi: "Quét mã QR bằng ứng dụng xác thực rồi nhập mã 6 số để xác nhận", en: "Scan the QR code with your authenticator app, then enter the 6-digit code to confirm" },
  signInAgainToEnrol: {
    code: "sign_in_again",
    vi: "Vì lý do bảo mật, vui lòng đăng xuất rồi đăng nhập lại, sau đó bật xác thực hai lớp trong vòng 10 phút.",
    en: "For your security, please sign out and sign in again, then turn on two-factor authentication within 10 minutes.",
  },
});
