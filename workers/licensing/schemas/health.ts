// The licence health query (GET /api/admin/licensing/?days=): the window, in Vietnam days.
import { z } from "zod";
import { integerField } from "../../shared/fields";
import { KEY_INPUT_MESSAGES } from "../messages";

const DAYS = KEY_INPUT_MESSAGES.healthDaysRange.token;

export const licenceHealthQuerySchema = z.object({
  days: integerField({ min: 1, max: 90, message: KEY_INPUT_MESSAGES.healthDaysInvalid.token, tooSmall: DAYS, tooBig: DAYS }).default(30),
});
