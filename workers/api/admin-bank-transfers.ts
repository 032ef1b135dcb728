// Admin: bank transfers that matched no top-up (late, cancelled, wrong amount, no code), parked
// until an admin credits them to a user or dismisses them with a note.
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { formatVND } from "../../app/lib/format";
import { paymentEvents } from "../db/schema";
import { bankReference } from "../services/bank-transfers";
import { findUserById } from "../services/accounts";
import { walletFor } from "../wallet/user-wallet";
import { type ApiContext, type ApiEnv, db } from "./context";
import { ApiError } from "./errors";
import { requireAdmin } from "./require-admin";
import { readJson } from "./validate";

export const adminBankTransfersApi = new Hono<ApiEnv>();
adminBankTransfersApi.use(requireAdmin);

function toPublicEvent(row: typeof paymentEvents.$inferSelect) {
  return {
    id: row.id,
    provider: row.provider,
    provider_transaction_id: row.providerTransactionId,
    amount: row.amount,
    formatted_amount: formatVND(row.amount),
    content: row.content,
    account_number: row.accountNumber,
    status: row.status,
    matched_topup_id: row.matchedTopupId,
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
  const rows = await db(c).select().from(paymentEvents).where(filter).orderBy(desc(paymentEvents.id)).limit(500);
  return c.json({ success: true, data: rows.map(toPublicEvent) });
});

async function unmatchedEvent(c: ApiContext) {
  const id = Number(c.req.param("id"));
  const [event] = Number.isSafeInteger(id) ? await db(c).select().from(paymentEvents).where(and(eq(paymentEvents.id, id))).limit(1) : [];
  if (!event) throw new ApiError(404, "Không tìm thấy giao dịch chuyển khoản");
  if (event.status !== "unmatched") throw new ApiError(409, "Giao dịch này đã được xử lý");
  return event;
}

const creditSchema = z.object({ user_id: z.coerce.number().int().positive(), note: z.string().trim().max(500).default("") });

adminBankTransfersApi.post("/:id/credit", async (c) => {
  const event = await unmatchedEvent(c);
  const input = await readJson(c, creditSchema);
  const user = await findUserById(db(c), input.user_id);
  if (!user) throw new ApiError(400, "Không tìm thấy người dùng", { user_id: ["Không tìm thấy người dùng"] });
  const result = await walletFor(c.env, user.id).creditTransfer(user.id, {
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

const dismissSchema = z.object({ note: z.string().trim().min(1, "Vui lòng nhập ghi chú").max(500) });

adminBankTransfersApi.post("/:id/dismiss", async (c) => {
  const event = await unmatchedEvent(c);
  const { note } = await readJson(c, dismissSchema);
  await db(c)
    .update(paymentEvents)
    .set({ status: "dismissed", resolvedBy: c.get("user").id, resolutionNote: note, resolvedAt: new Date() })
    .where(and(eq(paymentEvents.id, event.id), eq(paymentEvents.status, "unmatched")));
  return c.json({ success: true, message: "Đã bỏ qua giao dịch" });
});
