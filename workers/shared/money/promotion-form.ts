// The admin's promotion form's rules (docs/product.md §5 "Promotion form"): its defaults, the
// percentage's and the duration's ranges and their words, the end a duration gives, declared once. The schema
// (workers/money/schemas/promotions.ts) holds a save to them and the form
// (app/money/admin/PromotionModal.tsx) checks with them before sending, so both say the same.
import { defineMessages, type Message } from "../message";

export const PROMOTION_DEFAULTS = { bonusPercentage: 10, minDeposit: 10000, duration: 7 } as const;
/** The longest name, description and code the schema keeps. */
export const PROMOTION_LENGTHS = { name: 200, description: 2000, code: 40 } as const;
export const PROMOTION_PERCENT = { min: 1, max: 100 } as const;
/** A promotion's length in days. */
export const PROMOTION_DAYS = { min: 1, max: 365 } as const;

export const PROMOTION_FORM_MESSAGES = defineMessages({
  nameRequired: { code: "promotion_name_required", vi: "Vui lòng nhập tên khuyến mãi", en: "Please enter the promotion's name" },
  codeRequired: { code: "promotion_code_required", vi: "Vui lòng nhập mã khuyến mãi", en: "Please enter a promotion code" },
  percentRange: { code: "promotion_percent_range", vi: "Phần trăm từ 1 đến 100", en: "The percentage must be from 1 to 100" },
  durationRange: { code: "promotion_duration_range", vi: "Thời hạn từ 1 đến 365 ngày", en: "The duration must be from 1 to 365 days" },
});

function within(value: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}

export function isPromotionDays(days: number): boolean {
  return within(days, PROMOTION_DAYS);
}

const DAY = 86_400_000;

/** A promotion's end: `days` after its start. */
export function promotionEndDate(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY);
}

/** Whole days between two dates, within a promotion's range, for editing an existing promotion. */
export function promotionDurationDays(start: string | null | undefined, end: string | null | undefined): number {
  const from = start ? Date.parse(start) : Number.NaN;
  const to = end ? Date.parse(end) : Number.NaN;
  if (Number.isNaN(from) || Number.isNaN(to)) return PROMOTION_DEFAULTS.duration;
  return Math.min(PROMOTION_DAYS.max, Math.max(PROMOTION_DAYS.min, Math.round((to - from) / DAY)));
}

type PromotionFormFacts = { name: string; bonusPercentage: number; duration: number; requiresCode: boolean; code: string };
type PromotionFormField = "name" | "bonus_percentage" | "duration" | "code";

/**
 * The form's fields at fault before a save, each with what the schema would say. A promotion that
 * requires a code is asked for it here: the API draws one (BONUS…) when it is blank, which a buyer
 * could not know to type.
 */
export function promotionFormProblems(form: PromotionFormFacts): Partial<Record<PromotionFormField, Message>> {
  const problems: Partial<Record<PromotionFormField, Message>> = {};
  if (!form.name.trim()) problems.name = PROMOTION_FORM_MESSAGES.nameRequired;
  if (!within(form.bonusPercentage, PROMOTION_PERCENT)) problems.bonus_percentage = PROMOTION_FORM_MESSAGES.percentRange;
  if (!isPromotionDays(form.duration)) problems.duration = PROMOTION_FORM_MESSAGES.durationRange;
  if (form.requiresCode && !form.code.trim()) problems.code = PROMOTION_FORM_MESSAGES.codeRequired;
  return problems;
}
