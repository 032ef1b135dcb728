// Pure helpers of the admin's promotion screens (docs/product.md §6), beside app/owner/admin.ts.
import type { PromotionStatus } from "@workers/shared/enums";
import { parsePrice } from "./admin-prices";

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  active: "Hoạt động",
  inactive: "Tạm dừng",
  expired: "Hết hạn",
  draft: "Nháp",
  archived: "Đã xóa",
};

export const PROMOTION_DEFAULTS = { bonusPercentage: 10, minDeposit: 10000, duration: 7 } as const;
const DAY = 86_400_000;

/** The end date the modal computes: start + duration days. */
export function promotionEndDate(start: Date, durationDays: number): Date {
  return new Date(start.getTime() + durationDays * DAY);
}

/** Whole days between two dates (at least 1), for editing an existing promotion. */
export function promotionDurationDays(start: string | null | undefined, end: string | null | undefined): number {
  const from = start ? Date.parse(start) : Number.NaN;
  const to = end ? Date.parse(end) : Number.NaN;
  if (Number.isNaN(from) || Number.isNaN(to)) return PROMOTION_DEFAULTS.duration;
  return Math.min(365, Math.max(1, Math.round((to - from) / DAY)));
}

/** An optional numeric limit as the API wants it: null when empty. */
export function optionalNumber(text: string): number | null {
  const value = parsePrice(text);
  return value === null ? null : value;
}
