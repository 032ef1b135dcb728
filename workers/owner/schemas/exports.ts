// The admin's CSV exports: query parameters.
import { z } from "zod";
import { QUERY_MESSAGES } from "../messages";

const EXPORT_MESSAGES = { date: QUERY_MESSAGES.badDay.token, order: QUERY_MESSAGES.startAfterEnd.token };

/** A calendar day written YYYY-MM-DD that exists (no 2026-02-30). */
const day = z
  .string({ error: EXPORT_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, EXPORT_MESSAGES.date)
  .refine((text) => {
    const [year, month, date] = text.split("-").map(Number);
    const parsed = new Date(Date.UTC(year, month - 1, date));
    return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
  }, EXPORT_MESSAGES.date);

/** Both days inclusive, in Vietnam's time zone. */
export const exportRangeSchema = z.object({ from: day, to: day }).refine((range) => range.from <= range.to, { path: ["to"], message: EXPORT_MESSAGES.order });

export type ExportRange = z.infer<typeof exportRangeSchema>;
