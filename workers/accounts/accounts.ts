// Accounts: who a user is, how they prove it, and how they get back in (docs/architecture.md#accounts).
import { isUniqueViolation } from "../db/errors";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { formatVND } from "../shared/format";
import { type Config, ConfigError } from "../platform/config";
import type { Database } from "../db/client";
import { deviceTokens, mfaRecoveryCodes, passwordResetTokens, sessions, type UserRow, users } from "../db/schema";
import { randomToken, sha256Hex } from "../platform/crypto";
import { GoogleAuthError, type GoogleProfile } from "./google";
import { hashPassword, needsRehash, verifyPassword } from "./passwords";
import { type EpochOwner, nextEpoch, stillInEpoch } from "./security-epoch";
import { revokeAllQueries } from "./sessions";
import { logEvent } from "../lib/log";
import type { Lang } from "../shared/lang";

export type { UserRow };

/** The product's User record (docs/product.md §3), as the API returns it and the browser stores it. */
export function toPublicUser(user: UserRow) {
  const fullName = [user.firstName, user.lastName].filter((part) => part.trim()).join(" ");
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: fullName,
    avatar: user.avatarUrl,
    avatar_url: user.avatarUrl,
    is_superuser: user.isSuperuser,
    is_staff: user.isStaff,
    balance: user.balance,
    formatted_balance: formatVND(user.balance),
    total_spent: user.totalSpent,
    total_keys_purchased: user.totalKeysPurchased,
    has_usable_password: user.passwordHash !== null,
    email_notifications: user.emailNotifications,
    locale: user.locale,
    created_at: user.createdAt.toISOString(),
    last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
  };
}

export type PublicUser = ReturnType<typeof toPublicUser>;

const lower = (value: string) => value.trim().toLowerCase();

export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, lower(email))).limit(1);
  return user ?? null;
}

async function findUserByLogin(db: Database, login: string): Promise<UserRow | null> {
  const value = lower(login);
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)))
    .limit(1);
  return user ?? null;
}

export async function isUsernameTaken(db: Database, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, lower(username))).limit(1);
  return Boolean(row);
}

export async function isEmailTaken(db: Database, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== null;
}

/** `locale`: the language the store writes to the buyer in (the register form's, else the request's). */
export type NewAccount = { username: string; email: string; firstName: string; lastName: string; password: string; locale: Lang };

/** Creates the account; null fields name what is already taken (the unique indexes decide races). */
export async function registerUser(db: Database, input: NewAccount): Promise<{ user: UserRow } | { taken: ("username" | "email")[] }> {
  const taken: ("username" | "email")[] = [];
  if (await isUsernameTaken(db, input.username)) taken.push("username");
  if (await isEmailTaken(db, input.email)) taken.push("email");
  if (taken.length) return { taken };
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: input.username.trim(),
        email: lower(input.email),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash: await hashPassword(input.password),
        locale: input.locale,
      })
      .returning();
    return { user };
  } catch (error) {
    // Lost a race with another registration of the same name or address.
    if (isUniqueViolation(error)) {
      return { taken: (await isUsernameTaken(db, input.username)) ? ["username"] : ["email"] };
    }
    throw error;
  }
}

/** The buyer's language for the store's mails; the account as it is now, or null when it is gone. */
export async function setLocale(db: Database, userId: number, locale: Lang): Promise<UserRow | null> {
  const [user] = await db.update(users).set({ locale }).where(eq(users.id, userId)).returning();
  return user ?? null;
}

// Verifying against this when the account does not exist keeps wrong logins equally slow.
let decoyHash: Promise<string> | undefined;

/**
 * What the wrong-password counter is kept against: the account when one matches (so switching
 * between username and e-mail does not reset it), else the typed login.
 */
export async function loginSubject(db: Database, login: string): Promise<{ key: string; userId: number | null }> {
  const user = await findUserByLogin(db, login);
  return user ? { key: `user:${user.id}`, userId: user.id } : { key: `login:${lower(login)}`, userId: null };
}

export type LoginOutcome = { ok: true; user: UserRow } | { ok: false; reason: "bad_credentials" | "inactive" };

export async function authenticate(db: Database, login: string, password: string, now = new Date()): Promise<LoginOutcome> {
  const user = await findUserByLogin(db, login);
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword(randomToken());
    await verifyPassword(password, await decoyHash);
    return { ok: false, reason: "bad_credentials" };
  }
  if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, reason: "bad_credentials" };
  if (!user.isActive) return { ok: false, reason: "inactive" };
  const update: Partial<typeof users.$inferInsert> = { lastLogin: now };
  if (needsRehash(user.passwordHash)) update.passwordHash = await hashPassword(password);
  // Only while the account is as it was checked: a password changed (or any epoch moved) between
  // the check and here makes this sign-in lose, and the row handed on carries the epoch of the
  // check, so whatever it starts (a session, a challenge) is born dead if the epoch moves later.
  const [updated] = await db
    .update(users)
    .set(update)
    .where(and(eq(users.id, user.id), eq(users.securityEpoch, user.securityEpoch), eq(users.passwordHash, user.passwordHash)))
    .returning();
  if (!updated) return { ok: false, reason: "bad_credentials" };
  return { ok: true, user: updated };
}

/**
 * Sets the password and moves the security epoch, in one batch: every session, device token, open
 * challenge and reset link of the account ends (docs/decisions/0022-security-epoch.md). `user`
 * carries the epoch the caller's proof was checked in; null when another event moved it since
 * (nothing changed). `emailVerified`: the change came through a mailed link, which proves the mailbox.
 */
export async function setPassword(db: Database, user: EpochOwner, password: string, now = new Date(), { emailVerified = false } = {}): Promise<UserRow | null> {
  const passwordHash = await hashPassword(password);
  const inEpoch = stillInEpoch(user.id, user.securityEpoch);
  const [, , , [updated]] = await db.batch([
    ...revokeAllQueries(db, user.id, user.securityEpoch, now),
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt), inEpoch)),
    // Last: the statements above hold only while the epoch is still the one read.
    db
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now, securityEpoch: nextEpoch, ...(emailVerified ? { emailVerifiedAt: now } : {}) })
      .where(and(eq(users.id, user.id), eq(users.securityEpoch, user.securityEpoch)))
      .returning(),
  ]);
  return updated ?? null;
}

// ---------------------------------------------------------------- password reset

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** A single-use reset token for an active account (stored hashed), or null when there is none. */
export async function createResetToken(db: Database, email: string, now = Date.now()): Promise<{ user: UserRow; token: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user?.isActive) return null;
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: await sha256Hex(token),
    createdAt: new Date(now),
    expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
    securityEpoch: user.securityEpoch,
  });
  return { user, token };
}

/** An unused, unexpired reset link of the account's current epoch, with its account. */
async function liveResetToken(db: Database, token: string, now: number) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, await sha256Hex(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date(now)),
        eq(passwordResetTokens.securityEpoch, users.securityEpoch),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function checkResetToken(db: Database, token: string, now = Date.now()): Promise<UserRow | null> {
  return (await liveResetToken(db, token, now))?.user ?? null;
}

/** Spends the token (once, even under concurrent use) and sets the new password, in the token's epoch. */
export async function resetPassword(db: Database, token: string, password: string, now = Date.now()): Promise<UserRow | null> {
  const row = await liveResetToken(db, token, now);
  if (!row) return null;
  const spent = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (spent.length === 0) return null;
  // An event that moved the epoch after the check (a takeover, another reset) wins: nothing is set.
  return setPassword(db, row.user, password, new Date(now), { emailVerified: true });
}

// ---------------------------------------------------------------- Google accounts

function usernameBase(email: string): string {
  return email.split("@")[0].toLowerCase().replace(/[^a-z0-9._-]/g, "").slice(0, 24).padEnd(3, "0");
}

/** A Google sign-in's account, and whether this sign-in linked it by its e-mail (the owner proved it, or a takeover). */
export type GoogleAccount = { user: UserRow; linked: null | "verified" | "takeover" };

/**
 * The account of a verified Google identity: by its subject, else by its e-mail (the linking
 * rule below), else a new one. Throws GoogleAuthError when the address belongs to an account
 * tied to another Google identity.
 */
export async function findOrCreateGoogleUser(db: Database, profile: GoogleProfile, now = new Date(), retries = 2, locale: Lang = "vi"): Promise<GoogleAccount> {
  const [bySub] = await db.select().from(users).where(eq(users.googleSub, profile.sub)).limit(1);
  if (bySub) {
    // Google vouches for the address again; it proves the mailbox while it is still the account's.
    const proves = bySub.emailVerifiedAt === null && lower(bySub.email) === lower(profile.email);
    const [user] = await db
      .update(users)
      .set(proves ? { lastLogin: now, emailVerifiedAt: now } : { lastLogin: now })
      .where(eq(users.id, bySub.id))
      .returning();
    return { user, linked: null };
  }

  const byEmail = await findUserByEmail(db, profile.email);
  if (byEmail) {
    const linked = await linkGoogleByEmail(db, byEmail, profile, now);
    if (linked) return linked;
    // The account changed under us (a concurrent sign-in): decide again from what it is now.
    if (retries > 0) return findOrCreateGoogleUser(db, profile, now, retries - 1, locale);
    throw new GoogleAuthError("account changed during Google sign-in", "failed");
  }

  const base = usernameBase(profile.email);
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = attempt === 0 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (await isUsernameTaken(db, username)) continue;
    try {
      const [user] = await db
        .insert(users)
        .values({
          username,
          email: lower(profile.email),
          firstName: profile.familyName,
          lastName: profile.givenName,
          googleSub: profile.sub,
          avatarUrl: profile.picture,
          passwordHash: null,
          lastLogin: now,
          emailVerifiedAt: now,
          locale,
        })
        .returning();
      return { user, linked: null };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another request made this address or identity meanwhile: it goes through the rules above.
      const raced = (await findUserByEmail(db, profile.email)) !== null;
      if (raced && retries > 0) return findOrCreateGoogleUser(db, profile, now, retries - 1, locale);
      if (raced) throw error;
    }
  }
  throw new Error("Could not choose a username for a Google account");
}

/**
 * Google vouches for an address that already has an account (docs/decisions, "Google linking"):
 * - tied to another Google identity: refused, never relinked by e-mail;
 * - its owner proved the mailbox (email_verified_at): linked, the password kept (same person);
 * - nobody ever proved it: whoever registered it may be a squatter, so Google wins. In one batch
 *   the password is removed, every session and device token revoked, every reset link spent, the
 *   security epoch moved (docs/decisions/0022: every open second-step challenge dies too), a
 *   second factor and its recovery codes removed, and the identity linked. The owner can create
 *   a password again from the profile. An admin account keeps its second factor: for an admin it
 *   is what stands between a mailbox and the admin powers, and admins enrol at first sign-in.
 * Null when the account changed meanwhile (the caller decides again).
 */
async function linkGoogleByEmail(db: Database, account: UserRow, profile: GoogleProfile, now: Date): Promise<GoogleAccount | null> {
  if (account.googleSub !== null && account.googleSub !== profile.sub) {
    throw new GoogleAuthError("the address belongs to an account linked to another Google identity", "failed");
  }
  const link = { googleSub: profile.sub, avatarUrl: account.avatarUrl ?? profile.picture, lastLogin: now, updatedAt: now };

  if (account.emailVerifiedAt !== null) {
    const [linked] = await db
      .update(users)
      .set(link)
      .where(and(eq(users.id, account.id), isNull(users.googleSub)))
      .returning();
    return linked ? { user: linked, linked: "verified" } : null;
  }

  // Every statement holds only while the account is still unlinked and unverified, so a
  // concurrent change makes the whole batch a no-op instead of half a takeover.
  const unclaimed = sql`exists (select 1 from users where users.id = ${account.id} and users.google_sub is null and users.email_verified_at is null)`;
  const buyerUnclaimed = sql`exists (select 1 from users where users.id = ${account.id} and users.google_sub is null and users.email_verified_at is null and users.is_superuser = 0 and users.is_staff = 0)`;
  const [, , , , taken] = await db.batch([
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, account.id), isNull(sessions.revokedAt), unclaimed)),
    db.update(deviceTokens).set({ revokedAt: now }).where(and(eq(deviceTokens.userId, account.id), isNull(deviceTokens.revokedAt), unclaimed)),
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, account.id), isNull(passwordResetTokens.usedAt), unclaimed)),
    db.delete(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, account.id), buyerUnclaimed)),
    db
      .update(users)
      .set({
        ...link,
        passwordHash: null,
        passwordChangedAt: now,
        emailVerifiedAt: now,
        securityEpoch: nextEpoch,
        // The squatter's factor goes with the password; an admin's stays (see above).
        mfaSecret: sql`case when ${users.isSuperuser} or ${users.isStaff} then ${users.mfaSecret} end`,
        mfaEnabledAt: sql`case when ${users.isSuperuser} or ${users.isStaff} then ${users.mfaEnabledAt} end`,
        mfaLastStep: sql`case when ${users.isSuperuser} or ${users.isStaff} then ${users.mfaLastStep} end`,
      })
      .where(and(eq(users.id, account.id), isNull(users.googleSub), isNull(users.emailVerifiedAt)))
      .returning(),
  ]);
  const [user] = taken;
  if (!user) return null;
  logEvent("warn", "google_takeover", {
    user_id: user.id,
    had_password: account.passwordHash !== null,
    had_second_factor: account.mfaSecret !== null,
    detail: "Google vouched for an unverified address: password (and a buyer's second factor) removed, security epoch moved, sessions and device tokens revoked, reset links spent",
  });
  return { user, linked: "takeover" };
}

// ---------------------------------------------------------------- the configured admin

function usernameFromEmail(email: string): string {
  return email.split("@")[0].toLowerCase().replace(/[^a-z0-9_.-]/g, "").slice(0, 30) || "admin";
}

/**
 * Creates the configured admin when missing. An existing account with that e-mail that already
 * is an admin stays as it is; any other is never promoted (whoever registered the address first
 * would become superuser), so the store refuses to start with a message naming the setting.
 */
export async function ensureAdminAccount(db: Database, config: Pick<Config, "ADMIN_EMAIL" | "ADMIN_PASSWORD">): Promise<void> {
  const existing = await findUserByEmail(db, config.ADMIN_EMAIL);
  if (existing) {
    if (existing.isSuperuser || existing.isStaff) return;
    throw new ConfigError(
      `Cấu hình không hợp lệ (invalid configuration): ADMIN_EMAIL: địa chỉ này đã thuộc về một tài khoản không phải quản trị (user id ${existing.id}); ` +
        "cửa hàng không tự nâng quyền tài khoản đó (refusing to promote an existing account). " +
        "Hãy đặt ADMIN_EMAIL khác, hoặc để một quản trị viên cấp quyền cho tài khoản đó.",
    );
  }
  const base = usernameFromEmail(config.ADMIN_EMAIL);
  await db
    .insert(users)
    .values({
      username: (await isUsernameTaken(db, base)) ? `${base}-admin` : base,
      email: lower(config.ADMIN_EMAIL),
      firstName: "Admin",
      passwordHash: await hashPassword(config.ADMIN_PASSWORD),
      isSuperuser: true,
      isStaff: true,
    })
    .onConflictDoNothing();
}
