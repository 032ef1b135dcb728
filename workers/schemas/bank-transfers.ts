// An admin's decision on a parked bank transfer or card (spec §7 "Admin bank transfers").
import { z } from "zod";

export const creditTransferSchema = z.object({ user_id: z.coerce.number().int().positive().optional(), note: z.string().trim().max(500).default("") });
export type CreditTransferInput = z.infer<typeof creditTransferSchema>;

export const dismissTransferSchema = z.object({ note: z.string().trim().min(1, "Vui lòng nhập ghi chú").max(500) });
