// Admin: the owner's notifications with their delivery status, newest first, paged by keyset.
import { Hono } from "hono";
import { notificationListSchema } from "../schemas/notifications";
import { listNotifications } from "../notifications";
import { type ApiEnv, db } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readQuery, takesQuery } from "../../platform/http/validate";

export const adminNotificationsApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(notificationListSchema), async (c) => {
    const { items, next_before } = await listNotifications(db(c), readQuery(c));
    return c.json({ success: true, data: items, next_before });
  });
