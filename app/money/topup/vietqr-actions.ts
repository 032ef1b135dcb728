// The VietQR dialog's requests, run by the profile's clientAction through the dialog's fetchers
// (docs/decisions/0026): creating a top-up and cancelling one. Also the server's amount rule in
// the page's words, which the dialog checks before sending.
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";
import type { Amount } from "@workers/shared/money/messages";
import { type AmountRules, vietqrAmountError } from "@workers/shared/money/topup";
import type { Format } from "~/i18n/format";
import { requestLocale } from "~/i18n/locale";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { wordsIn } from "~/i18n/words";
import { learnServerClock, TOPUP_TIMINGS, type VietQrTransaction } from "~/money/topup/topup";
import { isSessionOver, sessionEnded } from "~/accounts/session/session-route";

export type VietQrCreate = { intent: "vietqr-create"; amount: number; promotion_code?: string };
export type VietQrCancel = { intent: "vietqr-cancel"; transaction_id: string };
export type Created = { intent: "vietqr-create"; ok: true; transaction: VietQrTransaction } | { intent: "vietqr-create"; ok: false; message: string | null; errors: FieldErrors | null };
export type Cancelled = { intent: "vietqr-cancel"; ok: boolean; transaction_id: string; transaction: VietQrTransaction | null };
type Words = typeof topupWords.vi;

/**
 * docs/product.md §5 "VietQR amount": the server's own rule (workers/shared/money/topup.ts
 * vietqrAmountError, which workers/money/vietqr.ts decides with), said in the page's words as the
 * card form's is (./card-actions.ts), so a Vietnamese page loads no English. The figures alone go
 * in, so the page writes them in its own language, as the hint above the field does (the config's
 * formatted_minimum is Vietnamese). Null when the amount may be sent.
 */
export function amountError(amount: number | null, rules: AmountRules, words: Words, format: Format): string | null {
  const figures = { minimum_amount: rules.minimum_amount, maximum_amount: rules.maximum_amount, step: rules.step };
  const written = (figure: Amount) => (typeof figure === "number" ? format.vnd(figure) : figure);
  return vietqrAmountError(amount, figures, { invalidAmount: words.invalidAmount, minimum: (figure) => words.minimum(written(figure)), maximum: (figure) => words.maximum(written(figure)), step: words.step });
}

/** What a refused creation says: the fields at fault, else one message for the form. */
function createRefusal(error: unknown, words: Words): { message: string | null; errors: FieldErrors | null } {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { message: words.vietqrFailed, errors: null };
  if (error.errors?.amount?.length || error.errors?.promotion_code?.length) return { message: null, errors: error.errors };
  return { message: error.message && error.message !== FALLBACK_ERROR ? error.message : words.vietqrFailed, errors: null };
}

/**
 * The profile's clientAction for intent "vietqr-create": one POST /api/vietqr/create/. A 401 the
 * refresh cannot cure ends the session in the wallet's words, /login after 2 s (docs/product.md §8).
 */
export async function createVietQr(request: Request, { amount, promotion_code }: VietQrCreate): Promise<Created> {
  const words = wordsIn(requestLocale(request), topupWords);
  try {
    const json = promotion_code ? { amount, promotion_code } : { amount };
    const { data } = await apiCall((api) => api.api.vietqr.create.$post({ json }), { auth: true });
    learnServerClock(data, Date.now());
    return { intent: "vietqr-create", ok: true, transaction: data };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request, { message: words.sessionExpired, delayMs: TOPUP_TIMINGS.sessionRedirectMs });
    return { intent: "vietqr-create", ok: false, ...createRefusal(error, words) };
  }
}

/** The profile's clientAction for intent "vietqr-cancel": the top-up as cancelled, or a refusal. */
export async function cancelVietQr(request: Request, { transaction_id }: VietQrCancel): Promise<Cancelled> {
  try {
    const body = await apiCall((api) => api.api.vietqr.cancel.$post({ json: { transaction_id, reason: "User cancelled" } }), { auth: true });
    return { intent: "vietqr-cancel", ok: true, transaction_id, transaction: body.data ?? null };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request);
    return { intent: "vietqr-cancel", ok: false, transaction_id, transaction: null };
  }
}
