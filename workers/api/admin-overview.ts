// Admin: the owner's overview (services/overview.ts).
import { Hono } from "hono";
import { getConfig } from "../config";
import { overviewQuerySchema } from "../schemas/overview";
import { storeOverview } from "../services/overview";
import type { ApiEnv } from "./context";
import { requireAdmin } from "./require-admin";
import { readQuery } from "./validate";

export const adminOverviewApi = new Hono<ApiEnv>();
adminOverviewApi.use(requireAdmin);

adminOverviewApi.get("/", async (c) => {
  const { days } = readQuery(c, overviewQuerySchema);
  return c.json({ success: true, ...(await storeOverview(c.env.DB, days, getConfig(c.env).LOW_STOCK_THRESHOLD)) });
});
