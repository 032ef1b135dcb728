// The TOTP second factor (RFC 6238, issue #15, ADR 0014): secrets encrypted at rest, sign-in
// challenges (5 minutes, single use, 5 wrong codes spend them), an accepted time step never
// accepted again, and single-use recovery codes stored hashed. Enrolling, removing the factor and
// renewing recovery codes move the account's security epoch (docs/decisions/0022-security-epoch.md).
import { and, eq, exists, getTableColumns, gt, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Config } from "../platform/config";
import type { Database } from "../db/client";
import { mfaChallenges, mfaRecoveryCodes, users } from "../db/schema";
import { base64, base64url, fromBase64url, hex } from "../lib/bytes";
import { logEvent } from "../lib/log";
import { type AuditRecord, auditQuery } from "../db/statements/audit";
import type { UserRow } from "./accounts";
import { randomToken, sha256Hex } from "../platform/crypto";
import { fieldError, ValidationError } from "../platform/errors";
import { qrPng } from "../lib/qr-png";
import { type EpochOwner, nextEpoch, stillInEpoch } from "./security-epoch";
import { carrySessionQuery } from "./sessions";
import { MFA_MESSAGES } from "./messages";
import type { Message } from "../shared/message";

/** A code that was checked and refused (wrong, already used, or the one that spent the challenge): the API records it for admins. */
export class WrongCodeError extends ValidationError {
  constructor(field: "code" | "mfa_token", message: Message) {
    super(message, { [field]: [message] });
  }
}

const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
const RECOVERY_CODE_COUNT = 10;
const STEP_SECONDS = 30;
const SECRET_BYTES = 20;

// ---------------------------------------------------------------- secrets at rest

/**
 * AES-GCM keys for TOTP secrets, each derived (HKDF) from one key material and known by an id (the
 * first 8 hex of the material's SHA-256), which every new ciphertext names: `v1.<kid>.<iv>.<data>`.
 * MFA_ENCRYPTION_KEY encrypts; MFA_ENCRYPTION_KEY_PREVIOUS still decrypts during a rotation
 * (docs/operations.md, "Rotating secrets"), and the cron re-encrypts with the current key. A
 * ciphertext of three parts (`v1.<iv>.<data>`, before key ids) was made with MFA_ENCRYPTION_KEY,
 * or JWT_SECRET when it was empty. The user id is the additional data, so a ciphertext copied to another row does not decrypt.
 */
type SecretKey = { kid: string; key: CryptoKey };
const keyCache = new Map<string, Promise<SecretKey>>();

function deriveSecretKey(material: string): Promise<SecretKey> {
  let derived = keyCache.get(material);
  if (!derived) {
    derived = (async () => {
      const bytes = new TextEncoder().encode(material);
      const kid = hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))).slice(0, 8);
      const base = await crypto.subtle.importKey("raw", bytes, "HKDF", false, ["deriveKey"]);
      const key = await crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: new TextEncoder().encode("ios-game-hack/mfa"), info: new TextEncoder().encode("totp-secret-v1") },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      );
      return { kid, key };
    })();
    keyCache.set(material, derived);
  }
  return derived;
}

type KeyConfig = Pick<Config, "JWT_SECRET" | "MFA_ENCRYPTION_KEY" | "MFA_ENCRYPTION_KEY_PREVIOUS">;

/** The key new ciphertexts use. */
function currentSecretKey(config: KeyConfig): Promise<SecretKey> {
  return deriveSecretKey(config.MFA_ENCRYPTION_KEY || config.JWT_SECRET);
}

/** Every key a stored ciphertext may have been made with, current first. */
function knownSecretKeys(config: KeyConfig): Promise<SecretKey[]> {
  const materials = [config.MFA_ENCRYPTION_KEY, config.MFA_ENCRYPTION_KEY_PREVIOUS, config.JWT_SECRET].filter(Boolean);
  return Promise.all([...new Set(materials)].map(deriveSecretKey));
}

/** A stored TOTP secret no known key opens (a key rotated away too early). */
class UndecryptableSecretError extends Error {}

const additionalData = (userId: number) => new TextEncoder().encode(`user:${userId}`);

async function encryptSecret(config: KeyConfig, userId: number, base32: string): Promise<string> {
  const { kid, key } = await currentSecretKey(config);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: additionalData(userId) }, key, new TextEncoder().encode(base32));
  return `v1.${kid}.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

async function decryptSecret(config: KeyConfig, userId: number, stored: string): Promise<string> {
  const parts = stored.split(".");
  const [kid, iv, sealed] = parts[0] !== "v1" ? [] : parts.length === 4 ? parts.slice(1) : [null, parts[1], parts[2]];
  if (!iv || !sealed) throw new UndecryptableSecretError(`user ${userId}: unknown TOTP secret format`);
  const keys = (await knownSecretKeys(config)).filter((candidate) => kid === null || candidate.kid === kid);
  for (const { key } of keys) {
    try {
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64url(iv), additionalData: additionalData(userId) }, key, fromBase64url(sealed));
      return new TextDecoder().decode(plain);
    } catch {
      // Another key may open it (a ciphertext from before key ids names none).
    }
  }
  throw new UndecryptableSecretError(`user ${userId}: no configured key opens the TOTP secret (key id ${kid ?? "none"})`);
}

/**
 * The cron's share of a rotation: up to `limit` stored secrets not made with the current key are
 * opened with whichever known key made them and sealed again with the current one.
 */
export async function reencryptSecrets(db: Database, config: KeyConfig, limit = 20): Promise<number> {
  const { kid } = await currentSecretKey(config);
  const stale = await db
    .select({ id: users.id, mfaSecret: users.mfaSecret })
    .from(users)
    .where(and(isNotNull(users.mfaSecret), sql`${users.mfaSecret} NOT LIKE ${`v1.${kid}.%`}`))
    .limit(limit);
  let done = 0;
  for (const row of stale) {
    try {
      const sealed = await encryptSecret(config, row.id, await decryptSecret(config, row.id, row.mfaSecret as string));
      // Only if it is still the secret read: an enrolment meanwhile wins.
      await db.update(users).set({ mfaSecret: sealed }).where(and(eq(users.id, row.id), eq(users.mfaSecret, row.mfaSecret as string)));
      done += 1;
    } catch (error) {
      if (!(error instanceof UndecryptableSecretError)) throw error;
      logEvent("error", "mfa_secret_undecryptable", { user_id: row.id, error: error.message });
    }
  }
  return done;
}

function isBootstrapAdmin(user: Pick<UserRow, "email">, config: Pick<Config, "ADMIN_EMAIL" | "ADMIN_TOTP_SECRET">): boolean {
  return config.ADMIN_TOTP_SECRET !== "" && user.email.toLowerCase() === config.ADMIN_EMAIL.toLowerCase();
}

/** Whether the account has a second factor: its own, or (bootstrap admin) the ADMIN_TOTP_SECRET setting. */
export function hasSecondFactor(user: Pick<UserRow, "email" | "mfaSecret">, config: Config): boolean {
  return user.mfaSecret !== null || isBootstrapAdmin(user, config);
}

/** The account's TOTP secret (base32); its own enrolment wins over the bootstrap setting. */
async function accountSecret(config: Config, user: UserRow): Promise<string | null> {
  if (user.mfaSecret) {
    try {
      return await decryptSecret(config, user.id, user.mfaSecret);
    } catch (error) {
      if (!(error instanceof UndecryptableSecretError)) throw error;
      logEvent("error", "mfa_secret_undecryptable", { user_id: user.id, error: error.message });
      throw fieldError("code", MFA_MESSAGES.secretUnreadable);
    }
  }
  return isBootstrapAdmin(user, config) ? config.ADMIN_TOTP_SECRET : null;
}

// ---------------------------------------------------------------- codes

function totp(secret: string, config: Pick<Config, "SITE_NAME">, label = "") {
  return new TOTP({ issuer: config.SITE_NAME, label, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: STEP_SECONDS });
}

/** The time step `code` belongs to, one step of drift either way, or null. */
function matchingStep(secret: string, config: Config, code: string, now: number): number | null {
  const delta = totp(secret, config).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * Takes `step` as the account's last accepted one, only if it is later than the last: a code is
 * accepted once (RFC 6238 §5.2), and of two racing verifies of one code only one wins.
 */
async function claimStep(db: Database, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Stored per account, so equal codes of two accounts never meet in the unique index. */
function recoveryCodeHash(userId: number, code: string): Promise<string> {
  return sha256Hex(`${userId}:${code.toLowerCase().replace(/[^a-z0-9]/g, "")}`);
}

/**
 * 10 new recovery codes, and the statements that replace the account's earlier ones with them,
 * each only while `guard` holds (the batch's epoch condition).
 */
async function newRecoveryCodes(db: Database, userId: number, guard: SQL, now: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => recoveryCodeHash(userId, code)));
  // INSERT … SELECT, so the rows exist only under the guard. Drizzle inserts a SELECT into every
  // column, in the table's order: the values are listed by column name.
  const values: Record<string, SQL> = { id: sql`NULL`, user_id: sql`${userId}`, code_hash: sql`value`, used_at: sql`NULL`, created_at: sql`${now}` };
  const columns = Object.values(getTableColumns(mfaRecoveryCodes)).map((column) => values[column.name]);
  const queries = [
    db.delete(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, userId), guard)),
    db.insert(mfaRecoveryCodes).select(sql`SELECT ${sql.join(columns, sql`, `)} FROM json_each(${JSON.stringify(hashes)}) WHERE ${guard}`),
  ] as const;
  return { codes, queries };
}

/** Spends one unused recovery code of the account; false when none matches. */
async function spendRecoveryCode(db: Database, userId: number, code: string, now: number): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, await recoveryCodeHash(userId, code)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return used.length > 0;
}

/**
 * Spends one unused recovery code of the account and the challenge it answers, in one batch: the
 * code only while the challenge is open, the challenge only with the code. Of several codes sent
 * at once on one challenge, one is spent and the others stay as they were. False when the code
 * matches none or the challenge is over.
 */
async function spendRecoveryCodeOn(db: Database, userId: number, challengeId: number, code: string, now: number): Promise<boolean> {
  const hash = await recoveryCodeHash(userId, code);
  const open = and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.usedAt), lt(mfaChallenges.attempts, MAX_CODE_ATTEMPTS), gt(mfaChallenges.expiresAt, new Date(now)));
  const [used] = await db.batch([
    db
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, hash), isNull(mfaRecoveryCodes.usedAt), exists(db.select({ id: mfaChallenges.id }).from(mfaChallenges).where(open))))
      .returning({ id: mfaRecoveryCodes.id }),
    db
      .update(mfaChallenges)
      .set({ usedAt: new Date(now) })
      .where(and(open, exists(db.select({ id: mfaRecoveryCodes.id }).from(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.codeHash, hash), eq(mfaRecoveryCodes.usedAt, new Date(now)))))))
      .returning({ id: mfaChallenges.id }),
  ]);
  return used.length > 0;
}

/**
 * A fresh proof of the second factor: a code of a step not accepted before, or an unused recovery
 * code (spent). Throws the field error for `code` otherwise.
 */
export async function proveSecondFactor(db: Database, config: Config, user: UserRow, code: string, now = Date.now()): Promise<void> {
  if (!hasSecondFactor(user, config)) throw fieldError("code", MFA_MESSAGES.notEnabled);
  // A recovery code needs no decryption: it works even when the secret's key is gone.
  if (!isTotpCode(code)) {
    if (await spendRecoveryCode(db, user.id, code, now)) return;
    throw new WrongCodeError("code", MFA_MESSAGES.codeWrong);
  }
  const secret = await accountSecret(config, user);
  if (secret === null) throw fieldError("code", MFA_MESSAGES.notEnabled);
  const step = matchingStep(secret, config, code, now);
  if (step === null) throw new WrongCodeError("code", MFA_MESSAGES.codeWrong);
  if (!(await claimStep(db, user.id, step))) throw new WrongCodeError("code", MFA_MESSAGES.codeUsed);
}

// ---------------------------------------------------------------- challenges

/**
 * What a challenge remembers of the request that made it, to finish it the same way: a sign-in's
 * known device, or the session chain an enrolment from the profile upgrades.
 */
export type ChallengeContext = { source: "login"; deviceId: number | null } | { source: "profile"; familyId: string };

type Enrolment = { secret: string; otpauth_uri: string; qr_code: string };

async function enrolment(config: Config, user: UserRow, secret: string): Promise<Enrolment> {
  const uri = totp(secret, config, user.email).toString();
  return { secret, otpauth_uri: uri, qr_code: `data:image/png;base64,${base64(await qrPng(uri, 6))}` };
}

export type StartedChallenge = { mfa_token: string; mfa_enroll?: true } & Partial<Enrolment>;

/**
 * The second step of a sign-in (or an enrolment from the profile): a single-use token for
 * 5 minutes, alive only in the account's current security epoch (`user` was read with the proof
 * that opened it). Without a second factor yet, or when `enrol` asks, it proposes a new secret,
 * kept encrypted in the challenge until its first code confirms it.
 */
export async function startChallenge(db: Database, config: Config, user: UserRow, context: ChallengeContext, { enrol = false, now = Date.now() } = {}): Promise<StartedChallenge> {
  const token = randomToken();
  const enrolling = enrol || !hasSecondFactor(user, config);
  const secret = enrolling ? new Secret({ size: SECRET_BYTES }).base32 : null;
  await db.insert(mfaChallenges).values({
    userId: user.id,
    tokenHash: await sha256Hex(token),
    purpose: enrolling ? "enrol" : "verify",
    pendingSecret: secret ? await encryptSecret(config, user.id, secret) : null,
    context: JSON.stringify(context),
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    createdAt: new Date(now),
    securityEpoch: user.securityEpoch,
  });
  if (!secret) return { mfa_token: token };
  return { mfa_token: token, mfa_enroll: true, ...(await enrolment(config, user, secret)) };
}

export type Challenge = typeof mfaChallenges.$inferSelect;

/** A challenge that can still be answered: issued, not used or spent, not expired, of the account's current epoch. */
export async function openChallenge(db: Database, token: string, now = Date.now()): Promise<Challenge | null> {
  const [row] = await db
    .select({ challenge: mfaChallenges })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(
      and(
        eq(mfaChallenges.tokenHash, await sha256Hex(token)),
        isNull(mfaChallenges.usedAt),
        lt(mfaChallenges.attempts, MAX_CODE_ATTEMPTS),
        gt(mfaChallenges.expiresAt, new Date(now)),
        eq(mfaChallenges.securityEpoch, users.securityEpoch),
      ),
    )
    .limit(1);
  return row?.challenge ?? null;
}

/** A wrong answer: counted, and the fifth spends the challenge. Null: already spent by another request. */
async function countWrongAnswer(db: Database, challengeId: number, now: number): Promise<number | null> {
  const [row] = await db
    .update(mfaChallenges)
    .set({
      attempts: sql`${mfaChallenges.attempts} + 1`,
      usedAt: sql`case when ${mfaChallenges.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now} else ${mfaChallenges.usedAt} end`,
    })
    .where(and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.usedAt)))
    .returning({ attempts: mfaChallenges.attempts });
  return row?.attempts ?? null;
}

/** Spends the challenge; false when another request spent it first. */
async function spendChallenge(db: Database, challengeId: number, now: number): Promise<boolean> {
  const spent = await db
    .update(mfaChallenges)
    .set({ usedAt: new Date(now) })
    .where(and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.usedAt), lt(mfaChallenges.attempts, MAX_CODE_ATTEMPTS), gt(mfaChallenges.expiresAt, new Date(now))))
    .returning({ id: mfaChallenges.id });
  return spent.length > 0;
}

/** `user.securityEpoch`: the epoch a session started from this answer is born in. */
export type AnsweredChallenge = { user: UserRow; context: ChallengeContext; recoveryCodes: string[] | null };

/** The enrolment's condition: still the challenge's epoch, and for the profile, the calling chain still live in it. */
function enrolmentGuard(challenge: Challenge, context: ChallengeContext): SQL {
  const inEpoch = stillInEpoch(challenge.userId, challenge.securityEpoch);
  if (context.source !== "profile") return inEpoch;
  return sql`${inEpoch} and exists (select 1 from sessions where sessions.family_id = ${context.familyId} and sessions.user_id = ${challenge.userId} and sessions.revoked_at is null and sessions.security_epoch = ${challenge.securityEpoch})`;
}

/**
 * Checks `code` against the challenge: a code of the account's secret (or, for an enrolment, of
 * the proposed one), or for a sign-in a recovery code. A right answer spends the challenge. An
 * enrolment then, in one batch, stores the secret, replaces the recovery codes with 10 new ones
 * and moves the security epoch: every other session, challenge, device token and reset link of
 * the account ends; from the profile, the calling session chain goes on, now factor-verified.
 */
export async function answerChallenge(
  db: Database,
  config: Config,
  challenge: Challenge,
  code: string,
  { now = Date.now(), enrolmentRecord }: { now?: number; enrolmentRecord?: (user: UserRow) => AuditRecord | null } = {},
): Promise<AnsweredChallenge> {
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  const context = JSON.parse(challenge.context) as ChallengeContext;
  const wrong = async (message: Message) => {
    const attempts = await countWrongAnswer(db, challenge.id, now);
    if (attempts === null) return fieldError("mfa_token", MFA_MESSAGES.tokenInvalid);
    // A spent token is an error of the token: the screen goes back to the password.
    return attempts >= MAX_CODE_ATTEMPTS ? new WrongCodeError("mfa_token", MFA_MESSAGES.tokenSpent) : new WrongCodeError("code", message);
  };
  // A profile challenge from before chains were named cannot say which session it upgrades.
  if (!user || (context.source === "profile" && !context.familyId)) throw fieldError("mfa_token", MFA_MESSAGES.tokenInvalid);

  if (challenge.purpose === "enrol") {
    if (!challenge.pendingSecret || !isTotpCode(code)) throw await wrong(MFA_MESSAGES.codeWrong);
    const secret = await decryptSecret(config, user.id, challenge.pendingSecret);
    const step = matchingStep(secret, config, code, now);
    if (step === null) throw await wrong(MFA_MESSAGES.codeWrong);
    if (!(await spendChallenge(db, challenge.id, now))) throw fieldError("mfa_token", MFA_MESSAGES.tokenInvalid);
    const guard = enrolmentGuard(challenge, context);
    const { codes, queries } = await newRecoveryCodes(db, user.id, guard, now);
    // An admin's enrolment is an admin action: its record commits with it.
    const record = enrolmentRecord?.(user);
    const epoch = challenge.securityEpoch;
    // The calling chain goes on only from the profile; it is carried last before the epoch
    // moves, so the statements above still see it in the challenge's epoch.
    const carried = context.source === "profile" ? [carrySessionQuery(db, user.id, epoch, context.familyId, new Date(now))] : [];
    const stillCalled =
      context.source === "profile"
        ? sql`exists (select 1 from sessions where sessions.family_id = ${context.familyId} and sessions.user_id = ${user.id} and sessions.revoked_at is null and sessions.security_epoch = ${epoch + 1})`
        : undefined;
    const results = await db.batch([
      ...queries,
      ...carried,
      db
        .update(users)
        .set({ mfaSecret: challenge.pendingSecret, mfaEnabledAt: new Date(now), mfaLastStep: step, updatedAt: new Date(now), securityEpoch: nextEpoch })
        .where(and(eq(users.id, user.id), eq(users.securityEpoch, epoch), stillCalled))
        .returning(),
      ...(record ? [auditQuery(db, record, { when: "if_changed" })] : []),
    ]);
    const [updated] = results[queries.length + carried.length] as UserRow[];
    // Another event moved the epoch (or the calling session ended) since the challenge: nothing changed.
    if (!updated) throw fieldError("mfa_token", MFA_MESSAGES.tokenInvalid);
    return { user: updated, context, recoveryCodes: codes };
  }

  if (!hasSecondFactor(user, config)) throw fieldError("mfa_token", MFA_MESSAGES.tokenInvalid);
  // Recovery codes first, before any decryption: a rotated-away key must not lock an owner out.
  if (isTotpCode(code)) {
    const secret = await accountSecret(config, user);
    if (secret === null) throw fieldError("mfa_token", MFA_MESSAGES.tokenInvalid);
    const step = matchingStep(secret, config, code, now);
    if (step === null) throw await wrong(MFA_MESSAGES.codeWrong);
    if (!(await claimStep(db, user.id, step))) throw await wrong(MFA_MESSAGES.codeUsed);
    if (!(await spendChallenge(db, challenge.id, now))) throw fieldError("mfa_token", MFA_MESSAGES.tokenInvalid);
  } else if (!(await spendRecoveryCodeOn(db, user.id, challenge.id, code, now))) {
    // A wrong code, or one that lost the challenge to another answer (then the token is spent).
    throw await wrong(MFA_MESSAGES.codeWrong);
  }
  // The session is born in the challenge's epoch: if an event moved it meanwhile, it is born dead.
  return { user: { ...user, securityEpoch: challenge.securityEpoch }, context, recoveryCodes: null };
}

// ---------------------------------------------------------------- profile

export type SecondFactorStatus = { enabled: boolean; enabled_at: string | null; recovery_codes_left: number };

export async function secondFactorStatus(db: Database, config: Config, user: UserRow): Promise<SecondFactorStatus> {
  const [row] = await db
    .select({ left: sql<number>`count(*)` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, user.id), isNull(mfaRecoveryCodes.usedAt)));
  return { enabled: hasSecondFactor(user, config), enabled_at: user.mfaEnabledAt?.toISOString() ?? null, recovery_codes_left: row?.left ?? 0 };
}

/**
 * 10 new recovery codes replace all of the account's earlier ones, and the security epoch moves:
 * the calling session chain (`familyId`) goes on, every other session, challenge, device token and
 * reset link ends. `record`: an admin's, audited in the same batch. Null when another event moved
 * the epoch since `user` was read (nothing changed).
 */
export async function regenerateRecoveryCodes(db: Database, user: EpochOwner, familyId: string, record: AuditRecord | null, now = Date.now()): Promise<string[] | null> {
  const { codes, queries } = await newRecoveryCodes(db, user.id, stillInEpoch(user.id, user.securityEpoch), now);
  const moved = await moveEpoch(db, user, familyId, [...queries], {}, record, now);
  return moved ? codes : null;
}

/** A buyer turns the second factor off: the secret and the recovery codes go, and the security epoch moves (as above). */
export async function disableSecondFactor(db: Database, user: EpochOwner, familyId: string, now = Date.now()): Promise<boolean> {
  const queries = [db.delete(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, user.id), stillInEpoch(user.id, user.securityEpoch)))];
  return moveEpoch(db, user, familyId, queries, { mfaSecret: null, mfaEnabledAt: null, mfaLastStep: null }, null, now);
}

type BatchQuery = Parameters<Database["batch"]>[0][number];

/** `changes` (each under the epoch condition), the calling chain carried on, then the users UPDATE that moves the epoch. */
async function moveEpoch(
  db: Database,
  user: EpochOwner,
  familyId: string,
  changes: BatchQuery[],
  set: Partial<typeof users.$inferInsert>,
  record: AuditRecord | null,
  now: number,
): Promise<boolean> {
  const results = await db.batch([
    carrySessionQuery(db, user.id, user.securityEpoch, familyId),
    ...changes,
    db
      .update(users)
      .set({ ...set, updatedAt: new Date(now), securityEpoch: nextEpoch })
      .where(and(eq(users.id, user.id), eq(users.securityEpoch, user.securityEpoch)))
      .returning({ id: users.id }),
    ...(record ? [auditQuery(db, record, { when: "if_changed" })] : []),
  ] as [BatchQuery, ...BatchQuery[]]);
  return (results[changes.length + 1] as unknown[]).length > 0;
}
