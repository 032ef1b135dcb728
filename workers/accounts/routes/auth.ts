// Accounts API (docs/product.md §7 "Auth and wallet", plus refresh, logout and me).
import { Hono } from "hono";
import { z } from "zod";
import { getConfig, publicOrigin } from "../../platform/config";
import {
  availabilitySchema,
  changePasswordSchema,
  emailSchema,
  forgotPasswordSchema,
  googleAuthSchema,
  localeSchema,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  usernameSchema,
} from "../schemas/auth";
import {
  authenticate,
  checkResetToken,
  createResetToken,
  findOrCreateGoogleUser,
  findUserById,
  isEmailTaken,
  isUsernameTaken,
  loginSubject,
  registerUser,
  resetPassword,
  setLocale,
  setPassword,
  toPublicUser,
  type UserRow,
} from "../accounts";
import { recordAudit, type CredentialChange, recordAdminCredentialChange } from "../admin-notices";
import { authorizationSettings, GoogleAuthError, verifyGoogleSignIn } from "../google";
import { passwordResetMail, sendMail } from "../../platform/mailer";
import { hasSecondFactor, startChallenge } from "../mfa";
import { verifyPassword } from "../passwords";
import { claim, clear, hit, LIMITS, type Limit } from "../../platform/rate-limit";
import { closeEndedSockets } from "../../platform/live-sockets";
import { endSession, issueDeviceToken, knownDevice, rotateSession, type SessionMeta, startSession, touchDevice } from "../sessions";
import { type ApiContext, type ApiEnv, db, langOf, requestActor, say } from "../../platform/http/context";
import { type FieldErrors, HttpError, MESSAGES } from "../../platform/http/api-errors";
import { errorText, logEvent } from "../../lib/log";
import { isAdmin } from "../require-admin";
import { requireUser } from "../require-user";
import { clientAddress, idempotencyKey, readJson, readQuery, takesJson, takesQuery } from "../../platform/http/validate";
import { AUTH_MESSAGES } from "../messages";
import { refusalBody } from "../../platform/http/refusals";
import { type Lang, langOfRequest } from "../../shared/lang";
import { type Said, saidOfIssue } from "../../shared/message";

/** The reset link's token; anything that is not one text of at most 200 characters reads as none (as unsubscribeQuery reads its link's). */
const resetTokenQuery = z.object({ token: z.string().max(200).catch("").default("") });

/** Creating a password or enrolling a factor without a current password needs a sign-in this recent. */
const RECENT_SIGN_IN_MS = 10 * 60_000;

export function tooMany(seconds: number): HttpError {
  return new HttpError(429, AUTH_MESSAGES.tooMany(seconds), undefined, { "Retry-After": String(seconds) });
}

async function limit(c: ApiContext, rule: Limit, subject: string): Promise<void> {
  const state = await hit(db(c), rule, subject);
  if (!state.allowed) throw tooMany(state.retryAfterSeconds);
}

/** A refused sign-in to an admin account goes into the audit log; a buyer's does not. */
async function recordFailedAdminSignIn(c: ApiContext, userId: number | null, login: string, reason: string): Promise<void> {
  const user = userId === null ? null : await findUserById(db(c), userId);
  if (!user || !isAdmin(user, getConfig(c.env))) return;
  await recordAudit(db(c), { actor: requestActor(c, null), action: "auth.login_failed", targetType: "user", targetId: user.id, details: { login, reason } });
}

/**
 * What a signed-in session must show before it changes who may act for the account (a password,
 * a second factor): the account's current password in `field`, counted per account before the
 * check like login (a stolen access token cannot guess it), or, for an account without one, a
 * sign-in within the last 10 minutes (else 403 with `signInAgain`).
 */
export async function proveOwner(c: ApiContext, password: string | undefined, field: string, signInAgain: Said, now = Date.now()): Promise<void> {
  const user = c.get("user");
  if (user.passwordHash === null) {
    if (now - c.get("session").signedInAt.getTime() > RECENT_SIGN_IN_MS) throw new HttpError(403, signInAgain);
    return;
  }
  if (!password) throw new HttpError(400, MESSAGES.invalidData, { [field]: [AUTH_MESSAGES.required] });
  const counted = `user:${user.id}`;
  const attempt = await claim(db(c), LIMITS.currentPasswordPerAccount, counted);
  if (!attempt.allowed) throw tooMany(attempt.retryAfterSeconds);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong, { [field]: [AUTH_MESSAGES.currentPasswordWrong] });
  }
  await clear(db(c), LIMITS.currentPasswordPerAccount, counted);
}

export function sessionMeta(c: ApiContext): SessionMeta {
  return { userAgent: c.req.header("User-Agent") ?? null, ipAddress: clientAddress(c) };
}

/** A username's or an e-mail's availability, as the register form reads it while the person types. */
function availability(c: ApiContext, field: "username" | "email", available: boolean, message: Said) {
  const data: Partial<Record<"username" | "email", { available: boolean; message: string }>> = { [field]: { available, message: say(c, message) } };
  return { success: true as const, data };
}

/** Whether a reset link still works, and whose it is, as the reset-password page reads it (a dead link: a refusal in `lang`). */
function resetTokenAnswer(user: { username: string; email: string } | null, lang: Lang) {
  if (!user) return { ...(refusalBody(400, AUTH_MESSAGES.tokenInvalid, lang) as { success: false; code: string; message: string }), valid: false as const };
  return { success: true as const, valid: true as const, message: AUTH_MESSAGES.tokenValid.in(lang), user: { username: user.username, email: user.email } };
}

/**
 * An admin's password replaced, or the account linked to or taken over by Google, is audited and
 * told to the owner (a takeover must not pass unseen); a buyer's is not. `actor`: the signed-in
 * user who changed it, or null for a reset link's holder or a Google sign-in.
 */
async function recordCredentialChange(c: ApiContext, user: UserRow, action: CredentialChange, actor: UserRow | null): Promise<void> {
  if (!isAdmin(user, getConfig(c.env))) return;
  const record = { actor: actor ? requestActor(c, actor) : requestActor(c, null), action, targetType: "user", targetId: user.id } as const;
  await recordAdminCredentialChange(c.env, record, user, clientAddress(c));
}

export const authApi = new Hono<ApiEnv>()
  .post("/register", takesJson(registerSchema), async (c) => {
    await limit(c, LIMITS.registerPerAddress, clientAddress(c));
    const input = await readJson(c);
    const result = await registerUser(db(c), {
      username: input.username,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      password: input.password,
      locale: input.locale ?? langOfRequest(c.req.raw),
    });
    if ("taken" in result) {
      const errors: FieldErrors = {};
      if (result.taken.includes("username")) errors.username = [AUTH_MESSAGES.usernameTaken];
      if (result.taken.includes("email")) errors.email = [AUTH_MESSAGES.emailTaken];
      throw new HttpError(400, MESSAGES.invalidData, errors);
    }
    return c.json({ success: true, message: say(c, AUTH_MESSAGES.registered), data: { user: toPublicUser(result.user) } }, 201);
  })
  .post("/check-availability", takesJson(availabilitySchema), async (c) => {
    await limit(c, LIMITS.availabilityPerAddress, clientAddress(c));
    const input = await readJson(c);
    if ("username" in input) {
      const valid = usernameSchema.safeParse(input.username);
      if (!valid.success) return c.json(availability(c, "username", false, saidOfIssue(valid.error.issues[0].message)));
      const taken = await isUsernameTaken(db(c), valid.data);
      return c.json(availability(c, "username", !taken, taken ? AUTH_MESSAGES.usernameTaken : AUTH_MESSAGES.usernameAvailable));
    }
    const valid = emailSchema.safeParse(input.email);
    if (!valid.success) return c.json(availability(c, "email", false, saidOfIssue(valid.error.issues[0].message)));
    const taken = await isEmailTaken(db(c), valid.data);
    return c.json(availability(c, "email", !taken, taken ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.emailAvailable));
  })
  .post("/login", takesJson(loginSchema), async (c) => {
    const address = clientAddress(c);
    await limit(c, LIMITS.loginPerAddress, address);
    const input = await readJson(c);
    const subject = await loginSubject(db(c), input.login);
    // A device this account signed in from before has its own counter instead of the account's,
    // so others' guessing cannot lock the owner out (docs/architecture.md#trust-rules).
    const device = input.device_token && subject.userId !== null ? await knownDevice(db(c), input.device_token, subject.userId) : null;
    const [rule, counted] = device !== null ? [LIMITS.loginFailuresPerDevice, `device:${device}`] : [LIMITS.loginFailuresPerAccount, subject.key];
    // Counted before the password is checked, so parallel guesses cannot all be checked.
    const attempt = await claim(db(c), rule, counted);
    if (!attempt.allowed) throw tooMany(attempt.retryAfterSeconds);

    const outcome = await authenticate(db(c), input.login, input.password);
    if (!outcome.ok) {
      await recordFailedAdminSignIn(c, subject.userId, input.login, outcome.reason);
      if (outcome.reason === "inactive") throw new HttpError(403, AUTH_MESSAGES.inactive);
      throw new HttpError(401, AUTH_MESSAGES.badCredentials, { non_field_errors: [AUTH_MESSAGES.badCredentials] });
    }
    await clear(db(c), rule, counted);
    const config = getConfig(c.env);
    // Admins always, buyers who turned it on: the password alone gives only the second step.
    if (isAdmin(outcome.user, config) || hasSecondFactor(outcome.user, config)) {
      const challenge = await startChallenge(db(c), config, outcome.user, { source: "login", deviceId: device });
      return c.json({ success: true, message: say(c, AUTH_MESSAGES.secondFactor), mfa_required: true, ...challenge });
    }
    let deviceToken: string;
    if (device !== null && input.device_token) {
      await touchDevice(db(c), device);
      deviceToken = input.device_token;
    } else {
      deviceToken = await issueDeviceToken(db(c), outcome.user);
    }
    const tokens = await startSession(db(c), config.JWT_SECRET, outcome.user, sessionMeta(c));
    return c.json({ success: true, message: say(c, AUTH_MESSAGES.loggedIn), ...tokens, device_token: deviceToken, user: toPublicUser(outcome.user) });
  })
  .post("/token/refresh", takesJson(refreshSchema), async (c) => {
    const { refresh } = await readJson(c);
    // Under an Idempotency-Key, the same rotation asked again answers the same token (sessions.ts).
    const result = await rotateSession(db(c), getConfig(c.env).JWT_SECRET, refresh, sessionMeta(c), Date.now(), idempotencyKey(c));
    // A reused token ended its chain: that chain's live sockets close too.
    if (!result.ok && result.reason === "reused") await closeEndedSockets(c.env, [result.userId]);
    if (!result.ok) throw new HttpError(401, AUTH_MESSAGES.refreshInvalid);
    return c.json({ success: true, ...result.tokens });
  })
  .post("/logout", takesJson(refreshSchema), async (c) => {
    const { refresh } = await readJson(c);
    const ended = await endSession(db(c), refresh);
    if (ended !== null) await closeEndedSockets(c.env, [ended]);
    return c.json({ success: true, message: say(c, AUTH_MESSAGES.loggedOut) });
  })
  .get("/me", requireUser, (c) => c.json({ success: true, data: toPublicUser(c.get("user")) }))
  // The signed-in buyer's language for the store's mails: only the session's own account.
  .post("/locale", requireUser, takesJson(localeSchema), async (c) => {
    const { locale } = await readJson(c);
    const user = await setLocale(db(c), c.get("user").id, locale);
    if (!user) throw new HttpError(401, AUTH_MESSAGES.unauthenticated, undefined, { "WWW-Authenticate": "Bearer" });
    return c.json({ success: true as const, data: { locale: user.locale } });
  })
  .post("/forgot-password", takesJson(forgotPasswordSchema), async (c) => {
    await limit(c, LIMITS.forgotPerAddress, clientAddress(c));
    const { email } = await readJson(c);
    await limit(c, LIMITS.forgotPerEmail, email);
    const config = getConfig(c.env);
    const origin = publicOrigin(c.env, c.req.raw);
    // The answer is the same whether or not the address has an account, and it does not wait
    // for the mail, so neither its content nor its timing tells which.
    c.executionCtx.waitUntil(
      (async () => {
        const reset = await createResetToken(db(c), email);
        if (!reset) return;
        // In the account's language: its link opens that edition's page (/en/ for English).
        const edition = reset.user.locale === "en" ? "/en" : "";
        const link = `${origin}${edition}/reset-password?token=${encodeURIComponent(reset.token)}`;
        await sendMail(db(c), config, passwordResetMail(config.SITE_NAME, reset.user.email, reset.user.username, link, reset.user.locale));
      })().catch((error) => logEvent("error", "reset_mail_failed", { error: errorText(error) }, c.req.raw)),
    );
    return c.json({ success: true, message: say(c, AUTH_MESSAGES.forgotSent) });
  })
  .get("/verify-reset-token", takesQuery(resetTokenQuery), async (c) => {
    await limit(c, LIMITS.resetPerAddress, clientAddress(c));
    // Read leniently: a link that does not check out, however it is spelled (a token sent twice
    // counts once; resetTokenQuery takes anything), answers the same "invalid link"
    // (resetTokenAnswer), never field errors.
    const { token } = readQuery(c, { repeated: "first" });
    const user = token ? await checkResetToken(db(c), token) : null;
    const answer = resetTokenAnswer(user, langOf(c));
    return c.json(answer, answer.valid ? 200 : 400);
  })
  .post("/reset-password", takesJson(resetPasswordSchema), async (c) => {
    await limit(c, LIMITS.resetPerAddress, clientAddress(c));
    const input = await readJson(c);
    // The new password moves the security epoch: every session, device token, challenge and link ends with it.
    const user = await resetPassword(db(c), input.token, input.new_password);
    if (!user) throw new HttpError(400, AUTH_MESSAGES.tokenInvalid, { token: [AUTH_MESSAGES.tokenInvalid] });
    await closeEndedSockets(c.env, [user.id]);
    await recordCredentialChange(c, user, "auth.password_reset", null);
    return c.json({ success: true, message: say(c, AUTH_MESSAGES.passwordReset) });
  })
  .post("/change-password", requireUser, takesJson(changePasswordSchema), async (c) => {
    const user = c.get("user");
    const session = c.get("session");
    const input = await readJson(c);
    const now = Date.now();
    const hadPassword = user.passwordHash !== null;
    // No current password to ask for: a fresh sign-in is the proof instead.
    await proveOwner(c, input.current_password, "current_password", AUTH_MESSAGES.signInAgainToCreatePassword, now);
    // The security epoch moves with the password: every session (this one too), device token,
    // challenge and reset link ends. Null: another event moved it first, and this session is over.
    const updated = await setPassword(db(c), user, input.new_password, new Date(now));
    if (!updated) throw new HttpError(401, AUTH_MESSAGES.unauthenticated, undefined, { "WWW-Authenticate": "Bearer" });
    // This tab's socket closes too; the browser opens one again with the pair answered here.
    await closeEndedSockets(c.env, [updated.id]);
    await recordCredentialChange(c, updated, "auth.password_change", updated);
    // This browser gets a fresh session in the new epoch (signed in now only when the current
    // password was given), keeping the second factor this one passed, and stays a known device.
    const tokens = await startSession(db(c), getConfig(c.env).JWT_SECRET, updated, sessionMeta(c), now, hadPassword ? now : session.signedInAt.getTime(), session.secondFactor ? now : null);
    const deviceToken = await issueDeviceToken(db(c), updated, now);
    return c.json({
      success: true,
      message: say(c, hadPassword ? AUTH_MESSAGES.passwordChanged : AUTH_MESSAGES.passwordCreated),
      ...tokens,
      device_token: deviceToken,
      user: toPublicUser(updated),
    });
  })
  .get("/google/config", async (c) => {
    try {
      return c.json({ success: true, data: await authorizationSettings(getConfig(c.env)) });
    } catch (error) {
      logEvent("error", "google_sign_in_unavailable", { error: errorText(error) }, c.req.raw);
      return c.json({ success: true, data: { enabled: false } });
    }
  })
  .post("/google-auth", takesJson(googleAuthSchema), async (c) => {
    await limit(c, LIMITS.googlePerAddress, clientAddress(c));
    const config = getConfig(c.env);
    if (!config.GOOGLE_CLIENT_ID) throw new HttpError(400, AUTH_MESSAGES.googleDisabled);
    const input = await readJson(c);
    const expectedRedirect = `${publicOrigin(c.env, c.req.raw)}/auth/google/callback`;
    if (input.redirect_uri !== expectedRedirect) throw new HttpError(400, AUTH_MESSAGES.googleFailed, { redirect_uri: [MESSAGES.invalidData] });
    try {
      const profile = await verifyGoogleSignIn(config, {
        code: input.code,
        redirectUri: input.redirect_uri,
        codeVerifier: input.code_verifier,
        nonce: input.nonce,
      });
      const { user, linked } = await findOrCreateGoogleUser(db(c), profile, undefined, undefined, langOfRequest(c.req.raw));
      if (linked === "takeover") await closeEndedSockets(c.env, [user.id]);
      if (linked) await recordCredentialChange(c, user, linked === "takeover" ? "auth.google_takeover" : "auth.google_link", null);
      if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.inactive);
      // Google proves the first factor only.
      if (isAdmin(user, config) || hasSecondFactor(user, config)) {
        const challenge = await startChallenge(db(c), config, user, { source: "login", deviceId: null });
        return c.json({ success: true, message: say(c, AUTH_MESSAGES.secondFactor), data: { mfa_required: true, ...challenge } });
      }
      const tokens = await startSession(db(c), config.JWT_SECRET, user, sessionMeta(c));
      return c.json({ success: true, message: say(c, AUTH_MESSAGES.loggedIn), data: { ...tokens, user: toPublicUser(user) } });
    } catch (error) {
      if (error instanceof GoogleAuthError) {
        logEvent("warn", "google_sign_in_refused", { error: errorText(error) }, c.req.raw);
        throw new HttpError(400, error.reason === "unverified" ? AUTH_MESSAGES.googleUnverified : AUTH_MESSAGES.googleFailed);
      }
      throw error;
    }
  });
