import { createMiddleware } from "hono/factory";
import { getConfig } from "../config";
import { AUTH_MESSAGES } from "../schemas/auth";
import { findUserById } from "../services/accounts";
import { verifyAccessToken } from "../services/sessions";
import { type ApiEnv, db } from "./context";
import { ApiError } from "./errors";

/** Bearer access token → the user, read fresh from the database (roles included). */
export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const userId = token ? await verifyAccessToken(getConfig(c.env).JWT_SECRET, token) : null;
  const user = userId ? await findUserById(db(c), userId) : null;
  if (!user || !user.isActive) throw new ApiError(401, AUTH_MESSAGES.unauthenticated, undefined, { "WWW-Authenticate": "Bearer" });
  c.set("user", user);
  await next();
});
