// The key inputs (docs/product.md §7 "Keys", §5): a buyer's purchase, a mod's key check, and the admin's
// pricing, imports, status changes and cleanups.
import { z } from "zod";
import { tooLong, tooMany, ZOD_MESSAGES } from "../../shared/zod-messages";
import { filterField, idField, integerField, nameField, pageField, pageSizeField } from "../../shared/fields";
import { KEY_ADMIN_MESSAGES, KEY_INPUT_MESSAGES, MAX_IMPORT_LINES, MAX_DEVICE_ID, MAX_BUNDLE_ID } from "../messages";
import { isVersion } from "../../shared/version";
import { KEY_STATUSES } from "../../shared/enums";
import { LANGS } from "../../shared/lang";
import { EXTEND_DAYS } from "../../shared/licensing/key-changes";

const PRICING_INVALID = KEY_INPUT_MESSAGES.pricingInvalid.token;

export const purchaseSchema = z.object({
  key_pricing_id: idField(PRICING_INVALID),
  payment_method: z.string().default("balance"),
});

const BUNDLE_ID_REQUIRED = KEY_INPUT_MESSAGES.bundleIdRequired.token;
const notBlank = (text: string) => text.trim() !== "";

// The device and bundle ids are taken exactly as sent (not trimmed): the answer names them as
// sent, for the mod to compare with what it sent (docs/licensing.md §3).
export const keyCheckSchema = z.object({
  key_code: z.string().trim().min(1).max(200),
  device_id: z.string().max(MAX_DEVICE_ID).refine(notBlank, ZOD_MESSAGES.required.token),
  // Required: a key is good only for its own app, so the check must say which app asks.
  bundle_id: z.string({ error: BUNDLE_ID_REQUIRED }).max(MAX_BUNDLE_ID, tooLong(MAX_BUNDLE_ID)).refine(notBlank, BUNDLE_ID_REQUIRED),
  // Echoed in the signed answer, so a recorded answer cannot pass for the answer to a fresh request.
  nonce: z
    .string()
    .regex(/^[\x21-\x7e]{8,64}$/, KEY_INPUT_MESSAGES.nonceInvalid.token)
    .optional(),
  // The mod's CFBundleShortVersionString: a malformed one is refused, never guessed at (decision 0031).
  version: z.string({ error: KEY_INPUT_MESSAGES.versionInvalid.token }).refine(isVersion, KEY_INPUT_MESSAGES.versionInvalid.token).optional(),
  // The language of the signed answer's message (decision 0041); without it, Vietnamese as always.
  lang: z.enum(LANGS).optional(),
});

const price = integerField({
  min: 0,
  max: 1_000_000_000,
  message: KEY_ADMIN_MESSAGES.pricingRequired.token,
  invalid: KEY_INPUT_MESSAGES.priceInvalid.token,
  tooSmall: KEY_INPUT_MESSAGES.priceNegative.token,
  tooBig: KEY_INPUT_MESSAGES.priceTooHigh.token,
});

export const createPricingSchema = z.object({
  key_type: z.union([z.string().min(1, KEY_ADMIN_MESSAGES.pricingRequired.token), z.number().int()], { error: KEY_ADMIN_MESSAGES.pricingRequired.token }),
  price,
  currency: z.enum(["VND", "USD"]).default("VND"),
  is_active: z.boolean().default(true),
});
export type CreatePricingInput = z.infer<typeof createPricingSchema>;

export const updatePricingSchema = z.object({ price: price.optional(), currency: z.enum(["VND", "USD"]).optional(), is_active: z.boolean().optional() });
export type UpdatePricingInput = z.infer<typeof updatePricingSchema>;

export const importKeysSchema = z.object({
  app_url: z.union([z.string().min(1), z.number().int()]).transform(String),
  key_type: z.union([z.string().min(1), z.number().int()], { error: KEY_INPUT_MESSAGES.keyTypeRequired.token }),
  keys_text: z.string({ error: KEY_ADMIN_MESSAGES.keysRequired.token }).max(4_000_000, KEY_ADMIN_MESSAGES.tooManyLines(MAX_IMPORT_LINES).token),
  batch_name: nameField(200, { tooLong: tooLong(200), blankAllowed: true }).optional(),
  description: z.string().trim().max(1000).default(""),
  skip_duplicates: z.boolean().default(true),
});
export type ImportKeysInput = z.infer<typeof importKeysSchema>;
/** What the admin's import form sends. */
export type ImportKeysRequest = z.input<typeof importKeysSchema>;

export const keyStatusSchema = z.object({ status: z.literal("revoked", { error: KEY_ADMIN_MESSAGES.onlyAvailable.token }) });

const EXTEND_INVALID = KEY_INPUT_MESSAGES.extendDays.token;
// A JSON number only, as the key screen sends it (stricter than integerField, which also reads text).
export const extendKeySchema = z.object({ days: z.number({ error: EXTEND_INVALID }).int(EXTEND_INVALID).min(EXTEND_DAYS.min, EXTEND_INVALID).max(EXTEND_DAYS.max, EXTEND_INVALID) });

export const bulkDeleteKeysSchema = z.object({
  key_ids: z.array(idField(), { error: KEY_ADMIN_MESSAGES.selectKeys.token }).min(1, KEY_ADMIN_MESSAGES.selectKeys.token).max(20_000, tooMany(20_000)),
});

export const cleanupByStatusSchema = z.object({ status: z.enum(["sold", "used", "expired", "revoked"], { error: KEY_ADMIN_MESSAGES.badStatus.token }) });

/** A pricing's stock for the buyer's dialog: of one pricing when `pricing_id` names one. */
export const availabilityQuerySchema = z.object({ pricing_id: idField(PRICING_INVALID).optional() });

/** The admin's batches, of one app (by slug or id) or of all. */
export const batchesQuerySchema = z.object({ app_url: z.string().max(200).optional() });

/** The owner's look-alike check: the whole stock, or one app's (by slug or id). */
export const collisionsQuerySchema = z.object({ app_url: z.string().max(200).optional() });

/** An app's keys: of one status or all; every key without a page, else one page (at most 500). */
export const appKeysQuerySchema = z.object({
  status: filterField(z.enum(KEY_STATUSES, { error: KEY_ADMIN_MESSAGES.badStatus.token })),
  page: pageField.optional(),
  page_size: pageSizeField(500).default(50),
});

/** A pricing of an app (by slug or id): `/apps/:app/pricing/:id`. */
export const pricingPath = z.object({ app: z.string(), id: idField() });
