// Admin: pausing and resuming an app, and bulk key changes with a preview (issue 55 items 1 and 4;
// workers/licensing/app-pause.ts, workers/licensing/key-bulk.ts). A pause or a resume changes what
// the app's pages say and whether they sell: the edge copies are superseded.
import { Hono } from "hono";
import { idPath } from "../../shared/fields";
import { changesCatalogue } from "../../catalogue/routes/changes";
import { adminActor, type ApiContext, type ApiEnv, say } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readJson, readParams, takesJson } from "../../platform/http/validate";
import { NotFoundError } from "../../platform/errors";
import { currentPause, pausableApp, pauseApp, resumeApp } from "../app-pause";
import { applyBulkChange, previewBulkChange } from "../key-bulk";
import { bulkApplySchema, bulkPreviewSchema, pauseAppSchema } from "../schemas/pause-bulk";
import { APP_PAUSE_MESSAGES, KEY_ADMIN_MESSAGES, KEY_BULK_MESSAGES } from "../messages";

/** The app an `/apps/:id/…` path names (by id), with its name for the owner's notice. */
async function appOf(c: ApiContext) {
  const { id } = readParams(c, idPath, KEY_ADMIN_MESSAGES.appNotFound);
  const app = await pausableApp(c.env.DB, id);
  if (!app) throw new NotFoundError(KEY_ADMIN_MESSAGES.appNotFound);
  return app;
}

export const adminAppPauseApi = new Hono<ApiEnv>()
  // The app's open pause (null: not paused), for its admin page.
  .get("/:id/pause", requireAdmin, async (c) => c.json({ success: true as const, data: await currentPause(c.env.DB, (await appOf(c)).id) }))
  .post("/:id/pause", requireAdmin, changesCatalogue, takesJson(pauseAppSchema), async (c) => {
    const app = await appOf(c);
    const pause = await pauseApp(c.env.DB, app, await readJson(c), adminActor(c));
    return c.json({ success: true as const, message: say(c, APP_PAUSE_MESSAGES.paused), data: pause });
  })
  .post("/:id/resume", requireAdmin, changesCatalogue, async (c) => {
    const app = await appOf(c);
    const resumed = await resumeApp(c.env.DB, app, adminActor(c));
    return c.json({ success: true as const, message: say(c, APP_PAUSE_MESSAGES.resumed(resumed.keys_moved)), data: resumed });
  });

export const adminKeyBulkApi = new Hono<ApiEnv>()
  .post("/bulk/preview", requireAdmin, takesJson(bulkPreviewSchema), async (c) => {
    const preview = await previewBulkChange(c.env.DB, await readJson(c), adminActor(c));
    return c.json({ success: true as const, message: say(c, KEY_BULK_MESSAGES.previewed(preview.count)), ...preview });
  })
  .post("/bulk/apply", requireAdmin, takesJson(bulkApplySchema), async (c) => {
    const { token } = await readJson(c);
    const { changed } = await applyBulkChange(c.env.DB, token, adminActor(c));
    return c.json({ success: true as const, message: say(c, KEY_BULK_MESSAGES.applied(changed)), changed });
  });
