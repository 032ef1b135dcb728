// A deposit promotion as the admin's form sends it (docs/product.md §7 "Promotions", §4, §5).
import { z } from "zod";
import { tooLong } from "../../shared/zod-messages";
import { dateField, filterField, integerField, nameField, optionalIntegerField } from "../../shared/fields";
import { PROMOTION_DAYS, PROMOTION_DEFAULTS, PROMOTION_LENGTHS, PROMOTION_PERCENT, promotionEndDate } from "../../shared/money/promotion-form";
import { PROMOTION_MESSAGES as SAYS } from "../messages";

const DAY = 86_400_000;
const MAX_AMOUNT = 1_000_000_000;
const POSITIVE = SAYS.notPositive.token;
const PERCENT = SAYS.percentRange.token;
const DURATION = SAYS.durationRange.token;

/** A limit or an amount the form may leave blank (no limit). */
const optionalLimit = optionalIntegerField({ min: 1, max: MAX_AMOUNT, message: POSITIVE }).default(null);
const percent = integerField({ ...PROMOTION_PERCENT, message: PERCENT, invalid: SAYS.percentNotWhole.token, tooSmall: PERCENT, tooBig: PERCENT });

export const promotionSchema = z
  .object({
    name: nameField(PROMOTION_LENGTHS.name, { required: SAYS.nameRequired.token, tooLong: tooLong(PROMOTION_LENGTHS.name) }),
    description: z.string().trim().max(PROMOTION_LENGTHS.description).default(""),
    code: z.string().trim().toUpperCase().regex(new RegExp(`^[A-Z0-9_-]{0,${PROMOTION_LENGTHS.code}}$`), SAYS.codeCharacters.token).default(""),
    promotion_type: z.enum(["percentage", "fixed", "tiered"]).default("percentage"),
    bonus_percentage: percent.nullable().default(PROMOTION_DEFAULTS.bonusPercentage),
    bonus_amount: optionalLimit,
    tiers: z
      .array(
        z.object({
          min_amount: integerField({ min: 0, max: MAX_AMOUNT, message: SAYS.tierMinimumRequired.token }),
          bonus_percentage: percent.optional(),
          bonus_amount: integerField({ min: 1, max: MAX_AMOUNT, message: POSITIVE }).optional(),
        }),
      )
      .max(20)
      .nullish(),
    min_deposit_amount: optionalIntegerField({ min: 0, max: MAX_AMOUNT, message: SAYS.minimumDepositInvalid.token })
      .default(null)
      .transform((value) => value ?? PROMOTION_DEFAULTS.minDeposit),
    max_deposit_amount: optionalLimit,
    max_bonus_amount: optionalLimit,
    usage_limit_per_user: optionalLimit,
    total_usage_limit: optionalLimit,
    start_date: dateField(SAYS.startInvalid.token).optional(),
    end_date: dateField(SAYS.endInvalid.token).optional(),
    duration: integerField({ ...PROMOTION_DAYS, message: DURATION }).optional(),
    status: z.enum(["active", "inactive", "expired", "draft"]).default("active"),
    is_automatic: z.boolean().default(true),
    requires_code: z.boolean().default(false),
  })
  .transform((input, context) => {
    const start = input.start_date ?? new Date();
    const end = input.end_date ?? promotionEndDate(start, input.duration ?? PROMOTION_DEFAULTS.duration);
    const days = (end.getTime() - start.getTime()) / DAY;
    if (days <= 0) context.addIssue({ code: "custom", path: ["end_date"], message: SAYS.endNotAfterStart.token });
    else if (days > PROMOTION_DAYS.max) context.addIssue({ code: "custom", path: ["end_date"], message: DURATION });
    if (input.promotion_type === "percentage" && !input.bonus_percentage) context.addIssue({ code: "custom", path: ["bonus_percentage"], message: PERCENT });
    if (input.promotion_type === "fixed" && !input.bonus_amount) context.addIssue({ code: "custom", path: ["bonus_amount"], message: SAYS.bonusAmountRequired.token });
    if (input.promotion_type === "tiered" && !input.tiers?.length) context.addIssue({ code: "custom", path: ["tiers"], message: SAYS.tiersRequired.token });
    if (input.max_deposit_amount !== null && input.max_deposit_amount < input.min_deposit_amount) {
      context.addIssue({ code: "custom", path: ["max_deposit_amount"], message: SAYS.maximumBelowMinimum.token });
    }
    return { ...input, start, end };
  });

export type PromotionInput = z.infer<typeof promotionSchema>;

/** The admin's list: of one status (or "all"), matching a search in name, code or description. */
export const promotionListSchema = z.object({
  search: z.string().trim().max(100, tooLong(100)).toLowerCase().default(""),
  status: filterField(z.enum(["all", "active", "inactive", "expired", "draft"], { error: SAYS.badStatus.token })),
});
