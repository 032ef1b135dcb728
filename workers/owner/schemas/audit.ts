// The audit log's filters as the admin screen sends them in the query string (issue #15).
import { z } from "zod";
import { AUDIT_ACTIONS } from "../../shared/audit-actions";
import { filterField, pageQuery, searchField } from "../../shared/fields";
import { VIETNAM_OFFSET_MS } from "../../shared/format";
import { QUERY_MESSAGES } from "../messages";

const DAY = 86_400_000;

/** A day (YYYY-MM-DD, in Vietnam) or an ISO instant; `endOfDay`: a day means up to its end. */
function instant(endOfDay: boolean) {
  return filterField(
    z
      .string()
      .trim()
      .max(40)
      .transform((text, context) => {
        const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
        // A day typed on the screen is a day in Vietnam.
        const parsed = day ? Date.parse(`${text}T00:00:00Z`) - VIETNAM_OFFSET_MS : Date.parse(text);
        const date = new Date(day && endOfDay ? parsed + DAY : parsed);
        // NaN, or the day after the last one a Date holds.
        if (Number.isNaN(date.getTime())) {
          context.addIssue({ code: "custom", message: QUERY_MESSAGES.badDate.token });
          return z.NEVER;
        }
        return date;
      }),
  );
}

export const auditQuerySchema = z
  .object({
    action: filterField(z.enum(AUDIT_ACTIONS, { error: QUERY_MESSAGES.badAction.token })),
    // A user id, or part of an address matched with LIKE: bounded like every search.
    actor: filterField(searchField),
    from: instant(false),
    to: instant(true),
    ...pageQuery({ size: 50, max: 200 }),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, { path: ["to"], message: QUERY_MESSAGES.endNotAfterStart.token });
