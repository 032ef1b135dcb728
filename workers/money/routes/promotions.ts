// Admin: deposit promotions (docs/product.md §7 "Promotions", §4, §5). The form's rules hold on the server.
import { Hono } from "hono";
import { idPath } from "../../shared/fields";
import { promotionListSchema, promotionSchema } from "../schemas/promotions";
import { createPromotion, deletePromotion, findPromotion, listPromotions, updatePromotion } from "../promotion-admin";
import { adminActor, type ApiContext, type ApiEnv, db, say } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { PROMOTION_MESSAGES } from "../messages";

/** The promotion a `/:id` path names. */
const promotionOf = (c: ApiContext) => findPromotion(db(c), readParams(c, idPath, PROMOTION_MESSAGES.notFound).id);

export const promotionsApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(promotionListSchema), async (c) => c.json({ success: true, data: await listPromotions(db(c), readQuery(c)) }))
  .post("/", takesJson(promotionSchema), async (c) => {
    const input = await readJson(c);
    const data = await createPromotion(db(c), input, adminActor(c));
    return c.json({ success: true, message: say(c, PROMOTION_MESSAGES.created), data }, 201);
  })
  .put("/:id", takesJson(promotionSchema), async (c) => {
    const existing = await promotionOf(c);
    const input = await readJson(c);
    return c.json({ success: true, message: say(c, PROMOTION_MESSAGES.updated), data: await updatePromotion(db(c), existing, input, adminActor(c)) });
  })
  .delete("/:id", async (c) => {
    await deletePromotion(db(c), await promotionOf(c), adminActor(c));
    return c.json({ success: true, message: say(c, PROMOTION_MESSAGES.deleted) });
  });
