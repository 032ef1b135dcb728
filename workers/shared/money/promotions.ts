// Deposit bonuses: at most one promotion applies to a deposit,
// the one giving the largest bonus; the bonus is its own ledger row and its use is counted once
// (workers/money/wallet/money.ts reads the promotions and writes both in the deposit's batch).
// The dialogs' preview (workers/money/deposit-bonus.ts) asks the same functions, so it never
// promises a bonus the wallet would not pay. A promotion that requires a code applies only with
// its own code; an automatic one applies to every deposit.

export type Tier = { min_amount: number; bonus_percentage?: number; bonus_amount?: number };

export type Promotion = {
  id: number;
  name: string;
  code: string;
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

/** A promotion code as typed: case and surrounding spaces do not matter; blank is no code. */
export function normalisePromotionCode(code: string | null | undefined): string | null {
  const clean = code?.trim().toUpperCase() ?? "";
  return clean || null;
}

/** Whether the deposit may have this promotion: its own code when it requires one, else automatic. */
function unlocked(promotion: Promotion, code: string | null): boolean {
  if (promotion.requiresCode) return code !== null && normalisePromotionCode(promotion.code) === code;
  return promotion.isAutomatic;
}

/**
 * Whether a promotion may apply now for a user who has used it `usedByUser` times, on a deposit
 * that carries `code` (normalised, or null).
 */
export function isApplicable(promotion: Promotion, usedByUser: number, now: number, code: string | null = null): boolean {
  return (
    promotion.status === "active" &&
    unlocked(promotion, code) &&
    promotion.startDate <= now &&
    now < promotion.endDate &&
    (promotion.totalUsageLimit === null || promotion.totalUsed < promotion.totalUsageLimit) &&
    (promotion.usageLimitPerUser === null || usedByUser < promotion.usageLimitPerUser)
  );
}

/** The one promotion that gives the most on this deposit (the older one on a tie), if any. */
export function bestPromotion(
  promotions: Promotion[],
  amount: number,
  usage: Map<number, number>,
  now: number,
  code: string | null = null,
): { promotion: Promotion; bonus: number } | null {
  const typed = normalisePromotionCode(code);
  let best: { promotion: Promotion; bonus: number } | null = null;
  for (const promotion of [...promotions].sort((a, b) => a.id - b.id)) {
    if (!isApplicable(promotion, usage.get(promotion.id) ?? 0, now, typed)) continue;
    const bonus = bonusFor(promotion, amount);
    if (bonus > 0 && (!best || bonus > best.bonus)) best = { promotion, bonus };
  }
  return best;
}

/** Whether `code` names a promotion that could pay now (whatever the amount): what a buyer may attach to a top-up. */
export function codeIsLive(promotions: Promotion[], usage: Map<number, number>, now: number, code: string | null): boolean {
  const typed = normalisePromotionCode(code);
  return typed !== null && promotions.some((promotion) => promotion.requiresCode && isApplicable(promotion, usage.get(promotion.id) ?? 0, now, typed));
}
