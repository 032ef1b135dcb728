// Admin: the audit log (issue #15), read-only. No route here, or anywhere, changes or deletes an
// entry; PUT, PATCH and DELETE find no route (404), and the table's triggers refuse them anyway.
import { Hono } from "hono";
import { auditQuerySchema } from "../schemas/audit";
import { listAuditEvents } from "../audit";
import { type ApiEnv, db } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readQuery, takesQuery } from "../../platform/http/validate";

export const adminAuditApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(auditQuerySchema), async (c) => {
    const { page, page_size: pageSize, ...filters } = readQuery(c);
    const { entries, total } = await listAuditEvents(db(c), { ...filters, page, pageSize });
    return c.json({ success: true, data: entries, pagination: { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) } });
  });
