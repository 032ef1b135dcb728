// A phone card as the top-up form sends it (spec §5 "Cards"). Fields are read loosely here (the
// form may send the value as a string); the card rules (cardErrors) decide, field by field.
import { z } from "zod";

export const createCardSchema = z.object({ telco: z.unknown(), card_serial: z.unknown(), card_code: z.unknown(), card_value: z.unknown() });

export type CreateCardInput = z.infer<typeof createCardSchema>;
