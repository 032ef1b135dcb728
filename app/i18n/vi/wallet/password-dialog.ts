// The profile's password dialog (docs/product.md §2, §5): change the password, or create one for an
// account that signs in with Google (Vietnamese, the specification's; English twin:
// app/i18n/en/passwordDialog.ts).
import { defineWords } from "../../words";

export const passwordDialogWords = defineWords("passwordDialog", {
  changeTitle: "Đổi mật khẩu",
  createTitle: "Tạo mật khẩu",
  changeNote: "Sau khi đổi mật khẩu, các thiết bị khác đang đăng nhập sẽ bị đăng xuất.",
  createNote: "Tài khoản của bạn đang đăng nhập bằng Google. Bạn có thể tạo mật khẩu để đăng nhập bằng tên đăng nhập hoặc email và mật khẩu.",
  currentPassword: "Mật khẩu hiện tại",
  cancel: "Hủy",
  saving: "Đang lưu...",
  incomplete: "Vui lòng điền đầy đủ thông tin",
  failed: "Lỗi khi đổi mật khẩu",
  changed: "Đổi mật khẩu thành công!",
  created: "Tạo mật khẩu thành công!",
});
