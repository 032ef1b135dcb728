// VietQR top-up inputs (docs/product.md §7 "VietQR"). The amount is read loosely here; the amount rules
// (workers/money/vietqr.ts amountError) decide.
import { z } from "zod";
import { wholeNumber } from "../../shared/fields";
import { promotionCodeField } from "./deposit-bonus";

export const createTopupSchema = z.object({
  // A whole number as every number is written (fields.ts), else null, which the amount rules refuse.
  amount: z.unknown().transform((value) => wholeNumber(value)),
  description: z.string().max(200).optional(),
  /** For a promotion that requires a code (workers/money/deposit-bonus.ts checks it names one). */
  promotion_code: promotionCodeField,
});

/** A top-up named by its public transaction id: status checks and cancellations. */
export const topupTransactionSchema = z.object({ transaction_id: z.string().min(1).max(64), reason: z.string().max(200).optional() });

/** A top-up's QR image: `<transaction id>.png`. */
export const qrImagePath = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.png$/) });
