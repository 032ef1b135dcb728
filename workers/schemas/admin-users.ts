// The admin's balance adjustment (spec §7 "Admin users"), used by the API.
import { z } from "zod";

export const adjustBalanceSchema = z.object({
  amount: z.coerce
    .number({ error: "Vui lòng nhập số tiền" })
    .int("Số tiền phải là số nguyên")
    .refine((value) => value !== 0, "Vui lòng nhập số tiền")
    .refine((value) => Math.abs(value) <= 1_000_000_000, "Số tiền quá lớn"),
  transaction_type: z.enum(["admin_adjustment", "deposit"]).default("admin_adjustment"),
  description: z.string().trim().max(300).optional(),
});

export type AdjustBalanceInput = z.infer<typeof adjustBalanceSchema>;
/** What the admin's dialog sends. */
export type AdjustBalanceRequest = z.input<typeof adjustBalanceSchema>;
