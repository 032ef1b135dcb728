// Admin: the owner's overview (workers/owner/overview.ts).
import { Hono } from "hono";
import { getConfig } from "../../platform/config";
import { overviewQuerySchema } from "../schemas/overview";
import { storeOverview } from "../overview";
import type { ApiEnv } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readQuery, takesQuery } from "../../platform/http/validate";

export const adminOverviewApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(overviewQuerySchema), async (c) => {
    const { days } = readQuery(c);
    return c.json({ success: true, ...(await storeOverview(c.env.DB, days, getConfig(c.env).LOW_STOCK_THRESHOLD)) });
  });
