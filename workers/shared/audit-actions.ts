// The audit log's action names (issue #15): dotted and stable, so records stay comparable over the
// years they are kept. Shared by the API's filter and the admin screen's labels.

export const AUDIT_ACTION_LABELS = {
  "balance.adjust": "Điều chỉnh số dư",
  "transfer.credit": "Cộng tiền chuyển khoản",
  "transfer.dismiss": "Bỏ qua chuyển khoản",
  "card.credit": "Cộng tiền thẻ cào",
  "pricing.create": "Thêm bảng giá",
  "pricing.update": "Sửa bảng giá",
  "keys.import": "Nhập key",
  "keys.delete": "Xóa key",
  "keys.cleanup": "Dọn key",
  "key.status": "Đổi trạng thái key",
  "key.reset_device": "Gỡ thiết bị của key",
  "key.extend": "Gia hạn key",
  "key.ban": "Cấm key",
  "key.unban": "Bỏ cấm key",
  "ban.create": "Chặn thiết bị hoặc IP",
  "ban.lift": "Gỡ chặn thiết bị hoặc IP",
  "app.trial": "Đổi thời gian dùng thử",
  "app.create": "Thêm ứng dụng",
  "app.update": "Sửa ứng dụng",
  "app.delete": "Xóa ứng dụng",
  "promotion.create": "Thêm khuyến mãi",
  "promotion.update": "Sửa khuyến mãi",
  "promotion.delete": "Xóa khuyến mãi",
  "user.role": "Đổi quyền người dùng",
  "mfa.enrol": "Đăng ký xác thực hai bước",
  "mfa.recovery_regenerate": "Tạo lại mã khôi phục",
  "auth.admin_login": "Quản trị viên đăng nhập",
  "auth.login_failed": "Đăng nhập thất bại",
  "auth.mfa_failed": "Sai mã xác thực hai lớp",
  "auth.password_reset": "Đặt lại mật khẩu",
  "auth.password_change": "Đổi mật khẩu",
  "auth.google_link": "Liên kết Google",
  "auth.google_takeover": "Google tiếp quản tài khoản",
  "auth.sessions_end_all": "Kết thúc mọi phiên đăng nhập",
  "settings.update": "Đổi cài đặt",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
