// The admin's Telegram delivery log (GET /api/admin/notifications/): how many, which status, and
// the keyset cursor (`before`: the last id shown; the next page lists older ones).
import { z } from "zod";
import { filterField, idField, integerField } from "../../shared/fields";
import { NOTIFICATION_STATUSES } from "../../db/schema";

export const notificationListSchema = z.object({
  limit: integerField({ min: 1, max: 100, message: "Số lượng không hợp lệ" }).default(20),
  status: filterField(z.enum(NOTIFICATION_STATUSES, { error: "Trạng thái không hợp lệ" })),
  before: filterField(idField("Vị trí trang không hợp lệ")),
});
