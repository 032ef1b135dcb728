// Admin: store settings: the USD→VND rate (it prices every USD key on the app pages, so a change
// supersedes their edge copies) and the shop's webhook with its delivery log (store-events.ts).
import { Hono } from "hono";
import { storeSettingsSchema } from "../schemas/settings";
import { rateSettings, setUsdVndRate } from "../store-settings";
import { changesCatalogue } from "../../catalogue/routes/changes";
import { adminActor, type ApiEnv, say } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { SETTINGS_MESSAGES, WEBHOOK_MESSAGES } from "../messages";
import { webhookEventListSchema, webhookSchema } from "../schemas/webhook";
import { listStoreEvents, sendAgain, setWebhook, webhookSettings } from "../store-events";
import { idPath } from "../../shared/fields";

export const adminSettingsApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json({ success: true, data: await rateSettings(c.env.DB, c.env) }))
  .put("/", changesCatalogue, takesJson(storeSettingsSchema), async (c) => {
    const input = await readJson(c);
    await setUsdVndRate(c.env.DB, input.usd_vnd_rate, adminActor(c));
    return c.json({ success: true, message: say(c, SETTINGS_MESSAGES.saved), data: await rateSettings(c.env.DB, c.env) });
  })
  .get("/webhook", async (c) => c.json({ success: true, data: await webhookSettings(c.env.DB) }))
  // The secret is in this answer only: the admin copies it now (a new one with each save).
  .put("/webhook", takesJson(webhookSchema), async (c) => {
    const { url } = await readJson(c);
    const saved = await setWebhook(c.env, url, adminActor(c), new URL(c.req.url).host);
    return c.json({ success: true, message: say(c, saved.url ? WEBHOOK_MESSAGES.saved : WEBHOOK_MESSAGES.off), data: saved });
  })
  .get("/webhook/events", takesQuery(webhookEventListSchema), async (c) => {
    const { items, next_before } = await listStoreEvents(c.env.DB, readQuery(c));
    return c.json({ success: true, data: items, next_before });
  })
  .post("/webhook/events/:id/resend", async (c) => {
    await sendAgain(c.env.DB, readParams(c, idPath, WEBHOOK_MESSAGES.deliveryNotFound).id);
    return c.json({ success: true, message: say(c, WEBHOOK_MESSAGES.queuedAgain) });
  });
