// A deposit promotion as the admin's form sends it (spec §7 "Promotions", §4, §5).
import { z } from "zod";
import { tooLong } from "../shared/zod-messages";

const DAY = 86_400_000;
const optionalLimit = z.union([z.literal(""), z.null(), z.coerce.number().int().positive("Phải là số dương")]).transform((value) => (value === "" || value === null ? null : value)).default(null);

export const promotionSchema = z
  .object({
    name: z.string({ error: "Vui lòng nhập tên khuyến mãi" }).trim().min(1, "Vui lòng nhập tên khuyến mãi").max(200, tooLong(200)),
    description: z.string().trim().max(2000).default(""),
    code: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{0,40}$/, "Mã chỉ gồm chữ, số, gạch ngang").default(""),
    promotion_type: z.enum(["percentage", "fixed", "tiered"]).default("percentage"),
    bonus_percentage: z.union([z.null(), z.coerce.number().int("Phần trăm phải là số nguyên").min(1, "Phần trăm từ 1 đến 100").max(100, "Phần trăm từ 1 đến 100")]).default(10),
    bonus_amount: optionalLimit,
    tiers: z
      .array(z.object({ min_amount: z.coerce.number().int().nonnegative(), bonus_percentage: z.coerce.number().int().min(1).max(100).optional(), bonus_amount: z.coerce.number().int().positive().optional() }))
      .max(20)
      .nullish(),
    min_deposit_amount: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.number().int().nonnegative().default(10000)),
    max_deposit_amount: optionalLimit,
    max_bonus_amount: optionalLimit,
    usage_limit_per_user: optionalLimit,
    total_usage_limit: optionalLimit,
    start_date: z.coerce.date({ error: "Ngày bắt đầu không hợp lệ" }).optional(),
    end_date: z.coerce.date({ error: "Ngày kết thúc không hợp lệ" }).optional(),
    duration: z.coerce.number().int().min(1, "Thời hạn từ 1 đến 365 ngày").max(365, "Thời hạn từ 1 đến 365 ngày").optional(),
    status: z.enum(["active", "inactive", "expired", "draft"]).default("active"),
    is_automatic: z.boolean().default(true),
    requires_code: z.boolean().default(false),
  })
  .transform((input, context) => {
    const start = input.start_date ?? new Date();
    const end = input.end_date ?? new Date(start.getTime() + (input.duration ?? 7) * DAY);
    const days = (end.getTime() - start.getTime()) / DAY;
    if (days <= 0) context.addIssue({ code: "custom", path: ["end_date"], message: "Ngày kết thúc phải sau ngày bắt đầu" });
    else if (days > 365) context.addIssue({ code: "custom", path: ["end_date"], message: "Thời hạn từ 1 đến 365 ngày" });
    if (input.promotion_type === "percentage" && !input.bonus_percentage) context.addIssue({ code: "custom", path: ["bonus_percentage"], message: "Phần trăm từ 1 đến 100" });
    if (input.promotion_type === "fixed" && !input.bonus_amount) context.addIssue({ code: "custom", path: ["bonus_amount"], message: "Vui lòng nhập số tiền thưởng" });
    if (input.promotion_type === "tiered" && !input.tiers?.length) context.addIssue({ code: "custom", path: ["tiers"], message: "Vui lòng thêm ít nhất một mức" });
    if (input.max_deposit_amount !== null && input.max_deposit_amount < input.min_deposit_amount) {
      context.addIssue({ code: "custom", path: ["max_deposit_amount"], message: "Phải lớn hơn số tiền nạp tối thiểu" });
    }
    return { ...input, start, end };
  });

export type PromotionInput = z.infer<typeof promotionSchema>;
