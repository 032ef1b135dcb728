// Wallet top-ups as the browser sees them (docs/product.md §3, §4, §5, §8, §9): the typed amount, the
// config's defaults, countdowns, the wallet figures, the profile's query. The rules the server
// applies too (amount and card checks, the card estimate) are in workers/shared/money/topup.ts.
import { formatVND, type Locale } from "@workers/shared/format";
import { formatIn } from "~/i18n/format";
import type { cardSettings, toPublicCard } from "@workers/money/cards";
import type { toPublicTopup, vietqrSettings } from "@workers/money/vietqr";
import { digitsOnly } from "@workers/shared/money/topup";

/** docs/product.md §9 timings. */
export const TOPUP_TIMINGS = {
  vietqrPollMs: 10_000,
  countdownTickMs: 1_000,
  cardPollMs: 5_000,
  cardPollLimitMs: 10 * 60_000,
  /** A 401 while creating a top-up: to /login after 2 s (docs/product.md §8 "Wallet"). */
  sessionRedirectMs: 2_000,
} as const;

/** The modal's quick picks (docs/product.md §9), not the config's suggested amounts. */
export const QUICK_AMOUNTS = [60_000, 150_000, 350_000, 500_000] as const;

/**
 * GET /api/vietqr/config/ as the server sends it; the dialog's own copy may have no bank yet (the
 * defaults below, used when the config cannot be loaded).
 */
type VietQrSettings = ReturnType<typeof vietqrSettings>;
export type VietQrConfig = Omit<VietQrSettings, "bank_info"> & { bank_info: VietQrSettings["bank_info"] | null };

/** Used when GET /api/vietqr/config/ fails (docs/product.md §9). The bank comes with each transaction. */
export const VIETQR_DEFAULTS: VietQrConfig = {
  minimum_amount: 60_000,
  maximum_amount: 50_000_000,
  formatted_minimum: formatVND(60_000),
  formatted_maximum: formatVND(50_000_000),
  currency: "VND",
  step: 1_000,
  suggested_amounts: [60_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000],
  bank_info: null,
  transaction_timeout_minutes: 30,
};

/** The server's answers, as its services shape them. */
export type VietQrTransaction = ReturnType<typeof toPublicTopup>;
export type CardConfig = ReturnType<typeof cardSettings>;
export type CardPayment = ReturnType<typeof toPublicCard>;

// ---------------------------------------------------------------- amounts

/** The typed amount as a number (leading zeros dropped), or null when nothing usable is typed. */
export function parseAmount(digits: string): number | null {
  const clean = digitsOnly(digits).replace(/^0+(?=\d)/, "");
  if (!clean) return null;
  const amount = Number(clean);
  return Number.isSafeInteger(amount) ? amount : null;
}

/** "150000" → "150.000" ("150,000" in English) for the input; empty stays empty. */
export function groupDigits(digits: string, locale: Locale = "vi"): string {
  const amount = parseAmount(digits);
  return amount === null ? "" : formatIn(locale).number(amount);
}

/** The config as received, with any missing or broken figure taken from the defaults. */
export function normaliseVietQrConfig(data: Partial<VietQrConfig> | null | undefined): VietQrConfig {
  const positive = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback);
  const minimum = positive(data?.minimum_amount, VIETQR_DEFAULTS.minimum_amount);
  const maximum = positive(data?.maximum_amount, VIETQR_DEFAULTS.maximum_amount);
  return {
    minimum_amount: minimum,
    maximum_amount: maximum,
    formatted_minimum: data?.formatted_minimum || formatVND(minimum),
    formatted_maximum: data?.formatted_maximum || formatVND(maximum),
    currency: data?.currency || "VND",
    step: positive(data?.step, VIETQR_DEFAULTS.step),
    suggested_amounts: Array.isArray(data?.suggested_amounts) ? data.suggested_amounts : VIETQR_DEFAULTS.suggested_amounts,
    bank_info: data?.bank_info ?? null,
    transaction_timeout_minutes: positive(data?.transaction_timeout_minutes, VIETQR_DEFAULTS.transaction_timeout_minutes),
  };
}

// ---------------------------------------------------------------- VietQR transactions

export type VietQrOutcome = "pending" | "paid" | "cancelled" | "ended";

/** What the modal does with a status: keep waiting, celebrate, or stop (cancelled warns, the rest fail). */
export function vietqrOutcome(status: string): VietQrOutcome {
  if (status === "pending") return "pending";
  if (status === "paid") return "paid";
  if (status === "cancelled") return "cancelled";
  return "ended";
}

/**
 * The server's clock minus this browser's, learned from the newest fresh answer that carries an
 * expiry and the seconds left (the server measured them at the same instant). 0 until one comes.
 */
let serverOffsetMs = 0;

/** Learns the server's clock from a top-up answer received at `receivedAt` (call it as it arrives). */
export function learnServerClock(transaction: { expires_at: string; time_remaining?: number | null }, receivedAt: number): void {
  const expires = Date.parse(transaction.expires_at);
  if (typeof transaction.time_remaining !== "number" || transaction.time_remaining <= 0 || Number.isNaN(expires)) return;
  serverOffsetMs = expires - transaction.time_remaining * 1000 - receivedAt;
}

/**
 * When the transaction expires, in this browser's clock: its expires_at, moved by the server's
 * clock offset. Right however long after the answer it is asked (a list read 20 minutes ago) and
 * however far off this browser's clock is.
 */
export function localDeadline(transaction: { expires_at: string; time_remaining?: number | null }, now = Date.now()): number {
  const expires = Date.parse(transaction.expires_at);
  return Number.isNaN(expires) ? now : expires - serverOffsetMs;
}

/** Whole seconds left until `deadline`, never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 125 → "02:05"; an hour or more → "1:02:05". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (value: number) => String(value).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

const BANK_NAMES: Record<string, string> = {
  VCB: "Vietcombank",
  BIDV: "BIDV",
  ICB: "VietinBank",
  CTG: "VietinBank",
  VBA: "Agribank",
  TCB: "Techcombank",
  MB: "MB Bank",
  ACB: "ACB",
  VPB: "VPBank",
  TPB: "TPBank",
  STB: "Sacombank",
  HDB: "HDBank",
  VIB: "VIB",
  SHB: "SHB",
  MSB: "MSB",
  OCB: "OCB",
  SEAB: "SeABank",
  EIB: "Eximbank",
};

/** "VCB" → "Vietcombank (VCB)"; an unknown code stays as it is. */
export function bankLabel(code: string | null | undefined): string {
  const clean = code?.trim().toUpperCase() ?? "";
  const name = BANK_NAMES[clean];
  return name && name !== clean ? `${name} (${clean})` : clean || "—";
}

// ---------------------------------------------------------------- phone cards

export function isCardFinal(status: string): boolean {
  return status !== "pending";
}

// ---------------------------------------------------------------- the wallet tab

/** Total topped up = total_spent + balance (docs/product.md §2). */
export function totalToppedUp(balance: number, totalSpent: number): number {
  return Math.max(0, balance) + Math.max(0, totalSpent);
}

/** balance / (total_spent + balance) as a percent; 100 when nothing was spent (docs/product.md §2). */
export function savingRate(balance: number, totalSpent: number): number {
  const total = totalToppedUp(balance, totalSpent);
  if (totalSpent <= 0 || total <= 0) return 100;
  return (Math.max(0, balance) / total) * 100;
}

/** 66.666… → "66,7%" ("66.7%" in English): at most one decimal, written without Intl as format.ts says why. */
export function formatPercent(value: number, locale: Locale = "vi"): string {
  const tenths = Math.round(value * 10);
  const tenth = Math.abs(tenths % 10);
  // The decimal mark of the formatting in use (Vietnamese until the English one is known).
  const format = formatIn(locale);
  return `${format.number(Math.trunc(tenths / 10))}${tenth ? `${format.locale === "en" ? "." : ","}${tenth}` : ""}%`;
}

/** The three ways to top up (the profile's ?topup=: app/accounts/profile/profile-query.ts). */
export type TopupKind = "vietqr" | "card" | "crypto";
