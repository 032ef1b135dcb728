// The buyer's top-up history (docs/product.md, "The top-up history"): every VietQR top-up, phone
// card, crypto top-up and bank transfer that carried one of the buyer's transfer codes after its top-up had
// closed, newest first, each with where it stands and why. Nothing a buyer sent leaves this list,
// so a refused card or a transfer parked for the shop is always theirs to find.
import { formatVND } from "../shared/format";
import { cardEstimate, telcoLabel } from "../shared/money/topup";
import type { Telco } from "./cards";
import type { Message } from "../shared/message";
import { CARD_REFUSALS, CRYPTO_HISTORY_MESSAGES as CRYPTO_WHY, TOPUP_HISTORY_MESSAGES as WHY } from "./messages";

const TOPUP_CHANNELS = ["vietqr", "card", "bank_transfer", "crypto"] as const;
/** Where a top-up stands; `waiting` and `checking` are the only states that still move by themselves. */
const TOPUP_STATES = ["waiting", "checking", "credited", "partial", "refused", "expired", "cancelled", "awaiting_review", "credited_by_shop", "dismissed", "refunded"] as const;
type TopupState = (typeof TOPUP_STATES)[number];

type Row = {
  channel: (typeof TOPUP_CHANNELS)[number];
  id: number;
  ref: string;
  status: string;
  amount: number;
  fee_percent: number | null;
  bonus: number | null;
  received: number | null;
  real_value: number | null;
  code: string | null;
  telco: Telco | null;
  serial: string | null;
  gateway_message: string | null;
  note: string | null;
  event_status: string | null;
  credited_user: number | null;
  /** 1 when an admin decided the review entry (not the gateway settling a parked card by itself). */
  by_shop: number;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
};

// One list from three tables. A transfer shows beside the top-up whose code it carried unless it
// is the very transfer that paid it; a card's review entry (provider 'card') decides its state
// once the shop has it.
const UNION = `
  SELECT 'vietqr' AS channel, t.id, t.transaction_id AS ref, t.status, t.amount, NULL AS fee_percent, t.bonus_amount AS bonus,
         NULL AS received, NULL AS real_value, t.transfer_code AS code, NULL AS telco, NULL AS serial, NULL AS gateway_message,
         NULL AS note, NULL AS event_status, NULL AS credited_user, 0 AS by_shop, t.expires_at, t.created_at, t.updated_at
    FROM vietqr_topups t WHERE t.user_id = ?1
  UNION ALL
  SELECT 'card', c.id, c.transaction_id, c.status, c.card_value, c.fee_percent, c.bonus_amount, c.amount_received, c.real_value,
         NULL, c.telco, c.card_serial, c.gateway_message, e.resolution_note, e.status, e.credited_user_id, e.resolved_by IS NOT NULL, NULL, c.created_at,
         max(c.updated_at, coalesce(e.resolved_at, e.created_at, 0))
    FROM card_topups c LEFT JOIN payment_events e ON e.provider = 'card' AND e.card_topup_id = c.id WHERE c.user_id = ?1
  UNION ALL
  SELECT 'bank_transfer', e.id, e.provider_transaction_id, e.status, e.amount, NULL, NULL, NULL, NULL, t.transfer_code, NULL, NULL,
         NULL, e.resolution_note, e.status, e.credited_user_id, e.resolved_by IS NOT NULL, NULL, e.created_at, coalesce(e.resolved_at, e.created_at)
    FROM payment_events e JOIN vietqr_topups t ON t.id = e.matched_topup_id
   WHERE t.user_id = ?1 AND e.status IN ('unmatched', 'credited', 'dismissed') AND e.id IS NOT t.payment_event_id
  UNION ALL
  SELECT 'crypto', x.id, CAST(x.id AS TEXT), x.status, x.vnd_amount, NULL, x.bonus_amount, x.credited_vnd, x.usd_cents, x.payment_id, NULL, NULL,
         x.gateway_status, NULL, (SELECT 'parked' FROM crypto_payments p WHERE p.topup_id = x.id AND p.review = 'parked' LIMIT 1), NULL, 0,
         CASE WHEN coalesce(x.gateway_status, 'waiting') = 'waiting' THEN x.expires_at END, x.created_at, x.updated_at
    FROM crypto_topups x WHERE x.user_id = ?1 AND x.invoice_id IS NOT NULL`;

/** One page (newest first) of a buyer's top-ups and how many there are; only ever the buyer's own. */
export async function listTopupHistory(db: D1Database, userId: number, page: number, pageSize: number, now = Date.now()) {
  const [rows, total] = await db.batch<Row | { total: number }>([
    db.prepare(`${UNION} ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3`).bind(userId, pageSize, (page - 1) * pageSize),
    db.prepare(`SELECT count(*) AS total FROM (${UNION})`).bind(userId),
  ]);
  return { entries: (rows.results as Row[]).map((row) => toEntry(row, userId, now)), total: (total.results[0] as { total: number }).total };
}

export type TopupHistoryEntry = ReturnType<typeof toEntry>;

function toEntry(row: Row, userId: number, now: number) {
  const { state, credited, reason } = standing(row, userId, now);
  return {
    // The ids a live wallet message names (topup_id, card_id, event_id), so a screen finds the entry it was told about.
    topup_id: row.channel === "vietqr" ? row.id : null,
    card_id: row.channel === "card" ? row.id : null,
    event_id: row.channel === "bank_transfer" ? row.id : null,
    crypto_id: row.channel === "crypto" ? row.id : null,
    // A crypto top-up's invoice in US dollars (its real_value column carries the cents).
    amount_usd: row.channel === "crypto" && row.real_value !== null ? row.real_value / 100 : null,
    payment_id: row.channel === "crypto" ? row.code : null,
    transaction_id: row.ref,
    channel: row.channel,
    state,
    amount: row.amount,
    formatted_amount: formatVND(row.amount),
    credited,
    formatted_credited: credited === null ? null : formatVND(credited),
    reason,
    transfer_code: row.channel === "crypto" ? null : row.code,
    telco: row.telco && telcoLabel(row.telco),
    card_serial_tail: row.serial?.slice(-4) ?? null,
    fee_percent: row.fee_percent,
    // What a pending card is expected to bring: its value less the carrier's fee.
    estimate: row.channel === "card" && row.fee_percent !== null ? cardEstimate(row.amount, row.fee_percent) : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

type Standing = { state: TopupState; credited: number | null; reason: Message | null };

function standing(row: Row, userId: number, now: number): Standing {
  const note = row.note?.trim() || "—";
  // The shop's decision on a parked card or transfer is its last word. A transfer it credited to
  // someone else never reached this buyer's wallet.
  if (row.by_shop) {
    if (row.event_status === "credited" && row.credited_user === userId) return { state: "credited_by_shop", credited: row.channel === "card" ? row.received : row.amount, reason: WHY.creditedByShop(note) };
    if (row.event_status !== "unmatched") return { state: "dismissed", credited: null, reason: WHY.dismissedByShop(note) };
  }
  if (row.channel === "bank_transfer") return { state: "awaiting_review", credited: null, reason: WHY.lateTransfer(row.code ?? "") };
  if (row.channel === "card") return cardStanding(row);
  if (row.channel === "crypto") return cryptoStanding(row, now);
  const credited = row.amount + (row.bonus ?? 0);
  switch (row.status) {
    case "paid":
      return { state: "credited", credited, reason: null };
    case "pending":
      return row.expires_at !== null && row.expires_at <= now ? { state: "expired", credited: null, reason: WHY.expired } : { state: "waiting", credited: null, reason: null };
    case "expired":
      return { state: "expired", credited: null, reason: WHY.expired };
    default:
      return { state: "cancelled", credited: null, reason: WHY.cancelled };
  }
}

function cardStanding(row: Row): Standing {
  const fee = row.fee_percent ?? 0;
  const credited = row.received === null ? null : row.received + (row.bonus ?? 0);
  switch (row.status) {
    case "pending":
      return row.event_status === "unmatched" ? { state: "awaiting_review", credited: null, reason: WHY.cardReview } : { state: "checking", credited: null, reason: WHY.cardFee(row.amount, fee) };
    case "success":
      return { state: "credited", credited, reason: WHY.cardFee(row.amount, fee) };
    case "wrong_amount":
      return { state: "partial", credited, reason: WHY.wrongValue(row.amount, row.real_value ?? 0, fee, row.received ?? 0) };
    default:
      // A refused card the gateway later confirmed waits for the shop.
      if (row.event_status === "unmatched") return { state: "awaiting_review", credited: null, reason: WHY.cardReview };
      return { state: "refused", credited: null, reason: WHY.refused(CARD_REFUSALS[row.status as keyof typeof CARD_REFUSALS] ?? CARD_REFUSALS.failed) };
  }
}

function cryptoStanding(row: Row, now: number): Standing {
  const credited = row.received ? row.received + (row.bonus ?? 0) : null;
  const gateway = row.gateway_message && row.gateway_message !== "waiting" ? CRYPTO_WHY.gateway(row.gateway_message) : null;
  if (row.event_status === "parked" && row.status !== "pending") return { state: "awaiting_review", credited, reason: CRYPTO_WHY.parked };
  switch (row.status) {
    case "pending":
      return row.expires_at !== null && row.expires_at <= now ? { state: "expired", credited: null, reason: CRYPTO_WHY.expired } : { state: "waiting", credited: null, reason: gateway };
    case "partial":
      return { state: "partial", credited, reason: CRYPTO_WHY.partial };
    case "credited":
      return { state: "credited", credited, reason: null };
    case "refunded":
      return { state: "refunded", credited: null, reason: CRYPTO_WHY.refunded };
    case "expired":
      return { state: "expired", credited, reason: CRYPTO_WHY.expired };
    case "refused":
      return { state: "refused", credited: null, reason: CRYPTO_WHY.refused };
    default:
      return { state: "refused", credited: null, reason: CRYPTO_WHY.failed };
  }
}
