import { createMiddleware } from "hono/factory";
import { type Config, getConfig } from "../platform/config";
import type { UserRow } from "./accounts";
import { ACCESS_DENIED_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE } from "../shared/error-messages";
import type { ApiEnv } from "../platform/http/context";
import { HttpError } from "../platform/http/api-errors";
import { requireUser } from "./require-user";

const ADMIN_MESSAGES = {
  forbidden: ACCESS_DENIED_MESSAGE,
  secondFactor: SECOND_FACTOR_REQUIRED_MESSAGE,
} as const;

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

/** The role, from the database, and a session whose sign-in passed the second factor (issue #15). */
export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) =>
  requireUser(c, async () => {
    if (!isAdmin(c.get("user"), getConfig(c.env))) throw new HttpError(403, ADMIN_MESSAGES.forbidden);
    if (!c.get("session").secondFactor) throw new HttpError(403, ADMIN_MESSAGES.secondFactor);
    await next();
  }),
);
