// The top-up rules both sides apply (docs/product.md §5 "VietQR amount", §9, "Crypto"): the
// amount check, the card estimate and a crypto invoice's cents and credit, each in its caller's
// words (the API's Messages, ./messages.ts; a page's texts); the card's check is ./card-rule.ts.
// The server decides; the screens pre-check with the same rules and the same Vietnamese so the
// buyer hears about a mistake before sending.
import { formatVND } from "../format";
import type { Amount } from "./messages";

// ---------------------------------------------------------------- amounts

/** Keeps only the digits, as the amount, serial and code inputs do (docs/product.md §5). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}

/**
 * The VietQR config's amount figures (GET /api/vietqr/config/). The server checks with the figures
 * alone, so its refusal writes them in the reader's language; a config's own texts, when given, are
 * said as written.
 */
export type AmountRules = { minimum_amount: number; maximum_amount: number; formatted_minimum?: string; formatted_maximum?: string; step: number };

/** What the amount rule says, in the caller's words: the API's Messages (./messages.ts TOPUP_MESSAGES), or a page's texts. */
export type AmountWords<R> = { readonly invalidAmount: R; readonly minimum: (amount: Amount) => R; readonly maximum: (amount: Amount) => R; readonly step: (step: number) => R };

/** docs/product.md §5 "VietQR amount", in the product's order; null when the amount may be sent. */
export function vietqrAmountError<R>(amount: number | null, rules: AmountRules, words: AmountWords<R>): R | null {
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) return words.invalidAmount;
  if (amount < rules.minimum_amount) return words.minimum(rules.formatted_minimum || rules.minimum_amount);
  if (amount > rules.maximum_amount) return words.maximum(rules.formatted_maximum || rules.maximum_amount);
  if (rules.step > 0 && amount % rules.step !== 0) return words.step(rules.step);
  return null;
}

// ---------------------------------------------------------------- crypto

/**
 * US cents from what the buyer typed (docs/product.md, "Crypto"): a number or its decimal text
 * with at most two decimals, within the shop's limits; anything else (exponents, signs, blanks,
 * three decimals) is null. The server decides with it (workers/money/crypto.ts), the dialog
 * pre-checks with it.
 */
export function usdCents(value: unknown, minUsd: number, maxUsd: number): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : typeof value === "string" ? value.trim() : "";
  if (!/^(0|[1-9]\d{0,6})(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents >= minUsd * 100 && cents <= maxUsd * 100 ? cents : null;
}

/** What an invoice of `cents` credits at `rate` VND per US$: whole đồng, rounded down (locked on the invoice's row). */
export function vndFor(cents: number, rate: number): number {
  return Math.floor((cents * rate) / 100);
}

// ---------------------------------------------------------------- phone cards

/** docs/product.md §9: floor(value × (1 − fee/100)), in integer steps so 0.1 + 0.2 never loses a đồng. */
/** How a carrier is written wherever a person reads it (the API keeps the gateway's code, "VIETTEL"). */
export const TELCO_LABELS: Readonly<Record<string, string>> = { VIETTEL: "Viettel", VINAPHONE: "Vinaphone", MOBIFONE: "Mobifone" };

export function telcoLabel(telco: string): string {
  return TELCO_LABELS[telco] ?? telco;
}

export function cardEstimate(value: number, feePercent: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  const fee = Number.isFinite(feePercent) ? Math.min(100, Math.max(0, feePercent)) : 0;
  return Math.floor(Math.round(value * (100 - fee) * 100) / 10_000);
}

/**
 * How a wrong-value card's credit came about, for its message and its ledger line: the real value
 * less the fee (cardEstimate), then the gap to what was credited. By default the store credits
 * the gateway's amount (CARD_CREDIT, workers/money/cards.ts amountToCredit), and a gateway keeps
 * more of a wrongly declared card (scripts/card-gateway.mjs: half), which is that gap.
 */
export function wrongValueCredit(realValue: number, feePercent: number, credited: number): string {
  const afterFee = cardEstimate(realValue, feePercent);
  const steps = `${formatVND(realValue)} trừ phí ${feePercent}% còn ${formatVND(afterFee)}`;
  if (credited < afterFee) return `${steps}, cổng thẻ trừ thêm ${formatVND(afterFee - credited)} vì khai sai mệnh giá`;
  return credited > afterFee ? `${steps}, cổng thẻ trả thêm ${formatVND(credited - afterFee)}` : steps;
}

/** The card form's fields as the page holds them; ./card-rule.ts checks them. */
export type CardForm = { telco: string; card_serial: string; card_code: string; card_value: string };
export type CardField = keyof CardForm;
