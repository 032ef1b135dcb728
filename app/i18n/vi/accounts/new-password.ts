// A new password and its confirmation (app/accounts/NewPasswordFields.tsx: the reset link
// and the profile's password dialog; English twin: app/i18n/en/new-password.ts).
import { defineWords } from "../../words";

export const newPasswordWords = defineWords("newPassword", {
  newPassword: "Mật khẩu mới",
  confirmNewPassword: "Xác nhận mật khẩu mới",
  hint: "Ít nhất 8 ký tự.",
});
