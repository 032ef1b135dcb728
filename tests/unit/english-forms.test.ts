import { beforeAll, describe, expect, test } from "vitest";
import { changePasswordSchema, emailSchema, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, usernameSchema } from "@workers/accounts/schemas/auth";
import { AUTH_MESSAGES } from "@workers/accounts/messages";
import { FIELD_LABELS } from "@workers/shared/error-messages";
import { ZOD_MESSAGES } from "@workers/shared/zod-messages";
import { english } from "~/i18n/en";
import { formsWords } from "~/i18n/vi/forms";
import { setEnglish, wordsIn } from "~/i18n/words";
import { checkWith } from "~/ui/forms/validation";

// The browser's pre-checks (app/ui/forms/validation.ts) run the account schemas, whose messages are
// declared Messages (zod carries their tokens); on English pages each message they can give is told
// in English from its declaration, on Vietnamese pages in the Vietnamese it always was.
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

  test("in English they are the words the English pages always showed, from the declarations", () => {
    const typed = { username: "a b", email: "not-an-email", first_name: "\u202e", last_name: "B", password: "short", password_confirm: "other" };
    expect(checkWith(registerSchema, typed, "en")).toEqual({
      username: ["A username has 3–30 characters: unaccented letters, digits, dots, underscores or hyphens"],
      email: ["Invalid email address"],
      first_name: ["The name holds characters that are not allowed"],
      password: ["The password must be at least 8 characters long"],
      password_confirm: ["The passwords do not match"],
    });
    expect(checkWith(loginSchema, { login: "", password: long(129) }, "en")).toEqual({ login: ["This field is required"], password: ["The password can be at most 128 characters long"] });
  });

  test("a length is written the English way", () => {
    expect(checkWith(loginSchema, { login: long(255), password: "x" }, "en")).toEqual({ login: ["At most 254 characters"] });
    expect(checkWith(loginSchema, { login: long(255), password: "x" }, "vi")).toEqual({ login: [ZOD_MESSAGES.tooLong(254).in("vi")] });
    expect(ZOD_MESSAGES.tooLong(1000).in("en")).toBe("At most 1,000 characters");
  });

  test("the list of a refused submission names every shared field and its heading in English", () => {
    const words = wordsIn("en", formsWords);
    for (const field of Object.keys(FIELD_LABELS)) {
      expect(words.fieldLabel(field), field).not.toBe(field);
      expect(words.fieldLabel(field), field).not.toMatch(VIETNAMESE_LETTERS);
    }
    expect(words.summaryHeading).toBe("Please fix the following:");
    expect(words.summaryFallback).toBe("The data is not valid. Please check it again.");
    expect(wordsIn("vi", formsWords).summaryHeading).toBe("Vui lòng sửa các lỗi sau:");
  });
});
