// Admin: the owner's recent notifications with their delivery status.
import { Hono } from "hono";
import { notificationListSchema } from "../schemas/exports";
import { listNotifications } from "../notifications";
import { type ApiEnv, db } from "../../platform/http/context";
import { requireAdmin } from "../../platform/http/require-admin";
import { readQuery, takesQuery } from "../../platform/http/validate";

export const adminNotificationsApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(notificationListSchema), async (c) => {
    const { limit } = readQuery(c, notificationListSchema);
    return c.json({ success: true, data: await listNotifications(db(c), limit) });
  });
