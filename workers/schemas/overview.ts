// The owner's overview query (GET /api/admin/overview/?days=).
import { z } from "zod";

const OVERVIEW_MAX_DAYS = 90;

export const overviewQuerySchema = z.object({
  days: z.coerce
    .number({ error: "Số ngày phải là số nguyên" })
    .int("Số ngày phải là số nguyên")
    .min(1, "Số ngày phải từ 1 đến 90")
    .max(OVERVIEW_MAX_DAYS, "Số ngày phải từ 1 đến 90")
    .default(30),
});
