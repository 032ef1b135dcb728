// Admin: store settings (today the USD→VND rate). The rate prices every USD key on the app pages,
// so a change supersedes their edge copies.
import { Hono } from "hono";
import { storeSettingsSchema } from "../schemas/settings";
import { rateSettings, SETTINGS_MESSAGES, setUsdVndRate } from "../services/store-settings";
import { changesCatalogue } from "./changes-catalogue";
import { adminActor, type ApiEnv } from "./context";
import { requireAdmin } from "./require-admin";
import { readJson } from "./validate";

export const adminSettingsApi = new Hono<ApiEnv>();
adminSettingsApi.use(requireAdmin);

adminSettingsApi.get("/", async (c) => c.json({ success: true, data: await rateSettings(c.env.DB, c.env) }));

adminSettingsApi.put("/", changesCatalogue, async (c) => {
  const input = await readJson(c, storeSettingsSchema);
  await setUsdVndRate(c.env.DB, input.usd_vnd_rate, adminActor(c));
  return c.json({ success: true, message: SETTINGS_MESSAGES.saved, data: await rateSettings(c.env.DB, c.env) });
});
