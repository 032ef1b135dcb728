// A phone card as the top-up form sends it (docs/product.md §5 "Cards"). Fields are read loosely here (the
// form may send the value as a string); the card rules (cardErrors) decide, field by field.
import { z } from "zod";
import { pageQuery } from "../../shared/fields";
import { promotionCodeField } from "./deposit-bonus";

export const createCardSchema = z.object({ telco: z.unknown(), card_serial: z.unknown(), card_code: z.unknown(), card_value: z.unknown(), promotion_code: promotionCodeField });

export type CreateCardInput = z.infer<typeof createCardSchema>;

export const cardHistorySchema = z.object(pageQuery({ size: 20, max: 100 }));

/**
 * The gateway's callback fields (query, JSON or form): text or numbers, anything else as missing,
 * and a body that is not an object (null, an array) as no fields at all; the signature decides.
 */
const callbackText = z.union([z.string(), z.number()]).transform(String).catch("");
export const cardCallbackSchema = z
  .object({ code: callbackText.default(""), serial: callbackText.default(""), callback_sign: callbackText.default(""), request_id: callbackText.default("") })
  .catch({ code: "", serial: "", callback_sign: "", request_id: "" });
