import type { passwordDialogWords } from "../../vi/wallet/password-dialog";
import type { EnglishOf } from "../../words";

export const passwordDialog: EnglishOf<typeof passwordDialogWords> = {
  changeTitle: "Change password",
  createTitle: "Create a password",
  changeNote: "After you change your password, other devices that are signed in will be signed out.",
  createNote: "Your account signs in with Google. You can create a password to sign in with your username or email and a password.",
  currentPassword: "Current password",
  cancel: "Cancel",
  saving: "Saving...",
  incomplete: "Please fill in every field",
  failed: "Could not change the password",
  changed: "Password changed!",
  created: "Password created!",
};
