// An admin's decision on a parked bank transfer or card (docs/product.md §7 "Admin bank transfers").
import { z } from "zod";
import { filterField, idField } from "../../shared/fields";
import { REVIEW_MESSAGES } from "../messages";

export const PAYMENT_EVENT_STATUSES = ["unmatched", "credited", "dismissed", "ignored"] as const;

/** The review queue's filter: one status, or every event when absent or blank. */
export const paymentEventsQuerySchema = z.object({
  status: filterField(z.enum(PAYMENT_EVENT_STATUSES, { error: REVIEW_MESSAGES.badStatus.token })),
});

export const creditTransferSchema = z.object({ user_id: idField(REVIEW_MESSAGES.userIdInvalid.token).optional(), note: z.string().trim().max(500).default("") });
export type CreditTransferInput = z.infer<typeof creditTransferSchema>;

export const dismissTransferSchema = z.object({ note: z.string().trim().min(1, REVIEW_MESSAGES.noteRequired.token).max(500) });

/** The bank gateways that may call /api/webhooks/<provider>/ (workers/money/bank-transfers.ts BANK_PROVIDERS). */
export const bankProviderPath = z.object({ provider: z.enum(["sepay", "casso", "payos"]) });
