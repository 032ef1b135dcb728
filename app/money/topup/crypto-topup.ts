// A crypto top-up's dialog code (issue 54; docs/product.md, "Crypto top-ups"), loaded with the
// dialog: the creation the profile's clientAction runs for the dialog's fetcher (intent
// "crypto-create", docs/decisions/0026). The amount's rule is the server's own
// (workers/shared/money/topup.ts usdCents). The terms and the open top-ups are read by
// ./topup-config.ts, with the page. The invoice itself is the gateway's hosted page
// (`invoice_url`), opened in a new tab so the wallet stays on screen.
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
