// The admin's pause of an app and bulk key changes (issue 55 items 1 and 4).
import { z } from "zod";
import { dateField, filterField, idField } from "../../shared/fields";
import { KEY_STATUSES } from "../../shared/enums";
import { MAX_PAUSE_REASON } from "../../shared/licensing/reasons";
import { APP_PAUSE_MESSAGES, KEY_BULK_MESSAGES } from "../messages";

/** Control characters (line breaks too: a mod shows the reason on one line) and bidi overrides and isolates. */
const HIDDEN = /[\p{Cc}\u202a-\u202e\u2066-\u2069\p{Noncharacter_Code_Point}]/u;
/** Nothing but spaces and invisible format characters. */
const SHOWS_NOTHING = /^[\s\p{Cf}\p{Z}]*$/u;

/** A pause's reason in one language: shown to buyers, signed into the key check's answer. */
const reasonField = z
  .string({ error: APP_PAUSE_MESSAGES.reasonRequired.token })
  .max(MAX_PAUSE_REASON, APP_PAUSE_MESSAGES.reasonTooLong(MAX_PAUSE_REASON).token)
  .superRefine((text, context) => {
    if (HIDDEN.test(text)) context.addIssue({ code: "custom", message: APP_PAUSE_MESSAGES.reasonHidden.token });
    else if (SHOWS_NOTHING.test(text)) context.addIssue({ code: "custom", message: APP_PAUSE_MESSAGES.reasonRequired.token });
  })
  .transform((text) => text.trim());

export const pauseAppSchema = z.object({ reason: reasonField, reason_en: reasonField });
export type PauseAppInput = z.infer<typeof pauseAppSchema>;

/** Which keys a bulk change takes: one app's, maybe of one key type, state, sale period and batch. */
const BULK_STATES = [...KEY_STATUSES, "banned"] as const;

const days = z
  .number({ error: KEY_BULK_MESSAGES.daysRequired.token })
  .int(KEY_BULK_MESSAGES.daysRequired.token)
  .min(1, KEY_BULK_MESSAGES.daysRequired.token)
  .max(3650, KEY_BULK_MESSAGES.daysRequired.token);

export const bulkPreviewSchema = z
  .object({
    filter: z
      .object({
        app_id: idField(),
        key_type_id: filterField(idField()),
        state: filterField(z.enum(BULK_STATES, { error: KEY_BULK_MESSAGES.badFilter.token })),
        sold_from: filterField(dateField(KEY_BULK_MESSAGES.badFilter.token)),
        sold_to: filterField(dateField(KEY_BULK_MESSAGES.badFilter.token)),
        batch: filterField(idField()),
      })
      .strict(),
    action: z.enum(["extend", "shorten", "ban", "unban"]),
    days: days.optional(),
  })
  .strict()
  .superRefine((input, context) => {
    const needsDays = input.action === "extend" || input.action === "shorten";
    if (needsDays && input.days === undefined) context.addIssue({ code: "custom", path: ["days"], message: KEY_BULK_MESSAGES.daysRequired.token });
  });
export type BulkPreviewInput = z.infer<typeof bulkPreviewSchema>;

export const bulkApplySchema = z.object({ token: z.string().min(1).max(200) }).strict();
