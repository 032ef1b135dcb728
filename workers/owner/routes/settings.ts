// Admin: store settings (today the USD→VND rate). The rate prices every USD key on the app pages,
// so a change supersedes their edge copies.
import { Hono } from "hono";
import { storeSettingsSchema } from "../schemas/settings";
import { rateSettings, setUsdVndRate } from "../store-settings";
import { changesCatalogue } from "../../catalogue/routes/changes";
import { adminActor, type ApiEnv, say } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readJson, takesJson } from "../../platform/http/validate";
import { SETTINGS_MESSAGES } from "../messages";

export const adminSettingsApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json({ success: true, data: await rateSettings(c.env.DB, c.env) }))
  .put("/", changesCatalogue, takesJson(storeSettingsSchema), async (c) => {
    const input = await readJson(c);
    await setUsdVndRate(c.env.DB, input.usd_vnd_rate, adminActor(c));
    return c.json({ success: true, message: say(c, SETTINGS_MESSAGES.saved), data: await rateSettings(c.env.DB, c.env) });
  });
