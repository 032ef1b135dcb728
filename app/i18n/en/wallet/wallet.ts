import type { walletWords } from "../../vi/wallet/wallet";
import type { EnglishOf } from "../../words";

/** A phone card's states (workers/money/cards.ts CARD_STATUS_DISPLAY), in English. */
export const CARD_STATUS: Readonly<Record<string, string>> = {
  pending: "Being checked",
  success: "Successful",
  failed: "Failed",
  invalid_card: "Invalid card",
  used_card: "Card already used",
  wrong_amount: "Wrong value",
  system_error: "System error",
};
const LEDGER_STATUS: Readonly<Record<string, string>> = { completed: "Completed", pending: "Processing", failed: "Failed", cancelled: "Cancelled" };
const LEDGER_TYPE: Readonly<Record<string, string>> = { deposit: "Top-up", purchase: "Key purchase", admin_adjustment: "Adjustment" };
const LEDGER_SOURCE: Readonly<Record<string, string>> = {
  vietqr: "VietQR top-up",
  card: "Phone card top-up",
  bank_transfer: "Bank transfer top-up",
  crypto: "Crypto top-up",
  bonus: "Top-up bonus",
  purchase: "Key purchase",
  admin: "Adjustment by the store",
};

/**
 * A whole number as English groups it, "1,000", and a whole amount of đồng, "100,000 ₫"
 * (workers/shared/format.ts formatNumber's and formatVND's English, written here so the English
 * words load without the formatter's chunk).
 */
export function englishNumber(value: number): string {
  return String(Math.round(Number(value))).replace(/\B(?=(\d{3})+$)/g, ",");
}

export function englishVnd(amount: number): string {
  return `${englishNumber(amount)}\u00a0₫`;
}

/**
 * A ledger line in English: as the API said it (`line`, from the row's code and arguments,
 * workers/money/messages.ts LEDGER_MESSAGES), else the row's kind. No Vietnamese line is ever
 * turned into English here (issue 51): a row without a known line is named by its source.
 */
function movement(line: string | null, _description: string, type: string, source: string): string {
  return line ? String(line) : (LEDGER_SOURCE[source] ?? LEDGER_TYPE[type] ?? String(type));
}

export const wallet: EnglishOf<typeof walletWords> = {
  toppedUp: "Total topped up",
  available: "Available balance",
  saving: "Saving rate",
  pending: "Awaiting payment",
  pendingHint: "Transfer the exact amount with the exact content before the time runs out to be credited automatically.",
  pendingCard: (telco, value) => `${telco} card ${value}`,
  backToApp: "← Back to buying the key",
  cardStatus: (status) => CARD_STATUS[status] ?? String(status),
  timeLeft: "Time left",
  content: "Transfer content",
  contentName: "transfer content",
  contentCopied: "Transfer content copied",
  showQr: "Show the QR code",
  ledger: "Transaction history",
  empty: "No transactions yet.",
  after: (amount) => `Balance: ${amount}`,
  movement,
  moveStatus: (status) => LEDGER_STATUS[status] ?? String(status),
};
