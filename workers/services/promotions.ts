// Deposit bonuses (spec §3 "Promotion", issue rules): at most one promotion applies to a deposit,
// the one giving the largest bonus; the bonus is its own ledger row and its use is counted once.

export type Tier = { min_amount: number; bonus_percentage?: number; bonus_amount?: number };

export type Promotion = {
  id: number;
  name: string;
  promotionType: "percentage" | "fixed" | "tiered";
  bonusPercentage: number | null;
  bonusAmount: number | null;
  tiers: Tier[] | null;
  minDepositAmount: number;
  maxDepositAmount: number | null;
  maxBonusAmount: number | null;
  usageLimitPerUser: number | null;
  totalUsageLimit: number | null;
  totalUsed: number;
  startDate: number;
  endDate: number;
  status: string;
  isAutomatic: boolean;
  requiresCode: boolean;
};

/** The bonus a promotion gives on a deposit of `amount` VND, ignoring dates and usage. */
export function bonusFor(promotion: Promotion, amount: number): number {
  if (amount < promotion.minDepositAmount) return 0;
  if (promotion.maxDepositAmount !== null && amount > promotion.maxDepositAmount) return 0;
  let bonus = 0;
  if (promotion.promotionType === "percentage") bonus = Math.floor((amount * (promotion.bonusPercentage ?? 0)) / 100);
  else if (promotion.promotionType === "fixed") bonus = promotion.bonusAmount ?? 0;
  else {
    const tier = [...(promotion.tiers ?? [])].filter((candidate) => amount >= candidate.min_amount).sort((a, b) => b.min_amount - a.min_amount)[0];
    if (tier) bonus = tier.bonus_percentage ? Math.floor((amount * tier.bonus_percentage) / 100) : (tier.bonus_amount ?? 0);
  }
  if (promotion.maxBonusAmount !== null) bonus = Math.min(bonus, promotion.maxBonusAmount);
  return Math.max(0, Math.floor(bonus));
}

/** Whether a promotion may apply now for a user who has used it `usedByUser` times. */
export function isApplicable(promotion: Promotion, usedByUser: number, now: number): boolean {
  return (
    promotion.status === "active" &&
    promotion.isAutomatic &&
    !promotion.requiresCode &&
    promotion.startDate <= now &&
    now < promotion.endDate &&
    (promotion.totalUsageLimit === null || promotion.totalUsed < promotion.totalUsageLimit) &&
    (promotion.usageLimitPerUser === null || usedByUser < promotion.usageLimitPerUser)
  );
}

/** The one promotion that gives the most on this deposit (the older one on a tie), if any. */
export function bestPromotion(promotions: Promotion[], amount: number, usage: Map<number, number>, now: number): { promotion: Promotion; bonus: number } | null {
  let best: { promotion: Promotion; bonus: number } | null = null;
  for (const promotion of [...promotions].sort((a, b) => a.id - b.id)) {
    if (!isApplicable(promotion, usage.get(promotion.id) ?? 0, now)) continue;
    const bonus = bonusFor(promotion, amount);
    if (bonus > 0 && (!best || bonus > best.bonus)) best = { promotion, bonus };
  }
  return best;
}

type PromotionRow = {
  id: number;
  name: string;
  promotion_type: Promotion["promotionType"];
  bonus_percentage: number | null;
  bonus_amount: number | null;
  tiers: string | null;
  min_deposit_amount: number;
  max_deposit_amount: number | null;
  max_bonus_amount: number | null;
  usage_limit_per_user: number | null;
  total_usage_limit: number | null;
  total_used: number;
  start_date: number;
  end_date: number;
  status: string;
  is_automatic: number;
  requires_code: number;
};

/** The best bonus for a user's deposit right now, read from D1. */
export async function findDepositBonus(db: D1Database, userId: number, amount: number, now: number) {
  const { results } = await db
    .prepare("SELECT * FROM promotions WHERE status = 'active' AND start_date <= ?1 AND end_date > ?1")
    .bind(now)
    .all<PromotionRow>();
  if (results.length === 0) return null;
  const usageRows = await db
    .prepare("SELECT promotion_id, count(*) AS n FROM promotion_usages WHERE user_id = ? GROUP BY promotion_id")
    .bind(userId)
    .all<{ promotion_id: number; n: number }>();
  const usage = new Map(usageRows.results.map((row) => [row.promotion_id, row.n]));
  const promotions: Promotion[] = results.map((row) => ({
    id: row.id,
    name: row.name,
    promotionType: row.promotion_type,
    bonusPercentage: row.bonus_percentage,
    bonusAmount: row.bonus_amount,
    tiers: row.tiers ? (JSON.parse(row.tiers) as Tier[]) : null,
    minDepositAmount: row.min_deposit_amount,
    maxDepositAmount: row.max_deposit_amount,
    maxBonusAmount: row.max_bonus_amount,
    usageLimitPerUser: row.usage_limit_per_user,
    totalUsageLimit: row.total_usage_limit,
    totalUsed: row.total_used,
    startDate: row.start_date,
    endDate: row.end_date,
    status: row.status,
    isAutomatic: Boolean(row.is_automatic),
    requiresCode: Boolean(row.requires_code),
  }));
  return bestPromotion(promotions, amount, usage, now);
}

/** The statements that count one use of a promotion for a deposit (unique per deposit). */
export function usageStatements(db: D1Database, promotionId: number, userId: number, depositReference: string, amount: number, bonus: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare("INSERT INTO promotion_usages (promotion_id, user_id, deposit_reference, deposit_amount, bonus_amount, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(promotionId, userId, depositReference, amount, bonus, now),
    // The CHECK on total_used fails the batch if another deposit took the last use meanwhile.
    db.prepare("UPDATE promotions SET total_used = total_used + 1, updated_at = ?1 WHERE id = ?2").bind(now, promotionId),
  ];
}
