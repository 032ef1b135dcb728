// Admin: the review queue of parked bank transfers and cards (workers/money/transfer-review.ts).
import { Hono } from "hono";
import { creditTransferSchema, dismissTransferSchema, paymentEventsQuerySchema } from "../schemas/bank-transfers";
import { idPath } from "../../shared/fields";
import { creditPaymentEvent, dismissPaymentEvent, findUnmatchedEvent, listPaymentEvents } from "../transfer-review";
import { adminActor, type ApiEnv, db, say } from "../../platform/http/context";
import { requireAdmin } from "../../accounts/require-admin";
import { readJson, readParams, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { REVIEW_MESSAGES } from "../messages";

export const adminBankTransfersApi = new Hono<ApiEnv>()
  .use(requireAdmin)
  .get("/", takesQuery(paymentEventsQuerySchema), async (c) => c.json({ success: true, data: await listPaymentEvents(db(c), readQuery(c).status) }))
  .post("/:id/credit", takesJson(creditTransferSchema), async (c) => {
    const event = await findUnmatchedEvent(db(c), readParams(c, idPath, REVIEW_MESSAGES.notFound).id);
    const input = await readJson(c);
    const { message, balance } = await creditPaymentEvent(c.env, db(c), event, input, adminActor(c));
    return c.json({ success: true, message: say(c, message), data: { balance } });
  })
  .post("/:id/dismiss", takesJson(dismissTransferSchema), async (c) => {
    const event = await findUnmatchedEvent(db(c), readParams(c, idPath, REVIEW_MESSAGES.notFound).id);
    const { note } = await readJson(c);
    await dismissPaymentEvent(c.env, db(c), event, note, adminActor(c));
    return c.json({ success: true, message: say(c, REVIEW_MESSAGES.dismissed) });
  });
