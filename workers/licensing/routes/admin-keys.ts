// Admin key management under /api/keys (docs/product.md §7 "Keys"). Every route needs an admin token:
// the product's client sends none for pricing changes; the server refuses them without one.
// App pages show each app's prices and key stock: every change here supersedes their edge copies.
import { Hono } from "hono";
import { appPath, idPath } from "../../shared/fields";
import {
  appKeysQuerySchema,
  batchesQuerySchema,
  bulkDeleteKeysSchema,
  cleanupByStatusSchema,
  collisionsQuerySchema,
  createPricingSchema,
  extendKeySchema,
  importKeysSchema,
  keyStatusSchema,
  pricingPath,
  updatePricingSchema,
} from "../schemas/keys";
import {
  appKeyStats,
  banKey,
  changeKeyStatus,
  createPricing,
  deleteKey,
  deleteKeys,
  extendKey,
  findAdminAppId,
  findBatch,
  importKeys,
  keyCollisions,
  listAppKeys,
  listBatches,
  resetKeyDevice,
  unbanKey,
  updatePricing,
} from "../key-admin";
import { keyAlphabet } from "../key-alphabet";
import { getConfig } from "../../platform/config";
import { changesCatalogue } from "../../catalogue/routes/changes";
import { adminActor, type ApiContext, type ApiEnv, say } from "../../platform/http/context";
import { HttpError } from "../../platform/http/api-errors";
import { requireAdmin } from "../../accounts/require-admin";
import { readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { KEY_ADMIN_MESSAGES } from "../messages";

/** The app an `/apps/:app/…` path names, by slug or id (failed apps too: admins see everything). */
const appOf = (c: ApiContext) => findAdminAppId(c.env.DB, readParams(c, appPath, KEY_ADMIN_MESSAGES.appNotFound).app);

/** The key a `/keys/:id/…` path names; another spelling of an id (0x10, 1e1, +1) names none. */
const keyId = (c: ApiContext) => readParams(c, idPath, KEY_ADMIN_MESSAGES.keyNotFound).id;

export const adminKeysApi = new Hono<ApiEnv>()
  // ---------------------------------------------------------------- pricing
  .post("/apps/:app/pricing", requireAdmin, changesCatalogue, takesJson(createPricingSchema), async (c) => {
    const appId = await appOf(c);
    const input = await readJson(c);
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.pricingAdded), data: await createPricing(c.env, appId, input, adminActor(c)) }, 201);
  })
  .patch("/apps/:app/pricing/:id", requireAdmin, changesCatalogue, takesJson(updatePricingSchema), async (c) => {
    const { app, id } = readParams(c, pricingPath, KEY_ADMIN_MESSAGES.pricingNotFound);
    const appId = await findAdminAppId(c.env.DB, app);
    const input = await readJson(c);
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.pricingUpdated), data: await updatePricing(c.env, appId, id, input, adminActor(c)) });
  })
  // A pricing is paused, never deleted (orders name it): the method is refused, PATCH named instead.
  .delete("/apps/:app/pricing/:id", requireAdmin, () => {
    throw new HttpError(405, KEY_ADMIN_MESSAGES.pricingDeletion, undefined, { Allow: "PATCH" });
  })
  // ---------------------------------------------------------------- batches and keys
  .get("/batches", requireAdmin, takesQuery(batchesQuerySchema), async (c) => {
    const appRef = readQuery(c).app_url;
    const appId = appRef ? await findAdminAppId(c.env.DB, appRef) : null;
    return c.json({ success: true, data: await listBatches(c.env.DB, appId) });
  })
  .get("/batches/:id", requireAdmin, async (c) => c.json({ success: true, data: await findBatch(c.env.DB, readParams(c, idPath, KEY_ADMIN_MESSAGES.batchNotFound).id) }))
  .get("/apps/:app/keys", requireAdmin, takesQuery(appKeysQuerySchema), async (c) => {
    const appId = await appOf(c);
    const { status, page, page_size: pageSize } = readQuery(c);
    const { keys, ...counts } = await listAppKeys(c.env.DB, appId, { status, page, pageSize });
    return c.json({ success: true, data: keys, ...counts });
  })
  .post("/bulk-import", requireAdmin, changesCatalogue, takesJson(importKeysSchema), async (c) => {
    const input = await readJson(c);
    const extra = getConfig(c.env).KEY_CODE_EXTRA_CHARACTERS;
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.imported), data: await importKeys(c.env.DB, input, adminActor(c), extra) });
  })
  // The owner's check: stocked codes a buyer cannot tell apart, and codes outside the alphabet (never merged).
  .get("/collisions", requireAdmin, takesQuery(collisionsQuerySchema), async (c) => {
    const appRef = readQuery(c).app_url;
    const appId = appRef ? await findAdminAppId(c.env.DB, appRef) : null;
    return c.json({ success: true, data: await keyCollisions(c.env.DB, appId, keyAlphabet(getConfig(c.env).KEY_CODE_EXTRA_CHARACTERS)) });
  })
  .patch("/keys/:id/update-status", requireAdmin, changesCatalogue, takesJson(keyStatusSchema), async (c) => {
    const { status } = await readJson(c);
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.statusUpdated), data: await changeKeyStatus(c.env.DB, keyId(c), "available", status, adminActor(c)) });
  })
  .post("/keys/:id/deactivate", requireAdmin, changesCatalogue, async (c) =>
    c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.deactivated), data: await changeKeyStatus(c.env.DB, keyId(c), "available", "revoked", adminActor(c)) }),
  )
  .post("/keys/:id/activate", requireAdmin, changesCatalogue, async (c) =>
    c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.activated), data: await changeKeyStatus(c.env.DB, keyId(c), "revoked", "available", adminActor(c)) }),
  )
  // A sold key's controls: its buyer's device, its expiry, its ban. None changes the stock.
  .post("/keys/:id/reset-device", requireAdmin, async (c) =>
    c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.deviceReset), data: await resetKeyDevice(c.env.DB, keyId(c), adminActor(c)) }),
  )
  .post("/keys/:id/extend", requireAdmin, takesJson(extendKeySchema), async (c) => {
    const { days } = await readJson(c);
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.extended(days)), data: await extendKey(c.env.DB, keyId(c), days, adminActor(c)) });
  })
  .post("/keys/:id/ban", requireAdmin, async (c) => c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.banned), data: await banKey(c.env.DB, keyId(c), adminActor(c)) }))
  .post("/keys/:id/unban", requireAdmin, async (c) => c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.unbanned), data: await unbanKey(c.env.DB, keyId(c), adminActor(c)) }))
  .delete("/keys/:id", requireAdmin, changesCatalogue, async (c) => {
    await deleteKey(c.env.DB, keyId(c), adminActor(c));
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.keyDeleted) });
  })
  .post("/keys/bulk-delete", requireAdmin, changesCatalogue, takesJson(bulkDeleteKeysSchema), async (c) => {
    const { key_ids } = await readJson(c);
    const deleted = await deleteKeys(c.env.DB, { ids: [...new Set(key_ids)] }, adminActor(c));
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.keysDeleted(deleted)), data: { deleted_count: deleted } });
  })
  .post("/apps/:app/cleanup-sold", requireAdmin, changesCatalogue, async (c) => {
    const deleted = await deleteKeys(c.env.DB, { appId: await appOf(c), statuses: ["sold"] }, adminActor(c));
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.keysCleared(deleted)), data: { deleted_count: deleted } });
  })
  .post("/apps/:app/cleanup-by-status", requireAdmin, changesCatalogue, takesJson(cleanupByStatusSchema), async (c) => {
    const appId = await appOf(c);
    const { status } = await readJson(c);
    const deleted = await deleteKeys(c.env.DB, { appId, statuses: [status] }, adminActor(c));
    return c.json({ success: true, message: say(c, KEY_ADMIN_MESSAGES.keysCleared(deleted)), data: { deleted_count: deleted } });
  })
  .get("/apps/:app/stats", requireAdmin, async (c) => {
    const appId = await appOf(c);
    return c.json({ success: true, data: await appKeyStats(c.env.DB, appId) });
  });
