// A crypto top-up's dialog code (issue 54; docs/product.md, "Crypto top-ups"), loaded with the
// dialog: the amount's rule as the server applies it, and the creation the profile's clientAction
// runs for the dialog's fetcher (intent "crypto-create", docs/decisions/0026). The terms and the
// open top-ups are read by ./topup-config.ts, with the page. The invoice itself is the
// gateway's hosted page (`invoice_url`), opened in a new tab so the wallet stays on screen.
import { FALLBACK_ERROR } from "@workers/shared/error-messages";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { requestLocale } from "~/i18n/locale";
import { cryptoTopupWords } from "~/i18n/vi/wallet/crypto-topup";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { wordsIn } from "~/i18n/words";
import { isSessionOver, sessionEnded } from "~/accounts/session/session-route";
import { TOPUP_TIMINGS } from "./topup";
import type { CryptoTopup } from "./topup-config";

export type CryptoCreate = { intent: "crypto-create"; amount_usd: string; promotion_code?: string };
export type CryptoCreated = { intent: "crypto-create"; ok: true; topup: CryptoTopup } | { intent: "crypto-create"; ok: false; message: string | null; errors: FieldErrors | null };

/**
 * US cents from what the buyer typed, or null: a whole number or one with at most two decimals,
 * within the shop's limits (the server's rule, usdCents in workers/money/crypto.ts, says the same).
 */
export function typedCents(text: string, terms: { minimum_usd: number; maximum_usd: number }): number | null {
  const clean = text.trim();
  if (!/^(0|[1-9]\d{0,6})(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ""] = clean.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents >= terms.minimum_usd * 100 && cents <= terms.maximum_usd * 100 ? cents : null;
}

/** What an invoice of `cents` credits at `rate`: whole đồng rounded down, as the server locks it (vndFor). */
export function creditedFor(cents: number, rate: number): number {
  return Math.floor((cents * rate) / 100);
}

/** The profile's clientAction for intent "crypto-create": one POST /api/crypto/create/. */
export async function createCrypto(request: Request, { amount_usd, promotion_code }: CryptoCreate): Promise<CryptoCreated> {
  const locale = requestLocale(request);
  const words = wordsIn(locale, cryptoTopupWords);
  try {
    const json = promotion_code ? { amount_usd, promotion_code } : { amount_usd };
    const { data } = await apiCall((api) => api.api.crypto.create.$post({ json }), { auth: true });
    return { intent: "crypto-create", ok: true, topup: data };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request, { message: wordsIn(locale, topupWords).sessionExpired, delayMs: TOPUP_TIMINGS.sessionRedirectMs });
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { intent: "crypto-create", ok: false, message: error instanceof ApiError && error.status === 503 ? error.message : words.failed, errors: null };
    if (error.errors?.amount_usd?.length || error.errors?.promotion_code?.length) return { intent: "crypto-create", ok: false, message: null, errors: error.errors };
    return { intent: "crypto-create", ok: false, message: error.message && error.message !== FALLBACK_ERROR ? error.message : words.failed, errors: null };
  }
}
