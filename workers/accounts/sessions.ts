// Access tokens (short-lived JWTs, HS256 pinned) and refresh sessions (opaque, stored hashed,
// rotated on every use; a rotated token used again revokes its whole family, except the same
// rotation asked again under its Idempotency-Key while its answer is still unused). docs/architecture.md#accounts.
// A session chain and a device token live only in the security epoch they were born in
// (docs/decisions/0022-security-epoch.md).
import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Database } from "../db/client";
import { deviceTokens, sessions, users } from "../db/schema";
import { SESSION_MAX_AGE_MS } from "../db/statements/live-sessions";
import { hmacSha256Base64url, randomToken, sha256Hex } from "../platform/crypto";
import { type EpochOwner, stillInEpoch } from "./security-epoch";

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
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
 * reuse), born in the account's current security epoch (a reset, password change, takeover or
 * change of the second factor moves it) and within its absolute lifetime. One indexed read. The
 * wallet object asks the same of its live sockets' chains (workers/db/statements/live-sessions.ts).
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
        eq(sessions.securityEpoch, users.securityEpoch),
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

/**
 * A session, challenge or device token's owner: a user row read with the proof it stands on (its
 * epoch is the one the proof was checked in, so an event in between leaves it born dead), or a
 * bare id, which takes the account's epoch at insert (callers with no proof of their own: tests).
 */
type Owner = number | EpochOwner;

function ownerId(owner: Owner): number {
  return typeof owner === "number" ? owner : owner.id;
}

function ownerEpoch(owner: Owner): number | SQL {
  return typeof owner === "number" ? sql`(select security_epoch from users where id = ${owner})` : owner.securityEpoch;
}

async function insertSession(
  db: Database,
  owner: Owner,
  familyId: string,
  signedInAt: number,
  mfaVerifiedAt: number | null,
  meta: SessionMeta,
  now: number,
  refresh = randomToken(),
): Promise<string> {
  await db.insert(sessions).values({
    userId: ownerId(owner),
    securityEpoch: ownerEpoch(owner),
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
  owner: Owner,
  meta: SessionMeta = {},
  now = Date.now(),
  signedInAt = now,
  mfaVerifiedAt: number | null = null,
): Promise<TokenPair> {
  const familyId = randomToken(16);
  const refresh = await insertSession(db, owner, familyId, signedInAt, mfaVerifiedAt, meta, now);
  return { access: await signAccessToken(secret, ownerId(owner), familyId, mfaVerifiedAt !== null, now), refresh };
}

/** A new access token of an existing chain (upgraded in place, e.g. by an enrolment from the profile). */
export function accessTokenFor(secret: string, userId: number, familyId: string, secondFactor: boolean, now = Date.now()): Promise<string> {
  return signAccessToken(secret, userId, familyId, secondFactor, now);
}

/** `reused`: the chain of user `userId` was ended for it. */
export type RotateResult = { ok: true; userId: number; tokens: TokenPair } | { ok: false; reason: "invalid" | "expired" } | { ok: false; reason: "reused"; userId: number };

/**
 * The token that replaces `refresh` when its rotation is asked under an Idempotency-Key: made from
 * both with the server's secret, so the same request asked again can be answered again (its first
 * answer may never have reached the browser: a reload or a lost network half-way).
 */
function successorUnder(secret: string, refresh: string, retryKey: string): Promise<string> {
  return hmacSha256Base64url(secret, `refresh-successor\n${retryKey}\n${refresh}`);
}

export async function rotateSession(
  db: Database,
  secret: string,
  refresh: string,
  meta: SessionMeta = {},
  now = Date.now(),
  retryKey: string | null = null,
): Promise<RotateResult> {
  const [row] = await db
    .select({ session: sessions, epoch: users.securityEpoch })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, await sha256Hex(refresh)))
    .limit(1);
  const session = row?.session;
  // A chain born before the account's current epoch is over, like a revoked one.
  if (!session || session.revokedAt || session.securityEpoch !== row.epoch) return { ok: false, reason: "invalid" };
  const signedInAt = (session.signedInAt ?? session.createdAt).getTime();
  if (session.expiresAt.getTime() <= now || signedInAt + SESSION_MAX_AGE_MS <= now) return { ok: false, reason: "expired" };
  // The chain keeps its second factor: refreshed tokens say what its sign-in passed.
  const mfaVerifiedAt = session.mfaVerifiedAt?.getTime() ?? null;
  const successor = retryKey === null ? undefined : await successorUnder(secret, refresh, retryKey);
  // Claim this token once; losing the claim (already rotated, or a concurrent rotation) is reuse,
  // unless it is the same request again and the token it answered is still the chain's, unused.
  const claimed = await db
    .update(sessions)
    .set({ rotatedAt: new Date(now) })
    .where(and(eq(sessions.id, session.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (claimed.length === 0) {
    if (successor !== undefined && (await unusedSuccessor(db, session.familyId, session.securityEpoch, successor, now))) {
      const access = await signAccessToken(secret, session.userId, session.familyId, mfaVerifiedAt !== null, now);
      return { ok: true, userId: session.userId, tokens: { access, refresh: successor } };
    }
    await revokeFamily(db, session.familyId, now);
    return { ok: false, reason: "reused", userId: session.userId };
  }
  // Born in the epoch just checked: if the epoch moves meanwhile, the new row is born dead.
  const next = await insertSession(db, { id: session.userId, securityEpoch: session.securityEpoch }, session.familyId, signedInAt, mfaVerifiedAt, meta, now, successor);
  const access = await signAccessToken(secret, session.userId, session.familyId, mfaVerifiedAt !== null, now);
  return { ok: true, userId: session.userId, tokens: { access, refresh: next } };
}

/** Whether `token` is its chain's live token: same family and epoch, never used, not revoked, not expired. */
async function unusedSuccessor(db: Database, familyId: string, epoch: number, token: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, await sha256Hex(token)),
        eq(sessions.familyId, familyId),
        eq(sessions.securityEpoch, epoch),
        isNull(sessions.rotatedAt),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function revokeFamily(db: Database, familyId: string, now = Date.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Logout: the session chain this refresh token belongs to ends; answers its user (null: an unknown token, ignored). */
export async function endSession(db: Database, refresh: string, now = Date.now()): Promise<number | null> {
  const [session] = await db
    .select({ familyId: sessions.familyId, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, await sha256Hex(refresh)))
    .limit(1);
  if (!session) return null;
  await revokeFamily(db, session.familyId, now);
  return session.userId;
}

/**
 * For a batch that moves the epoch from `epoch` (see security-epoch.ts): the calling session chain
 * goes on into the next epoch, upgraded to factor-verified when `secondFactorAt` is given, while
 * every other chain of the account stays behind, dead.
 */
export function carrySessionQuery(db: Database, userId: number, epoch: number, familyId: string, secondFactorAt?: Date) {
  return db
    .update(sessions)
    .set({ securityEpoch: epoch + 1, ...(secondFactorAt ? { mfaVerifiedAt: secondFactorAt } : {}) })
    .where(
      and(
        eq(sessions.familyId, familyId),
        eq(sessions.userId, userId),
        eq(sessions.securityEpoch, epoch),
        isNull(sessions.revokedAt),
        stillInEpoch(userId, epoch),
      ),
    );
}

/** For a batch that moves the epoch: every session and device token of the account also reads as ended. */
export function revokeAllQueries(db: Database, userId: number, epoch: number, now: Date) {
  return [
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), stillInEpoch(userId, epoch))),
    db.update(deviceTokens).set({ revokedAt: now }).where(and(eq(deviceTokens.userId, userId), isNull(deviceTokens.revokedAt), stillInEpoch(userId, epoch))),
  ] as const;
}

// ---------------------------------------------------------------- device tokens

/** A device token unused for this long is no longer known. */
const DEVICE_TOKEN_IDLE_MS = 180 * 24 * 60 * 60 * 1000;

/** A new device token for a browser that just signed in with the password (stored hashed). */
export async function issueDeviceToken(db: Database, owner: Owner, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db.insert(deviceTokens).values({
    userId: ownerId(owner),
    securityEpoch: ownerEpoch(owner),
    tokenHash: await sha256Hex(token),
    createdAt: new Date(now),
    lastUsedAt: new Date(now),
  });
  return token;
}

/** The id of a live device token of this account, or null (unknown, another account's, revoked, of an earlier epoch, idle). */
export async function knownDevice(db: Database, token: string, userId: number, now = Date.now()): Promise<number | null> {
  const [row] = await db
    .select({ id: deviceTokens.id })
    .from(deviceTokens)
    .innerJoin(users, eq(users.id, deviceTokens.userId))
    .where(
      and(
        eq(deviceTokens.tokenHash, await sha256Hex(token)),
        eq(deviceTokens.userId, userId),
        isNull(deviceTokens.revokedAt),
        eq(deviceTokens.securityEpoch, users.securityEpoch),
        gt(sql`coalesce(${deviceTokens.lastUsedAt}, ${deviceTokens.createdAt})`, now - DEVICE_TOKEN_IDLE_MS),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function touchDevice(db: Database, id: number, now = Date.now()): Promise<void> {
  await db.update(deviceTokens).set({ lastUsedAt: new Date(now) }).where(eq(deviceTokens.id, id));
}
