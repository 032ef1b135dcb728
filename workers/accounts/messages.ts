// What the accounts rules say: pure text, so the schemas, the rules (mfa.ts, user-admin.ts) and the
// screens share one home.

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

export const MFA_MESSAGES = {
  codeWrong: "Mã xác thực không đúng",
  codeUsed: "Mã này đã được dùng. Vui lòng chờ mã mới trong ứng dụng xác thực.",
  tokenInvalid: "Phiên xác thực đã hết hạn hoặc không hợp lệ. Vui lòng đăng nhập lại.",
  tokenSpent: "Bạn đã nhập sai mã quá 5 lần. Vui lòng đăng nhập lại.",
  notEnabled: "Tài khoản chưa bật xác thực hai lớp",
  secretUnreadable: "Không đọc được khoá xác thực hai lớp của tài khoản (khoá mã hoá đã đổi). Vui lòng dùng một mã khôi phục.",
} as const;

export const USER_ADMIN_MESSAGES = {
  keyReused: "Idempotency-Key này đã được dùng cho một điều chỉnh khác.",
  notEnoughToDeduct: "Số dư không đủ để trừ",
  adjusted: "Điều chỉnh số dư thành công",
  defaultDescription: "Điều chỉnh số dư bởi quản trị viên",
  sessionsEnded: "Đã kết thúc mọi phiên đăng nhập của cửa hàng. Mọi người, kể cả bạn, cần đăng nhập lại.",
} as const;

/** The buyer's notices switch and the unsubscribe link (docs/decisions/0032-buyer-mails.md). */
export const MAIL_PREFERENCE_MESSAGES = {
  enabled: "Đã bật nhận email thông báo.",
  disabled: "Đã tắt nhận email thông báo.",
  enabledInvalid: "Giá trị bật/tắt không hợp lệ",
  unsubscribed: "Bạn đã hủy nhận email thông báo. Bạn có thể bật lại trong trang Hồ sơ.",
  linkInvalid: "Liên kết hủy nhận email không hợp lệ hoặc đã hết hiệu lực.",
} as const;

/** The profile's second-factor section (workers/accounts/routes/mfa.ts). */
export const SECOND_FACTOR_MESSAGES = {
  enabled: "Đã bật xác thực hai lớp. Hãy lưu các mã khôi phục ở nơi an toàn.",
  recoveryRegenerated: "Đã tạo mã khôi phục mới. Các mã cũ không còn dùng được.",
  disabled: "Đã tắt xác thực hai lớp",
  adminCannotDisable: "Tài khoản quản trị bắt buộc dùng xác thực hai lớp",
  scanAndConfirm: "Quét mã QR bằng ứng dụng xác thực rồi nhập mã 6 số để xác nhận",
  signInAgainToEnrol: "Vì lý do bảo mật, vui lòng đăng xuất rồi đăng nhập lại, sau đó bật xác thực hai lớp trong vòng 10 phút.",
} as const;
