// Admin: the ledger and the orders of a period as CSV files, streamed (workers/owner/exports.ts).
import { Hono } from "hono";
import { type ExportRange, exportRangeSchema } from "../schemas/exports";
import { type ExportKind, exportCsv, exportFileName, MAX_EXPORT_ROWS } from "../exports";
import { HttpError } from "../../platform/http/api-errors";
import type { ApiContext, ApiEnv } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readQuery, takesQuery } from "../../platform/http/validate";
import { EXPORT_MESSAGES } from "../messages";

/** One period's CSV file of `kind`, streamed; `range` as the route read it. */
async function exportAnswer(c: ApiContext, kind: ExportKind, range: ExportRange): Promise<Response> {
  const csv = await exportCsv(c.env.DB, kind, range);
  if (csv === "too_large") throw new HttpError(400, EXPORT_MESSAGES.tooManyRows(MAX_EXPORT_ROWS));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(kind, range)}"`,
    },
  });
}

export const adminExportsApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/transactions.csv", takesQuery(exportRangeSchema), async (c) => exportAnswer(c, "transactions", readQuery(c)))
  .get("/orders.csv", takesQuery(exportRangeSchema), async (c) => exportAnswer(c, "orders", readQuery(c)));
