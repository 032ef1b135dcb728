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

/** An optional numeric limit as the API wants it: null when empty. */
export function optionalNumber(text: string): number | null {
  const value = parsePrice(text);
  return value === null ? null : value;
}
