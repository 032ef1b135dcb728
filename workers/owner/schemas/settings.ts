// The admin's store settings form (today the USD→VND rate).
import { z } from "zod";
import { integerField } from "../../shared/fields";
import { MAX_USD_VND_RATE, SETTINGS_MESSAGES } from "../messages";

export const storeSettingsSchema = z.object({
  // null: forget the admin's rate, USD_VND_RATE applies again.
  usd_vnd_rate: integerField({ min: 1, max: MAX_USD_VND_RATE, message: SETTINGS_MESSAGES.rateInvalid.token }).nullable(),
});
