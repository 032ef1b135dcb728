// Access tokens (short-lived JWTs, HS256 pinned) and refresh sessions (opaque, stored hashed,
// rotated on every use; a rotated token used again revokes its whole family). DESIGN.md §6.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Database } from "../db/client";
import { deviceTokens, sessions, users } from "../db/schema";
import { randomToken, sha256Hex } from "./crypto";

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session chain ends this long after its sign-in, however often it is refreshed. */
const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
const ISSUER = "ios-game-hack";

function signingKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * An access token names its session chain (`sid`), so ending the chain ends the token at once, and
 * says (`mfa`) whether the chain's sign-in passed the second factor.
 */
async function signAccessToken(secret: string, userId: number, sessionId: string, secondFactor: boolean, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ typ: "access", sid: sessionId, ...(secondFactor ? { mfa: true } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(signingKey(secret));
}

export type AccessClaims = { userId: number; sessionId: string; secondFactor: boolean };

/** The user and session of a valid access token, or null (bad signature, other algorithm, expired…). */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), { algorithms: ["HS256"], issuer: ISSUER });
    const id = Number(payload.sub);
    const sid = payload.sid;
    if (payload.typ !== "access" || !Number.isSafeInteger(id) || id <= 0 || typeof sid !== "string" || !sid) return null;
    return { userId: id, sessionId: sid, secondFactor: payload.mfa === true };
  } catch {
    return null;
  }
}

export type LiveSession = { user: typeof users.$inferSelect; familyId: string; signedInAt: Date; secondFactor: boolean };

/**
 * The user behind an access token's session chain while that chain lives: not ended (logout,
 * reset, password change, reuse) and within its absolute lifetime. One indexed read.
 */
export async function liveSession(db: Database, claims: AccessClaims, now = Date.now()): Promise<LiveSession | null> {
  const [row] = await db
    .select({ user: users, signedInAt: sessions.signedInAt, mfaVerifiedAt: sessions.mfaVerifiedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.familyId, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.signedInAt, new Date(now - SESSION_MAX_AGE_MS)),
      ),
    )
    .limit(1);
  if (!row?.signedInAt) return null;
  // Both the token and its chain must say so: a token cannot claim what its sign-in did not pass.
  return { user: row.user, familyId: claims.sessionId, signedInAt: row.signedInAt, secondFactor: claims.secondFactor && row.mfaVerifiedAt !== null };
}

export type SessionMeta = { userAgent?: string | null; ipAddress?: string | null };
export type TokenPair = { access: string; refresh: string };

async function insertSession(db: Database, userId: number, familyId: string, signedInAt: number, mfaVerifiedAt: number | null, meta: SessionMeta, now: number): Promise<string> {
  const refresh = randomToken();
  await db.insert(sessions).values({
    userId,
    familyId,
    tokenHash: await sha256Hex(refresh),
    createdAt: new Date(now),
    // Idle for 30 days, or the chain's absolute end, whichever comes first.
    expiresAt: new Date(Math.min(now + REFRESH_TOKEN_TTL_MS, signedInAt + SESSION_MAX_AGE_MS)),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ipAddress: meta.ipAddress ?? null,
    signedInAt: new Date(signedInAt),
    mfaVerifiedAt: mfaVerifiedAt === null ? null : new Date(mfaVerifiedAt),
  });
  return refresh;
}

/**
 * A new login: a new session family. `signedInAt` is when the user last proved who they are
 * (now, unless a chain is replaced without a new proof); `mfaVerifiedAt`, when that sign-in passed
 * the second factor (null: it did not).
 */
export async function startSession(
  db: Database,
  secret: string,
  userId: number,
  meta: SessionMeta = {},
  now = Date.now(),
  signedInAt = now,
  mfaVerifiedAt: number | null = null,
): Promise<TokenPair> {
  const familyId = randomToken(16);
  const refresh = await insertSession(db, userId, familyId, signedInAt, mfaVerifiedAt, meta, now);
  return { access: await signAccessToken(secret, userId, familyId, mfaVerifiedAt !== null, now), refresh };
}

export type RotateResult = { ok: true; userId: number; tokens: TokenPair } | { ok: false; reason: "invalid" | "expired" | "reused" };

export async function rotateSession(db: Database, secret: string, refresh: string, meta: SessionMeta = {}, now = Date.now()): Promise<RotateResult> {
  const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(refresh))).limit(1);
  if (!session || session.revokedAt) return { ok: false, reason: "invalid" };
  const signedInAt = (session.signedInAt ?? session.createdAt).getTime();
  if (session.expiresAt.getTime() <= now || signedInAt + SESSION_MAX_AGE_MS <= now) return { ok: false, reason: "expired" };
  // Claim this token once; losing the claim (already rotated, or a concurrent rotation) is reuse.
  const claimed = await db
    .update(sessions)
    .set({ rotatedAt: new Date(now) })
    .where(and(eq(sessions.id, session.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (claimed.length === 0) {
    await revokeFamily(db, session.familyId, now);
    return { ok: false, reason: "reused" };
  }
  // The chain keeps its second factor: refreshed tokens say what its sign-in passed.
  const mfaVerifiedAt = session.mfaVerifiedAt?.getTime() ?? null;
  const next = await insertSession(db, session.userId, session.familyId, signedInAt, mfaVerifiedAt, meta, now);
  const access = await signAccessToken(secret, session.userId, session.familyId, mfaVerifiedAt !== null, now);
  return { ok: true, userId: session.userId, tokens: { access, refresh: next } };
}

async function revokeFamily(db: Database, familyId: string, now = Date.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Logout: the session chain this refresh token belongs to ends. Unknown tokens are ignored. */
export async function endSession(db: Database, refresh: string, now = Date.now()): Promise<void> {
  const [session] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, await sha256Hex(refresh)))
    .limit(1);
  if (session) await revokeFamily(db, session.familyId, now);
}

/** Password reset and change: every session of the user ends, and every device is forgotten. */
export async function revokeAllSessions(db: Database, userId: number, now = Date.now()): Promise<void> {
  await db.batch([
    db.update(sessions).set({ revokedAt: new Date(now) }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    db.update(deviceTokens).set({ revokedAt: new Date(now) }).where(and(eq(deviceTokens.userId, userId), isNull(deviceTokens.revokedAt))),
  ]);
}

// ---------------------------------------------------------------- device tokens

/** A device token unused for this long is no longer known. */
const DEVICE_TOKEN_IDLE_MS = 180 * 24 * 60 * 60 * 1000;

/** A new device token for a browser that just signed in with the password (stored hashed). */
export async function issueDeviceToken(db: Database, userId: number, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db.insert(deviceTokens).values({ userId, tokenHash: await sha256Hex(token), createdAt: new Date(now), lastUsedAt: new Date(now) });
  return token;
}

/** The id of a live device token of this account, or null (unknown, another account's, revoked, idle). */
export async function knownDevice(db: Database, token: string, userId: number, now = Date.now()): Promise<number | null> {
  const [row] = await db
    .select({ id: deviceTokens.id })
    .from(deviceTokens)
    .where(
      and(
        eq(deviceTokens.tokenHash, await sha256Hex(token)),
        eq(deviceTokens.userId, userId),
        isNull(deviceTokens.revokedAt),
        gt(sql`coalesce(${deviceTokens.lastUsedAt}, ${deviceTokens.createdAt})`, now - DEVICE_TOKEN_IDLE_MS),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function touchDevice(db: Database, id: number, now = Date.now()): Promise<void> {
  await db.update(deviceTokens).set({ lastUsedAt: new Date(now) }).where(eq(deviceTokens.id, id));
}
