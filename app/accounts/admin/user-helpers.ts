// Pure helpers of the admin's user screens (docs/product.md §2), beside app/owner/admin.ts: no React, no fetch.

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
