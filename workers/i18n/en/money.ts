// The English of workers/money/messages.ts and of the money rules both sides share
// (workers/shared/money/pricing.ts, topup.ts).
import type { CARD_MESSAGES, PROMOTION_MESSAGES, REVIEW_MESSAGES, VIETQR_MESSAGES, WALLET_MESSAGES, WEBHOOK_MESSAGES } from "../../money/messages";
import type { PRICING_STATE_WORDS, PURCHASE_MESSAGES } from "../../shared/money/pricing";
import type { TOPUP_MESSAGES } from "../../shared/money/topup";
import type { EnglishOf } from "../phrasebook";
import { count, number, vnd } from "./format";

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

export const PROMOTION_EN = {
  notFound: "Promotion not found",
  codeTaken: "This promotion code already exists",
  codeInvalid: "This promotion code is invalid or has expired",
  codeRequired: "Please enter a promotion code",
  limitBelowUsed: (used: number) => `Already used ${count(used, "time")}; the limit cannot be lower`,
  created: "Promotion created",
  updated: "Promotion updated",
  deleted: "Promotion deleted",
} satisfies EnglishOf<typeof PROMOTION_MESSAGES>;

export const CARD_EN = {
  telco: TOPUP_EN.telco,
  serial: TOPUP_EN.serial,
  code: TOPUP_EN.code,
  digits: "Only digits are allowed",
  value: TOPUP_EN.value,
  unavailable: TOPUP_EN.cardUnavailable,
  duplicate: "This card has already been submitted",
  pending: TOPUP_EN.cardPending,
  notFound: "Phone card transaction not found",
  submitted: "Card submitted, please wait while it is processed",
  tooMany: (seconds: number) => `You have submitted too many cards. Please try again in ${count(seconds, "second")}.`,
} satisfies EnglishOf<typeof CARD_MESSAGES>;

export const VIETQR_EN = {
  tooManyPending: "You have too many transfers awaiting payment. Please complete or cancel some of them.",
  notFound: "Transaction not found",
  cancelled: TOPUP_EN.cancelled,
  cannotCancel: TOPUP_EN.cannotCancel,
  created: "VietQR transfer created",
} satisfies EnglishOf<typeof VIETQR_MESSAGES>;

export const REVIEW_EN = {
  notFound: "Bank transfer not found",
  handled: "This transaction has already been handled",
  notPositive: "This transaction's amount is not above 0, so nothing can be credited",
  userRequired: "Please enter a user ID",
  userNotFound: "User not found",
  cannotCredit: "This user cannot be credited",
  transferCredited: "This transaction has already been credited",
  sameTransferCredited: (id: number) =>
    `This transaction is the same as transaction #${id}, which has already been credited (same bank reference and amount). It cannot be credited again; dismiss it instead.`,
  cardCredited: "This card has already been credited",
  cardNotFound: "Phone card or card owner not found",
  credited: (amount: number, username: string) => `Credited ${vnd(amount)} to ${username}`,
  dismissed: "Transaction dismissed",
} satisfies EnglishOf<typeof REVIEW_MESSAGES>;

export const WALLET_EN = {
  purchased: PURCHASE_EN.purchased,
  paused: PURCHASE_EN.paused,
  soldOut: PURCHASE_EN.soldOut,
  pricingNotFound: "No price found for this key type",
  balanceOnly: PURCHASE_EN.balanceOnly,
  insufficient: (required: number, current: number) => `Insufficient balance. You need ${vnd(required)} and your balance is ${vnd(current)}. Please top up your wallet.`,
  userNotFound: REVIEW_EN.userNotFound,
  wouldGoNegative: (current: number) => `Cannot deduct more than the current balance (${vnd(current)}).`,
  keyReused: "This Idempotency-Key has already been used for a different purchase.",
} satisfies EnglishOf<typeof WALLET_MESSAGES>;

export const WEBHOOK_EN = {
  unauthorized: "The notification could not be authenticated",
  invalidPayload: "The transaction notification is not valid",
  invalidSignature: "Invalid signature",
  recheckFailed: "Could not check the card again with the card gateway yet",
  unknownRequest: "request_id not found",
  mismatch: "The card does not match the request_id",
  parked: "Passed to an administrator for review",
} satisfies EnglishOf<typeof WEBHOOK_MESSAGES>;

/** The states of a key option, as the app page's purchase box shows them. */
export const PRICING_STATE_EN = {
  statePaused: "Paused",
  stateSoldOut: "Sold out",
  stateLowStock: (_count: number, shown: string) => `Almost gone (${shown} left)`,
  stateInStock: (count: number, shown: string) => `${shown} ${count === 1 ? "key" : "keys"} left`,
} satisfies EnglishOf<typeof PRICING_STATE_WORDS>;
