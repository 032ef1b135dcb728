// What a deposit would earn (issue #27 item 4): the dialogs preview the promotion and its bonus
// for the amount being entered, and a top-up may carry a promotion code. Both read the promotions
// as the wallet does (depositPromotions) and decide with the wallet's rule (workers/shared/money/promotions.ts),
// so the preview never promises a bonus the wallet would not pay.
import { formatVND } from "../shared/format";
import { bestPromotion, codeIsLive, normalisePromotionCode } from "../shared/money/promotions";
import { fieldError } from "../platform/errors";
import { depositPromotions } from "./wallet/reads";
import { PROMOTION_MESSAGES } from "./messages";

export type DepositBonusPreview = {
  promotion: { id: number; name: string } | null;
  bonus: number;
  formatted_bonus: string;
  /** none: no code typed; valid: it names a running promotion; invalid: it names none. */
  code_status: "none" | "valid" | "invalid";
};

/** The bonus a deposit of `amount` (what the wallet would credit) would bring this user now, with `code` if typed. */
export async function previewDepositBonus(db: D1Database, userId: number, amount: number, code: string | undefined, now = Date.now()): Promise<DepositBonusPreview> {
  const typed = normalisePromotionCode(code);
  const { promotions, usage } = await depositPromotions(db, userId, now);
  const best = bestPromotion(promotions, amount, usage, now, typed);
  return {
    promotion: best && { id: best.promotion.id, name: best.promotion.name },
    bonus: best?.bonus ?? 0,
    formatted_bonus: formatVND(best?.bonus ?? 0),
    code_status: typed === null ? "none" : codeIsLive(promotions, usage, now, typed) ? "valid" : "invalid",
  };
}

/**
 * The code a new top-up keeps (normalised), or null when none was typed. A code that names no
 * running promotion is refused, so the buyer never pays believing a bonus will follow.
 */
export async function promotionCodeForTopup(db: D1Database, userId: number, code: string | undefined, now = Date.now()): Promise<string | null> {
  const typed = normalisePromotionCode(code);
  if (typed === null) return null;
  const { promotions, usage } = await depositPromotions(db, userId, now);
  if (!codeIsLive(promotions, usage, now, typed)) throw fieldError("promotion_code", PROMOTION_MESSAGES.codeInvalid);
  return typed;
}
