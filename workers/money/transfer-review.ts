// Admin: bank transfers that matched no top-up (late, cancelled, wrong amount, no code), and phone
// cards the gateway confirmed after they were closed or never answered for (provider 'card'),
// parked until an admin credits them (a transfer to a chosen user, a card to its owner) or
// dismisses them with a note.
import { and, desc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { formatVND } from "../shared/format";
import { type Database, getDb } from "../db/client";
import { cardTopups, paymentEvents, users, vietqrTopups } from "../db/schema";
import type { CreditTransferInput, PAYMENT_EVENT_STATUSES } from "./schemas/bank-transfers";
import { walletFor } from "./wallet/port";
import { findUserById } from "../accounts/accounts";
import { type AdminActor, auditQuery } from "../db/statements/audit";
import { bankReference, creditedCopyOf } from "./bank-transfers";
import { CARD_STATUS_DISPLAY, capCardCredit, maskCode } from "./cards";
import { ConflictError, fieldError, NotFoundError, ValidationError } from "../platform/errors";
import { REVIEW_MESSAGES } from "./messages";
import type { Message } from "../shared/message";

type PaymentEvent = typeof paymentEvents.$inferSelect;
type ParkedCard = typeof cardTopups.$inferSelect;
type Owner = { id: number; username: string; email: string };

/** A parked transfer or card as the admin's review queue shows it. */
export type PublicPaymentEvent = ReturnType<typeof toPublicEvent>;

/** The credited report a parked transfer is a copy of, as the list shows it. */
type DuplicateOf = { id: number; credited_user_id: number | null; credited_at: string };

function toPublicEvent(row: PaymentEvent, card: ParkedCard | null = null, owner: Owner | null = null, duplicateOf: DuplicateOf | null = null) {
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
    // A parked transfer whose reference and amount belong to one already credited: it cannot be credited.
    duplicate_of: duplicateOf,
    credited_user_id: row.creditedUserId,
    resolved_by: row.resolvedBy,
    resolution_note: row.resolutionNote,
    resolved_at: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    received_at: row.receivedAt.toISOString(),
  };
}

const creditedCopy = alias(paymentEvents, "credited_copy");

/** The newest 500 events, of one status when given; a parked one names the credited report it copies. */
export async function listPaymentEvents(db: Database, status: (typeof PAYMENT_EVENT_STATUSES)[number] | undefined) {
  const filter = status ? eq(paymentEvents.status, status) : undefined;
  const rows = await db
    .select({
      event: paymentEvents,
      card: cardTopups,
      owner: { id: users.id, username: users.username, email: users.email },
      copyOf: { id: creditedCopy.id, creditedUserId: creditedCopy.creditedUserId, resolvedAt: creditedCopy.resolvedAt, receivedAt: creditedCopy.receivedAt },
    })
    .from(paymentEvents)
    .leftJoin(cardTopups, eq(paymentEvents.cardTopupId, cardTopups.id))
    .leftJoin(users, eq(cardTopups.userId, users.id))
    // At most one: the unique index payment_events_reference_credited_unique (migration 0018).
    .leftJoin(
      creditedCopy,
      and(
        eq(paymentEvents.status, "unmatched"),
        eq(creditedCopy.referenceKey, paymentEvents.referenceKey),
        eq(creditedCopy.amount, paymentEvents.amount),
        eq(creditedCopy.status, "credited"),
        ne(creditedCopy.id, paymentEvents.id),
      ),
    )
    .where(filter)
    .orderBy(desc(paymentEvents.id))
    .limit(500);
  return rows.map((row) => toPublicEvent(row.event, row.card, row.owner, row.copyOf && duplicateOf(row.copyOf)));
}

function duplicateOf(copy: { id: number; creditedUserId: number | null; resolvedAt: Date | null; receivedAt: Date }): DuplicateOf {
  // An admin's credit is dated when it was made; an automatic one when the report came.
  return { id: copy.id, credited_user_id: copy.creditedUserId, credited_at: (copy.resolvedAt ?? copy.receivedAt).toISOString() };
}

/** Refuses a transfer whose reference and amount were credited through another report of it. */
function refuseCopy(copy: { id: number } | null): void {
  if (copy) throw new ConflictError(REVIEW_MESSAGES.sameTransferCredited(copy.id));
}

/** The event an admin acts on: it must still be waiting for a decision. */
export async function findUnmatchedEvent(db: Database, id: number): Promise<PaymentEvent> {
  const [event] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id)).limit(1);
  if (!event) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  if (event.status !== "unmatched") throw new ConflictError(REVIEW_MESSAGES.handled);
  return event;
}

export type Credited = { message: Message; balance: number };

/** Credits a parked event: a transfer to the user the admin names, a card to its owner. */
export async function creditPaymentEvent(env: Env, db: Database, event: PaymentEvent, input: CreditTransferInput, actor: AdminActor): Promise<Credited> {
  // Crediting a "transfer" of 0 or less would move nothing, or take money away.
  if (event.amount <= 0) throw fieldError("amount", REVIEW_MESSAGES.notPositive);
  if (event.cardTopupId !== null) return creditParkedCard(env, db, event, input.note, actor);
  if (input.user_id === undefined) throw fieldError("user_id", REVIEW_MESSAGES.userRequired);
  const user = await findUserById(db, input.user_id);
  if (!user) throw fieldError("user_id", REVIEW_MESSAGES.userNotFound);
  refuseCopy(await creditedCopyOf(getDb(env.DB), event));
  const reference = bankReference({ provider: event.provider as "sepay", transactionId: event.providerTransactionId });
  const result = await walletFor(env, user.id)
    .creditTransfer({
      eventId: event.id,
      amount: event.amount,
      reference,
      adminId: actor.userId,
      note: input.note,
      audit: { actor, action: "transfer.credit", targetType: "payment_event", targetId: event.id, details: { amount: event.amount, user_id: user.id, note: input.note, reference } },
    })
    .catch(async (error: unknown) => {
      // Two copies credited at once (two users' wallets): the unique index lets one batch commit.
      refuseCopy(await creditedCopyOf(getDb(env.DB), event));
      throw error;
    });
  if (!result.ok) throw new ValidationError(REVIEW_MESSAGES.cannotCredit);
  if (result.duplicate) throw new ConflictError(REVIEW_MESSAGES.transferCredited);
  // The credited user's screens heard of the credit; the buyer whose code it carried, if another, hears too.
  await tellCodeOwner(env, db, event, user.id);
  return { message: REVIEW_MESSAGES.credited(event.amount, user.username), balance: result.wallet.balance };
}

/** A parked card is credited to its owner (whatever user the request names), keyed like the automatic credit. */
async function creditParkedCard(env: Env, db: Database, event: PaymentEvent, note: string, actor: AdminActor): Promise<Credited> {
  const [card] = await db.select().from(cardTopups).where(eq(cardTopups.id, event.cardTopupId!)).limit(1);
  const owner = card ? await findUserById(db, card.userId) : null;
  if (!card || !owner) throw new ValidationError(REVIEW_MESSAGES.cardNotFound);
  const amount = capCardCredit(card, event.amount);
  const result = await walletFor(env, owner.id).creditParkedCard({
    eventId: event.id,
    cardId: card.id,
    amount,
    reference: `card:${card.requestId}`,
    maskedCode: maskCode(card.cardCode),
    adminId: actor.userId,
    note,
    audit: {
      actor,
      action: "card.credit",
      targetType: "payment_event",
      targetId: event.id,
      details: { amount, reported_amount: event.amount, user_id: owner.id, card_id: card.id, note },
    },
  });
  if (!result.ok) throw new ValidationError(REVIEW_MESSAGES.cannotCredit);
  if (result.duplicate) throw new ConflictError(REVIEW_MESSAGES.cardCredited);
  return { message: REVIEW_MESSAGES.credited(amount, owner.username), balance: result.wallet.balance };
}

/** A late transfer's state changed: the buyer whose code it carried sees it in their history at once (unless told already as the credited user). */
async function tellCodeOwner(env: Env, db: Database, event: PaymentEvent, creditedUserId: number | null): Promise<void> {
  if (event.matchedTopupId === null) return;
  const [topup] = await db.select({ userId: vietqrTopups.userId }).from(vietqrTopups).where(eq(vietqrTopups.id, event.matchedTopupId)).limit(1);
  if (topup && topup.userId !== creditedUserId) await walletFor(env, topup.userId).notify({ event: "transfer_review", event_id: event.id, state: creditedUserId === null ? "dismissed" : "credited_elsewhere" });
}

/** Dismisses a parked event with the admin's note. */
export async function dismissPaymentEvent(env: Env, db: Database, event: PaymentEvent, note: string, actor: AdminActor): Promise<void> {
  const [[dismissed]] = await db.batch([
    db
      .update(paymentEvents)
      .set({ status: "dismissed", resolvedBy: actor.userId, resolutionNote: note, resolvedAt: new Date() })
      .where(and(eq(paymentEvents.id, event.id), eq(paymentEvents.status, "unmatched")))
      .returning({ id: paymentEvents.id }),
    auditQuery(db, { actor, action: "transfer.dismiss", targetType: "payment_event", targetId: event.id, details: { amount: event.amount, provider: event.provider, note } }, { when: "if_changed" }),
  ]);
  if (!dismissed) throw new ConflictError(REVIEW_MESSAGES.handled);
  await tellCodeOwner(env, db, event, null);
  // A card parked while still pending is closed as failed (its code masked); a late callback that
  // the gateway confirms would park it again.
  const [card] = event.cardTopupId === null ? [] : await db.select().from(cardTopups).where(eq(cardTopups.id, event.cardTopupId)).limit(1);
  if (card?.status === "pending") {
    await walletFor(env, card.userId).settleCard({
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
}
