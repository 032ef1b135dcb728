// The card dialog's rules and words (docs/product.md §4 "Card payment status", §5 "Card"): the
// form's checks in the page's words, what a settled card says, and the requests: sending a card
// (the profile's clientAction, through the dialog's fetcher, docs/decisions/0026) and reading one.
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";
import type { Format } from "~/i18n/format";
import { requestLocale } from "~/i18n/locale";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { wordsIn } from "~/i18n/words";
import { type CardPayment, TOPUP_TIMINGS } from "~/money/topup/topup";
import { type CardField, type CardForm, cardEstimate } from "@workers/shared/money/topup";
import { cardErrors } from "@workers/shared/money/card-rule";
import { isSessionOver, sessionEnded } from "~/accounts/session/session-route";
import { creditedText } from "./TopupParts";

export type Errors = Partial<Record<CardField, string>>;
type Words = typeof topupWords.vi;

export const EMPTY: CardForm = { telco: "", card_serial: "", card_code: "", card_value: "" };
const CARD_FIELDS: CardField[] = ["telco", "card_serial", "card_code", "card_value"];

/** Each field's name in the page's words. */
export function cardLabels(words: Words): Record<CardField, string> {
  return { telco: words.telco, card_value: words.cardValue, card_serial: words.serial, card_code: words.code };
}

/** docs/product.md §5 "Card" (workers/shared/money/card-rule.ts cardErrors, the server's rule: one message a field), in the page's words. */
export function formErrors(form: CardForm, words: Words): Errors {
  return cardErrors(form, { telco: words.telcoMissing, serial: words.serialShort, code: words.codeShort, digits: words.digitsRequired, value: words.valueMissing });
}

/** One card as the server has it now (the poll and a live notice both read it so). */
export async function readCard(transactionId: string): Promise<CardPayment> {
  return (await apiCall((api) => api.api.cards.detail[":id"].$get({ param: { id: encodeURIComponent(transactionId) } }), { auth: true })).data;
}

/** What the card credited, with the bonus paid with it: "80.000 ₫" or "160.000 ₫ + 16.000 ₫ khuyến mãi". */
function creditedAmount(card: CardPayment, words: Words, format: Format): string {
  const bonus = card.bonus_amount ? format.vnd(card.bonus_amount) : null;
  return creditedText(words, format.vnd(card.amount_received ?? 0), bonus);
}

export function cardSuccessMessage(card: CardPayment, words: Words, format: Format): string {
  const credited = words.cardSuccess(creditedAmount(card, words, format));
  return card.fee_percent > 0 ? `${credited} ${words.feeTaken(format.vnd(card.card_value), card.fee_percent)}` : credited;
}

/**
 * A card worth less than declared still credits what it was worth: say both values, the amount,
 * and how the amount came about (the fee, and what the gateway kept).
 */
export function wrongValueMessage(card: CardPayment, words: Words, format: Format): string {
  const real = card.real_value === null ? words.unknownValue : format.vnd(card.real_value);
  const said = words.wrongValue(format.vnd(card.card_value), real, creditedAmount(card, words, format));
  if (card.real_value === null) return said;
  return `${said} ${words.howCounted(card.real_value, card.fee_percent, cardEstimate(card.real_value, card.fee_percent), card.amount_received ?? 0)}`;
}

/** The server's field errors (400, 409) as this form's, first message each. */
export function serverFieldErrors(errors: Record<string, string[]> | null): Errors {
  const found: Errors = {};
  for (const field of CARD_FIELDS) {
    const message = errors?.[field]?.[0];
    if (message) found[field] = message;
  }
  return found;
}

export type CardSend = { intent: "card"; card: { telco: string; card_serial: string; card_code: string; card_value: number }; promotion_code?: string };
export type CardSent = { intent: "card"; ok: true; card: CardPayment } | { intent: "card"; ok: false; message: string | null; errors: FieldErrors | null };

/** What a refused card says: the fields at fault, else (a rate limit, the service off) one message for the form. */
function cardRefusal(error: unknown, words: Words): { message: string | null; errors: FieldErrors | null } {
  if (!(error instanceof ApiError) || error.status === 0) return { message: words.cardFailed, errors: null };
  if (error.status === 503) return { message: words.cardUnavailable, errors: null };
  if (Object.keys(serverFieldErrors(error.errors)).length) return { message: null, errors: error.errors };
  return { message: error.status < 500 && error.message && error.message !== FALLBACK_ERROR ? error.message : words.cardFailed, errors: error.errors };
}

/**
 * The profile's clientAction for intent "card": one POST /api/cards/create/. A 401 the refresh
 * cannot cure ends the session in the wallet's words, /login after 2 s (docs/product.md §8).
 */
export async function sendCard(request: Request, { card, promotion_code }: CardSend): Promise<CardSent> {
  const words = wordsIn(requestLocale(request), topupWords);
  try {
    const { data } = await apiCall((api) => api.api.cards.create.$post({ json: promotion_code ? { ...card, promotion_code } : card }), { auth: true });
    return { intent: "card", ok: true, card: data };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request, { message: words.sessionExpired, delayMs: TOPUP_TIMINGS.sessionRedirectMs });
    return { intent: "card", ok: false, ...cardRefusal(error, words) };
  }
}
