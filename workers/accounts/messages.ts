// What the accounts rules say, each message declared once with its code and both texts
// (workers/shared/message.ts): the schemas (as tokens), the rules, the routes and the screens share
// one home. The English of the words the browser's pre-checks also say is the pre-checks' own.
import { count } from "../shared/english/format";
import { defineMessages } from "../shared/message";

export const AUTH_MESSAGES = defineMessages({
  required: { code: "required", vi: "Trường này là bắt buộc", en: "This field is required" },
  emailInvalid: { code: "email_invalid", vi: "Email không hợp lệ", en: "Invalid email address" },
  usernameInvalid: { code: "username_invalid", vi: "Tên đăng nhập gồm 3–30 ký tự: chữ cái không dấu, số, dấu chấm, gạch dưới hoặc gạch ngang", en: "A username has 3–30 characters: unaccented letters, digits, dots, underscores or hyphens" },
  usernameTaken: { code: "username_taken", vi: "Tên đăng nhập đã được sử dụng", en: "This username is already taken" },
  usernameAvailable: { code: "username_available", vi: "Tên đăng nhập có thể sử dụng", en: "This username is available" },
  emailTaken: { code: "email_taken", vi: "Email đã được sử dụng", en: "This email address is already in use" },
  emailAvailable: { code: "email_available", vi: "Email có thể sử dụng", en: "This email address is available" },
  passwordShort: { code: "password_too_short", vi: "Mật khẩu phải có ít nhất 8 ký tự", en: "The password must be at least 8 characters long" },
  passwordLong: { code: "password_too_long", vi: "Mật khẩu tối đa 128 ký tự", en: "The password can be at most 128 characters long" },
  passwordMismatch: { code: "password_mismatch", vi: "Mật khẩu xác nhận không khớp", en: "The passwords do not match" },
  nameLong: { code: "too_long", vi: "Tối đa 50 ký tự", en: "At most 50 characters" },
  registered: { code: "registered", vi: "Đăng ký thành công! Vui lòng đăng nhập.", en: "Your account has been created! Please sign in." },
  loggedIn: { code: "logged_in", vi: "Đăng nhập thành công!", en: "Signed in successfully!" },
  secondFactor: { code: "second_factor_needed", vi: "Nhập mã xác thực để hoàn tất đăng nhập", en: "Enter your authentication code to finish signing in" },
  badCredentials: { code: "bad_credentials", vi: "Tên đăng nhập hoặc mật khẩu không đúng", en: "Incorrect username or password" },
  inactive: { code: "account_locked", vi: "Tài khoản đã bị khóa. Vui lòng liên hệ hỗ trợ.", en: "This account has been locked. Please contact support." },
  unauthenticated: { code: "unauthenticated", vi: "Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại!", en: "Your session has expired. Please sign in again!" },
  refreshInvalid: { code: "session_invalid", vi: "Phiên đăng nhập không hợp lệ hoặc đã hết hạn. Vui lòng đăng nhập lại.", en: "Your session is invalid or has expired. Please sign in again." },
  loggedOut: { code: "logged_out", vi: "Đã đăng xuất", en: "Signed out" },
  forgotSent: { code: "forgot_sent", vi: "Nếu email tồn tại trong hệ thống, chúng tôi đã gửi liên kết đặt lại mật khẩu. Vui lòng kiểm tra hộp thư.", en: "If that email address has an account with us, we have sent it a link to reset your password. Please check your inbox." },
  tokenInvalid: { code: "reset_link_invalid", vi: "Token không hợp lệ hoặc đã hết hạn", en: "This link is invalid or has expired" },
  tokenValid: { code: "reset_link_valid", vi: "Token hợp lệ", en: "This link is valid" },
  passwordReset: { code: "password_reset", vi: "Đặt lại mật khẩu thành công! Vui lòng đăng nhập.", en: "Your password has been reset! Please sign in." },
  currentPasswordWrong: { code: "current_password_wrong", vi: "Mật khẩu hiện tại không đúng", en: "Your current password is incorrect" },
  passwordChanged: { code: "password_changed", vi: "Đổi mật khẩu thành công!", en: "Your password has been changed!" },
  passwordCreated: { code: "password_created", vi: "Tạo mật khẩu thành công!", en: "Your password has been created!" },
  signInAgainToCreatePassword: { code: "sign_in_again", vi: "Vì lý do bảo mật, vui lòng đăng xuất rồi đăng nhập lại, sau đó tạo mật khẩu trong vòng 10 phút.", en: "For your security, please sign out and sign in again, then create your password within 10 minutes." },
  googleFailed: { code: "google_sign_in_failed", vi: "Không xác thực được với Google. Vui lòng thử lại.", en: "We could not sign you in with Google. Please try again." },
  googleUnverified: { code: "google_email_unverified", vi: "Email Google chưa được xác minh", en: "Your Google email address has not been verified" },
  googleDisabled: { code: "google_sign_in_disabled", vi: "Đăng nhập Google chưa được bật", en: "Google sign-in is not turned on" },
  tooMany: { code: "rate_limited", vi: (seconds: number) => `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`, en: (seconds: number) => `Too many attempts. Please try again in ${count(seconds, "second")}.` },
});

export const MFA_MESSAGES = defineMessages({
  codeWrong: { code: "mfa_code_wrong", vi: "Mã xác thực không đúng", en: "Incorrect authentication code" },
  codeUsed: { code: "mfa_code_used", vi: "Mã này đã được dùng. Vui lòng chờ mã mới trong ứng dụng xác thực.", en: "This code has already been used. Please wait for a new code in your authenticator app." },
  tokenInvalid: { code: "mfa_token_invalid", vi: "Phiên xác thực đã hết hạn hoặc không hợp lệ. Vui lòng đăng nhập lại.", en: "Your verification has expired or is not valid. Please sign in again." },
  tokenSpent: { code: "mfa_token_spent", vi: "Bạn đã nhập sai mã quá 5 lần. Vui lòng đăng nhập lại.", en: "You entered a wrong code more than 5 times. Please sign in again." },
  notEnabled: { code: "mfa_not_enabled", vi: "Tài khoản chưa bật xác thực hai lớp", en: "Two-factor authentication is not turned on for this account" },
  codeRequired: { code: "mfa_code_required", vi: "Vui lòng nhập mã xác thực", en: "Please enter the authentication code" },
  codeFormat: { code: "mfa_code_format", vi: "Mã gồm 6 chữ số, hoặc một mã khôi phục dạng xxxxx-xxxxx", en: "The code is 6 digits, or a recovery code like xxxxx-xxxxx" },
  secretUnreadable: {
    code: "mfa_secret_unreadable",
    vi: "Không đọc được khoá xác thực hai lớp của tài khoản (khoá mã hoá đã đổi). Vui lòng dùng một mã khôi phục.",
    en: "This account's two-factor key could not be read (the encryption key has changed). Please use a recovery code.",
  },
});

export const USER_ADMIN_MESSAGES = defineMessages({
  keyReused: { code: "idempotency_key_reused", vi: "Idempotency-Key này đã được dùng cho một điều chỉnh khác.", en: "This Idempotency-Key has already been used for a different adjustment." },
  amountRequired: { code: "amount_required", vi: "Vui lòng nhập số tiền", en: "Please enter an amount" },
  amountNotWhole: { code: "amount_not_whole", vi: "Số tiền phải là số nguyên", en: "The amount must be a whole number" },
  amountTooLarge: { code: "amount_too_large", vi: "Số tiền quá lớn", en: "The amount is too large" },
  notEnoughToDeduct: { code: "balance_too_low", vi: "Số dư không đủ để trừ", en: "The balance is too low to deduct this amount" },
  adjusted: { code: "adjusted", vi: "Điều chỉnh số dư thành công", en: "Balance adjusted" },
  // Stored as the ledger row's description, in the store's language (user-admin.ts).
  defaultDescription: { code: "default_description", vi: "Điều chỉnh số dư bởi quản trị viên", en: "Balance adjusted by an administrator" },
  endAllUnconfirmed: {
    code: "end_sessions_unconfirmed",
    vi: (confirm: string) => `Gửi confirm: "${confirm}" để kết thúc mọi phiên đăng nhập`,
    en: (confirm: string) => `Send confirm: "${confirm}" to end every session`,
  },
  sessionsEnded: { code: "sessions_ended", vi: "Đã kết thúc mọi phiên đăng nhập của cửa hàng. Mọi người, kể cả bạn, cần đăng nhập lại.", en: "Every session in the store has ended. Everyone, you included, needs to sign in again." },
});

/** The buyer's notices switch and the unsubscribe link (docs/decisions/0032-buyer-mails.md). */
export const MAIL_PREFERENCE_MESSAGES = defineMessages({
  enabled: { code: "mail_enabled", vi: "Đã bật nhận email thông báo.", en: "Email notices turned on." },
  disabled: { code: "mail_disabled", vi: "Đã tắt nhận email thông báo.", en: "Email notices turned off." },
  enabledInvalid: { code: "mail_enabled_invalid", vi: "Giá trị bật/tắt không hợp lệ", en: "Invalid on/off value" },
  unsubscribed: { code: "mail_unsubscribed", vi: "Bạn đã hủy nhận email thông báo. Bạn có thể bật lại trong trang Hồ sơ.", en: "You have unsubscribed from email notices. You can turn them back on from your profile." },
  linkInvalid: { code: "unsubscribe_link_invalid", vi: "Liên kết hủy nhận email không hợp lệ hoặc đã hết hiệu lực.", en: "This unsubscribe link is invalid or has expired." },
});

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
