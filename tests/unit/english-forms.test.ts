import { beforeAll, describe, expect, test } from "vitest";
import { changePasswordSchema, emailSchema, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, usernameSchema } from "@workers/accounts/schemas/auth";
import { AUTH_MESSAGES } from "@workers/accounts/messages";
import { FIELD_LABELS, VALIDATION_FALLBACK } from "@workers/shared/error-messages";
import { english } from "~/i18n/en";
import { formsWords } from "~/i18n/vi/forms";
import { setEnglish, wordsIn } from "~/i18n/words";
import { checkWith } from "~/ui/forms/validation";

// The browser's pre-checks (app/ui/forms/validation.ts) run the account schemas, which speak
// Vietnamese; on English pages each message they can give is told in English, the Vietnamese kept as it is.
const VIETNAMESE_LETTERS = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;

const long = (length: number) => "a".repeat(length);
// Values that make each of the schemas' checks speak.
const cases = [
  [loginSchema, {}],
  [loginSchema, { login: "", password: "" }],
  [loginSchema, { login: long(255), password: long(129) }],
  [registerSchema, {}],
  [registerSchema, { username: "a b", email: "not-an-email", first_name: "\u202e", last_name: long(51), password: "short", password_confirm: "other" }],
  [registerSchema, { username: "ab", email: `${long(250)}@x.vn`, first_name: "\u200b", last_name: "B", password: long(129), password_confirm: "" }],
  [usernameSchema, ""],
  [emailSchema, "x@"],
  [forgotPasswordSchema, { email: "" }],
  [resetPasswordSchema, { token: long(201), new_password: "", confirm_password: "x" }],
  [resetPasswordSchema, { token: "t", new_password: "mat-khau-123", confirm_password: "mat-khau-124" }],
  [changePasswordSchema, { current_password: long(129), new_password: "1234567", confirm_password: "" }],
] as const;

beforeAll(() => setEnglish(english));

describe("the pre-checks' messages", () => {
  test("in Vietnamese they are the schemas' own words", () => {
    expect(checkWith(loginSchema, {}, "vi")).toEqual({ login: [AUTH_MESSAGES.required.in("vi")], password: [AUTH_MESSAGES.required.in("vi")] });
    const typed = { username: "", email: "", first_name: "", last_name: "", password: "ngan", password_confirm: "khac" };
    expect(checkWith(registerSchema, typed, "vi")).toMatchObject({ password: [AUTH_MESSAGES.passwordShort.in("vi")], password_confirm: [AUTH_MESSAGES.passwordMismatch.in("vi")] });
    expect(checkWith(registerSchema, typed, "en")).toMatchObject({ username: ["This field is required"], password_confirm: ["The passwords do not match"] });
  });

  test.each(cases.map(([schema, values], index) => [index, schema, values] as const))("case %i: every message in English", (_index, schema, values) => {
    const vietnamese = checkWith(schema, values, "vi");
    const inEnglish = checkWith(schema, values, "en");
    expect(Object.keys(inEnglish)).toEqual(Object.keys(vietnamese));
    expect(Object.keys(vietnamese).length).toBeGreaterThan(0);
    for (const [field, messages] of Object.entries(inEnglish)) {
      expect(messages[0], `${field}: ${vietnamese[field][0]}`).not.toMatch(VIETNAMESE_LETTERS);
    }
  });

  test("a length is written the English way", () => {
    expect(checkWith(loginSchema, { login: long(255), password: "x" }, "en")).toEqual({ login: ["At most 254 characters"] });
    expect(wordsIn("en", formsWords).message("Tối đa 1.000 ký tự")).toBe("At most 1,000 characters");
  });

  test("the list of a refused submission names every shared field and its heading in English", () => {
    const words = wordsIn("en", formsWords);
    for (const field of Object.keys(FIELD_LABELS)) {
      expect(words.fieldLabel(field), field).not.toBe(field);
      expect(words.fieldLabel(field), field).not.toMatch(VIETNAMESE_LETTERS);
    }
    expect(words.summaryHeading("Vui lòng sửa các lỗi sau:")).toBe("Please fix the following:");
    expect(words.summaryHeading(VALIDATION_FALLBACK)).not.toMatch(VIETNAMESE_LETTERS);
  });
});
