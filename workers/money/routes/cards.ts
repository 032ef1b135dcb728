// Phone-card top-ups (docs/product.md §7 "Cards"). A user sees only their own cards.
import { Hono } from "hono";
import { getConfig } from "../../platform/config";
import { cardHistorySchema, createCardSchema } from "../schemas/cards";
import { refPath } from "../../shared/fields";
import { cardSettings, cardStats, createCardTopup, ensureCardGateway, findCard, listCards, toPublicCard } from "../cards";
import { type ApiEnv, db, say } from "../../platform/http/context";
import { requireUser } from "../../accounts/require-user";
import { clientAddress, readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { CARD_MESSAGES } from "../messages";

export const cardsApi = new Hono<ApiEnv>()
  .get("/config", (c) => c.json({ success: true, data: cardSettings(getConfig(c.env)) }))
  .post("/create", requireUser, takesJson(createCardSchema), async (c) => {
    const config = getConfig(c.env);
    ensureCardGateway(config);
    const input = await readJson(c);
    const card = await createCardTopup(c.env, config, c.get("user").id, clientAddress(c), input);
    return c.json({ success: true, message: say(c, CARD_MESSAGES.submitted), data: toPublicCard(card) }, 201);
  })
  .get("/history", requireUser, takesQuery(cardHistorySchema), async (c) => {
    const { page, page_size: pageSize } = readQuery(c);
    const { cards, total } = await listCards(db(c), c.get("user").id, page, pageSize);
    return c.json({ success: true, data: cards, pagination: { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) } });
  })
  .get("/detail/:id", requireUser, async (c) => {
    const { id } = readParams(c, refPath, CARD_MESSAGES.notFound);
    return c.json({ success: true, data: await findCard(db(c), c.get("user").id, id) });
  })
  .get("/stats", requireUser, async (c) => c.json({ success: true, data: await cardStats(db(c), c.get("user").id) }));
