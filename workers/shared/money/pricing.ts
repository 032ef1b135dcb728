// The key options of an app page as a buyer sees them (docs/product.md §3 "Key pricing", §4 "Key pricing",
// §8 "Purchase"). Pure helpers: the server decides every sale, these only shape the screen and
// pre-check so the buyer hears about a paused or sold-out key before the confirmation dialog.
// The purchase messages are the API's too (./messages.ts, WALLET_MESSAGES reuses them), so both say the same words.
import { FALLBACK_ERROR } from "../error-texts";
import { formatNumber, formatVND } from "../format";
import type { TextsOf } from "../message";
import type { PURCHASE_MESSAGES } from "./messages";

/** One key option of an app as a buyer sees it; licensing/keys.ts fills it with live stock. */
export type PublicPricing = {
  id: number;
  pricing_id: number;
  key_type: { id: number; name: string; display_name: string; description: string; duration_days: number; is_active: boolean };
  key_type_name: string;
  price: number;
  currency: "VND" | "USD";
  formatted_price: string;
  /** The whole VND a purchase debits (docs/architecture.md#trust-rules); null for a USD price while there is no rate. */
  vnd_price: number | null;
  formatted_vnd_price: string | null;
  /** "5,00 US$ ≈ 127.500 ₫", or the VND price as itself. */
  formatted_total: string;
  /** The shop's VND per US$ in force (null: none): an English page writes a VND price's approximate US$ with it. */
  usd_vnd_rate?: number | null;
  is_active: boolean;
  available_count: number;
  is_available: boolean;
  is_low_stock: boolean;
  can_purchase: boolean;
};

export type PricingOption = PublicPricing;

export type PricingStateKind = "paused" | "sold_out" | "low_stock" | "in_stock";

export type PricingState = { kind: PricingStateKind; label: string };

/**
 * The purchase messages (./messages.ts PURCHASE_MESSAGES) in a page's language: the pages pass
 * their words (app/i18n/vi/catalogue/purchase.ts and its English twin).
 */
export type PurchaseMessages = TextsOf<typeof PURCHASE_MESSAGES>;

/**
 * An option's state as the buyer reads it (docs/product.md §8), the count as the page writes it
 * (`shown`); its English twin is in app/i18n/en/purchase.ts.
 */
export const PRICING_STATE_WORDS = {
  statePaused: "Tạm dừng",
  stateSoldOut: "Hết hàng",
  stateLowStock: (_count: number, shown: string) => `Sắp hết (còn ${shown})`,
  stateInStock: (_count: number, shown: string) => `Còn ${shown} key`,
};

export type PricingStateWords = typeof PRICING_STATE_WORDS;

/**
 * What the wallet pays for an option, in VND (the server's `vnd_price`); null when it cannot be
 * bought (a USD price while the shop has no rate).
 */
export function chargeOf(option: PricingOption): number | null {
  if (typeof option.vnd_price === "number") return option.vnd_price;
  return option.vnd_price === undefined && option.currency === "VND" ? option.price : null;
}

/** Not for sale now: the pricing or its whole key type is switched off, or a USD price has no rate. */
function isPaused(option: PricingOption): boolean {
  return !option.is_active || option.key_type?.is_active === false || chargeOf(option) === null;
}

/** Paused, sold out, nearly gone, or on sale: the order matters (a paused option shows paused even when empty). */
export function pricingState(option: PricingOption, words: PricingStateWords = PRICING_STATE_WORDS, number: (value: number) => string = formatNumber): PricingState {
  if (isPaused(option)) return { kind: "paused", label: words.statePaused };
  if (!option.is_available) return { kind: "sold_out", label: words.stateSoldOut };
  const count = option.available_count;
  if (option.is_low_stock) return { kind: "low_stock", label: words.stateLowStock(count, number(count)) };
  return { kind: "in_stock", label: words.stateInStock(count, number(count)) };
}

/** Inactive or sold-out options cannot be chosen or bought (docs/product.md §4). */
export function isSelectable(option: PricingOption): boolean {
  return !isPaused(option) && option.is_available;
}

/** On sale first, then cheapest (in VND) first; equal options keep the server's order. */
export function sortPricing(options: readonly PricingOption[]): PricingOption[] {
  return [...options].sort((a, b) => Number(!isPaused(b)) - Number(!isPaused(a)) || (chargeOf(a) ?? a.price) - (chargeOf(b) ?? b.price));
}

/** After loading: the first option that can be bought, else the first option, else nothing. */
export function preselectPricing(options: readonly PricingOption[]): number | null {
  return (options.find(isSelectable) ?? options[0])?.id ?? null;
}

/** After a reload: keep the buyer's choice while it can still be bought, else preselect again. */
export function reconcileSelection(options: readonly PricingOption[], currentId: number | null): number | null {
  const current = options.find((option) => option.id === currentId);
  return current && isSelectable(current) ? current.id : preselectPricing(options);
}

/** Why the chosen option cannot go on to the availability check, or null when it can. */
export function purchaseBlocker(option: PricingOption | null | undefined, messages: PurchaseMessages): { message: string; kind: "warning" | "error" } | null {
  if (!option) return { message: messages.chooseKey, kind: "warning" };
  if (isPaused(option)) return { message: messages.paused, kind: "error" };
  if (!option.is_available) return { message: messages.soldOut, kind: "error" };
  return null;
}

export type Availability = { can_purchase: boolean; available_count: number; is_available?: boolean };

/** The availability answer as the next step: go on, or say why not (and reload the list). */
export function availabilityVerdict(
  data: Availability | null | undefined,
  serverMessage: string | null | undefined,
  messages: PurchaseMessages,
): { ok: true } | { ok: false; message: string } {
  if (data?.can_purchase) return { ok: true };
  if (!data || data.available_count === 0) return { ok: false, message: messages.soldOutWait };
  return { ok: false, message: serverMessage?.trim() || messages.unavailable };
}

/** The server's 402 words with the amounts as a page writes them (the dialog's pre-check; English twin in app/i18n/en/purchase-dialogs.ts). */
export const insufficientBalanceText = (required: string, current: string) => `Số dư không đủ. Cần ${required}, số dư hiện tại ${current}. Vui lòng nạp thêm tiền vào ví.`;

/** Same words as the server's 402 answer. */
export function insufficientBalanceMessage(required: number, current: number): string {
  return insufficientBalanceText(formatVND(required), formatVND(current));
}

/** The browser's pre-check only, against the VND charge (`chargeOf`); the server decides. */
export function hasEnoughBalance(balance: number | null | undefined, charge: number | null): boolean {
  return typeof balance === "number" && charge !== null && balance >= charge;
}

export type PurchaseFailure = {
  message: string;
  /** The list may be stale: reload it (and close the confirmation). */
  reload: boolean;
  /** The server answered for sure; a new attempt needs a new idempotency key. */
  definitive: boolean;
};

/**
 * A failed purchase call as what the buyer reads. `status` 0 means no answer (network): the sale
 * may have happened, so it is not definitive and a retry reuses the idempotency key. A 401 is
 * handled by the caller (session over) before this.
 */
export function purchaseFailure(status: number, serverMessage: string | null | undefined, messages: PurchaseMessages): PurchaseFailure {
  const message = serverMessage && serverMessage !== FALLBACK_ERROR ? serverMessage : null;
  if (status === 0) return { message: messages.answerLost, reload: false, definitive: false };
  if (status === 402) return { message: message ?? messages.failed, reload: false, definitive: true };
  if (status === 409) return { message: message ?? messages.unavailable, reload: true, definitive: true };
  if (status === 404) return { message: message ?? messages.failed, reload: true, definitive: true };
  if (status === 400) return { message: message ?? messages.balanceOnly, reload: false, definitive: true };
  // 5xx and the like: whether the sale went through is unknown until the retry replays it.
  return { message: message ?? messages.failed, reload: false, definitive: status >= 400 && status < 500 };
}
