// What a deposit would earn (issue #27 item 4): the dialogs preview the promotion and its bonus
// for the amount being entered, and a top-up may carry a promotion code. Both read the promotions
// as the wallet does (depositPromotions) and decide with the wallet's rule (workers/shared/money/promotions.ts),
// so the preview never promises a bonus the wallet would not pay. A typed code is checked as a
// sign-in checks a password (issue 52 item 2): counted per address, and per account before the
// check (a right code clears it), so guesses past either limit are refused unchecked.
import { getDb } from "../db/client";
import { formatVND } from "../shared/format";
import { bestPromotion, codeIsLive, normalisePromotionCode } from "../shared/money/promotions";
import { fieldError, RateLimitedError } from "../platform/errors";
import { claim, clear, hit, LIMITS } from "../platform/rate-limit";
import { AUTH_MESSAGES } from "../accounts/messages";
import { depositPromotions } from "./wallet/reads";
import { PROMOTION_MESSAGES } from "./messages";

export type DepositBonusPreview = {
  promotion: { id: number; name: string } | null;
  bonus: number;
  formatted_bonus: string;
  /** none: no code typed; valid: it names a running promotion; invalid: it names none. */
  code_status: "none" | "valid" | "invalid";
};

/** Who types a code: the account and the client's address, each counted. */
export type CodeTyper = { userId: number; address: string };

/**
 * Whether `typed` names a running promotion for this user, counted like a password check
 * (LIMITS.promotionCodesPerAddress, LIMITS.promotionCodesPerAccount): past either limit a
 * RateLimitedError, and the code is not checked.
 */
async function checkCode(d1: D1Database, typer: CodeTyper, isLive: () => boolean): Promise<boolean> {
  const db = getDb(d1);
  const account = `user:${typer.userId}`;
  for (const attempt of [() => hit(db, LIMITS.promotionCodesPerAddress, typer.address), () => claim(db, LIMITS.promotionCodesPerAccount, account)]) {
    const state = await attempt();
    if (!state.allowed) throw new RateLimitedError(AUTH_MESSAGES.tooMany(state.retryAfterSeconds), state.retryAfterSeconds);
  }
  const live = isLive();
  if (live) await clear(db, LIMITS.promotionCodesPerAccount, account);
  return live;
}

/**
 * The bonus a deposit of `amount` (what the wallet would credit) would bring this user now, with
 * `code` if typed. A code-only promotion is named only once its code is right (bestPromotion).
 */
export async function previewDepositBonus(db: D1Database, typer: CodeTyper, amount: number, code: string | undefined, now = Date.now()): Promise<DepositBonusPreview> {
  const typed = normalisePromotionCode(code);
  const { promotions, usage } = await depositPromotions(db, typer.userId, now);
  const valid = typed !== null && (await checkCode(db, typer, () => codeIsLive(promotions, usage, now, typed)));
  // A code that is not right unlocks nothing: the preview is the one without a code.
  const best = bestPromotion(promotions, amount, usage, now, valid ? typed : null);
  return {
    promotion: best && { id: best.promotion.id, name: best.promotion.name },
    bonus: best?.bonus ?? 0,
    formatted_bonus: formatVND(best?.bonus ?? 0),
    code_status: typed === null ? "none" : valid ? "valid" : "invalid",
  };
}

/**
 * The code a new top-up keeps (normalised), or null when none was typed. A code that names no
 * running promotion is refused, so the buyer never pays believing a bonus will follow; it is
 * counted like the preview's.
 */
export async function promotionCodeForTopup(db: D1Database, typer: CodeTyper, code: string | undefined, now = Date.now()): Promise<string | null> {
  const typed = normalisePromotionCode(code);
  if (typed === null) return null;
  const { promotions, usage } = await depositPromotions(db, typer.userId, now);
  if (!(await checkCode(db, typer, () => codeIsLive(promotions, usage, now, typed)))) throw fieldError("promotion_code", PROMOTION_MESSAGES.codeInvalid);
  return typed;
}
