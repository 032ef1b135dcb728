// The phone card's rule (docs/product.md §5 "Card"), one for both sides: the API decides with it
// (workers/money/cards.ts, in its Messages) and the card form pre-checks with it in the page's words
// (app/money/topup/card-actions.ts), so the buyer hears of a mistake before sending. A module of
// its own, so only the card dialog's code carries it, not every page that shows a top-up.
import type { CardField } from "./topup";

/** The carriers whose cards the store takes (`card_topups.telco`, workers/db/schema.ts). */
export const CARD_TELCOS = ["VIETTEL", "VINAPHONE", "MOBIFONE"] as const;

/** The values a card may be declared at (docs/product.md §9), the gateway's list. */
export const CARD_VALUES: readonly number[] = [10_000, 20_000, 30_000, 50_000, 100_000, 200_000, 300_000, 500_000, 1_000_000];

/**
 * A card as the rule reads it: the API's body (the carrier upper-cased, serial and code trimmed,
 * the value read as a whole number) or the form's fields (the value as the digits its list wrote).
 */
export type CardInput = { readonly telco?: unknown; readonly card_serial?: unknown; readonly card_code?: unknown; readonly card_value?: unknown };

/** What the card rule says of each field at fault, in the caller's words: the API's Messages (./messages.ts TOPUP_MESSAGES), or a page's texts. */
export type CardWords<R> = { readonly telco: R; readonly serial: R; readonly code: R; readonly digits: R; readonly value: R };

/** A serial or a card code: 10 to 20 digits (docs/product.md §5 "Card"). */
const CARD_DIGITS = /^\d{10,20}$/;

/**
 * docs/product.md §5 "Card", one message a field: a carrier of the list, a serial and a code of
 * at least 10 characters and then 10 to 20 digits, a value of the list (a number, or the digits
 * String writes it with). The server decides with it (workers/money/cards.ts), the card form
 * pre-checks with it; an empty object means the card may be sent.
 */
export function cardErrors<R>(card: CardInput, words: CardWords<R>): Partial<Record<CardField, R>> {
  const errors: Partial<Record<CardField, R>> = {};
  if (!CARD_TELCOS.some((telco) => telco === card.telco)) errors.telco = words.telco;
  const serial = typeof card.card_serial === "string" ? card.card_serial : "";
  const code = typeof card.card_code === "string" ? card.card_code : "";
  if (serial.length < 10) errors.card_serial = words.serial;
  else if (!CARD_DIGITS.test(serial)) errors.card_serial = words.digits;
  if (code.length < 10) errors.card_code = words.code;
  else if (!CARD_DIGITS.test(code)) errors.card_code = words.digits;
  if (!CARD_VALUES.some((value) => value === card.card_value || String(value) === card.card_value)) errors.card_value = words.value;
  return errors;
}
