import { createMiddleware } from "hono/factory";
import { getConfig } from "../platform/config";
import { type LiveSession, liveSession, verifyAccessToken } from "./sessions";
import type { Database } from "../db/client";
import { type ApiEnv, db } from "../platform/http/context";
import { HttpError } from "../platform/http/api-errors";
import { AUTH_MESSAGES } from "./messages";

/**
 * Bearer access token → the user, read fresh from the database (roles included), while the
 * token's session chain lives: a logout, reset or password change ends its tokens at once.
 */
export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  const session = await bearerSession(db(c), getConfig(c.env).JWT_SECRET, c.req.header("Authorization"));
  if (!session) throw new HttpError(401, AUTH_MESSAGES.unauthenticated, undefined, { "WWW-Authenticate": "Bearer" });
  c.set("user", session.user);
  c.set("session", { familyId: session.familyId, signedInAt: session.signedInAt, secondFactor: session.secondFactor });
  await next();
});

/** The live session of an `Authorization: Bearer <access token>` header, of an active user; else null. */
export async function bearerSession(database: Database, secret: string, header: string | undefined): Promise<LiveSession | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  const claims = token ? await verifyAccessToken(secret, token) : null;
  const session = claims ? await liveSession(database, claims) : null;
  return session?.user.isActive ? session : null;
}
