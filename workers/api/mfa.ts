// The second factor's API (issue #15): the sign-in's second step, and the profile's "Bảo mật"
// section (turn on, new recovery codes, enrol again, turn off for buyers).
import { Hono } from "hono";
import { getConfig } from "../config";
import { AUTH_MESSAGES } from "../schemas/auth";
import { mfaCodeSchema, mfaSetupSchema, mfaVerifySchema } from "../schemas/mfa";
import { toPublicUser, type UserRow } from "../services/accounts";
import {
  answerChallenge,
  disableSecondFactor,
  hasSecondFactor,
  MFA_MESSAGES,
  openChallenge,
  proveSecondFactor,
  regenerateRecoveryCodes,
  secondFactorStatus,
  startChallenge,
} from "../services/mfa";
import { type AuditRecord, recordAudit } from "../services/audit";
import { recordAdminSignIn } from "../services/notifications";
import { claim, clear, LIMITS } from "../services/rate-limit";
import { issueDeviceToken, startSession, touchDevice } from "../services/sessions";
import { sessionMeta, tooMany } from "./auth";
import { type ApiContext, type ApiEnv, db, requestActor } from "./context";
import { ApiError, MESSAGES } from "./errors";
import { isAdmin } from "./require-admin";
import { requireUser } from "./require-user";
import { clientAddress, readJson } from "./validate";

export const mfaApi = new Hono<ApiEnv>();

const MESSAGES_MFA = {
  enabled: "Đã bật xác thực hai lớp. Hãy lưu các mã khôi phục ở nơi an toàn.",
  recoveryRegenerated: "Đã tạo mã khôi phục mới. Các mã cũ không còn dùng được.",
  disabled: "Đã tắt xác thực hai lớp",
  adminCannotDisable: "Tài khoản quản trị bắt buộc dùng xác thực hai lớp",
  scanAndConfirm: "Quét mã QR bằng ứng dụng xác thực rồi nhập mã 6 số để xác nhận",
} as const;

/** An admin's own second-factor change or sign-in, for the audit log. */
function adminRecord(c: ApiContext, user: UserRow, action: "mfa.enrol" | "mfa.recovery_regenerate" | "auth.admin_login"): AuditRecord {
  return { actor: requestActor(c, user), action, targetType: "user", targetId: user.id };
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
  if (!code) throw new ApiError(400, MESSAGES.invalidData, { code: [AUTH_MESSAGES.required] });
  const succeeded = await countCodeCheck(c, user.id);
  await proveSecondFactor(db(c), getConfig(c.env), user, code);
  await succeeded();
}

// The sign-in's second step: answers what a password login without a second factor answers, and
// after an enrolment the 10 recovery codes, shown once.
mfaApi.post("/verify", async (c) => {
  const config = getConfig(c.env);
  const input = await readJson(c, mfaVerifySchema);
  const challenge = await openChallenge(db(c), input.mfa_token);
  if (!challenge) throw new ApiError(400, MFA_MESSAGES.tokenInvalid, { mfa_token: [MFA_MESSAGES.tokenInvalid] });
  const succeeded = await countCodeCheck(c, challenge.userId);
  const enrolmentRecord = (user: UserRow) => (isAdmin(user, config) ? adminRecord(c, user, "mfa.enrol") : null);
  const answered = await answerChallenge(db(c), config, challenge, input.code, { enrolmentRecord });
  await succeeded();
  if (!answered.user.isActive) throw new ApiError(403, AUTH_MESSAGES.inactive);
  const now = Date.now();
  const tokens = await startSession(db(c), config.JWT_SECRET, answered.user.id, sessionMeta(c), now, now, now);
  if (isAdmin(answered.user, config)) {
    // An admin is in only now (the password alone gave the second step).
    await recordAudit(db(c), adminRecord(c, answered.user, "auth.admin_login"));
    await recordAdminSignIn(c.env, answered.user, clientAddress(c));
  }
  let deviceToken: string | undefined;
  if (answered.context.source === "login") {
    // A device this account signed in from before keeps its token (the browser has it).
    if (answered.context.deviceId !== null) await touchDevice(db(c), answered.context.deviceId, now);
    else deviceToken = await issueDeviceToken(db(c), answered.user.id, now);
  }
  return c.json({
    success: true,
    message: answered.recoveryCodes ? MESSAGES_MFA.enabled : AUTH_MESSAGES.loggedIn,
    ...tokens,
    ...(deviceToken ? { device_token: deviceToken } : {}),
    user: toPublicUser(answered.user),
    ...(answered.recoveryCodes ? { recovery_codes: answered.recoveryCodes } : {}),
  });
});

mfaApi.get("/", requireUser, async (c) => {
  const user = c.get("user");
  const status = await secondFactorStatus(db(c), getConfig(c.env), user);
  return c.json({ success: true, data: { ...status, required: isAdmin(user, getConfig(c.env)), session_verified: c.get("session").secondFactor } });
});

// Turning it on, or enrolling a new phone (then with a fresh code of the current one): a new
// secret to scan, confirmed through /verify with its first code.
mfaApi.post("/setup", requireUser, async (c) => {
  const config = getConfig(c.env);
  const user = c.get("user");
  const { code } = await readJson(c, mfaSetupSchema);
  if (hasSecondFactor(user, config)) await proveFresh(c, user, code);
  const challenge = await startChallenge(db(c), config, user, { source: "profile" }, { enrol: true });
  return c.json({ success: true, message: MESSAGES_MFA.scanAndConfirm, data: challenge });
});

mfaApi.post("/recovery-codes", requireUser, async (c) => {
  const user = c.get("user");
  const { code } = await readJson(c, mfaCodeSchema);
  await proveFresh(c, user, code);
  const codes = await regenerateRecoveryCodes(db(c), user.id, isAdmin(user, getConfig(c.env)) ? adminRecord(c, user, "mfa.recovery_regenerate") : null);
  return c.json({ success: true, message: MESSAGES_MFA.recoveryRegenerated, data: { recovery_codes: codes } });
});

mfaApi.post("/disable", requireUser, async (c) => {
  const user = c.get("user");
  if (isAdmin(user, getConfig(c.env))) throw new ApiError(403, MESSAGES_MFA.adminCannotDisable);
  const { code } = await readJson(c, mfaCodeSchema);
  await proveFresh(c, user, code);
  await disableSecondFactor(db(c), user.id);
  return c.json({ success: true, message: MESSAGES_MFA.disabled });
});
