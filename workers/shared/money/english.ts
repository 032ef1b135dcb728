// The English of the money rules both sides share (pricing.ts, topup.ts), kept apart so a Vietnamese
// page never carries it. The money domain's own messages declare theirs (workers/money/messages.ts).
import type { EnglishOf } from "../message";
import type { PRICING_STATE_WORDS, PURCHASE_MESSAGES } from "./pricing";
import type { TOPUP_MESSAGES } from "./topup";
import { number } from "../english/format";

export const PURCHASE_EN = {
  chooseKey: "Please choose a key type",
  paused: "This key type is paused. Please choose another key type.",
  soldOut: "This key is sold out. Please choose another key type.",
  soldOutWait: "This key is sold out. Please choose another key type or wait for the admin to restock.",
  unavailable: "This key cannot be bought right now.",
  checkFailed: "Could not check whether the key is in stock. Please try again.",
  balanceOnly: "Only payment from your wallet balance is supported...",
  failed: "Something went wrong while buying the key.",
  exception: "Something went wrong while processing the payment. Please try again.",
  answerLost:
    "The connection was lost before the result arrived, so the purchase may have gone through. You can press “Confirm purchase” to safely try again: if it did, you get that same key back and are charged only once.",
  purchased: "Key purchased successfully!",
  copied: "Key copied to the clipboard!",
  copyFailed: "Could not copy the key. Please copy it by hand.",
} satisfies EnglishOf<typeof PURCHASE_MESSAGES>;

export const TOPUP_EN = {
  invalidAmount: "Please enter a valid amount",
  minimum: (formatted: string) => `The minimum amount is ${formatted}`,
  maximum: (formatted: string) => `The maximum amount is ${formatted}`,
  step: (step: number) => `The amount must be a multiple of ${number(step)} VND`,
  configFailed: "Could not load the payment settings",
  vietqrFailed: "Could not create the VietQR transfer",
  expired: "The transaction has expired",
  cancelledElsewhere: "The transaction has been cancelled",
  failed: (statusDisplay: string) => `Transaction failed: ${statusDisplay}`,
  cancelled: "Transaction cancelled",
  cannotCancel: "This transaction cannot be cancelled",
  sessionExpired: "Your session has expired",
  telco: "Please choose a carrier",
  serial: "The serial number must be at least 10 characters long",
  code: "The card code must be at least 10 characters long",
  value: "Please choose the card's value",
  cardUnavailable: "Phone card payments are not available right now",
  cardFailed: "Could not submit the phone card",
  configMissing: "The settings have not loaded yet",
  cardPending: "Processing the phone card, please wait...",
  cardFollow: "The card is being checked. You can follow it in your Wallet, under Awaiting payment.",
} satisfies EnglishOf<typeof TOPUP_MESSAGES>;

/** The states of a key option, as the app page's purchase box shows them. */
export const PRICING_STATE_EN = {
  statePaused: "Paused",
  stateSoldOut: "Sold out",
  stateLowStock: (_count: number, shown: string) => `Almost gone (${shown} left)`,
  stateInStock: (count: number, shown: string) => `${shown} ${count === 1 ? "key" : "keys"} left`,
} satisfies EnglishOf<typeof PRICING_STATE_WORDS>;
