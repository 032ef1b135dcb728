// zod's messages for checks a schema gives no words to, in Vietnamese: the API's validator
// (workers/platform/http/validate.ts) parses with it, so an over-long note or an unknown option is refused in
// the store's language. A schema's own message always wins (zod ranks a schema's error above the
// one given to a parse). The browser's pre-checks leave it out (about 0.5 KB gzipped on every
// sign-in page): the schemas they use give their own words to every check. Passed to the parse
// rather than set with z.config: a module run only for its side effect is dropped by the bundlers
// (package.json says "sideEffects": false).
import type { z } from "zod";
import { formatNumber } from "./format";

// The store's one Vietnamese grouping (1.000.000), as workers/shared/format.ts writes every number.
const grouped = (value: number | bigint) => formatNumber(Number(value));

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** zod's words, for the checks a schema gives none (English twin: workers/i18n/en/shared.ts). */
export const ZOD_MESSAGES = {
  invalid: "Giá trị không hợp lệ",
  required: "Vui lòng nhập trường này",
  tooLong: (max: number) => `Tối đa ${grouped(max)} ký tự`,
  tooShort: (min: number) => `Tối thiểu ${grouped(min)} ký tự`,
  tooMany: (max: number) => `Tối đa ${grouped(max)} mục`,
  tooFew: (min: number) => `Cần ít nhất ${grouped(min)} mục`,
  below: (limit: number) => `Phải nhỏ hơn ${grouped(limit)}`,
  above: (limit: number) => `Phải lớn hơn ${grouped(limit)}`,
  atMost: (limit: number) => `Tối đa ${grouped(limit)}`,
  atLeast: (limit: number) => `Tối thiểu ${grouped(limit)}`,
  email: "Email không hợp lệ",
  url: "Đường dẫn không hợp lệ",
  format: "Sai định dạng",
  oneOf: (values: string) => `Chỉ nhận: ${values}`,
} as const;

/**
 * For a schema whose own error (`z.string({ error })`, meant for a missing value) would otherwise
 * also answer its length check: zod gives a schema's error to every check without a message.
 */
export function tooLong(max: number): string {
  return ZOD_MESSAGES.tooLong(max);
}

export function tooMany(max: number): string {
  return ZOD_MESSAGES.tooMany(max);
}

function bound(issue: { origin?: string; inclusive?: boolean }, limit: number | bigint, most: boolean): string {
  const count = Number(limit);
  if (issue.origin === "string") return most ? tooLong(count) : ZOD_MESSAGES.tooShort(count);
  if (issue.origin === "array" || issue.origin === "set") return most ? tooMany(count) : ZOD_MESSAGES.tooFew(count);
  if (issue.inclusive === false) return most ? ZOD_MESSAGES.below(count) : ZOD_MESSAGES.above(count);
  return most ? ZOD_MESSAGES.atMost(count) : ZOD_MESSAGES.atLeast(count);
}

export function vietnameseIssue(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? ZOD_MESSAGES.required : ZOD_MESSAGES.invalid;
    case "too_big":
      return bound(issue, issue.maximum, true);
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1 ? ZOD_MESSAGES.required : bound(issue, issue.minimum, false);
    case "invalid_format":
      if (issue.format === "email") return ZOD_MESSAGES.email;
      if (issue.format === "url") return ZOD_MESSAGES.url;
      return ZOD_MESSAGES.format;
    case "invalid_value":
      return ZOD_MESSAGES.oneOf(issue.values.map(String).join(", "));
    default:
      return ZOD_MESSAGES.invalid;
  }
}
