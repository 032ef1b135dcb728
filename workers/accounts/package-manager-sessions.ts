// Phones signed in from Sileo or Zebra (docs/formats.md, "Payment provider API"; decision 0054).
// The token and the payment secret are random, handed to the phone once and stored only as hashes,
// bound to the account and the phone's UDID. Like every session they live only in the security
// epoch they were born in (docs/decisions/0022-security-epoch.md): a password change, a reset, a
// second factor changed, a Google takeover or "end every session" ends them with the rest.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { packageManagerSessions, type UserRow, users } from "../db/schema";
import { randomToken, sha256Hex } from "../platform/crypto";
import type { EpochOwner } from "./security-epoch";

/** How clients send the token: as handed out, or with Sileo's documented "Bearer " in front. */
function bareToken(token: string): string {
  return token.replace(/^bearer\s+/i, "").trim();
}

/** A new signed-in phone: its token and payment secret, said once (only their hashes are kept). */
export async function startPhoneSession(db: Database, owner: EpochOwner, udid: string, model: string, now = Date.now()) {
  const token = randomToken();
  const secret = randomToken();
  await db.insert(packageManagerSessions).values({
    userId: owner.id,
    securityEpoch: owner.securityEpoch,
    tokenHash: await sha256Hex(token),
    secretHash: await sha256Hex(secret),
    udid: udid.toLowerCase(),
    model,
    createdAt: new Date(now),
    lastUsedAt: new Date(now),
  });
  return { token, secret };
}

export type PhoneSession = { id: number; user: UserRow; udid: string; secretHash: string };

/**
 * The live session of `token`, when it was handed to this `udid`: not signed out or ended, of the
 * account's current epoch, of an active account. Anything else is null: the client signs out.
 */
export async function phoneSession(db: Database, token: string, udid: string): Promise<PhoneSession | null> {
  const bare = bareToken(token);
  if (!bare) return null;
  const [row] = await db
    .select({ id: packageManagerSessions.id, udid: packageManagerSessions.udid, secretHash: packageManagerSessions.secretHash, user: users })
    .from(packageManagerSessions)
    .innerJoin(users, eq(users.id, packageManagerSessions.userId))
    .where(and(eq(packageManagerSessions.tokenHash, await sha256Hex(bare)), isNull(packageManagerSessions.revokedAt), eq(packageManagerSessions.securityEpoch, users.securityEpoch)))
    .limit(1);
  if (!row?.user.isActive || row.udid !== udid.toLowerCase()) return null;
  return row;
}

/** Whether `secret` is the payment secret of this session (compared by hash). */
export async function paymentSecretMatches(session: PhoneSession, secret: string | null | undefined): Promise<boolean> {
  return typeof secret === "string" && secret.length > 0 && (await sha256Hex(secret)) === session.secretHash;
}

/** Sign out from the phone: the token ends. An unknown token is ignored. */
export async function endPhoneSession(db: Database, token: string, now = Date.now()): Promise<void> {
  const bare = bareToken(token);
  if (!bare) return;
  await db
    .update(packageManagerSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(packageManagerSessions.tokenHash, await sha256Hex(bare)), isNull(packageManagerSessions.revokedAt)));
}

/** The account's signed-in phones, as the security page lists them (live ones only). */
export async function listPhoneSessions(db: Database, user: EpochOwner) {
  const rows = await db
    .select({ id: packageManagerSessions.id, udid: packageManagerSessions.udid, model: packageManagerSessions.model, createdAt: packageManagerSessions.createdAt })
    .from(packageManagerSessions)
    .where(and(eq(packageManagerSessions.userId, user.id), isNull(packageManagerSessions.revokedAt), eq(packageManagerSessions.securityEpoch, user.securityEpoch)))
    .orderBy(desc(packageManagerSessions.id))
    .limit(50);
  // The UDID's last characters are enough to tell phones apart; the whole is not shown.
  return rows.map((row) => ({ id: row.id, model: row.model, udid_end: row.udid.slice(-6), created_at: row.createdAt.toISOString() }));
}

/** The buyer ends one of their phones from the security page; false when it is not theirs or already ended. */
export async function endPhoneSessionById(db: Database, userId: number, id: number, now = Date.now()): Promise<boolean> {
  const ended = await db
    .update(packageManagerSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(packageManagerSessions.id, id), eq(packageManagerSessions.userId, userId), isNull(packageManagerSessions.revokedAt)))
    .returning({ id: packageManagerSessions.id });
  return ended.length > 0;
}
