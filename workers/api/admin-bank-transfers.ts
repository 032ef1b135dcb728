// Admin: bank transfers that matched no top-up (late, cancelled, wrong amount, no code), and phone
// cards the gateway confirmed after they were closed or never answered for (provider 'card'),
// parked until an admin credits them (a transfer to a chosen user, a card to its owner) or
// dismisses them with a note.
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { formatVND } from "../../app/lib/format";
import { cardTopups, paymentEvents, users } from "../db/schema";
import { bankReference } from "../services/bank-transfers";
import { findUserById } from "../services/accounts";
import { CARD_STATUS_DISPLAY, capCardCredit, maskCode } from "../services/cards";
import { walletFor } from "../wallet/port";
import { type ApiContext, type ApiEnv, db } from "./context";
import { ApiError } from "./errors";
import { requireAdmin } from "./require-admin";
import { readJson } from "./validate";

export const adminBankTransfersApi = new Hono<ApiEnv>();
adminBankTransfersApi.use(requireAdmin);

type ParkedCard = typeof cardTopups.$inferSelect;
type Owner = { id: number; username: string; email: string };

function toPublicEvent(row: typeof paymentEvents.$inferSelect, card: ParkedCard | null = null, owner: Owner | null = null) {
  return {
    id: row.id,
    provider: row.provider,
    provider_transaction_id: row.providerTransactionId,
    bank_reference: row.bankReference,
    amount: row.amount,
    formatted_amount: formatVND(row.amount),
    content: row.content,
    account_number: row.accountNumber,
    status: row.status,
    matched_topup_id: row.matchedTopupId,
    card_topup_id: row.cardTopupId,
    // A parked card shows the card and whose it is: a credit can only go to that user.
    card: card && {
      transaction_id: card.transactionId,
      telco: card.telco,
      card_serial: card.cardSerial,
      card_value: card.cardValue,
      formatted_card_value: formatVND(card.cardValue),
      status: card.status,
      status_display: CARD_STATUS_DISPLAY[card.status],
      created_at: card.createdAt.toISOString(),
    },
    user: owner,
    credited_user_id: row.creditedUserId,
    resolved_by: row.resolvedBy,
    resolution_note: row.resolutionNote,
    resolved_at: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    received_at: row.receivedAt.toISOString(),
  };
}

const STATUSES = ["unmatched", "credited", "dismissed", "ignored"] as const;

adminBankTransfersApi.get("/", async (c) => {
  const status = c.req.query("status");
  const filter = status && (STATUSES as readonly string[]).includes(status) ? eq(paymentEvents.status, status as (typeof STATUSES)[number]) : undefined;
  const rows = await db(c)
    .select({ event: paymentEvents, card: cardTopups, owner: { id: users.id, username: users.username, email: users.email } })
    .from(paymentEvents)
    .leftJoin(cardTopups, eq(paymentEvents.cardTopupId, cardTopups.id))
    .leftJoin(users, eq(cardTopups.userId, users.id))
    .where(filter)
    .orderBy(desc(paymentEvents.id))
    .limit(500);
  return c.json({ success: true, data: rows.map((row) => toPublicEvent(row.event, row.card, row.owner)) });
});

async function unmatchedEvent(c: ApiContext) {
  const id = Number(c.req.param("id"));
  const [event] = Number.isSafeInteger(id) ? await db(c).select().from(paymentEvents).where(and(eq(paymentEvents.id, id))).limit(1) : [];
  if (!event) throw new ApiError(404, "Không tìm thấy giao dịch chuyển khoản");
  if (event.status !== "unmatched") throw new ApiError(409, "Giao dịch này đã được xử lý");
  return event;
}

const creditSchema = z.object({ user_id: z.coerce.number().int().positive().optional(), note: z.string().trim().max(500).default("") });
const NOT_POSITIVE = "Số tiền của giao dịch này không lớn hơn 0, không thể cộng tiền";

adminBankTransfersApi.post("/:id/credit", async (c) => {
  const event = await unmatchedEvent(c);
  const input = await readJson(c, creditSchema);
  // Crediting a "transfer" of 0 or less would move nothing, or take money away.
  if (event.amount <= 0) throw new ApiError(400, NOT_POSITIVE, { amount: [NOT_POSITIVE] });
  if (event.cardTopupId !== null) return creditParkedCard(c, event, input.note);
  if (input.user_id === undefined) throw new ApiError(400, "Vui lòng nhập ID người dùng", { user_id: ["Vui lòng nhập ID người dùng"] });
  const user = await findUserById(db(c), input.user_id);
  if (!user) throw new ApiError(400, "Không tìm thấy người dùng", { user_id: ["Không tìm thấy người dùng"] });
  const result = await walletFor(c.env, user.id).creditTransfer({
    eventId: event.id,
    amount: event.amount,
    reference: bankReference({ provider: event.provider as "sepay", transactionId: event.providerTransactionId }),
    adminId: c.get("user").id,
    note: input.note,
  });
  if (!result.ok) throw new ApiError(400, "Không thể cộng tiền cho người dùng này");
  if (result.duplicate) throw new ApiError(409, "Giao dịch này đã được cộng tiền trước đó");
  return c.json({ success: true, message: `Đã cộng ${formatVND(event.amount)} cho ${user.username}`, data: { balance: result.wallet.balance } });
});

/** A parked card is credited to its owner (whatever user the request names), keyed like the automatic credit. */
async function creditParkedCard(c: ApiContext, event: typeof paymentEvents.$inferSelect, note: string) {
  const [card] = await db(c).select().from(cardTopups).where(eq(cardTopups.id, event.cardTopupId!)).limit(1);
  const owner = card ? await findUserById(db(c), card.userId) : null;
  if (!card || !owner) throw new ApiError(400, "Không tìm thấy thẻ cào hoặc chủ thẻ");
  const result = await walletFor(c.env, owner.id).creditParkedCard({
    eventId: event.id,
    cardId: card.id,
    amount: capCardCredit(card, event.amount),
    reference: `card:${card.requestId}`,
    maskedCode: maskCode(card.cardCode),
    adminId: c.get("user").id,
    note,
  });
  if (!result.ok) throw new ApiError(400, "Không thể cộng tiền cho người dùng này");
  if (result.duplicate) throw new ApiError(409, "Thẻ này đã được cộng tiền trước đó");
  return c.json({ success: true, message: `Đã cộng ${formatVND(capCardCredit(card, event.amount))} cho ${owner.username}`, data: { balance: result.wallet.balance } });
}

const dismissSchema = z.object({ note: z.string().trim().min(1, "Vui lòng nhập ghi chú").max(500) });

adminBankTransfersApi.post("/:id/dismiss", async (c) => {
  const event = await unmatchedEvent(c);
  const { note } = await readJson(c, dismissSchema);
  const [dismissed] = await db(c)
    .update(paymentEvents)
    .set({ status: "dismissed", resolvedBy: c.get("user").id, resolutionNote: note, resolvedAt: new Date() })
    .where(and(eq(paymentEvents.id, event.id), eq(paymentEvents.status, "unmatched")))
    .returning({ id: paymentEvents.id });
  if (!dismissed) throw new ApiError(409, "Giao dịch này đã được xử lý");
  // A card parked while still pending is closed as failed (its code masked); a late callback that
  // the gateway confirms would park it again.
  const [card] = event.cardTopupId === null ? [] : await db(c).select().from(cardTopups).where(eq(cardTopups.id, event.cardTopupId)).limit(1);
  if (card?.status === "pending") {
    await walletFor(c.env, card.userId).settleCard({
      cardId: card.id,
      status: "failed",
      amount: 0,
      realValue: null,
      gatewayStatus: card.gatewayStatus ?? 99,
      message: `Quản trị viên đã đóng thẻ: ${note}`,
      maskedCode: maskCode(card.cardCode),
      reference: `card:${card.requestId}`,
    });
  }
  return c.json({ success: true, message: "Đã bỏ qua giao dịch" });
});
