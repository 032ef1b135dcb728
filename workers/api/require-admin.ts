import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "./context";
import { ApiError } from "./errors";
import { requireUser } from "./require-user";

export const ADMIN_MESSAGES = {
  forbidden: "Access Denied: Bạn không có quyền truy cập trang này",
} as const;

/** Admins are superusers or staff, read from the database on every call (DESIGN.md §6). */
export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) =>
  requireUser(c, async () => {
    const user = c.get("user");
    if (!user.isSuperuser && !user.isStaff) throw new ApiError(403, ADMIN_MESSAGES.forbidden);
    await next();
  }),
);
