// The licence health query (GET /api/admin/licensing/?days=): the window, in Vietnam days.
import { z } from "zod";
import { integerField } from "../../shared/fields";

const DAYS = "Số ngày phải từ 1 đến 90";

export const licenceHealthQuerySchema = z.object({
  days: integerField({ min: 1, max: 90, message: "Số ngày phải là số nguyên", tooSmall: DAYS, tooBig: DAYS }).default(30),
});
