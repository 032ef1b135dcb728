import { createMiddleware } from "hono/factory";
import { getConfig } from "../platform/config";
import { liveSession, verifyAccessToken } from "./sessions";
import { type ApiEnv, db } from "../platform/http/context";
import { HttpError } from "../platform/http/api-errors";
import { AUTH_MESSAGES } from "./messages";

/**
 * Bearer access token → the user, read fresh from the database (roles included), while the
 * token's session chain lives: a logout, reset or password change ends its tokens at once.
 */
export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const claims = token ? await verifyAccessToken(getConfig(c.env).JWT_SECRET, token) : null;
  const session = claims ? await liveSession(db(c), claims) : null;
  if (!session?.user.isActive) throw new HttpError(401, AUTH_MESSAGES.unauthenticated, undefined, { "WWW-Authenticate": "Bearer" });
  c.set("user", session.user);
  c.set("session", { familyId: session.familyId, signedInAt: session.signedInAt, secondFactor: session.secondFactor });
  await next();
});
