// zod's messages for checks a schema gives no words to, declared in both languages: the API's
// validator (workers/platform/http/validate.ts) parses with zodIssue, so an over-long note or an
// unknown option is refused in the reader's language. zod carries a message as a string: each is
// the Message's token (workers/shared/message.ts), read back into the Message by the validator. A
// schema's own message always wins (zod ranks a schema's error above the one given to a parse). The
// browser's pre-checks leave zodIssue out: the schemas they use give their own words to every check. Passed to the parse
// rather than set with z.config: a module run only for its side effect is dropped by the bundlers
// (package.json says "sideEffects": false).
import type { z } from "zod";
import { count, number } from "./english/format";
import { formatNumber } from "./format";
import { defineMessages } from "./message";

// The store's one Vietnamese grouping (1.000.000), as workers/shared/format.ts writes every number.
const grouped = (value: number | bigint) => formatNumber(Number(value));

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** zod's words, for the checks a schema gives none. */
export const ZOD_MESSAGES = defineMessages({
  invalid: { code: "invalid_value", vi: "Giá trị không hợp lệ", en: "Invalid value" },
  required: { code: "required", vi: "Vui lòng nhập trường này", en: "Please fill in this field" },
  tooLong: { code: "too_long", vi: (max: number) => `Tối đa ${grouped(max)} ký tự`, en: (max: number) => `At most ${count(max, "character")}` },
  tooShort: { code: "too_short", vi: (min: number) => `Tối thiểu ${grouped(min)} ký tự`, en: (min: number) => `At least ${count(min, "character")}` },
  tooMany: { code: "too_many", vi: (max: number) => `Tối đa ${grouped(max)} mục`, en: (max: number) => `At most ${count(max, "item")}` },
  tooFew: { code: "too_few", vi: (min: number) => `Cần ít nhất ${grouped(min)} mục`, en: (min: number) => `At least ${count(min, "item")}` },
  below: { code: "below", vi: (limit: number) => `Phải nhỏ hơn ${grouped(limit)}`, en: (limit: number) => `Must be less than ${number(limit)}` },
  above: { code: "above", vi: (limit: number) => `Phải lớn hơn ${grouped(limit)}`, en: (limit: number) => `Must be greater than ${number(limit)}` },
  atMost: { code: "at_most", vi: (limit: number) => `Tối đa ${grouped(limit)}`, en: (limit: number) => `At most ${number(limit)}` },
  atLeast: { code: "at_least", vi: (limit: number) => `Tối thiểu ${grouped(limit)}`, en: (limit: number) => `At least ${number(limit)}` },
  email: { code: "email", vi: "Email không hợp lệ", en: "Invalid email address" },
  url: { code: "url", vi: "Đường dẫn không hợp lệ", en: "Invalid link" },
  format: { code: "format", vi: "Sai định dạng", en: "Invalid format" },
  oneOf: { code: "one_of", vi: (values: string) => `Chỉ nhận: ${values}`, en: (values: string) => `Must be one of: ${values}` },
});

/**
 * For a schema whose own error (`z.string({ error })`, meant for a missing value) would otherwise
 * also answer its length check: zod gives a schema's error to every check without a message.
 */
export function tooLong(max: number): string {
  return ZOD_MESSAGES.tooLong(max).token;
}

export function tooMany(max: number): string {
  return ZOD_MESSAGES.tooMany(max).token;
}

function bound(issue: { origin?: string; inclusive?: boolean }, limit: number | bigint, most: boolean): string {
  const count = Number(limit);
  if (issue.origin === "string") return most ? tooLong(count) : ZOD_MESSAGES.tooShort(count).token;
  if (issue.origin === "array" || issue.origin === "set") return most ? tooMany(count) : ZOD_MESSAGES.tooFew(count).token;
  if (issue.inclusive === false) return (most ? ZOD_MESSAGES.below(count) : ZOD_MESSAGES.above(count)).token;
  return (most ? ZOD_MESSAGES.atMost(count) : ZOD_MESSAGES.atLeast(count)).token;
}

/** The parse's error map (validate.ts): zod's own checks in the store's words, as tokens. */
export function zodIssue(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return (issue.input === undefined || issue.input === null ? ZOD_MESSAGES.required : ZOD_MESSAGES.invalid).token;
    case "too_big":
      return bound(issue, issue.maximum, true);
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1 ? ZOD_MESSAGES.required.token : bound(issue, issue.minimum, false);
    case "invalid_format":
      if (issue.format === "email") return ZOD_MESSAGES.email.token;
      if (issue.format === "url") return ZOD_MESSAGES.url.token;
      return ZOD_MESSAGES.format.token;
    case "invalid_value":
      return ZOD_MESSAGES.oneOf(issue.values.map(String).join(", ")).token;
    default:
      return ZOD_MESSAGES.invalid.token;
  }
}
