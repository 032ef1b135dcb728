// One UserWallet per user (idFromName(userId)): every change of that user's balance passes
// through it, one at a time (DESIGN.md §3). Awaiting D1 inside a Durable Object lets other
// requests interleave, so operations are chained on an explicit queue rather than relying on
// the input gate. All state lives in D1, committed one atomic batch per operation, so an object
// that is evicted or restarted mid-sequence leaves nothing half-done.
import { DurableObject } from "cloudflare:workers";
import { findDepositBonus, usageStatements } from "../services/promotions";
import { usdVndRate } from "../services/store-settings";
import {
  adjustBalance,
  type AdjustmentOutcome,
  adjustmentReference,
  applyEntries,
  type BalanceChange,
  type LedgerEntry,
  purchaseKey,
  type PurchaseOutcome,
  purchaseReference,
  walletSnapshot,
} from "../services/wallet";

export type TopupSettlement = { topupId: number; eventId: number; amount: number; reference: string };
export type TransferResolution = { eventId: number; amount: number; reference: string; adminId: number; note: string };
export type ParkedCardResolution = TransferResolution & { cardId: number; maskedCode: string };

export type CardSettlement = {
  cardId: number;
  status: "success" | "wrong_amount" | "failed" | "invalid_card" | "used_card" | "system_error";
  amount: number;
  realValue: number | null;
  gatewayStatus: number;
  message: string;
  maskedCode: string;
  reference: string;
};

/** `idempotencyKey`: the admin's key for this submit; a retry with it answers the first result. */
export type Adjustment = { amount: number; type: "admin_adjustment" | "deposit"; description: string; adminId: number; idempotencyKey?: string | null };

export class UserWallet extends DurableObject<Env> {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `operation` after every operation queued before it has settled. */
  protected serialise<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(operation, operation);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  /** The user's balance as committed in D1, read in turn with the wallet's other operations. */
  async balance(userId: number): Promise<number | null> {
    return this.serialise(async () => (await walletSnapshot(this.env.DB, userId))?.balance ?? null);
  }

  /** Buys one key; the same idempotency key always returns the first result. */
  async purchase(userId: number, pricingId: number, idempotencyKey?: string | null): Promise<PurchaseOutcome> {
    return this.serialise(async () => {
      const reference = purchaseReference(userId, idempotencyKey);
      // The rate in force when the purchase runs; the order records it.
      return purchaseKey(this.env.DB, userId, pricingId, reference, await usdVndRate(this.env.DB, this.env));
    });
  }

  /** Credits money that arrived (a top-up, a bonus); each reference is credited once. */
  async credit(userId: number, entries: LedgerEntry[]): Promise<BalanceChange> {
    return this.serialise(() => applyEntries(this.env.DB, userId, entries));
  }

  /**
   * Credits a bank transfer that matched a pending top-up: the deposit, the top-up marked paid and
   * the event marked credited commit together. Cancellation runs on this same queue, so a top-up
   * is never both cancelled and paid.
   */
  async settleTopup(userId: number, settlement: TopupSettlement): Promise<"credited" | "duplicate" | "not_pending"> {
    return this.serialise(async () => {
      const db = this.env.DB;
      const topup = await db.prepare("SELECT status, transfer_code FROM vietqr_topups WHERE id = ? AND user_id = ?").bind(settlement.topupId, userId).first<{ status: string; transfer_code: string }>();
      if (!topup || (topup.status !== "pending" && topup.status !== "expired")) return "not_pending";
      const now = Date.now();
      const entry: LedgerEntry = { type: "deposit", source: "vietqr", amount: settlement.amount, reference: settlement.reference, description: `Nạp tiền VietQR ${topup.transfer_code}` };
      const result = await this.#creditDeposit(userId, entry, [
        db.prepare("UPDATE vietqr_topups SET status = 'paid', paid_at = ?1, payment_event_id = ?2, updated_at = ?1 WHERE id = ?3 AND status IN ('pending', 'expired')").bind(now, settlement.eventId, settlement.topupId),
        db.prepare("UPDATE payment_events SET status = 'credited', credited_user_id = ?1 WHERE id = ?2").bind(userId, settlement.eventId),
      ], now);
      if (!result.ok) throw new Error(`top-up ${settlement.topupId} could not be credited: ${result.error}`);
      return result.duplicate ? "duplicate" : "credited";
    });
  }

  /**
   * A deposit with the best promotion's bonus as its own ledger row, counted once. If another
   * deposit took the promotion's last use meanwhile, the deposit is credited without it.
   */
  async #creditDeposit(userId: number, deposit: LedgerEntry, extra: D1PreparedStatement[], now: number): Promise<BalanceChange> {
    const db = this.env.DB;
    const best = await findDepositBonus(db, userId, deposit.amount, now);
    if (best) {
      const bonus: LedgerEntry = {
        type: "deposit",
        source: "bonus",
        amount: best.bonus,
        reference: `${deposit.reference}:bonus`,
        promotionId: best.promotion.id,
        description: `Khuyến mãi nạp tiền: ${best.promotion.name}`.slice(0, 300),
      };
      const usage = usageStatements(db, best.promotion.id, userId, deposit.reference, deposit.amount, best.bonus, now);
      const withBonus = await applyEntries(db, userId, [deposit, bonus], [...extra, ...usage], now);
      if (withBonus.ok) return withBonus;
    }
    return applyEntries(db, userId, [deposit], extra, now);
  }

  /**
   * Finishes a pending card: a good card's amount (and any bonus) is credited in the same batch
   * that marks it settled; a bad card is only marked. A card already settled stays as it is.
   */
  async settleCard(userId: number, settlement: CardSettlement): Promise<"credited" | "closed" | "already_settled"> {
    return this.serialise(async () => {
      const db = this.env.DB;
      const card = await db.prepare("SELECT status FROM card_topups WHERE id = ? AND user_id = ?").bind(settlement.cardId, userId).first<{ status: string }>();
      if (!card || card.status !== "pending") return "already_settled";
      const now = Date.now();
      const close = db
        .prepare(
          `UPDATE card_topups SET status = ?1, amount_received = ?2, real_value = ?3, gateway_status = ?4, gateway_message = ?5,
             card_code = ?6, credited_at = ?7, updated_at = ?8 WHERE id = ?9 AND status = 'pending'`,
        )
        .bind(settlement.status, settlement.amount, settlement.realValue, settlement.gatewayStatus, settlement.message.slice(0, 300), settlement.maskedCode, settlement.amount > 0 ? now : null, now, settlement.cardId);
      // A card parked for an admin (no answer for a day) that the gateway settles after all
      // leaves the review queue in the same batch.
      const resolve = db
        .prepare(
          `UPDATE payment_events SET status = ?1, credited_user_id = ?2, resolution_note = ?3, resolved_at = ?4
             WHERE provider = 'card' AND card_topup_id = ?5 AND status = 'unmatched'`,
        )
        .bind(settlement.amount > 0 ? "credited" : "dismissed", settlement.amount > 0 ? userId : null, `Cổng thẻ trả lời: ${settlement.message}`.slice(0, 500), now, settlement.cardId);
      if (settlement.amount <= 0) {
        await db.batch([close, resolve]);
        return "closed";
      }
      const entry: LedgerEntry = { type: "deposit", source: "card", amount: settlement.amount, reference: settlement.reference, description: "Nạp tiền bằng thẻ cào" };
      const result = await this.#creditDeposit(userId, entry, [close, resolve], now);
      if (!result.ok) throw new Error(`card ${settlement.cardId} could not be credited: ${result.error}`);
      return result.duplicate ? "already_settled" : "credited";
    });
  }

  /** The buyer cancels a pending top-up (on the wallet's queue, so it never races a payment). */
  async cancelTopup(userId: number, topupId: number, reason: string): Promise<boolean> {
    return this.serialise(async () => {
      const now = Date.now();
      const row = await this.env.DB.prepare(
        "UPDATE vietqr_topups SET status = 'cancelled', cancelled_at = ?1, cancel_reason = ?2, updated_at = ?1 WHERE id = ?3 AND user_id = ?4 AND status = 'pending' AND expires_at > ?1 RETURNING id",
      )
        .bind(now, reason.slice(0, 200), topupId, userId)
        .first();
      return row !== null;
    });
  }

  /** An admin credits a parked bank transfer to this user; keyed like the automatic credit. */
  async creditTransfer(userId: number, resolution: TransferResolution): Promise<BalanceChange> {
    return this.serialise(() => {
      const db = this.env.DB;
      const now = Date.now();
      const entry: LedgerEntry = {
        type: "deposit",
        source: "bank_transfer",
        amount: resolution.amount,
        reference: resolution.reference,
        description: `Nạp tiền chuyển khoản (duyệt thủ công)${resolution.note ? `: ${resolution.note}` : ""}`.slice(0, 300),
        createdBy: resolution.adminId,
      };
      return applyEntries(db, userId, [entry], [
        db.prepare("UPDATE payment_events SET status = 'credited', credited_user_id = ?1, resolved_by = ?2, resolution_note = ?3, resolved_at = ?4 WHERE id = ?5")
          .bind(userId, resolution.adminId, resolution.note.slice(0, 500), now, resolution.eventId),
      ], now);
    });
  }

  /**
   * An admin credits a parked card (a late success, or a card with no answer) to its owner: the
   * deposit, the card marked successful with its code masked, and the review entry marked credited
   * commit together. Keyed like the automatic credit, so a card is credited once either way.
   */
  async creditParkedCard(userId: number, resolution: ParkedCardResolution): Promise<BalanceChange> {
    return this.serialise(() => {
      const db = this.env.DB;
      const now = Date.now();
      const entry: LedgerEntry = {
        type: "deposit",
        source: "card",
        amount: resolution.amount,
        reference: resolution.reference,
        description: `Nạp tiền bằng thẻ cào (duyệt thủ công)${resolution.note ? `: ${resolution.note}` : ""}`.slice(0, 300),
        createdBy: resolution.adminId,
      };
      return applyEntries(db, userId, [entry], [
        db
          .prepare(
            `UPDATE card_topups SET status = 'success', amount_received = ?1, card_code = ?2, credited_at = ?3, updated_at = ?3,
               gateway_message = 'Quản trị viên đã duyệt', next_check_at = NULL WHERE id = ?4 AND user_id = ?5 AND status NOT IN ('success', 'wrong_amount')`,
          )
          .bind(resolution.amount, resolution.maskedCode, now, resolution.cardId, userId),
        db
          .prepare("UPDATE payment_events SET status = 'credited', credited_user_id = ?1, resolved_by = ?2, resolution_note = ?3, resolved_at = ?4 WHERE id = ?5 AND status = 'unmatched'")
          .bind(userId, resolution.adminId, resolution.note.slice(0, 500), now, resolution.eventId),
      ], now);
    });
  }

  /** An admin's change of the balance, never below zero; once per idempotency key. */
  async adjust(userId: number, adjustment: Adjustment): Promise<AdjustmentOutcome> {
    const entry: LedgerEntry = {
      type: adjustment.type,
      source: "admin",
      amount: adjustment.amount,
      reference: adjustmentReference(userId, adjustment.idempotencyKey),
      description: adjustment.description,
      createdBy: adjustment.adminId,
    };
    return this.serialise(() => adjustBalance(this.env.DB, userId, entry));
  }
}

export function walletFor(env: Env, userId: number) {
  return env.USER_WALLET.get(env.USER_WALLET.idFromName(String(userId)));
}
