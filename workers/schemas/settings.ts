// The admin's store settings form (today the USD→VND rate).
import { z } from "zod";
import { MAX_USD_VND_RATE, SETTINGS_MESSAGES } from "../services/store-settings";

export const storeSettingsSchema = z.object({
  // null: forget the admin's rate, USD_VND_RATE applies again.
  usd_vnd_rate: z.coerce
    .number({ error: SETTINGS_MESSAGES.rateInvalid })
    .int(SETTINGS_MESSAGES.rateInvalid)
    .min(1, SETTINGS_MESSAGES.rateInvalid)
    .max(MAX_USD_VND_RATE, SETTINGS_MESSAGES.rateInvalid)
    .nullable(),
});
