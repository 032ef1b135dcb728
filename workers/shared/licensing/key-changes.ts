// Two rules of the admin's changes to a key (docs/product.md §4, issue 55 item 2), declared once with
// their words: an extension's number of days, and a ban's reason. The key schema
// (workers/licensing/schemas/keys.ts) and the bans (workers/licensing/bans.ts) hold the API to them,
// and the key list's dialog (app/licensing/admin/KeyChangeDialog.tsx) checks with them before sending.
import { defineMessages, type Message } from "../message";
import { MAX_BAN_REASON } from "./reasons";

/** An extension's number of days. */
export const EXTEND_DAYS = { min: 1, max: 3650 } as const;

export const EXTEND_MESSAGES = defineMessages({
  extendDays: {
    code: "extend_days_invalid",
    vi: "Số ngày gia hạn phải là số nguyên từ 1 đến 3650",
    en: "The number of days to extend by must be a whole number from 1 to 3,650",
  },
});

export function isExtendDays(days: number): boolean {
  return Number.isInteger(days) && days >= EXTEND_DAYS.min && days <= EXTEND_DAYS.max;
}

export const BAN_REASON_MESSAGES = defineMessages({
  reasonRequired: { code: "ban_reason_required", vi: "Vui lòng nhập lý do chặn", en: "Please enter the reason for the ban" },
  reasonInvalid: {
    code: "ban_reason_invalid",
    vi: "Lý do chặn là một dòng tối đa 280 ký tự, không có ký tự điều khiển",
    en: "The reason is one line of at most 280 characters, without control characters",
  },
});

/** Format, control and separator characters: what a phone or a copied text may add without showing it. */
export const INVISIBLE = /[\p{Cf}\p{Cc}\p{Z}\s]/gu;

/** Control characters and bidi overrides: a reason is one line the mod shows as it is. */
const NOT_IN_A_REASON = /[\p{Cc}\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

/** Why a ban's reason (trimmed) cannot be kept, or null: it shows something, on one line of at most MAX_BAN_REASON characters. */
export function banReasonProblem(reason: string): Message | null {
  if (!reason.replace(INVISIBLE, "")) return BAN_REASON_MESSAGES.reasonRequired;
  if (reason.length > MAX_BAN_REASON || NOT_IN_A_REASON.test(reason)) return BAN_REASON_MESSAGES.reasonInvalid;
  return null;
}
