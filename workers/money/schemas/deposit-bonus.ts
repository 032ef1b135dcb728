// The deposit-bonus preview's query and the promotion code a top-up may carry (issue #27 item 4).
import { z } from "zod";
import { integerField } from "../../shared/fields";
import { TOPUP_MESSAGES } from "../../shared/money/messages";
import { PROMOTION_MESSAGES } from "../messages";

const INVALID_CODE = PROMOTION_MESSAGES.codeInvalid.token;

/** A promotion code as the buyer types it: blank is none; the rules compare it without case. */
export const promotionCodeField = z
  .string({ error: INVALID_CODE })
  .trim()
  .max(40, INVALID_CODE)
  .regex(/^[A-Za-z0-9_-]*$/, INVALID_CODE)
  .optional();

/** GET /api/auth/wallet/deposit-bonus/?amount=&code=: the amount the wallet would credit. */
export const depositBonusQuerySchema = z.object({
  amount: integerField({ min: 0, max: 1_000_000_000, message: TOPUP_MESSAGES.invalidAmount.token }),
  code: promotionCodeField,
});
