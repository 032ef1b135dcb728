// The admin's Telegram delivery log (GET /api/admin/notifications/): how many, which status, and
// the keyset cursor (`before`: the last id shown; the next page lists older ones).
import { z } from "zod";
import { filterField, idField, integerField } from "../../shared/fields";
import { NOTIFICATION_STATUSES } from "../../db/schema";
import { QUERY_MESSAGES } from "../messages";

export const notificationListSchema = z.object({
  limit: integerField({ min: 1, max: 100, message: QUERY_MESSAGES.badLimit.token }).default(20),
  status: filterField(z.enum(NOTIFICATION_STATUSES, { error: QUERY_MESSAGES.badStatus.token })),
  before: filterField(idField(QUERY_MESSAGES.badCursor.token)),
});
