// Admin: deposit promotions (spec §7 "Promotions", §4, §5). The form's rules hold on the server.
import { Hono } from "hono";
import { promotionSchema } from "../schemas/promotions";
import { createPromotion, deletePromotion, findPromotion, listPromotions, PROMOTION_MESSAGES, updatePromotion } from "../services/promotion-admin";
import { adminActor, type ApiEnv, db } from "./context";
import { requireAdmin } from "./require-admin";
import { readJson } from "./validate";

export const promotionsApi = new Hono<ApiEnv>();
promotionsApi.use(requireAdmin);

promotionsApi.get("/", async (c) => {
  const search = (c.req.query("search") ?? "").trim().toLowerCase();
  return c.json({ success: true, data: await listPromotions(db(c), { search, status: c.req.query("status") }) });
});

promotionsApi.post("/", async (c) => {
  const input = await readJson(c, promotionSchema);
  const data = await createPromotion(db(c), input, adminActor(c));
  return c.json({ success: true, message: PROMOTION_MESSAGES.created, data }, 201);
});

promotionsApi.put("/:id", async (c) => {
  const existing = await findPromotion(db(c), Number(c.req.param("id")));
  const input = await readJson(c, promotionSchema);
  return c.json({ success: true, message: PROMOTION_MESSAGES.updated, data: await updatePromotion(db(c), existing, input, adminActor(c)) });
});

promotionsApi.delete("/:id", async (c) => {
  await deletePromotion(db(c), await findPromotion(db(c), Number(c.req.param("id"))), adminActor(c));
  return c.json({ success: true, message: PROMOTION_MESSAGES.deleted });
});
