// Phone-card top-ups (spec §7 "Cards"). A user sees only their own cards.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { formatVND } from "../shared/format";
import { getConfig } from "../config";
import { cardTopups } from "../db/schema";
import { isUniqueViolation } from "../db/errors";
import { applyGatewayAnswer, CARD_MESSAGES, cardErrors, cardFees, cardSettings, isFinalAnswer, PENDING_RECHECK_MS, submitCard, toPublicCard } from "../services/cards";
import { hit } from "../services/rate-limit";
import { type ApiEnv, db } from "./context";
import { ApiError } from "./errors";
import { requireUser } from "./require-user";
import { clientAddress, readJson } from "./validate";

export const cardsApi = new Hono<ApiEnv>();

cardsApi.get("/config", (c) => c.json({ success: true, data: cardSettings(getConfig(c.env)) }));

const createSchema = z.object({ telco: z.unknown(), card_serial: z.unknown(), card_code: z.unknown(), card_value: z.unknown() });
const CARD_LIMIT = { name: "card-user", max: 10, windowMs: 60 * 60_000 };

cardsApi.post("/create", requireUser, async (c) => {
  const config = getConfig(c.env);
  if (!config.CARD_GATEWAY_URL) throw new ApiError(503, CARD_MESSAGES.unavailable);
  const user = c.get("user");
  const raw = await readJson(c, createSchema);
  const input = {
    telco: typeof raw.telco === "string" ? raw.telco.toUpperCase() : raw.telco,
    card_serial: typeof raw.card_serial === "string" ? raw.card_serial.trim() : raw.card_serial,
    card_code: typeof raw.card_code === "string" ? raw.card_code.trim() : raw.card_code,
    card_value: typeof raw.card_value === "string" && /^\d+$/.test(raw.card_value) ? Number(raw.card_value) : raw.card_value,
  };
  const errors = cardErrors(input);
  if (Object.keys(errors).length) throw new ApiError(400, Object.values(errors)[0][0], errors);
  for (const [rule, subject] of [[CARD_LIMIT, `user:${user.id}`], [{ ...CARD_LIMIT, name: "card-ip", max: 30 }, clientAddress(c)]] as const) {
    const limited = await hit(db(c), rule, subject);
    if (!limited.allowed) throw new ApiError(429, `Bạn đã gửi quá nhiều thẻ. Vui lòng thử lại sau ${limited.retryAfterSeconds} giây.`, undefined, { "Retry-After": String(limited.retryAfterSeconds) });
  }
  const telco = input.telco as "VIETTEL" | "VINAPHONE" | "MOBIFONE";
  const duplicate = () => new ApiError(409, CARD_MESSAGES.duplicate, { card_serial: [CARD_MESSAGES.duplicate] });
  // A card that already paid is refused outright; one pending twice is refused by the unique
  // index (card_topups_pending_card_unique), which decides a race that a check cannot.
  const [paid] = await db(c)
    .select({ id: cardTopups.id })
    .from(cardTopups)
    .where(and(eq(cardTopups.telco, telco), eq(cardTopups.cardSerial, input.card_serial as string), inArray(cardTopups.status, ["success", "wrong_amount"])))
    .limit(1);
  if (paid) throw duplicate();

  const now = new Date();
  let card;
  try {
    [card] = await db(c)
      .insert(cardTopups)
      .values({
        transactionId: crypto.randomUUID(),
        requestId: crypto.randomUUID().replace(/-/g, ""),
        userId: user.id,
        telco,
        cardSerial: input.card_serial as string,
        cardCode: input.card_code as string,
        cardValue: input.card_value as number,
        feePercent: cardFees(config)[telco],
        nextCheckAt: new Date(now.getTime() + PENDING_RECHECK_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  try {
    const answer = await submitCard(config, card);
    if (isFinalAnswer(answer, "charging")) {
      await applyGatewayAnswer(c.env, config, card, answer, "charging");
    } else if (answer.status === 99) {
      await db(c).update(cardTopups).set({ gatewayTransId: answer.transId, gatewayStatus: answer.status, updatedAt: new Date() }).where(eq(cardTopups.id, card.id));
    }
  } catch (error) {
    // The gateway did not answer: the card stays pending, unacknowledged, and the cron re-checks it.
    console.error("Card gateway unreachable", error);
  }
  const [latest] = await db(c).select().from(cardTopups).where(eq(cardTopups.id, card.id));
  return c.json({ success: true, message: CARD_MESSAGES.submitted, data: toPublicCard(latest) }, 201);
});

cardsApi.get("/history", requireUser, async (c) => {
  const page = Math.max(1, Number(c.req.query("page")) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(c.req.query("page_size")) || 20));
  const userId = c.get("user").id;
  const [{ total }] = await db(c).select({ total: count() }).from(cardTopups).where(eq(cardTopups.userId, userId));
  const rows = await db(c)
    .select()
    .from(cardTopups)
    .where(eq(cardTopups.userId, userId))
    .orderBy(desc(cardTopups.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return c.json({ success: true, data: rows.map(toPublicCard), pagination: { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) } });
});

cardsApi.get("/detail/:id", requireUser, async (c) => {
  const [row] = await db(c)
    .select()
    .from(cardTopups)
    .where(and(eq(cardTopups.transactionId, c.req.param("id").slice(0, 64)), eq(cardTopups.userId, c.get("user").id)))
    .limit(1);
  if (!row) throw new ApiError(404, CARD_MESSAGES.notFound);
  return c.json({ success: true, data: toPublicCard(row) });
});

cardsApi.get("/stats", requireUser, async (c) => {
  const [row] = await db(c)
    .select({
      total: count(),
      successful: sql<number>`sum(case when ${cardTopups.status} in ('success', 'wrong_amount') then 1 else 0 end)`,
      pending: sql<number>`sum(case when ${cardTopups.status} = 'pending' then 1 else 0 end)`,
      received: sql<number>`coalesce(sum(${cardTopups.amountReceived}), 0)`,
    })
    .from(cardTopups)
    .where(eq(cardTopups.userId, c.get("user").id));
  const received = Number(row.received);
  return c.json({
    success: true,
    data: {
      total_cards: row.total,
      successful_cards: Number(row.successful ?? 0),
      pending_cards: Number(row.pending ?? 0),
      total_received: received,
      formatted_total_received: formatVND(received),
    },
  });
});

