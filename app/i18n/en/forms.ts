import type { formsWords } from "../vi/forms";
import type { EnglishOf } from "../words";

// Each field's name, for the list of a refused submission (every field workers/shared/error-messages.ts names).
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

// What the browser's pre-checks can say (the account schemas, workers/accounts/schemas/auth.ts:
// AUTH_MESSAGES in workers/accounts/messages.ts, nameField in workers/shared/fields.ts), keyed by
// the Vietnamese the schemas write. Written out rather than imported: these words come before an
// English page starts, and the modules that hold them would come with them (fields.ts brings zod).
// tests/unit/english-forms.test.ts runs every check of those schemas through this table.
const MESSAGES = new Map<string, string>([
  ["Trường này là bắt buộc", "This field is required"],
  ["Email không hợp lệ", "Invalid email address"],
  ["Tên đăng nhập gồm 3–30 ký tự: chữ cái không dấu, số, dấu chấm, gạch dưới hoặc gạch ngang", "A username has 3–30 characters: unaccented letters, digits, dots, underscores or hyphens"],
  ["Mật khẩu phải có ít nhất 8 ký tự", "The password must be at least 8 characters long"],
  ["Mật khẩu tối đa 128 ký tự", "The password can be at most 128 characters long"],
  ["Mật khẩu xác nhận không khớp", "The passwords do not match"],
  ["Tên chứa ký tự không hợp lệ", "The name holds characters that are not allowed"],
]);

// workers/shared/zod-messages.ts, tooLong(max): "Tối đa 1.000 ký tự".
const TOO_LONG = /^Tối đa (\d{1,3}(?:\.\d{3})*) ký tự$/;

function englishMessage(message: string): string {
  const known = MESSAGES.get(message);
  if (known) return known;
  const long = TOO_LONG.exec(message);
  if (long) return `At most ${long[1].replaceAll(".", ",")} characters`;
  return message;
}

export const forms: EnglishOf<typeof formsWords> = {
  showPassword: "Show password",
  hidePassword: "Hide password",
  unexpected: "An unexpected error occurred. Please try again.",
  fieldLabel: (field: string) => FIELD_LABELS[field] ?? String(field),
  // validationSummary's two headings (workers/shared/error-messages.ts): the list's, or the fallback without one.
  summaryHeading: (heading: string) => (heading === "Dữ liệu không hợp lệ. Vui lòng kiểm tra lại." ? "The data is not valid. Please check it again." : "Please fix the following:"),
  message: (message: string) => englishMessage(String(message)),
};
