// The admin's users list and balance adjustment (docs/product.md §7 "Admin users"), used by the API.
import { z } from "zod";
import { idField, integerField, pageQuery, searchField } from "../../shared/fields";
import { USER_ADMIN_MESSAGES } from "../messages";

// `before`: the last id of the page shown; the next page starts below it (keyset, docs/decisions/0030-sizing-and-scale.md).
export const usersQuerySchema = z.object({ search: searchField.default(""), ...pageQuery({ size: 50, max: 200 }), before: idField().optional() });

const MAX_ADJUSTMENT = 1_000_000_000;

export const adjustBalanceSchema = z.object({
  amount: integerField({
    min: -MAX_ADJUSTMENT,
    max: MAX_ADJUSTMENT,
    message: USER_ADMIN_MESSAGES.amountRequired.token,
    invalid: USER_ADMIN_MESSAGES.amountNotWhole.token,
    tooSmall: USER_ADMIN_MESSAGES.amountTooLarge.token,
    tooBig: USER_ADMIN_MESSAGES.amountTooLarge.token,
  }).refine((value) => value !== 0, USER_ADMIN_MESSAGES.amountRequired.token),
  transaction_type: z.enum(["admin_adjustment", "deposit"]).default("admin_adjustment"),
  description: z.string().trim().max(300).optional(),
});

export type AdjustBalanceInput = z.infer<typeof adjustBalanceSchema>;
/** What the admin's dialog sends. */
export type AdjustBalanceRequest = z.input<typeof adjustBalanceSchema>;

/** Ending every session of the store is asked for in words, so no stray or replayed empty request pulls the lever. */
const END_ALL_SESSIONS_CONFIRMATION = "END ALL SESSIONS";
export const endAllSessionsSchema = z.object({
  confirm: z.literal(END_ALL_SESSIONS_CONFIRMATION, { error: USER_ADMIN_MESSAGES.endAllUnconfirmed(END_ALL_SESSIONS_CONFIRMATION).token }),
});
