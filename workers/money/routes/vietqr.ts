// VietQR top-ups (docs/product.md §7 "VietQR"). A user sees only their own top-ups.
import { Hono } from "hono";
import { getConfig, publicOrigin } from "../../platform/config";
import { refPath } from "../../shared/fields";
import { createTopupSchema, qrImagePath, topupTransactionSchema } from "../schemas/vietqr";
import { qrPng } from "../../lib/qr-png";
import { cancelOwnTopup, createTopup, findOwnTopup, findTopup, listTopups, toPublicTopup, topupStats, vietqrSettings } from "../vietqr";
import { type ApiEnv, db, say } from "../../platform/http/context";
import { HttpError, MESSAGES } from "../../platform/http/api-errors";
import { requireUser } from "../../accounts/require-user";
import { clientAddress, readJson, readParams, takesJson } from "../../platform/http/validate";
import { VIETQR_MESSAGES } from "../messages";

export const vietqrApi = new Hono<ApiEnv>()
  .get("/config", (c) => c.json({ success: true, data: vietqrSettings(getConfig(c.env)) }))
  .post("/create", requireUser, takesJson(createTopupSchema), async (c) => {
    const input = await readJson(c);
    const topup = await createTopup(c.env, getConfig(c.env), c.get("user").id, clientAddress(c), input.amount, input.promotion_code);
    return c.json({ success: true, message: say(c, VIETQR_MESSAGES.created), data: toPublicTopup(topup, publicOrigin(c.env, c.req.raw)) }, 201);
  })
  .get("/detail/:id", requireUser, async (c) => {
    const { id } = readParams(c, refPath, VIETQR_MESSAGES.notFound);
    return c.json({ success: true, data: toPublicTopup(await findOwnTopup(db(c), c.get("user").id, id), publicOrigin(c.env, c.req.raw)) });
  })
  .post("/status", requireUser, takesJson(topupTransactionSchema), async (c) => {
    const { transaction_id } = await readJson(c);
    return c.json({ success: true, data: toPublicTopup(await findOwnTopup(db(c), c.get("user").id, transaction_id), publicOrigin(c.env, c.req.raw)) });
  })
  .post("/cancel", requireUser, takesJson(topupTransactionSchema), async (c) => {
    const { transaction_id, reason } = await readJson(c);
    const userId = c.get("user").id;
    const topup = await findOwnTopup(db(c), userId, transaction_id);
    const after = await cancelOwnTopup(c.env, db(c), userId, topup, reason || "User cancelled");
    return c.json({ success: true, message: say(c, VIETQR_MESSAGES.cancelled), data: toPublicTopup(after, publicOrigin(c.env, c.req.raw)) });
  })
  .get("/history", requireUser, async (c) => {
    const origin = publicOrigin(c.env, c.req.raw);
    const rows = await listTopups(db(c), c.get("user").id);
    return c.json({ success: true, data: rows.map((row) => toPublicTopup(row, origin)) });
  })
  .get("/stats", requireUser, async (c) => c.json({ success: true, data: await topupStats(db(c), c.get("user").id) }))
  // The QR image, served by us. Public: <img> sends no bearer; the id is an unguessable UUID and
  // the image only shows the shop's account and the transfer code. What the file may be named is
  // qrImagePath's alone: any other name is the unknown address it was when the route's pattern
  // repeated the schema.
  .get("/qr/:file", async (c) => {
    const { file } = readParams(c, qrImagePath);
    const topup = await findTopup(db(c), file.slice(0, 36));
    if (!topup) throw new HttpError(404, MESSAGES.notFound);
    return new Response(await qrPng(topup.qrPayload), {
      headers: { "Content-Type": "image/png", "Cache-Control": "private, max-age=3600" },
    });
  });
