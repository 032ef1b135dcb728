import type { newPasswordWords } from "../../vi/accounts/new-password";
import type { EnglishOf } from "../../words";

export const newPassword: EnglishOf<typeof newPasswordWords> = {
  newPassword: "New password",
  confirmNewPassword: "Confirm the new password",
  hint: "At least 8 characters.",
};
