// Pure helpers of the admin screens (docs/product.md §2, §4, §5, §6): no React, no fetch, so unit tests
// can cover them. The server enforces every rule again; these are only pre-checks and labels. This
// file holds what every admin page needs (the guard); each topic's helpers are a file of their own
// (admin-keys, admin-key-list, admin-prices, admin-promotions; the users' are
// app/accounts/admin/user-helpers.ts), so a page loads only its topics.
import { ACCESS_DENIED_MESSAGE } from "@workers/shared/refusals/words";

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

/** A filter's choices: each value with its label. */
export function choices<Value extends string>(values: readonly Value[], labels: Record<Value, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

