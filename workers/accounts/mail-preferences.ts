// The buyer's "Nhận email thông báo" switch and the signed one-click unsubscribe link every notice
// carries (RFC 8058; docs/decisions/0032-buyer-mails.md). A link is `<user id>.<generation>.<HMAC>`,
// the HMAC keyed by a key derived (HKDF) from JWT_SECRET: it cannot be made for another account.
// Turning the notices back on moves the generation, so a link from before no longer works.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { base64url, fromBase64url } from "../lib/bytes";

const keys = new Map<string, Promise<CryptoKey>>();

function linkKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: new TextEncoder().encode("ios-game-hack/mail"), info: new TextEncoder().encode("unsubscribe-link-v1") },
        base,
        { name: "HMAC", hash: "SHA-256", length: 256 },
        false,
        ["sign", "verify"],
      );
    })();
    keys.set(secret, key);
  }
  return key;
}

const signed = (userId: number, generation: number) => new TextEncoder().encode(`unsubscribe:${userId}:${generation}`);

export async function unsubscribeToken(secret: string, userId: number, generation: number): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await linkKey(secret), signed(userId, generation));
  return `${userId}.${generation}.${base64url(new Uint8Array(signature))}`;
}

/** The account and generation a token was signed for; null when it is not one of ours. */
async function readUnsubscribeToken(secret: string, token: string): Promise<{ userId: number; generation: number } | null> {
  const match = /^([1-9]\d{0,15})\.(0|[1-9]\d{0,8})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [userId, generation] = [Number(match[1]), Number(match[2])];
  const signature = fromBase64url(match[3]);
  // One spelling per token: the last character's unused bits must be zero.
  if (base64url(signature) !== match[3]) return null;
  // verify() compares in constant time.
  const ok = await crypto.subtle.verify("HMAC", await linkKey(secret), signature, signed(userId, generation));
  return ok ? { userId, generation } : null;
}

/** The switch as the buyer sets it; turning it back on kills the unsubscribe links signed before. */
export async function setEmailNotifications(db: Database, userId: number, enabled: boolean): Promise<void> {
  await db
    .update(users)
    .set(
      enabled
        ? { emailNotifications: true, mailLinkGeneration: sql`${users.mailLinkGeneration} + (1 - ${users.emailNotifications})` }
        : { emailNotifications: false },
    )
    .where(eq(users.id, userId));
}

/** Turns the notices off for the token's account; false when the token is forged or from an earlier generation. */
export async function unsubscribeWithToken(db: Database, secret: string, token: string): Promise<boolean> {
  const read = await readUnsubscribeToken(secret, token);
  if (!read) return false;
  const done = await db
    .update(users)
    .set({ emailNotifications: false })
    .where(and(eq(users.id, read.userId), eq(users.mailLinkGeneration, read.generation)))
    .returning({ id: users.id });
  return done.length === 1;
}
