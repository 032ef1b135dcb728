// The second factor's API (issue #15): the sign-in's second step, and the profile's "Bảo mật"
// section (turn on, new recovery codes, enrol again, turn off for buyers).
import { Hono } from "hono";
import { getConfig } from "../../platform/config";
import { mfaCodeSchema, mfaSetupSchema, mfaVerifySchema } from "../schemas/mfa";
import { findUserById, toPublicUser, type UserRow } from "../accounts";
import { type AnsweredChallenge, answerChallenge, disableSecondFactor, hasSecondFactor, openChallenge, proveSecondFactor, regenerateRecoveryCodes, secondFactorStatus, startChallenge, WrongCodeError } from "../mfa";
import { type AuditRecord, recordAdminCodeFailure, recordAdminSignIn, recordAudit, tellAdminCredentialChange } from "../admin-notices";
import { claim, clear, LIMITS } from "../../platform/rate-limit";
import { closeEndedSockets } from "../../platform/live-sockets";
import { accessTokenFor, issueDeviceToken, startSession, touchDevice } from "../sessions";
import { proveOwner, sessionMeta, tooMany } from "./auth";
import { type ApiContext, type ApiEnv, db, requestActor, say } from "../../platform/http/context";
import { HttpError, MESSAGES } from "../../platform/http/api-errors";
import { isAdmin } from "../require-admin";
import { requireUser } from "../require-user";
import { clientAddress, readJson, takesJson } from "../../platform/http/validate";
import { AUTH_MESSAGES, MFA_MESSAGES, SECOND_FACTOR_MESSAGES as MESSAGES_MFA } from "../messages";

/** An admin's own second-factor change or sign-in, for the audit log. */
function adminRecord(c: ApiContext, user: UserRow, action: "mfa.enrol" | "mfa.recovery_regenerate" | "auth.admin_login"): AuditRecord {
  return { actor: requestActor(c, user), action, targetType: "user", targetId: user.id };
}

/**
 * A refused code for an admin account is written to the audit log (`signedIn`: the session's user
 * acting from the profile; null: a sign-in's second step, whose holder is not in yet), and the
 * third in 15 minutes tells the owner. A buyer's are not recorded.
 */
async function recordWrongCode(c: ApiContext, userId: number, signedIn: UserRow | null, stage: "sign_in" | "profile"): Promise<void> {
  const user = signedIn ?? (await findUserById(db(c), userId));
  if (!user || !isAdmin(user, getConfig(c.env))) return;
  const record: AuditRecord = { actor: signedIn ? requestActor(c, signedIn) : requestActor(c, null), action: "auth.mfa_failed", targetType: "user", targetId: user.id, details: { stage } };
  await recordAdminCodeFailure(c.env, record, user, clientAddress(c));
}

/** Runs a code check; a refused code is recorded as above, then refused. */
async function recordingWrongCodes<T>(c: ApiContext, userId: number, signedIn: UserRow | null, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof WrongCodeError) await recordWrongCode(c, userId, signedIn, signedIn ? "profile" : "sign_in");
    throw error;
  }
}

/** Checks of codes, per account: counted before the check, so parallel guesses cannot all be checked. */
async function countCodeCheck(c: ApiContext, userId: number): Promise<() => Promise<void>> {
  const counted = `user:${userId}`;
  const attempt = await claim(db(c), LIMITS.mfaCodesPerAccount, counted);
  if (!attempt.allowed) throw tooMany(attempt.retryAfterSeconds);
  return () => clear(db(c), LIMITS.mfaCodesPerAccount, counted);
}

/** A fresh code (or recovery code) of the signed-in user's second factor. */
async function proveFresh(c: ApiContext, user: UserRow, code: string | undefined): Promise<void> {
  if (!code) throw new HttpError(400, MESSAGES.invalidData, { code: [AUTH_MESSAGES.required] });
  const succeeded = await countCodeCheck(c, user.id);
  await recordingWrongCodes(c, user.id, user, () => proveSecondFactor(db(c), getConfig(c.env), user, code));
  await succeeded();
}

/** This session's chain is over (another event moved the account's epoch meanwhile). */
function sessionOver(): HttpError {
  return new HttpError(401, AUTH_MESSAGES.unauthenticated, undefined, { "WWW-Authenticate": "Bearer" });
}

/**
 * The tokens a right answer gives: a sign-in's new session (born in the challenge's epoch, or
 * after an enrolment the new one), or, for an enrolment from the profile, a new access token of
 * the calling chain, which the enrolment's batch upgraded and carried on (its refresh token stays).
 */
async function answeredTokens(c: ApiContext, answered: AnsweredChallenge, now: number): Promise<{ access: string; refresh?: string }> {
  const secret = getConfig(c.env).JWT_SECRET;
  if (answered.context.source === "profile") return { access: await accessTokenFor(secret, answered.user.id, answered.context.familyId, true, now) };
  return startSession(db(c), secret, answered.user, sessionMeta(c), now, now, now);
}

export const mfaApi = new Hono<ApiEnv>()
  // The sign-in's second step: answers what a password login without a second factor answers, and
  // after an enrolment the 10 recovery codes, shown once.
  .post("/verify", takesJson(mfaVerifySchema), async (c) => {
    const config = getConfig(c.env);
    const input = await readJson(c);
    const challenge = await openChallenge(db(c), input.mfa_token);
    if (!challenge) throw new HttpError(400, MFA_MESSAGES.tokenInvalid, { mfa_token: [MFA_MESSAGES.tokenInvalid] });
    const succeeded = await countCodeCheck(c, challenge.userId);
    const enrolmentRecord = (user: UserRow) => (isAdmin(user, config) ? adminRecord(c, user, "mfa.enrol") : null);
    const answered = await recordingWrongCodes(c, challenge.userId, null, () => answerChallenge(db(c), config, challenge, input.code, { enrolmentRecord }));
    await succeeded();
    // An enrolment moved the epoch: the account's other chains ended, and their live sockets close.
    if (answered.recoveryCodes) await closeEndedSockets(c.env, [answered.user.id]);
    if (!answered.user.isActive) throw new HttpError(403, AUTH_MESSAGES.inactive);
    const now = Date.now();
    const tokens = await answeredTokens(c, answered, now);
    if (isAdmin(answered.user, config)) {
      // An admin is in only now (the password alone gave the second step).
      await recordAudit(db(c), adminRecord(c, answered.user, "auth.admin_login"));
      await recordAdminSignIn(c.env, answered.user, clientAddress(c));
      // A new phone for an admin's second factor (audited in the enrolment's batch) is told to the owner.
      if (answered.recoveryCodes) await tellAdminCredentialChange(c.env, "mfa.enrol", answered.user, clientAddress(c), now);
    }
    let deviceToken: string | undefined;
    if (answered.context.source === "login") {
      // A device this account signed in from before keeps its token (the browser has it).
      if (answered.context.deviceId !== null) await touchDevice(db(c), answered.context.deviceId, now);
      else deviceToken = await issueDeviceToken(db(c), answered.user, now);
    }
    return c.json({
      success: true,
      message: say(c, answered.recoveryCodes ? MESSAGES_MFA.enabled : AUTH_MESSAGES.loggedIn),
      ...tokens,
      ...(deviceToken ? { device_token: deviceToken } : {}),
      user: toPublicUser(answered.user),
      ...(answered.recoveryCodes ? { recovery_codes: answered.recoveryCodes } : {}),
    });
  })
  .get("/", requireUser, async (c) => {
    const user = c.get("user");
    const status = await secondFactorStatus(db(c), getConfig(c.env), user);
    return c.json({ success: true, data: { ...status, required: isAdmin(user, getConfig(c.env)), session_verified: c.get("session").secondFactor } });
  })
  // Turning it on, or enrolling a new phone (then with a fresh code of the current one too): the
  // account's password first (a stolen session must not choose the factor), then a new secret to
  // scan, confirmed through /verify with its first code, which upgrades this session and ends the others.
  .post("/setup", requireUser, takesJson(mfaSetupSchema), async (c) => {
    const config = getConfig(c.env);
    const user = c.get("user");
    const { code, password } = await readJson(c);
    await proveOwner(c, password, "password", MESSAGES_MFA.signInAgainToEnrol);
    if (hasSecondFactor(user, config)) await proveFresh(c, user, code);
    const challenge = await startChallenge(db(c), config, user, { source: "profile", familyId: c.get("session").familyId }, { enrol: true });
    return c.json({ success: true, message: say(c, MESSAGES_MFA.scanAndConfirm), data: challenge });
  })
  .post("/recovery-codes", requireUser, takesJson(mfaCodeSchema), async (c) => {
    const user = c.get("user");
    const { code } = await readJson(c);
    await proveFresh(c, user, code);
    // The epoch moves: this session goes on, every other one ends.
    const admin = isAdmin(user, getConfig(c.env));
    const codes = await regenerateRecoveryCodes(db(c), user, c.get("session").familyId, admin ? adminRecord(c, user, "mfa.recovery_regenerate") : null);
    if (!codes) throw sessionOver();
    await closeEndedSockets(c.env, [user.id]);
    if (admin) await tellAdminCredentialChange(c.env, "mfa.recovery_regenerate", user, clientAddress(c), Date.now());
    return c.json({ success: true, message: say(c, MESSAGES_MFA.recoveryRegenerated), data: { recovery_codes: codes } });
  })
  .post("/disable", requireUser, takesJson(mfaCodeSchema), async (c) => {
    const user = c.get("user");
    if (isAdmin(user, getConfig(c.env))) throw new HttpError(403, MESSAGES_MFA.adminCannotDisable);
    const { code } = await readJson(c);
    await proveFresh(c, user, code);
    if (!(await disableSecondFactor(db(c), user, c.get("session").familyId))) throw sessionOver();
    await closeEndedSockets(c.env, [user.id]);
    return c.json({ success: true, message: say(c, MESSAGES_MFA.disabled) });
  });
