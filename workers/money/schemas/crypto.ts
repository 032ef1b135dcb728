// Crypto top-up inputs (docs/product.md, "Crypto"). The amount is read loosely here (a number, or its
// decimal text); the amount rules (workers/money/crypto.ts usdCents) decide with the shop's limits.
import { z } from "zod";
import { idField, integerField, pageQuery } from "../../shared/fields";
import { TOPUP_MESSAGES } from "../../shared/money/messages";
import { promotionCodeField } from "./deposit-bonus";
import { CRYPTO_MESSAGES } from "../messages";

export const createCryptoSchema = z.object({
  amount_usd: z.unknown(),
  /** For a promotion that requires a code (workers/money/deposit-bonus.ts checks it names one). */
  promotion_code: promotionCodeField,
});

export type CreateCryptoInput = z.infer<typeof createCryptoSchema>;

/** The admin's list of crypto top-ups: a page, and optionally one state or only what waits for review. */
export const adminCryptoQuerySchema = z.object({
  ...pageQuery({ size: 50, max: 200 }),
  status: z.enum(["pending", "partial", "credited", "failed", "expired", "refused", "refunded", "parked"], { error: CRYPTO_MESSAGES.badStatus.token }).optional(),
});

export const cryptoPaymentPath = z.object({ id: idField() });

/** An admin's decision on a parked payment: credit it (this many đồng, its suggestion by default) or refuse it. */
export const cryptoReviewSchema = z.object({
  amount: integerField({ min: 1, max: 1_000_000_000, message: TOPUP_MESSAGES.invalidAmount.token }).optional(),
  note: z.string().trim().max(500).default(""),
});

const usd = integerField({ min: 1, max: 100_000, message: CRYPTO_MESSAGES.cryptoUsd.token });

/** The shop's crypto settings: on or off, and the smallest and largest invoice in whole US dollars. */
export const cryptoSettingsSchema = z.object({ enabled: z.boolean(), min_usd: usd, max_usd: usd });
