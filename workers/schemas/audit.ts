// The audit log's filters as the admin screen sends them in the query string (issue #15).
import { z } from "zod";
import { AUDIT_ACTIONS } from "../shared/audit-actions";

const DAY = 86_400_000;
/** Vietnam's offset (no daylight saving): a day typed on the screen is a day in Vietnam. */
const VIETNAM_OFFSET = "+07:00";

const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);

/** A day (YYYY-MM-DD, in Vietnam) or an ISO instant; `endOfDay`: a day means up to its end. */
function instant(endOfDay: boolean) {
  return z.preprocess(
    blankIsAbsent,
    z
      .string()
      .trim()
      .max(40)
      .transform((text, context) => {
        const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
        const time = Date.parse(day ? `${text}T00:00:00${VIETNAM_OFFSET}` : text);
        if (Number.isNaN(time)) {
          context.addIssue({ code: "custom", message: "Ngày không hợp lệ" });
          return z.NEVER;
        }
        return new Date(day && endOfDay ? time + DAY : time);
      })
      .optional(),
  );
}

export const auditQuerySchema = z
  .object({
    action: z.preprocess(blankIsAbsent, z.enum(AUDIT_ACTIONS, { error: "Hành động không hợp lệ" }).optional()),
    actor: z.preprocess(blankIsAbsent, z.string().trim().max(200, "Người thực hiện quá dài").optional()),
    from: instant(false),
    to: instant(true),
    page: z.preprocess(blankIsAbsent, z.coerce.number({ error: "Trang không hợp lệ" }).int("Trang không hợp lệ").min(1, "Trang không hợp lệ").max(100_000, "Trang không hợp lệ").default(1)),
    page_size: z.preprocess(blankIsAbsent, z.coerce.number({ error: "Số dòng không hợp lệ" }).int("Số dòng không hợp lệ").min(1, "Số dòng từ 1 đến 200").max(200, "Số dòng từ 1 đến 200").default(50)),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, { path: ["to"], message: "Ngày kết thúc phải sau ngày bắt đầu" });
