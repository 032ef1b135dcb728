// The product's refusals' words (docs/product.md §8) beside error-texts.ts's four lines: the list of
// a refused submission's headings and fields' names, and the admin screens' two refusals. Re-exported
// by error-messages.ts; apart from its rule that reads a refusal's body, which every form's words
// (app/i18n/vi/forms.ts) and the admin screens would otherwise carry with them (decision 0081).
export const VALIDATION_HEADING = "Vui lòng sửa các lỗi sau:";
export const VALIDATION_FALLBACK = "Dữ liệu không hợp lệ. Vui lòng kiểm tra lại.";

export const ACCESS_DENIED_MESSAGE = "Access Denied: Bạn không có quyền truy cập trang này";
/** An admin's session that did not pass the second factor (the admin screens send it to enrolment). */
export const SECOND_FACTOR_REQUIRED_MESSAGE = "Tài khoản quản trị cần xác thực hai lớp. Vui lòng bật hoặc nhập mã xác thực để tiếp tục.";

export const FIELD_LABELS: Record<string, string> = {
  email: "Email",
  username: "Tên đăng nhập",
  password: "Mật khẩu",
  password_confirm: "Xác nhận mật khẩu",
  first_name: "Họ",
  last_name: "Tên",
  login: "Tên đăng nhập hoặc email",
  new_password: "Mật khẩu mới",
  current_password: "Mật khẩu hiện tại",
  confirm_password: "Xác nhận mật khẩu",
  token: "Mã xác thực",
  name: "Tên ứng dụng",
  description: "Mô tả",
  version: "Phiên bản",
  bundle_identifier: "Bundle ID",
  minimum_os_version: "iOS tối thiểu",
  file: "Tệp ứng dụng",
  icon: "Biểu tượng",
  category: "Danh mục",
  app_type: "Loại ứng dụng",
  amount: "Số tiền",
};
