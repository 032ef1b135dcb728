import type { TopupHistoryEntry } from "@workers/money/topup-history";
import type { topupHistoryWords } from "../../vi/wallet/topup-history";
import type { EnglishOf } from "../../words";

const CHANNELS: Record<TopupHistoryEntry["channel"], string> = { vietqr: "VietQR", card: "Phone card", bank_transfer: "Bank transfer", crypto: "Crypto" };
const STATES: Record<TopupHistoryEntry["state"], string> = {
  waiting: "Awaiting your transfer",
  checking: "Card being checked",
  credited: "Added to your wallet",
  partial: "Partly credited",
  refused: "Refused",
  expired: "Expired",
  cancelled: "Cancelled",
  awaiting_review: "Received, awaiting the shop's review",
  credited_by_shop: "Credited by the shop",
  dismissed: "Dismissed by the shop",
  refunded: "Refunded, taken back",
};

export const topupHistory: EnglishOf<typeof topupHistoryWords> = {
  heading: "Top-up history",
  empty: "No top-ups yet",
  channel: (channel) => CHANNELS[channel] ?? String(channel),
  state: (state) => STATES[state] ?? String(state),
  card: (telco, amount) => `${telco} card ${amount}`,
  credited: (amount) => `${amount} added`,
  estimate: (amount, fee) => `Expected ≈ ${amount} (${fee}% fee)`,
  told: (what, state) => `${what}: ${state}`,
};
