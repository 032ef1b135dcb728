// Pure helpers of the admin screens (docs/product.md §2, §4, §5, §6): no React, no fetch, so unit tests
// can cover them. The server enforces every rule again; these are only pre-checks and labels.
import type { listKeyTypes } from "@workers/licensing/keys";
import { ACCESS_DENIED_MESSAGE } from "@workers/shared/error-messages";
import { KEY_STATUSES, type KeyStatus, type PromotionStatus } from "@workers/shared/enums";

export const ADMIN_MESSAGES = {
  loginRequired: "Bạn cần đăng nhập để truy cập trang này",
  accessDenied: ACCESS_DENIED_MESSAGE,
  invalidSession: "Phiên đăng nhập không hợp lệ",
} as const;

// ---------------------------------------------------------------- guard

export type AdminVerdict = "login" | "invalid" | "denied" | "admin";

/** What the admin guard does with the stored session: token missing, user unreadable, not an admin, or fine. */
export function adminVerdict(accessToken: string | null, rawUser: string | null): AdminVerdict {
  if (!accessToken) return "login";
  if (!rawUser) return "invalid";
  let user: unknown;
  try {
    user = JSON.parse(rawUser);
  } catch {
    return "invalid";
  }
  if (!user || typeof user !== "object" || Array.isArray(user)) return "invalid";
  const record = user as Record<string, unknown>;
  if (typeof record.username !== "string" || (typeof record.id !== "number" && typeof record.id !== "string")) return "invalid";
  return record.is_superuser === true || record.is_staff === true ? "admin" : "denied";
}

// ---------------------------------------------------------------- users

export type RoleBadge = { label: "Super Admin" | "Admin" | "Người dùng"; tone: string };

/** docs/product.md §2 "Admin users": Super Admin (is_superuser), Admin (is_staff), else a regular user. */
export function roleBadge(user: { is_superuser?: boolean | null; is_staff?: boolean | null }): RoleBadge {
  if (user.is_superuser) return { label: "Super Admin", tone: "bg-fuchsia-500/15 text-fuchsia-300 ring-fuchsia-400/30" };
  if (user.is_staff) return { label: "Admin", tone: "bg-indigo-500/15 text-indigo-300 ring-indigo-400/30" };
  return { label: "Người dùng", tone: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30" };
}

/** has_usable_password false marks a Google account (docs/product.md §2). */
export function isGoogleAccount(user: { has_usable_password?: boolean | null; is_google?: boolean | null }): boolean {
  return user.has_usable_password === false || user.is_google === true;
}

export const DEFAULT_ADJUST_NOTE = "Điều chỉnh số dư bởi quản trị viên";

/** The adjustment amount as typed: an optional leading minus and digits; null when not a non-zero integer. */
export function parseSignedAmount(text: string): number | null {
  const cleaned = text.replace(/[\s.,]/g, "");
  if (!/^-?\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isSafeInteger(value) && value !== 0 ? value : null;
}

/** Keeps a minus sign at the start and digits: what the adjustment input accepts. */
export function signedDigitsOnly(text: string): string {
  const negative = text.trim().startsWith("-");
  const digits = text.replace(/\D/g, "");
  return negative ? `-${digits}` : digits;
}

// ---------------------------------------------------------------- pricing

/** The price input keeps only digits (docs/product.md §5). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, "");
}

/** Digits shown with Vietnamese thousands grouping: "30000" → "30.000"; "" stays "". */
export function groupDigits(text: string): string {
  const digits = digitsOnly(text).replace(/^0+(?=\d)/, "");
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** The price as a number, or null when empty. */
export function parsePrice(text: string): number | null {
  const digits = digitsOnly(text);
  if (!digits) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

/** A key type as GET /api/keys/types/ sends it, in the fields the screens read. */
export type KeyTypeOption = Pick<Awaited<ReturnType<typeof listKeyTypes>>[number], "id" | "name" | "display_name" | "duration_days">;
export type PricingLike = { key_type: { name: string } | string | number | null; key_type_name?: string | null };

export const FALLBACK_KEY_TYPES: KeyTypeOption[] = [
  { id: 0, name: "1day", display_name: "1 ngày", duration_days: 1 },
  { id: 0, name: "7days", display_name: "7 ngày", duration_days: 7 },
  { id: 0, name: "30days", display_name: "30 ngày", duration_days: 30 },
  { id: 0, name: "lifetime", display_name: "Vĩnh viễn", duration_days: 0 },
];

/** The key type's name of a pricing row, whichever shape the server sent. */
export function pricingTypeName(pricing: PricingLike): string {
  const type = pricing.key_type;
  if (type && typeof type === "object") return type.name;
  return pricing.key_type_name ?? String(type ?? "");
}

/** The create select lists only key types without a pricing (one pricing per type, docs/product.md §4). */
export function typesWithoutPricing<T extends { name: string }>(types: T[], pricings: PricingLike[]): T[] {
  const taken = new Set(pricings.map(pricingTypeName));
  return types.filter((type) => !taken.has(type.name));
}

/** The default key type of the create form: 1day when free, else the first free one. */
export function defaultKeyType(free: { name: string }[]): string {
  return free.find((type) => type.name === "1day")?.name ?? free[0]?.name ?? "";
}

/** A filter's choices: each value with its label. */
export function choices<Value extends string>(values: readonly Value[], labels: Record<Value, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

// ---------------------------------------------------------------- keys

export const KEY_STATUS_LABELS: Record<KeyStatus, string> = {
  available: "Có sẵn",
  sold: "Đã bán",
  used: "Đang dùng",
  expired: "Hết hạn",
  revoked: "Thu hồi",
};

export const KEY_STATUS_TONES: Record<KeyStatus, string> = {
  available: "bg-emerald-500/15 text-emerald-300 ring-emerald-400/30",
  sold: "bg-indigo-500/15 text-indigo-300 ring-indigo-400/30",
  used: "bg-sky-500/15 text-sky-300 ring-sky-400/30",
  expired: "bg-amber-500/15 text-amber-300 ring-amber-400/30",
  revoked: "bg-red-500/15 text-red-300 ring-red-400/30",
};

export function keyStatusLabel(status: string): string {
  return (KEY_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export function isKeyStatus(value: string | null | undefined): value is KeyStatus {
  return (KEY_STATUSES as readonly string[]).includes(value ?? "");
}

/** The statuses the "by status" cleanup offers (docs/product.md §4 "Cleanup modes"). */
export const CLEANUP_STATUSES = ["sold", "used", "expired", "revoked"] as const satisfies readonly KeyStatus[];

/** The live count under the import textarea: non-blank lines (duplicates are counted; the server skips them). */
export function countKeyLines(text: string): number {
  let count = 0;
  for (const line of text.split(/\r?\n/)) if (line.trim()) count += 1;
  return count;
}

/** Ticking "all on this page" adds or removes exactly the page's ids. */
export function toggleAll(selected: ReadonlySet<number>, pageIds: number[], on: boolean): Set<number> {
  const next = new Set(selected);
  for (const id of pageIds) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

// ---------------------------------------------------------------- promotions

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  active: "Hoạt động",
  inactive: "Tạm dừng",
  expired: "Hết hạn",
  draft: "Nháp",
  archived: "Đã xóa",
};

export const PROMOTION_DEFAULTS = { bonusPercentage: 10, minDeposit: 10000, duration: 7 } as const;
const DAY = 86_400_000;

/** The end date the modal computes: start + duration days. */
export function promotionEndDate(start: Date, durationDays: number): Date {
  return new Date(start.getTime() + durationDays * DAY);
}

/** Whole days between two dates (at least 1), for editing an existing promotion. */
export function promotionDurationDays(start: string | null | undefined, end: string | null | undefined): number {
  const from = start ? Date.parse(start) : Number.NaN;
  const to = end ? Date.parse(end) : Number.NaN;
  if (Number.isNaN(from) || Number.isNaN(to)) return PROMOTION_DEFAULTS.duration;
  return Math.min(365, Math.max(1, Math.round((to - from) / DAY)));
}

/** An optional numeric limit as the API wants it: null when empty. */
export function optionalNumber(text: string): number | null {
  const value = parsePrice(text);
  return value === null ? null : value;
}
