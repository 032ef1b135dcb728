// Admin: the ledger and the orders of a period as CSV files, streamed (services/exports.ts).
import { Hono } from "hono";
import { exportRangeSchema } from "../schemas/exports";
import { type ExportKind, exportCsv, exportFileName } from "../services/exports";
import type { ApiEnv } from "./context";
import { requireAdmin } from "./require-admin";
import { readQuery } from "./validate";

export const adminExportsApi = new Hono<ApiEnv>();
adminExportsApi.use(requireAdmin);

for (const kind of ["transactions", "orders"] as const satisfies ExportKind[]) {
  adminExportsApi.get(`/${kind}.csv`, (c) => {
    const range = readQuery(c, exportRangeSchema);
    return new Response(exportCsv(c.env.DB, kind, range), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(kind, range)}"`,
      },
    });
  });
}
