import { createMiddleware } from "hono/factory";
import { type Config, getConfig } from "../platform/config";
import type { UserRow } from "./accounts";
import type { ApiEnv } from "../platform/http/context";
import { HttpError, MESSAGES } from "../platform/http/api-errors";
import type { Message } from "../shared/message";
import { requireUser } from "./require-user";

/**
 * Admins are superusers or staff, read from the database on every call (docs/architecture.md#accounts), and, when
 * ADMIN_EMAIL_ALLOWLIST is set, only those with an address on it (or the bootstrap ADMIN_EMAIL).
 */
export function isAdmin(user: Pick<UserRow, "isSuperuser" | "isStaff" | "email">, config: Pick<Config, "ADMIN_EMAIL" | "ADMIN_EMAIL_ALLOWLIST">): boolean {
  if (!user.isSuperuser && !user.isStaff) return false;
  if (config.ADMIN_EMAIL_ALLOWLIST.length === 0) return true;
  const email = user.email.toLowerCase();
  return email === config.ADMIN_EMAIL.toLowerCase() || config.ADMIN_EMAIL_ALLOWLIST.includes(email);
}

/** Why a signed-in user may not act as an admin (the role, from the database; a sign-in that passed the second factor), or null. */
export function adminRefusal(user: Pick<UserRow, "isSuperuser" | "isStaff" | "email">, secondFactor: boolean, config: Config): Message | null {
  if (!isAdmin(user, config)) return MESSAGES.accessDenied;
  if (!secondFactor) return MESSAGES.secondFactorRequired;
  return null;
}

/** The admin's gate (issue #15): adminRefusal, as a 403. */
export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) =>
  requireUser(c, async () => {
    const refusal = adminRefusal(c.get("user"), c.get("session").secondFactor, getConfig(c.env));
    if (refusal) throw new HttpError(403, refusal);
    await next();
  }),
);
