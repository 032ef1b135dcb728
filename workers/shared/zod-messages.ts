// zod's messages for checks a schema gives no words to, in Vietnamese: the API's validator
// (workers/platform/http/validate.ts) parses with it, so an over-long note or an unknown option is refused in
// the store's language. A schema's own message always wins (zod ranks a schema's error above the
// one given to a parse). The browser's pre-checks leave it out (about 0.5 KB gzipped on every
// sign-in page): the schemas they use give their own words to every check. Passed to the parse
// rather than set with z.config: a module run only for its side effect is dropped by the bundlers
// (package.json says "sideEffects": false).
import type { z } from "zod";

const INVALID = "Giá trị không hợp lệ";
// formatNumber's grouping (1.000.000) without format.ts: the reset-password page loads this module.
const grouped = (value: number | bigint) => Number(value).toLocaleString("vi-VN");
const REQUIRED = "Vui lòng nhập trường này";

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/**
 * For a schema whose own error (`z.string({ error })`, meant for a missing value) would otherwise
 * also answer its length check: zod gives a schema's error to every check without a message.
 */
export function tooLong(max: number): string {
  return `Tối đa ${grouped(max)} ký tự`;
}

export function tooMany(max: number): string {
  return `Tối đa ${grouped(max)} mục`;
}

function bound(issue: { origin?: string; inclusive?: boolean }, limit: number | bigint, most: boolean): string {
  const count = grouped(limit);
  if (issue.origin === "string") return most ? tooLong(Number(limit)) : `Tối thiểu ${count} ký tự`;
  if (issue.origin === "array" || issue.origin === "set") return most ? tooMany(Number(limit)) : `Cần ít nhất ${count} mục`;
  if (issue.inclusive === false) return most ? `Phải nhỏ hơn ${count}` : `Phải lớn hơn ${count}`;
  return most ? `Tối đa ${count}` : `Tối thiểu ${count}`;
}

export function vietnameseIssue(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? REQUIRED : INVALID;
    case "too_big":
      return bound(issue, issue.maximum, true);
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1 ? REQUIRED : bound(issue, issue.minimum, false);
    case "invalid_format":
      if (issue.format === "email") return "Email không hợp lệ";
      if (issue.format === "url") return "Đường dẫn không hợp lệ";
      return "Sai định dạng";
    case "invalid_value":
      return `Chỉ nhận: ${issue.values.map(String).join(", ")}`;
    default:
      return INVALID;
  }
}
