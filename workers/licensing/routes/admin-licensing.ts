// Admin: the licence health screen's figures (workers/licensing/licence-health.ts).
import { Hono } from "hono";
import { licenceHealthQuerySchema } from "../schemas/health";
import { licenceHealth } from "../licence-health";
import type { ApiEnv } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readQuery, takesQuery } from "../../platform/http/validate";

export const adminLicensingApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(licenceHealthQuerySchema), async (c) => {
    const { days } = readQuery(c);
    return c.json({ success: true, data: await licenceHealth(c.env.DB, days) });
  });
