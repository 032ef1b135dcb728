// The shop's webhook setting (PUT /api/admin/settings/webhook/) and its delivery log's pages. The
// address's own rules (https, public, not the store) are checked by workers/owner/store-events.ts,
// which can look the name up; here only its shape.
import { z } from "zod";
import { filterField, idField, integerField } from "../../shared/fields";
import { QUERY_MESSAGES, WEBHOOK_MESSAGES } from "../messages";

/** Longer than any real endpoint; a Discord webhook URL is about 120 characters. */
const MAX_URL_LENGTH = 2000;

export const webhookSchema = z.object({
  // "": the webhook is turned off.
  url: z.string({ error: WEBHOOK_MESSAGES.invalid.token }).trim().max(MAX_URL_LENGTH, WEBHOOK_MESSAGES.invalid.token),
});

export const webhookEventListSchema = z.object({
  limit: integerField({ min: 1, max: 100, message: QUERY_MESSAGES.badLimit.token }).default(20),
  before: filterField(idField(QUERY_MESSAGES.badCursor.token)),
});
