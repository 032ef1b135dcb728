// Admin: deposit promotions (docs/product.md §7 "Promotions", §4, §5). The form's rules hold on the server.
import { and, desc, eq, ne, not, notExists, sql } from "drizzle-orm";
import { formatVND } from "../shared/format";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { promotions, promotionUsages } from "../db/schema";
import type { PromotionInput } from "./schemas/promotions";
import { type AdminActor, auditQuery, changedFields } from "../db/statements/audit";
import { fieldError, NotFoundError, ValidationError } from "../platform/errors";
import { MESSAGES } from "../platform/http/api-errors";
import { PROMOTION_MESSAGES } from "./messages";

const DAY = 86_400_000;
type PromotionRow = typeof promotions.$inferSelect;

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

type AuditedColumns = Pick<
  PromotionRow,
  | "name" | "description" | "code" | "promotionType" | "bonusPercentage" | "bonusAmount" | "tiers" | "minDepositAmount" | "maxDepositAmount"
  | "maxBonusAmount" | "usageLimitPerUser" | "totalUsageLimit" | "startDate" | "endDate" | "status" | "isAutomatic" | "requiresCode"
>;

/** What the audit log keeps of a promotion: every field an admin sets. */
function auditedFields(row: AuditedColumns) {
  return {
    name: row.name,
    description: row.description,
    code: row.code,
    promotion_type: row.promotionType,
    bonus_percentage: row.bonusPercentage,
    bonus_amount: row.bonusAmount,
    tiers: row.tiers,
    min_deposit_amount: row.minDepositAmount,
    max_deposit_amount: row.maxDepositAmount,
    max_bonus_amount: row.maxBonusAmount,
    usage_limit_per_user: row.usageLimitPerUser,
    total_usage_limit: row.totalUsageLimit,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    status: row.status,
    is_automatic: row.isAutomatic,
    requires_code: row.requiresCode,
  };
}

/** A promotion as the API answers it (the admin screen reads this type too). */
export type PublicPromotion = ReturnType<typeof toPublicPromotion>;

function toPublicPromotion(row: PromotionRow, now = Date.now()) {
  // Past its end date a promotion reads as expired, whatever was saved.
  const status = row.status === "active" && row.endDate.getTime() <= now ? "expired" : row.status;
  return {
    id: row.id,
    // What the admin set (the audit log keeps the same), then what the store adds.
    ...auditedFields(row),
    formatted_min_deposit_amount: formatVND(row.minDepositAmount),
    total_used: row.totalUsed,
    duration: Math.round((row.endDate.getTime() - row.startDate.getTime()) / DAY),
    status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function codeTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldError("code", PROMOTION_MESSAGES.codeTaken);
  throw error;
}

/** The newest 500 promotions, filtered by shown status ("all" for any) and by a search in name, code and description. */
export async function listPromotions(db: Database, query: { search: string; status?: string }) {
  const rows = await db.select().from(promotions).where(ne(promotions.status, "archived")).orderBy(desc(promotions.id)).limit(500);
  return rows
    .map((row) => toPublicPromotion(row))
    .filter((promotion) => !query.status || query.status === "all" || promotion.status === query.status)
    .filter((promotion) => !query.search || `${promotion.name} ${promotion.code} ${promotion.description}`.toLowerCase().includes(query.search));
}

export async function findPromotion(db: Database, id: number): Promise<PromotionRow> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  // An archived promotion is deleted as far as the admin is concerned.
  if (!row || row.status === "archived") throw new NotFoundError(PROMOTION_MESSAGES.notFound);
  return row;
}

export async function createPromotion(db: Database, input: PromotionInput, actor: AdminActor) {
  const values = { ...toRow(input), code: input.code || generatedCode(), createdBy: actor.userId };
  const [[row]] = await db
    .batch([db.insert(promotions).values(values).returning(), auditQuery(db, { actor, action: "promotion.create", targetType: "promotion", details: auditedFields(values) })])
    .catch(codeTaken);
  return toPublicPromotion(row);
}

export async function updatePromotion(db: Database, existing: PromotionRow, input: PromotionInput, actor: AdminActor) {
  if (input.total_usage_limit !== null && input.total_usage_limit < existing.totalUsed) {
    throw new ValidationError(MESSAGES.invalidData, { total_usage_limit: [PROMOTION_MESSAGES.limitBelowUsed(existing.totalUsed)] });
  }
  const values = { ...toRow(input), code: input.code || existing.code };
  const details = changedFields(auditedFields(existing), auditedFields(values));
  const [[row]] = await db
    .batch([
      db.update(promotions).set(values).where(eq(promotions.id, existing.id)).returning(),
      auditQuery(db, { actor, action: "promotion.update", targetType: "promotion", targetId: existing.id, details }, { when: "if_changed" }),
    ])
    .catch(codeTaken);
  if (!row) throw new NotFoundError(PROMOTION_MESSAGES.notFound);
  return toPublicPromotion(row);
}

/**
 * Deletes a promotion, as the admin asks (docs/product.md, "Promotions"). One nobody has used goes;
 * one that paid a bonus is archived instead: gone from the admin's list and from every new top-up,
 * kept for the ledger lines, uses and audit entries that name it (the ledger is append-only). Each
 * statement holds its own condition, so a bonus paid a moment before cannot slip between a check and
 * the delete: whichever of the two matches the promotion as it is at commit runs.
 */
export async function deletePromotion(db: Database, existing: PromotionRow, actor: AdminActor): Promise<void> {
  const unused = sql`(${promotions.totalUsed} = 0 and ${notExists(db.select({ id: promotionUsages.id }).from(promotionUsages).where(eq(promotionUsages.promotionId, existing.id)))})`;
  await db.batch([
    db.delete(promotions).where(and(eq(promotions.id, existing.id), unused)),
    db
      .update(promotions)
      .set({ status: "archived", updatedAt: new Date() })
      .where(and(eq(promotions.id, existing.id), not(unused))),
    auditQuery(db, { actor, action: "promotion.delete", targetType: "promotion", targetId: existing.id, details: auditedFields(existing) }),
  ]);
}
