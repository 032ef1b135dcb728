// The owner's overview query (GET /api/admin/overview/?days=).
import { z } from "zod";
import { integerField } from "../../shared/fields";

const OVERVIEW_MAX_DAYS = 90;

export const overviewQuerySchema = z.object({
  days: integerField({
    min: 1,
    max: OVERVIEW_MAX_DAYS,
    message: "Số ngày phải là số nguyên",
    tooSmall: "Số ngày phải từ 1 đến 90",
    tooBig: "Số ngày phải từ 1 đến 90",
  }).default(30),
});
