// Admin: the owner's recent notifications with their delivery status.
import { Hono } from "hono";
import { notificationListSchema } from "../schemas/exports";
import { listNotifications } from "../services/notifications";
import { type ApiEnv, db } from "./context";
import { requireAdmin } from "./require-admin";
import { readQuery } from "./validate";

export const adminNotificationsApi = new Hono<ApiEnv>();
adminNotificationsApi.use(requireAdmin);

adminNotificationsApi.get("/", async (c) => {
  const { limit } = readQuery(c, notificationListSchema);
  return c.json({ success: true, data: await listNotifications(db(c), limit) });
});
