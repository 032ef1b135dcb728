// The key inputs (spec §7 "Keys", §5): a buyer's purchase, a mod's key check, and the admin's
// pricing, imports, status changes and cleanups.
import { z } from "zod";
import { tooLong, tooMany } from "../shared/zod-messages";
import { KEY_ADMIN_MESSAGES, MAX_IMPORT_LINES } from "../services/key-admin";
import { MAX_BUNDLE_ID, MAX_DEVICE_ID } from "../services/key-check";

export const purchaseSchema = z.object({
  key_pricing_id: z.coerce.number().int().positive(),
  payment_method: z.string().default("balance"),
});

const BUNDLE_ID_REQUIRED = "Vui lòng gửi bundle_id của ứng dụng (ví dụ com.example.mymod)";
const notBlank = (text: string) => text.trim() !== "";

// The device and bundle ids are taken exactly as sent (not trimmed): the answer names them as
// sent, for the mod to compare with what it sent (docs/licensing.md §3).
export const keyCheckSchema = z.object({
  key_code: z.string().trim().min(1).max(200),
  device_id: z.string().max(MAX_DEVICE_ID).refine(notBlank, "Vui lòng nhập trường này"),
  // Required: a key is good only for its own app, so the check must say which app asks.
  bundle_id: z.string({ error: BUNDLE_ID_REQUIRED }).max(MAX_BUNDLE_ID, tooLong(MAX_BUNDLE_ID)).refine(notBlank, BUNDLE_ID_REQUIRED),
  // Echoed in the signed answer, so a recorded answer cannot pass for the answer to a fresh request.
  nonce: z
    .string()
    .regex(/^[\x21-\x7e]{8,64}$/, "nonce phải gồm 8–64 ký tự ASCII in được, không có khoảng trắng")
    .optional(),
});

const price = z.coerce.number({ error: KEY_ADMIN_MESSAGES.pricingRequired }).int("Giá phải là số nguyên").min(0, "Giá không được âm").max(1_000_000_000, "Giá tối đa là 1.000.000.000");

export const createPricingSchema = z.object({
  key_type: z.union([z.string().min(1, KEY_ADMIN_MESSAGES.pricingRequired), z.number().int()], { error: KEY_ADMIN_MESSAGES.pricingRequired }),
  price,
  currency: z.enum(["VND", "USD"]).default("VND"),
  is_active: z.boolean().default(true),
});
export type CreatePricingInput = z.infer<typeof createPricingSchema>;

export const updatePricingSchema = z.object({ price: price.optional(), currency: z.enum(["VND", "USD"]).optional(), is_active: z.boolean().optional() });
export type UpdatePricingInput = z.infer<typeof updatePricingSchema>;

export const importKeysSchema = z.object({
  app_url: z.union([z.string().min(1), z.number().int()]).transform(String),
  key_type: z.union([z.string().min(1), z.number().int()], { error: "Vui lòng chọn loại key" }),
  keys_text: z.string({ error: KEY_ADMIN_MESSAGES.keysRequired }).max(4_000_000, KEY_ADMIN_MESSAGES.tooManyLines(MAX_IMPORT_LINES)),
  batch_name: z.string().trim().max(200).optional(),
  description: z.string().trim().max(1000).default(""),
  skip_duplicates: z.boolean().default(true),
});
export type ImportKeysInput = z.infer<typeof importKeysSchema>;
/** What the admin's import form sends. */
export type ImportKeysRequest = z.input<typeof importKeysSchema>;

export const keyStatusSchema = z.object({ status: z.literal("revoked", { error: KEY_ADMIN_MESSAGES.onlyAvailable }) });

const EXTEND_DAYS = "Số ngày gia hạn phải là số nguyên từ 1 đến 3650";
export const extendKeySchema = z.object({ days: z.number({ error: EXTEND_DAYS }).int(EXTEND_DAYS).min(1, EXTEND_DAYS).max(3650, EXTEND_DAYS) });

export const bulkDeleteKeysSchema = z.object({
  key_ids: z.array(z.coerce.number().int().positive(), { error: KEY_ADMIN_MESSAGES.selectKeys }).min(1, KEY_ADMIN_MESSAGES.selectKeys).max(20_000, tooMany(20_000)),
});

export const cleanupByStatusSchema = z.object({ status: z.enum(["sold", "used", "expired", "revoked"], { error: KEY_ADMIN_MESSAGES.badStatus }) });
