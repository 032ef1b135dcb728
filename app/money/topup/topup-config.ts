// The settings the three top-up dialogs need (docs/product.md §9, "Crypto top-ups"), read when a
// dialog opens: by the route's loader for ?topup=, else by the button that opens it. A failure is
// said once; VietQR then uses the product's defaults, the card and crypto dialogs offer "Thử lại".
import type { Locale } from "~/i18n/locale";
import { topupOfferWords } from "~/i18n/vi/wallet/topup-offer";
import { wordsIn } from "~/i18n/words";
import { apiCall } from "~/platform/api";
import { toast } from "~/ui/toast";
import type { cryptoTerms, toPublicCrypto } from "@workers/money/crypto";
import { type CardConfig, type CardPayment, learnServerClock, localDeadline, normaliseVietQrConfig, VIETQR_DEFAULTS, type VietQrConfig, type VietQrTransaction } from "~/money/topup/topup";

export type CardConfigLoad = { status: "loading" } | { status: "failed" } | { status: "ready"; config: CardConfig };

/**
 * An open top-up dialog and its settings (null / loading while they are read), with what it resumes
 * (undefined while that is read): VietQR its pending top-up, the card dialog a card being checked.
 */
export type OpenTopup =
  | { kind: "vietqr"; config: VietQrConfig | null; resume?: VietQrTransaction | null }
  | { kind: "card"; config: CardConfigLoad; resume?: CardPayment | null }
  | { kind: "crypto"; config: CryptoTermsLoad; resume?: CryptoTopup | null };

type CryptoTerms = Awaited<ReturnType<typeof cryptoTerms>>;
export type CryptoTopup = ReturnType<typeof toPublicCrypto>;
export type CryptoTermsLoad = { status: "loading" } | { status: "failed" } | { status: "ready"; terms: CryptoTerms };

/** The shop's terms for a crypto top-up, or failed (the dialog offers "Thử lại"). */
export async function loadCryptoTerms(): Promise<CryptoTermsLoad> {
  try {
    const { data } = await apiCall((api) => api.api.crypto.config.$get());
    return { status: "ready", terms: data };
  } catch {
    return { status: "failed" };
  }
}

/** The buyer's crypto top-ups still open (no payment yet, or paid in part), newest first; null when unread. */
export async function loadPendingCrypto(signal?: AbortSignal): Promise<CryptoTopup[] | null> {
  try {
    const { data } = await apiCall((api) => api.api.crypto.pending.$get(), { auth: true, signal });
    return data;
  } catch {
    return null;
  }
}

/** A pending top-up with its deadline in this browser's clock (on the server's clock: topup.ts localDeadline). */
export type PendingTopup = { topup: VietQrTransaction; deadline: number };

/**
 * The user's VietQR top-ups still awaiting a transfer, newest first, each with its deadline in
 * this browser's clock; null when they cannot be read (the wallet then lists none).
 */
export async function loadPendingTopups(signal?: AbortSignal): Promise<PendingTopup[] | null> {
  try {
    const { data } = await apiCall((api) => api.api.vietqr.history.$get(), { auth: true, signal });
    const received = Date.now();
    for (const topup of data) learnServerClock(topup, received);
    return data.filter((topup) => topup.status === "pending" && topup.time_remaining > 0).map((topup) => ({ topup, deadline: localDeadline(topup) }));
  } catch {
    return null;
  }
}

/** The user's phone cards still being checked (newest 20 read), or null when they cannot be read. */
export async function loadPendingCards(signal?: AbortSignal): Promise<CardPayment[] | null> {
  try {
    const { data } = await apiCall((api) => api.api.cards.history.$get({ query: { page: "1", page_size: "20" } }), { auth: true, signal });
    return data.filter((card) => card.status === "pending");
  } catch {
    return null;
  }
}

/** The VietQR settings; a failure is said in `locale`'s words and the defaults apply. */
export async function loadVietQrConfig(locale: Locale): Promise<VietQrConfig> {
  try {
    const body = await apiCall((api) => api.api.vietqr.config.$get());
    return normaliseVietQrConfig(body?.data);
  } catch {
    toast.error(wordsIn(locale, topupOfferWords).configFailed);
    return VIETQR_DEFAULTS;
  }
}

/** The card settings; a failure is said in `locale`'s words. */
export async function loadCardConfig(locale: Locale): Promise<CardConfigLoad> {
  try {
    const { data } = await apiCall((api) => api.api.cards.config.$get());
    return { status: "ready", config: data };
  } catch {
    toast.error(wordsIn(locale, topupOfferWords).configFailed);
    return { status: "failed" };
  }
}

/** The dialog `kind` with its settings read (a failure said in `locale`'s words). */
export async function openedTopup(kind: OpenTopup["kind"], locale: Locale): Promise<OpenTopup> {
  if (kind === "crypto") {
    const [config, pending] = await Promise.all([loadCryptoTerms(), loadPendingCrypto()]);
    return { kind, config, resume: pending?.[0] ?? null };
  }
  if (kind === "card") {
    const [config, pending] = await Promise.all([loadCardConfig(locale), loadPendingCards()]);
    return { kind, config, resume: pending?.[0] ?? null };
  }
  const [config, pending] = await Promise.all([loadVietQrConfig(locale), loadPendingTopups()]);
  return { kind, config, resume: pending?.[0]?.topup ?? null };
}
