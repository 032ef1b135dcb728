// Crypto top-ups through NOWPayments (docs/product.md, "Crypto"). A buyer sees only their own top-ups;
// the admin's list, review of parked payments and settings are under /api/admin/crypto/.
import { Hono } from "hono";
import { getConfig, publicOrigin } from "../../platform/config";
import { adminCryptoQuerySchema, createCryptoSchema, cryptoPaymentPath, cryptoReviewSchema, cryptoSettingsSchema } from "../schemas/crypto";
import { createCryptoTopup, cryptoTerms, listCryptoForAdmin, listOpenCrypto, reviewCryptoPayment, toPublicCrypto } from "../crypto";
import { adminActor, type ApiEnv, db, say } from "../../platform/http/context";
import { requireUser } from "../../accounts/require-user";
import { requireAdmin } from "../../accounts/require-admin";
import { clientAddress, readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { CRYPTO_MESSAGES } from "../messages";
import { cryptoSettingsView, setCryptoSettings } from "../../owner/store-settings";
import { SETTINGS_MESSAGES } from "../../owner/messages";

export const cryptoApi = new Hono<ApiEnv>()
  .get("/config", async (c) => c.json({ success: true, data: await cryptoTerms(c.env, getConfig(c.env)) }))
  .post("/create", requireUser, takesJson(createCryptoSchema), async (c) => {
    const input = await readJson(c);
    const row = await createCryptoTopup(c.env, getConfig(c.env), c.get("user").id, clientAddress(c), input, publicOrigin(c.env, c.req.raw));
    return c.json({ success: true, message: say(c, CRYPTO_MESSAGES.created), data: toPublicCrypto(row) }, 201);
  })
  .get("/pending", requireUser, async (c) => c.json({ success: true, data: await listOpenCrypto(db(c), c.get("user").id) }));

export const adminCryptoApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(adminCryptoQuerySchema), async (c) => {
    const query = readQuery(c);
    const { topups, total } = await listCryptoForAdmin(db(c), query);
    return c.json({ success: true, data: topups, pagination: { page: query.page, page_size: query.page_size, total, total_pages: Math.ceil(total / query.page_size) } });
  })
  .post("/payments/:id/credit", takesJson(cryptoReviewSchema), async (c) => {
    const { id } = readParams(c, cryptoPaymentPath, CRYPTO_MESSAGES.notFound);
    const input = await readJson(c);
    const actor = adminActor(c);
    const done = await reviewCryptoPayment(c.env, id, { credit: true, amount: input.amount, note: input.note }, { id: actor.userId, audit: (details) => ({ actor, action: "crypto.credit", targetType: "crypto_payment", targetId: id, details }) });
    return c.json({ success: true, message: say(c, CRYPTO_MESSAGES.credited(done.amount)), data: done });
  })
  .post("/payments/:id/refuse", takesJson(cryptoReviewSchema), async (c) => {
    const { id } = readParams(c, cryptoPaymentPath, CRYPTO_MESSAGES.notFound);
    const input = await readJson(c);
    const actor = adminActor(c);
    const done = await reviewCryptoPayment(c.env, id, { credit: false, note: input.note }, { id: actor.userId, audit: (details) => ({ actor, action: "crypto.refuse", targetType: "crypto_payment", targetId: id, details }) });
    return c.json({ success: true, message: say(c, CRYPTO_MESSAGES.refused), data: done });
  })
  .get("/settings", async (c) => c.json({ success: true, data: await cryptoSettingsView(c.env) }))
  .put("/settings", takesJson(cryptoSettingsSchema), async (c) => {
    await setCryptoSettings(c.env, await readJson(c), adminActor(c));
    return c.json({ success: true, message: say(c, SETTINGS_MESSAGES.cryptoSaved), data: await cryptoSettingsView(c.env) });
  });
