// Admin: deposit promotions (spec §7 "Promotions", §4, §5). The form's rules hold on the server.
import { isUniqueViolation } from "../db/errors";
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { formatVND } from "../shared/format";
import { promotions } from "../db/schema";
import { type ApiContext, type ApiEnv, db } from "./context";
import { ApiError, MESSAGES } from "./errors";
import { requireAdmin } from "./require-admin";
import { readJson } from "./validate";

export const promotionsApi = new Hono<ApiEnv>();
promotionsApi.use(requireAdmin);

const DAY = 86_400_000;
const optionalLimit = z.union([z.literal(""), z.null(), z.coerce.number().int().positive("Phải là số dương")]).transform((value) => (value === "" || value === null ? null : value)).default(null);

const promotionSchema = z
  .object({
    name: z.string({ error: "Vui lòng nhập tên khuyến mãi" }).trim().min(1, "Vui lòng nhập tên khuyến mãi").max(200),
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

type PromotionInput = z.infer<typeof promotionSchema>;

function generatedCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `BONUS${[...bytes].map((byte) => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[byte % 32]).join("")}`;
}

function toRow(input: PromotionInput) {
  return {
    name: input.name,
    description: input.description,
    promotionType: input.promotion_type,
    bonusPercentage: input.promotion_type === "percentage" ? input.bonus_percentage : null,
    bonusAmount: input.promotion_type === "fixed" ? input.bonus_amount : null,
    tiers: input.promotion_type === "tiered" ? (input.tiers ?? null) : null,
    minDepositAmount: input.min_deposit_amount,
    maxDepositAmount: input.max_deposit_amount,
    maxBonusAmount: input.max_bonus_amount,
    usageLimitPerUser: input.usage_limit_per_user,
    totalUsageLimit: input.total_usage_limit,
    startDate: input.start,
    endDate: input.end,
    status: input.status,
    isAutomatic: input.is_automatic,
    requiresCode: input.requires_code,
    updatedAt: new Date(),
  };
}

export function toPublicPromotion(row: typeof promotions.$inferSelect, now = Date.now()) {
  // Past its end date a promotion reads as expired, whatever was saved.
  const status = row.status === "active" && row.endDate.getTime() <= now ? "expired" : row.status;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    code: row.code,
    promotion_type: row.promotionType,
    bonus_percentage: row.bonusPercentage,
    bonus_amount: row.bonusAmount,
    tiers: row.tiers,
    min_deposit_amount: row.minDepositAmount,
    formatted_min_deposit_amount: formatVND(row.minDepositAmount),
    max_deposit_amount: row.maxDepositAmount,
    max_bonus_amount: row.maxBonusAmount,
    usage_limit_per_user: row.usageLimitPerUser,
    total_usage_limit: row.totalUsageLimit,
    total_used: row.totalUsed,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    duration: Math.round((row.endDate.getTime() - row.startDate.getTime()) / DAY),
    status,
    is_automatic: row.isAutomatic,
    requires_code: row.requiresCode,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function findPromotion(c: ApiContext) {
  const [row] = await db(c).select().from(promotions).where(eq(promotions.id, Number(c.req.param("id")) || 0));
  if (!row) throw new ApiError(404, "Không tìm thấy khuyến mãi");
  return row;
}

function codeTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiError(400, "Mã khuyến mãi đã tồn tại", { code: ["Mã khuyến mãi đã tồn tại"] });
  throw error;
}

promotionsApi.get("/", async (c) => {
  const search = (c.req.query("search") ?? "").trim().toLowerCase();
  const status = c.req.query("status");
  const rows = await db(c).select().from(promotions).orderBy(desc(promotions.id)).limit(500);
  const data = rows
    .map((row) => toPublicPromotion(row))
    .filter((promotion) => !status || status === "all" || promotion.status === status)
    .filter((promotion) => !search || `${promotion.name} ${promotion.code} ${promotion.description}`.toLowerCase().includes(search));
  return c.json({ success: true, data });
});

promotionsApi.post("/", async (c) => {
  const input = await readJson(c, promotionSchema);
  const [row] = await db(c)
    .insert(promotions)
    .values({ ...toRow(input), code: input.code || generatedCode(), createdBy: c.get("user").id })
    .returning()
    .catch(codeTaken);
  return c.json({ success: true, message: "Đã tạo khuyến mãi", data: toPublicPromotion(row) }, 201);
});

promotionsApi.put("/:id", async (c) => {
  const existing = await findPromotion(c);
  const input = await readJson(c, promotionSchema);
  if (input.total_usage_limit !== null && input.total_usage_limit < existing.totalUsed) {
    throw new ApiError(400, MESSAGES.invalidData, { total_usage_limit: [`Đã dùng ${existing.totalUsed} lần; giới hạn không thể nhỏ hơn`] });
  }
  const [row] = await db(c)
    .update(promotions)
    .set({ ...toRow(input), code: input.code || existing.code })
    .where(eq(promotions.id, existing.id))
    .returning()
    .catch(codeTaken);
  return c.json({ success: true, message: "Đã cập nhật khuyến mãi", data: toPublicPromotion(row) });
});

promotionsApi.delete("/:id", async (c) => {
  const existing = await findPromotion(c);
  await db(c).delete(promotions).where(eq(promotions.id, existing.id));
  return c.json({ success: true, message: "Đã xóa khuyến mãi" });
});
