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
 * A whole amount of đồng as English writes it: "100,000 ₫" (workers/shared/format.ts formatVND's
 * English, written here so the English words load without the formatter's chunk).
 */
export function englishVnd(amount: number): string {
  return `${String(Math.round(Number(amount))).replace(/\B(?=(\d{3})+$)/g, ",")}\u00a0₫`;
}

/** The amounts in a stored Vietnamese line ("100.000 ₫") as English writes them ("100,000 ₫"). */
function englishAmounts(text: string): string {
  return text.replace(/(\d{1,3}(?:\.\d{3})+|\d+)\u00a0₫/g, (_, digits: string) => `${digits.replaceAll(".", ",")}\u00a0₫`);
}

/** How a wrong-value card's credit came about (workers/shared/money/topup.ts wrongValueCredit), in English. */
function englishCredit(how: string): string {
  const match = /^(.+?) trừ phí (\S+)% còn (.+?)(?:, cổng thẻ (trừ|trả) thêm (.+?)(?: vì khai sai mệnh giá)?)?$/.exec(how);
  if (!match) return "";
  const [, real, fee, afterFee, way, gap] = match;
  const steps = `${englishAmounts(real)} less the ${fee}% fee is ${englishAmounts(afterFee)}`;
  if (!gap) return steps;
  return way === "trừ" ? `${steps}; the card gateway kept ${englishAmounts(gap)} more for the wrong declared value` : `${steps}; the card gateway paid ${englishAmounts(gap)} more`;
}

/**
 * A ledger line in English. The store writes each line once, in Vietnamese, when the money moves
 * (workers/money/wallet/money.ts); its known forms are read back here, keeping what they name (a
 * transfer content, a card, a key and app, a promotion, an admin's note) as it is.
 */
function movement(line: string | null, description: string, type: string, source: string): string {
  if (line) return line;
  return fromText(String(description ?? ""), type, source);
}

function fromText(line: string, type: string, source: string): string {
  const label = LEDGER_SOURCE[source] ?? LEDGER_TYPE[type] ?? String(type);
  let match = /^(Nạp tiền chuyển khoản|Nạp tiền bằng thẻ cào) \(duyệt thủ công\)(?:: ([\s\S]*))?$/.exec(line);
  if (match) return `${match[1] === "Nạp tiền chuyển khoản" ? LEDGER_SOURCE.bank_transfer : LEDGER_SOURCE.card} (approved by hand)${match[2] ? `: ${match[2]}` : ""}`;
  match = /^Nạp tiền VietQR (\S+)$/.exec(line);
  if (match) return `${LEDGER_SOURCE.vietqr} ${match[1]}`;
  match = /^Nạp tiền bằng thẻ cào (.+?)(?:; sai mệnh giá, khai báo (.+?), giá trị thật (.+?))?(?:: (.+))?$/.exec(line);
  if (match) {
    const [, card, declared, real, how] = match;
    const wrong = declared ? `; wrong declared value: declared ${englishAmounts(declared)}, real value ${englishAmounts(real)}` : "";
    return `${LEDGER_SOURCE.card}: ${englishAmounts(card)}${wrong}${how ? `: ${englishCredit(how)}` : ""}`;
  }
  match = /^Mua key ([\s\S]+)$/.exec(line);
  if (match) return `${LEDGER_SOURCE.purchase}: ${match[1]}`;
  match = /^Khuyến mãi nạp tiền: ([\s\S]+)$/.exec(line);
  if (match) return `${LEDGER_SOURCE.bonus}: ${match[1]}`;
  // An admin's adjustment says what the admin wrote (the admin screens' default note is theirs).
  if (type === "admin_adjustment" && line && line !== "Điều chỉnh số dư bởi quản trị viên") return `${LEDGER_SOURCE.admin}: ${line}`;
  return label;
}

export const wallet: EnglishOf<typeof walletWords> = {
  toppedUp: "Total topped up",
  available: "Available balance",
  saving: "Saving rate",
  vietqr: "VietQR top-up",
  card: "Phone card top-up",
  cryptoButton: "Top up with crypto (USD)",
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
  returned: "Top-up complete!",
  configFailed: "Could not load the payment settings",
};
