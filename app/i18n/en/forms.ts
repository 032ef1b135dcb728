import type { formsWords } from "../vi/forms";
import type { EnglishOf } from "../words";

// Each field's name, for the list of a refused submission (every field workers/shared/refusals/words.ts names).
const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: "Email",
  username: "Username",
  password: "Password",
  password_confirm: "Confirm password",
  first_name: "Family name",
  last_name: "Given name",
  login: "Username or email",
  new_password: "New password",
  current_password: "Current password",
  confirm_password: "Confirm password",
  token: "Verification code",
  name: "App name",
  description: "Description",
  version: "Version",
  bundle_identifier: "Bundle ID",
  minimum_os_version: "Minimum iOS",
  file: "App file",
  icon: "Icon",
  category: "Category",
  app_type: "App type",
  amount: "Amount",
};

export const forms: EnglishOf<typeof formsWords> = {
  showPassword: "Show password",
  hidePassword: "Hide password",
  unexpected: "An unexpected error occurred. Please try again.",
  fieldLabel: (field: string) => FIELD_LABELS[field] ?? String(field),
  summaryHeading: "Please fix the following:",
  summaryFallback: "The data is not valid. Please check it again.",
};
