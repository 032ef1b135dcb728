// Attacks on the second factor (issue #15): each test plays someone who has an admin's password,
// a code seen over a shoulder, or a recovery code, and tries to turn it into admin access.
import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, mfaChallenges, notifications, sessions, users } from "../../../workers/db/schema";
import { createResetToken } from "../../../workers/accounts/accounts";
import { AUTH_MESSAGES, MFA_MESSAGES } from "../../../workers/accounts/messages";
import { answerChallenge, openChallenge } from "../../../workers/accounts/mfa";
import { getConfig } from "../../../workers/platform/config";
import { sha256Hex } from "../../../workers/platform/crypto";
import { apiWithHeaders, db, unique } from "../../factories";
import { authorize, exchange } from "../../fixtures/google-flow";
import { call } from "../../requests";
import { passwordAccount, codeAt, currentStep, enrolledAdmin, login, mfaToken, opensAdmin, PASSWORD, verify } from "../../second-factor";

describe("attack: admin access with the password alone", { timeout: 30_000 }, () => {
  it("signs in to a new admin account with the right password and gets only an enrolment, no tokens", async () => {
    const account = await passwordAccount();
    const answer = await login(account);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mfa_required: true, mfa_enroll: true });
    expect(answer.body.access).toBeUndefined();
    expect(answer.body.refresh).toBeUndefined();
    const uri = new URL(answer.body.otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(answer.body.secret);
    expect(answer.body.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("signs in to the bootstrap admin with ADMIN_EMAIL and ADMIN_PASSWORD and gets no tokens", async () => {
    const answer = await call("/api/auth/login/", { body: { login: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } });
    expect(answer.status).toBe(200);
    expect(answer.body.mfa_required).toBe(true);
    // Its secret is the ADMIN_TOTP_SECRET setting: no enrolment, nothing secret in the answer.
    expect(answer.body.mfa_enroll).toBeUndefined();
    expect(answer.body.secret).toBeUndefined();
    expect(answer.body.access).toBeUndefined();
  });

  it("signs in to an enrolled admin with the password and cannot use the mfa token as an access token", async () => {
    const { account } = await enrolledAdmin();
    const token = await mfaToken(account);
    expect(await opensAdmin(token)).toBe(false);
  });
});

describe("attack: codes used again", { timeout: 30_000 }, () => {
  it("replays a code that was accepted once", async () => {
    const { account, secret, step } = await enrolledAdmin();
    const code = codeAt(secret, step + 1);
    const first = await verify(await mfaToken(account), code);
    expect(first.status).toBe(200);
    expect(await opensAdmin(first.body.access)).toBe(true);
    const replay = await verify(await mfaToken(account), code);
    expect(replay.status).toBe(400);
    expect(replay.body.success).toBe(false);
    expect(replay.body.access).toBeUndefined();
  });

  it("replays the enrolment code at the next sign-in", async () => {
    const { account, secret, step } = await enrolledAdmin();
    const replay = await verify(await mfaToken(account), codeAt(secret, step));
    expect(replay.status).toBe(400);
  });

  it("races two sign-ins with one code and gets one session", async () => {
    const { account, secret, step } = await enrolledAdmin();
    const code = codeAt(secret, step + 1);
    const tokens = await Promise.all(Array.from({ length: 6 }, () => mfaToken(account)));
    const answers = await Promise.all(tokens.map((token) => verify(token, code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.status === 400)).toBe(true);
  });

  it("uses a recovery code twice", async () => {
    const { account, recoveryCodes } = await enrolledAdmin();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const first = await verify(await mfaToken(account), recoveryCodes[0]);
    expect(first.status).toBe(200);
    expect(await opensAdmin(first.body.access)).toBe(true);
    expect((await verify(await mfaToken(account), recoveryCodes[0])).status).toBe(400);
    // The others still work, once each.
    expect((await verify(await mfaToken(account), recoveryCodes[1])).status).toBe(200);
  });

  it("sends three recovery codes at once on one challenge: one signs in, the others stay unspent", async () => {
    const { account, recoveryCodes } = await enrolledAdmin();
    const [row] = await db.select().from(users).where(eq(users.username, account.username));
    const spentCodes = async () => (await env.DB.prepare("SELECT count(*) AS n FROM mfa_recovery_codes WHERE user_id = ?1 AND used_at IS NOT NULL").bind(row.id).first<{ n: number }>())?.n;
    // Over HTTP, and at the rule itself, where the three checks interleave at every await.
    const token = await mfaToken(account);
    const answers = await Promise.all(recoveryCodes.slice(0, 3).map((code) => verify(token, code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([400, 400]);
    expect(await spentCodes()).toBe(1);
    const challenge = await openChallenge(db, await mfaToken(account));
    const raced = await Promise.allSettled(recoveryCodes.slice(3, 6).map((code) => answerChallenge(db, getConfig(env), challenge!, code)));
    expect(raced.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await spentCodes()).toBe(2);
    // The codes that lost still sign in, once each.
    const lost = [...recoveryCodes.slice(0, 3).filter((_, index) => answers[index].status !== 200), ...recoveryCodes.slice(3, 6).filter((_, index) => raced[index].status !== "fulfilled")];
    expect(lost).toHaveLength(4);
    for (const code of lost) expect((await verify(await mfaToken(account), code)).status).toBe(200);
  });

  it("uses one admin's recovery code on another admin's sign-in", async () => {
    const owner = await enrolledAdmin();
    const victim = await enrolledAdmin();
    expect((await verify(await mfaToken(victim.account), owner.recoveryCodes[0])).status).toBe(400);
  });
});

describe("attack: guessing codes", { timeout: 30_000 }, () => {
  it("guesses 5 wrong codes and the mfa token is spent, even for the right code after", async () => {
    const { account, secret, step } = await enrolledAdmin();
    const token = await mfaToken(account);
    const right = codeAt(secret, step + 1);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await verify(token, wrong)).status).toBe(400);
    const late = await verify(token, right);
    expect(late.status).toBe(400);
    expect(late.body.access).toBeUndefined();
    // A new sign-in with the password may try again.
    expect((await verify(await mfaToken(account), right)).status).toBe(200);
  });

  it("guesses 5 codes on each of many mfa tokens and is stopped by the account's limit", async () => {
    const { account } = await enrolledAdmin();
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const token = await mfaToken(account);
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await verify(token, "000000")).status);
    }
    // 10 wrong codes per account in 15 minutes; the rest are refused unchecked.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it("presents an mfa token that was never issued", async () => {
    expect((await verify("bm90LWEtdG9rZW4tYXQtYWxsLWJ1dC1sb25nLWVub3VnaA", "123456")).status).toBe(400);
  });
});

describe("attack: admin access through Google sign-in", { timeout: 30_000 }, () => {
  it("signs in to an admin account with Google alone and gets only the second step", async () => {
    const email = `${unique("g")}@example.com`;
    const first = await exchange(await authorize(email));
    expect(first.status).toBe(200);
    await db.update(users).set({ isStaff: true }).where(eq(users.email, email));
    const again = await exchange(await authorize(email));
    expect(again.status).toBe(200);
    expect(again.body.data.mfa_required).toBe(true);
    expect(again.body.data.access).toBeUndefined();
    expect(again.body.data.refresh).toBeUndefined();
  });
});

/** The session chain an access token names (its `sid`). */
function chainOf(access: string): string {
  return JSON.parse(atob(access.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid;
}

const me = (token: string) => call("/api/auth/me/", { token });
const refresh = (token: string) => call("/api/auth/token/refresh/", { body: { refresh: token } });

describe("attack: an mfa_token held across the owner's password reset and change", { timeout: 30_000 }, () => {
  it("answers a held mfa_token with a recovery code after the owner resets the password", async () => {
    const { account, recoveryCodes } = await enrolledAdmin();
    const held = await mfaToken(account);
    const link = await createResetToken(db, account.email);
    const reset = await call("/api/auth/reset-password/", { body: { token: link!.token, new_password: "mat-khau-sau-reset-1", confirm_password: "mat-khau-sau-reset-1" } });
    expect(reset.status).toBe(200);

    const answered = await verify(held, recoveryCodes[0]);
    expect(answered.status).toBe(400);
    expect(answered.body.errors.mfa_token).toEqual([MFA_MESSAGES.tokenInvalid.in("vi")]);
    expect(await opensAdmin(answered.body.access)).toBe(false);
  });

  it("answers a held mfa_token with a recovery code after the owner changes the password", async () => {
    const { account, secret, step, recoveryCodes } = await enrolledAdmin();
    const held = await mfaToken(account);
    const owner = await verify(await mfaToken(account), codeAt(secret, step + 1));
    expect(owner.status).toBe(200);
    const changed = await call("/api/auth/change-password/", { token: owner.body.access, body: { current_password: PASSWORD, new_password: "mat-khau-moi-9", confirm_password: "mat-khau-moi-9" } });
    expect(changed.status).toBe(200);

    const answered = await verify(held, recoveryCodes[0]);
    expect(answered.status).toBe(400);
    expect(await opensAdmin(answered.body.access)).toBe(false);
    // The owner's new session is the one that lives.
    expect(await opensAdmin(changed.body.access)).toBe(true);
  });
});

describe("attack: enrolling a second factor from a stolen session", { timeout: 30_000 }, () => {
  it("turns on the thief's own factor from a stolen pre-factor session of a later promoted admin, without the password", async () => {
    const account = await passwordAccount({ buyer: true });
    const stolen = (await login(account)).body.access;
    // Promoted to staff after this session began: it never passed a second factor.
    await db.update(users).set({ isStaff: true }).where(eq(users.id, account.id));

    const bare = await call("/api/auth/mfa/setup/", { token: stolen, body: {} });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ success: false, errors: { password: [AUTH_MESSAGES.required.in("vi")] } });
    expect(bare.body.data).toBeUndefined();
    const guessed = await call("/api/auth/mfa/setup/", { token: stolen, body: { password: "doan-mat-khau-sai" } });
    expect(guessed.status).toBe(400);
    expect(guessed.body.errors.password).toEqual(["Mật khẩu hiện tại không đúng"]);
    expect(guessed.body.data).toBeUndefined();
    // Nothing was proposed that a code could confirm.
    expect(await db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, account.id))).toEqual([]);
    expect(await opensAdmin(stolen)).toBe(false);

    // The owner, who knows the password, can.
    const owner = await call("/api/auth/mfa/setup/", { token: stolen, body: { password: PASSWORD } });
    expect(owner.status).toBe(200);
    expect(owner.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("turns on a factor from a stolen session of a Google-only account signed in long ago", async () => {
    const account = await passwordAccount({ buyer: true });
    const signedIn = await login(account);
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, account.id));
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(signedIn.body.refresh)));
    await db.update(sessions).set({ signedInAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.familyId, row.familyId));

    const old = await call("/api/auth/mfa/setup/", { token: signedIn.body.access, body: {} });
    expect(old.status).toBe(403);
    expect(old.body.success).toBe(false);
    expect(old.body.message).toMatch(/đăng nhập lại/);
    expect(old.body.data).toBeUndefined();

    // A sign-in within the last 10 minutes is the proof instead.
    await db.update(sessions).set({ signedInAt: new Date(Date.now() - 9 * 60_000) }).where(eq(sessions.familyId, row.familyId));
    expect((await call("/api/auth/mfa/setup/", { token: signedIn.body.access, body: {} })).status).toBe(200);
  });
});

describe("attack: sessions that outlive a change of the second factor", { timeout: 30_000 }, () => {
  it("keeps using another session of the account after the owner turns the factor on", async () => {
    const buyer = await passwordAccount({ buyer: true });
    const thief = await login(buyer);
    const owner = await login(buyer);
    expect((await me(thief.body.access)).status).toBe(200);

    const setup = await call("/api/auth/mfa/setup/", { token: owner.body.access, body: { password: PASSWORD } });
    expect(setup.status).toBe(200);
    const confirmed = await verify(setup.body.data.mfa_token, codeAt(setup.body.data.secret, currentStep()));
    expect(confirmed.status).toBe(200);

    // The thief's session is over: its access token and its refresh chain.
    expect((await me(thief.body.access)).status).toBe(401);
    expect((await refresh(thief.body.refresh)).status).toBe(401);
    // The owner's own session goes on, upgraded: the same chain, now past the second factor.
    expect(chainOf(confirmed.body.access)).toBe(chainOf(owner.body.access));
    expect((await call("/api/auth/mfa/", { token: confirmed.body.access })).body.data.session_verified).toBe(true);
    const refreshed = await refresh(owner.body.refresh);
    expect(refreshed.status).toBe(200);
    expect((await call("/api/auth/mfa/", { token: refreshed.body.access })).body.data.session_verified).toBe(true);
  });

  it("keeps using another admin session after the owner enrols a new phone or makes new recovery codes", async () => {
    const { account, secret, step, recoveryCodes } = await enrolledAdmin();
    const thief = await verify(await mfaToken(account), recoveryCodes[0]);
    const owner = await verify(await mfaToken(account), codeAt(secret, step + 1));
    expect(await opensAdmin(thief.body.access)).toBe(true);

    const renewed = await call("/api/auth/mfa/recovery-codes/", { token: owner.body.access, body: { code: recoveryCodes[1] } });
    expect(renewed.status).toBe(200);
    expect(await opensAdmin(thief.body.access)).toBe(false);
    expect((await refresh(thief.body.refresh)).status).toBe(401);
    expect(await opensAdmin(owner.body.access)).toBe(true);

    const second = await verify(await mfaToken(account), renewed.body.data.recovery_codes[0]);
    expect(await opensAdmin(second.body.access)).toBe(true);
    const setup = await call("/api/auth/mfa/setup/", { token: owner.body.access, body: { password: PASSWORD, code: renewed.body.data.recovery_codes[1] } });
    expect(setup.status).toBe(200);
    const confirmed = await verify(setup.body.data.mfa_token, codeAt(setup.body.data.secret, currentStep()));
    expect(confirmed.status).toBe(200);
    expect(await opensAdmin(second.body.access)).toBe(false);
    expect((await refresh(second.body.refresh)).status).toBe(401);
    expect(await opensAdmin(confirmed.body.access)).toBe(true);
  });
});

describe("attack: guessing an admin's codes after the right password", { timeout: 30_000 }, () => {
  const GUESSER = { "CF-Connecting-IP": "198.51.100.77", "User-Agent": "Guesser/3" };
  const failures = (userId: number) =>
    db.select().from(auditEvents).where(and(eq(auditEvents.action, "auth.mfa_failed"), eq(auditEvents.targetType, "user"), eq(auditEvents.targetId, String(userId))));
  const notices = (userId: number) => db.select().from(notifications).where(like(notifications.dedupeKey, `admin_mfa_failed:${userId}:%`));

  it("guesses codes after an admin's right password and leaves no trace", async () => {
    const { account, secret, step } = await enrolledAdmin();
    const token = await mfaToken(account);
    const wrong = String((Number(codeAt(secret, step + 1)) + 1) % 1_000_000).padStart(6, "0");
    const guess = () => apiWithHeaders("/api/auth/mfa/verify/", { body: { mfa_token: token, code: wrong }, headers: GUESSER });

    expect((await guess()).status).toBe(400);
    expect((await guess()).status).toBe(400);
    const two = await failures(account.id);
    expect(two).toHaveLength(2);
    for (const record of two) expect(record).toMatchObject({ actorUserId: null, ipAddress: "198.51.100.77", userAgent: "Guesser/3" });
    expect(await notices(account.id)).toEqual([]);

    // The third in 15 minutes tells the owner, once.
    expect((await guess()).status).toBe(400);
    expect(await failures(account.id)).toHaveLength(3);
    const told = await notices(account.id);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(account.username);
    expect(told[0].text).toContain("198.51.100.77");
    expect((await guess()).status).toBe(400);
    expect(await failures(account.id)).toHaveLength(4);
    expect(await notices(account.id)).toHaveLength(1);
  });

  it("a wrong code on the admin's own profile is recorded too; a buyer's wrong codes are not", async () => {
    const { account, secret, step } = await enrolledAdmin();
    const session = await verify(await mfaToken(account), codeAt(secret, step + 1));
    const refused = await apiWithHeaders("/api/auth/mfa/recovery-codes/", { token: session.body.access, body: { code: "000000" }, headers: GUESSER });
    expect(refused.status).toBe(400);
    const [record] = await failures(account.id);
    expect(record).toMatchObject({ actorUserId: account.id, ipAddress: "198.51.100.77", userAgent: "Guesser/3" });

    const buyer = await passwordAccount({ buyer: true });
    const plain = await login(buyer);
    const setup = await call("/api/auth/mfa/setup/", { token: plain.body.access, body: { password: PASSWORD } });
    expect((await verify(setup.body.data.mfa_token, "000000")).status).toBe(400);
    expect(await failures(buyer.id)).toEqual([]);
  });
});
