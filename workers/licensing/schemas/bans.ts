// The inputs of bans and trials (issue 55 items 2 and 3, docs/api.md): the shape here; what a
// device id, an address range, a reason or an end may be is the rule's (workers/licensing/bans.ts),
// which answers each field in the reader's language.
import { z } from "zod";
import { tooLong } from "../../shared/zod-messages";
import { idField } from "../../shared/fields";

/** Generous bounds for the shape alone: bans.ts holds each field to its own rule. */
const text = (max: number) => z.string().max(max, tooLong(max));

export const createBanSchema = z.object({
  kind: z.enum(["device", "ip"]),
  value: text(300),
  app_id: idField().nullable().optional(),
  reason: text(2000),
  reason_en: text(2000).nullable().optional(),
  // An ISO 8601 instant (a form's date and time), or none: the ban holds until it is lifted.
  until: text(40).nullable().optional(),
});

export type CreateBanInput = z.infer<typeof createBanSchema>;

export const trialHoursSchema = z.object({ hours: z.unknown() });

export const trialClaimSchema = z.object({ app_id: idField() });
