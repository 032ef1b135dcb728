import { describe, expect, it } from "vitest";
import { bestPromotion, bonusFor, isApplicable, type Promotion } from "../../workers/shared/money/promotions";

const NOW = Date.UTC(2026, 10, 25);
const DAY = 86_400_000;

function promotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 1,
    name: "Khuyến mãi",
    code: "BONUSABC",
    promotionType: "percentage",
    bonusPercentage: 10,
    bonusAmount: null,
    tiers: null,
    minDepositAmount: 10000,
    maxDepositAmount: null,
    maxBonusAmount: null,
    usageLimitPerUser: null,
    totalUsageLimit: null,
    totalUsed: 0,
    startDate: NOW - DAY,
    endDate: NOW + 7 * DAY,
    status: "active",
    isAutomatic: true,
    requiresCode: false,
    ...overrides,
  };
}

describe("bonusFor", () => {
  it("percentage, rounded down and capped by the maximum bonus", () => {
    expect(bonusFor(promotion({ bonusPercentage: 10 }), 155555)).toBe(15555);
    expect(bonusFor(promotion({ bonusPercentage: 20, maxBonusAmount: 50000 }), 1_000_000)).toBe(50000);
  });
  it("fixed", () => {
    expect(bonusFor(promotion({ promotionType: "fixed", bonusAmount: 20000, bonusPercentage: null }), 60000)).toBe(20000);
  });
  it("tiered: the highest tier the deposit reaches", () => {
    const tiered = promotion({
      promotionType: "tiered",
      bonusPercentage: null,
      tiers: [
        { min_amount: 100000, bonus_percentage: 5 },
        { min_amount: 500000, bonus_percentage: 10 },
        { min_amount: 2000000, bonus_amount: 300000 },
      ],
    });
    expect(bonusFor(tiered, 60000)).toBe(0);
    expect(bonusFor(tiered, 200000)).toBe(10000);
    expect(bonusFor(tiered, 500000)).toBe(50000);
    expect(bonusFor(tiered, 5000000)).toBe(300000);
  });
  it("respects the minimum and maximum deposit", () => {
    expect(bonusFor(promotion({ minDepositAmount: 100000 }), 99000)).toBe(0);
    expect(bonusFor(promotion({ maxDepositAmount: 1000000 }), 1001000)).toBe(0);
  });
});

describe("isApplicable", () => {
  it("needs an active, automatic promotion inside its dates with uses left", () => {
    expect(isApplicable(promotion(), 0, NOW)).toBe(true);
    expect(isApplicable(promotion({ status: "inactive" }), 0, NOW)).toBe(false);
    expect(isApplicable(promotion({ startDate: NOW + 1 }), 0, NOW)).toBe(false);
    expect(isApplicable(promotion({ endDate: NOW }), 0, NOW)).toBe(false);
    expect(isApplicable(promotion({ totalUsageLimit: 5, totalUsed: 5 }), 0, NOW)).toBe(false);
    expect(isApplicable(promotion({ usageLimitPerUser: 1 }), 1, NOW)).toBe(false);
    expect(isApplicable(promotion({ requiresCode: true }), 0, NOW)).toBe(false);
  });
});

describe("promotion codes", () => {
  it("a coded promotion applies only with its own code, in any case; a code never unlocks another", () => {
    const coded = promotion({ id: 3, code: "TET2026", requiresCode: true, isAutomatic: false, bonusPercentage: 50 });
    const other = promotion({ id: 4, code: "VIP", requiresCode: true, isAutomatic: false, bonusPercentage: 90 });
    expect(bestPromotion([coded, other], 100000, new Map(), NOW)).toBeNull();
    expect(bestPromotion([coded, other], 100000, new Map(), NOW, " tet2026 ")).toEqual({ promotion: coded, bonus: 50000 });
    expect(bestPromotion([coded, other], 100000, new Map(), NOW, "BONUS123")).toBeNull();
    // An automatic promotion still competes with a coded one: the larger bonus wins.
    expect(bestPromotion([promotion({ bonusPercentage: 60 }), coded], 100000, new Map(), NOW, "TET2026")?.bonus).toBe(60000);
  });
});

describe("bestPromotion", () => {
  it("applies only the one with the largest bonus", () => {
    const small = promotion({ id: 1, bonusPercentage: 5 });
    const fixed = promotion({ id: 2, promotionType: "fixed", bonusAmount: 30000 });
    const big = promotion({ id: 3, bonusPercentage: 20, maxBonusAmount: 25000 });
    expect(bestPromotion([small, fixed, big], 200000, new Map(), NOW)).toEqual({ promotion: fixed, bonus: 30000 });
    expect(bestPromotion([small, fixed, big], 100000, new Map([[2, 1]]), NOW)?.promotion.id).toBe(2);
    expect(bestPromotion([small, promotion({ id: 2, bonusPercentage: 5 })], 100000, new Map(), NOW)?.promotion.id).toBe(1);
    expect(bestPromotion([promotion({ usageLimitPerUser: 1 })], 100000, new Map([[1, 1]]), NOW)).toBeNull();
  });
});
