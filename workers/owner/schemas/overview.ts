// The owner's overview query (GET /api/admin/overview/?days=).
import { z } from "zod";
import { integerField } from "../../shared/fields";
import { QUERY_MESSAGES } from "../messages";

const OVERVIEW_MAX_DAYS = 90;

export const overviewQuerySchema = z.object({
  days: integerField({
    min: 1,
    max: OVERVIEW_MAX_DAYS,
    message: QUERY_MESSAGES.daysNotWhole.token,
    tooSmall: QUERY_MESSAGES.daysRange.token,
    tooBig: QUERY_MESSAGES.daysRange.token,
  }).default(30),
});
