// Attacks on sign-in and sessions (issue #13, items 8 and 9). Each test plays the attacker.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deviceTokens, mailOutbox, rateLimits, sessions, users } from "../../../workers/db/schema";
import { createResetToken } from "../../../workers/accounts/accounts";
import { sha256Hex } from "../../../workers/platform/crypto";
import { db, unique } from "../../factories";
import { call } from "../../requests";
import { codeAt, currentStep, enrolledAdmin, mfaToken, verify } from "../../second-factor";

type Body = Record<string, any>;

async function registered() {
  const name = unique("s").replace(/-/g, "_").slice(0, 28);
  const account = { username: name, email: `${name}@example.com`, first_name: "Trần", last_name: "Thị B", password: "mat-khau-1", password_confirm: "mat-khau-1" };
  expect((await call("/api/auth/register/", { body: account })).status).toBe(201);
  const [row] = await db.select().from(users).where(eq(users.username, name));
  return { ...account, id: row.id };
}

function login(account: { username: string }, password: string, extra: Body = {}) {
  return call("/api/auth/login/", { body: { login: account.username, password, ...extra } });
}

/** A login from `count` different addresses at once, each with a wrong password. */
async function guessInParallel(account: { username: string }, count: number, extra: Body = {}) {
  const results = await Promise.all(Array.from({ length: count }, (_, index) => login(account, `sai-mat-khau-${index}`, extra)));
  return results.map((result) => result.status);
}

describe("attack: password guessing and lockout", () => {
  it("guesses 40 passwords at once from 40 addresses and gets at most 10 of them checked", { timeout: 120_000 }, async () => {
    const account = await registered();
    const statuses = await guessInParallel(account, 40);
    // A 401 is a checked wrong password; everything past the limit is refused before any check.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    // The counter counts password checks: never past the limit, however the requests interleave.
    const [counter] = await db.select().from(rateLimits).where(eq(rateLimits.key, `login-account:user:${account.id}`));
    expect(counter.count).toBeLessThanOrEqual(10);
    expect((await login(account, account.password)).status).toBe(429);
  });

  it("locks the owner out with 40 wrong passwords from other addresses, but the owner's device still gets in", { timeout: 120_000 }, async () => {
    const account = await registered();
    const first = await login(account, account.password);
    expect(first.status).toBe(200);
    const deviceToken = first.body.device_token;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const statuses = await guessInParallel(account, 40);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);

    // Without the device token the account stays locked, even with the right password.
    const stranger = await login(account, account.password);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The owner's device is not held by the account's lock.
    const owner = await login(account, account.password, { device_token: deviceToken });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ success: true, user: { username: account.username }, device_token: deviceToken });
    expect((await call("/api/auth/me/", { token: owner.body.access })).status).toBe(200);
  });

  it("presents another account's device token, or a revoked one, to get past the lock", { timeout: 120_000 }, async () => {
    const victim = await registered();
    const attacker = await registered();
    const own = await login(attacker, attacker.password);
    expect(own.body.device_token).toEqual(expect.any(String));
    const victimLogin = await login(victim, victim.password);
    const revoked = victimLogin.body.device_token;
    expect(revoked).toEqual(expect.any(String));
    await db.update(deviceTokens).set({ revokedAt: new Date() }).where(eq(deviceTokens.tokenHash, await sha256Hex(revoked)));

    await guessInParallel(victim, 12);
    expect((await login(victim, victim.password, { device_token: own.body.device_token })).status).toBe(429);
    expect((await login(victim, victim.password, { device_token: revoked })).status).toBe(429);
    expect((await login(victim, victim.password, { device_token: "made-up-made-up-made-up-made-up-made-up-made-up" })).status).toBe(429);
  });

  it("steals a device token and guesses with it: the device has its own limit of 10", { timeout: 120_000 }, async () => {
    const account = await registered();
    const deviceToken = (await login(account, account.password)).body.device_token;
    expect(deviceToken).toEqual(expect.any(String));
    const statuses = await guessInParallel(account, 15, { device_token: deviceToken });
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
    // Now the device is held, even with the right password…
    expect((await login(account, account.password, { device_token: deviceToken })).status).toBe(429);
    // …and its guesses did not lock the account for everyone else.
    expect((await login(account, account.password)).status).toBe(200);
  });

  it("keeps a device token from before the owner reset the password to get past the lock", { timeout: 120_000 }, async () => {
    const account = await registered();
    const old = (await login(account, account.password)).body.device_token;
    expect(old).toEqual(expect.any(String));
    const link = await createResetToken(db, account.email);
    expect((await resetWith(link!.token, "mat-khau-sau-reset")).status).toBe(200);
    await guessInParallel(account, 12);
    // A reset forgets every device: the old token counts as none.
    expect((await login(account, "mat-khau-sau-reset", { device_token: old })).status).toBe(429);
  });

  it("reads the device tokens table: tokens are stored hashed", async () => {
    const account = await registered();
    const deviceToken = (await login(account, account.password)).body.device_token;
    expect(deviceToken).toEqual(expect.any(String));
    const rows = await db.select().from(deviceTokens).where(eq(deviceTokens.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(await sha256Hex(deviceToken));
    expect(rows[0].tokenHash).not.toContain(deviceToken);
  });
});

/** Signed in: the tokens of a fresh password login. */
async function signedIn() {
  const account = await registered();
  const result = await login(account, account.password);
  expect(result.status).toBe(200);
  return { account, access: result.body.access as string, refresh: result.body.refresh as string };
}

/** Moves the sign-in of the session chain this refresh token belongs to into the past. */
async function signedInAgo(refresh: string, ms: number) {
  const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(refresh)));
  await db.update(sessions).set({ signedInAt: new Date(Date.now() - ms), createdAt: new Date(Date.now() - ms) }).where(eq(sessions.familyId, session.familyId));
}

function resetWith(token: string, password: string) {
  return call("/api/auth/reset-password/", { body: { token, new_password: password, confirm_password: password } });
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("attack: reset links and sessions", () => {
  it("requests two reset links, uses the newer, then tries the older one", async () => {
    const account = await registered();
    const older = await createResetToken(db, account.email);
    const newer = await createResetToken(db, account.email);
    expect((await resetWith(newer!.token, "mat-khau-moi-1")).status).toBe(200);
    expect((await call(`/api/auth/verify-reset-token/?token=${encodeURIComponent(older!.token)}`)).status).toBe(400);
    expect((await resetWith(older!.token, "mat-khau-ke-gian")).status).toBe(400);
    expect((await login(account, "mat-khau-ke-gian")).status).toBe(401);
    expect((await login(account, "mat-khau-moi-1")).status).toBe(200);
    // Using a link proved the mailbox.
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("uses a reset link requested before the owner changed the password", async () => {
    const { account, access } = await signedIn();
    const link = await createResetToken(db, account.email);
    const changed = await call("/api/auth/change-password/", { token: access, body: { current_password: account.password, new_password: "mat-khau-moi-2", confirm_password: "mat-khau-moi-2" } });
    expect(changed.status).toBe(200);
    expect((await resetWith(link!.token, "mat-khau-ke-gian")).status).toBe(400);
  });

  it("reads the reset link from the mail kept in the database", async () => {
    const account = await registered();
    expect((await call("/api/auth/forgot-password/", { body: { email: account.email } })).status).toBe(200);
    let mails: (typeof mailOutbox.$inferSelect)[] = [];
    for (let waited = 0; mails.length === 0 && waited < 3000; waited += 50) {
      mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email));
      if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("đặt lại mật khẩu");
    for (const body of [mails[0].textBody, mails[0].htmlBody ?? ""]) {
      expect(body).not.toContain("token=");
      expect(body).not.toContain("/reset-password");
    }
  });

  it("keeps using an access token after logging out", async () => {
    const { access, refresh } = await signedIn();
    expect((await call("/api/auth/me/", { token: access })).status).toBe(200);
    expect((await call("/api/auth/logout/", { body: { refresh } })).status).toBe(200);
    const after = await call("/api/auth/me/", { token: access });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ success: false, code: "unauthenticated", message: "Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại!" });
  });

  it("keeps using a stolen access token after the owner resets or changes the password", async () => {
    const { account, access: stolenBeforeReset } = await signedIn();
    const link = await createResetToken(db, account.email);
    expect((await resetWith(link!.token, "mat-khau-moi-3")).status).toBe(200);
    expect((await call("/api/auth/me/", { token: stolenBeforeReset })).status).toBe(401);

    const stolen = (await login(account, "mat-khau-moi-3")).body.access;
    const owner = (await login(account, "mat-khau-moi-3")).body.access;
    const changed = await call("/api/auth/change-password/", { token: owner, body: { current_password: "mat-khau-moi-3", new_password: "mat-khau-moi-4", confirm_password: "mat-khau-moi-4" } });
    expect(changed.status).toBe(200);
    expect((await call("/api/auth/me/", { token: stolen })).status).toBe(401);
    expect((await call("/api/auth/me/", { token: changed.body.access })).status).toBe(200);
  });

  it("keeps a session alive by refreshing it for more than 90 days", async () => {
    const { access, refresh } = await signedIn();
    await signedInAgo(refresh, 91 * DAY);
    const rotated = await call("/api/auth/token/refresh/", { body: { refresh } });
    expect(rotated.status).toBe(401);
    expect((await call("/api/auth/me/", { token: access })).status).toBe(401);
  });

  it("a session refreshed within 90 days of its sign-in lives on", async () => {
    const { refresh } = await signedIn();
    await signedInAgo(refresh, 89 * DAY);
    const rotated = await call("/api/auth/token/refresh/", { body: { refresh } });
    expect(rotated.status).toBe(200);
    expect((await call("/api/auth/me/", { token: rotated.body.access })).status).toBe(200);
    // The sign-in time is carried over, not renewed by the rotation.
    const [next] = await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(rotated.body.refresh)));
    expect(Date.now() - next.signedInAt!.getTime()).toBeGreaterThan(88 * DAY);
  });

  it("creates a password on a Google-only account with a session signed in long ago", async () => {
    const { account, access, refresh } = await signedIn();
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, account.id));
    await signedInAgo(refresh, 11 * MINUTE);
    const created = await call("/api/auth/change-password/", { token: access, body: { new_password: "mat-khau-ke-gian", confirm_password: "mat-khau-ke-gian" } });
    expect(created.status).toBe(403);
    expect(created.body.success).toBe(false);
    expect(created.body.message).toMatch(/đăng nhập lại/);
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row.passwordHash).toBeNull();
  });

  it("guesses the current password on change-password", { timeout: 60_000 }, async () => {
    const { account, access } = await signedIn();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 7; attempt++) {
      const result = await call("/api/auth/change-password/", { token: access, body: { current_password: `doan-${attempt}-sai`, new_password: "mat-khau-moi-5", confirm_password: "mat-khau-moi-5" } });
      statuses.push(result.status);
      if (result.status === 429) retryAfter = result.headers.get("Retry-After");
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Held even with the right one: the guess budget is spent.
    const right = await call("/api/auth/change-password/", { token: access, body: { current_password: account.password, new_password: "mat-khau-moi-5", confirm_password: "mat-khau-moi-5" } });
    expect(right.status).toBe(429);
  });
});

describe("attack: credentials from before the owner turned the second factor on", () => {
  it("keeps a reset link and a device token from before the owner enrolled a factor, to get back in around it", { timeout: 60_000 }, async () => {
    const { account, access } = await signedIn();
    const device = (await login(account, account.password)).body.device_token;
    const link = await createResetToken(db, account.email);
    expect((await call(`/api/auth/verify-reset-token/?token=${encodeURIComponent(link!.token)}`)).status).toBe(200);

    const setup = await call("/api/auth/mfa/setup/", { token: access, body: { password: account.password } });
    expect(setup.status).toBe(200);
    const code = codeAt(setup.body.data.secret, currentStep());
    expect((await call("/api/auth/mfa/verify/", { body: { mfa_token: setup.body.data.mfa_token, code } })).status).toBe(200);

    // The link no longer opens, nor resets the password.
    expect((await call(`/api/auth/verify-reset-token/?token=${encodeURIComponent(link!.token)}`)).status).toBe(400);
    expect((await resetWith(link!.token, "mat-khau-ke-gian-2")).status).toBe(400);
    // The device token no longer gets past the account's lock.
    await guessInParallel(account, 12);
    expect((await login(account, account.password, { device_token: device })).status).toBe(429);
  });
});

describe("attack: a sign-in in flight while the password changes", () => {
  it("signs in with the old password 8 times around a password change: no session won with it outlives the change", { timeout: 120_000 }, async () => {
    let survivors = 0;
    let signedIn = 0;
    for (let round = 0; round < 3; round++) {
      const account = await registered();
      const owner = await login(account, account.password);
      expect(owner.status).toBe(200);
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const logins = Array.from({ length: 8 }, (_, index) => pause(index * 15).then(() => login(account, account.password)));
      const change = pause(45).then(() =>
        call("/api/auth/change-password/", { token: owner.body.access, body: { current_password: account.password, new_password: "mat-khau-moi-9", confirm_password: "mat-khau-moi-9" } }),
      );
      const [changed, ...won] = await Promise.all([change, ...logins]);
      expect(changed.status).toBe(200);
      for (const result of won.filter((result) => result.status === 200)) {
        signedIn += 1;
        const me = await call("/api/auth/me/", { token: result.body.access });
        const refreshed = await call("/api/auth/token/refresh/", { body: { refresh: result.body.refresh } });
        if (me.status === 200 || refreshed.status === 200) survivors += 1;
      }
    }
    expect(signedIn).toBeGreaterThan(0);
    expect(survivors).toBe(0);
  });
});

/** Whether a sign-in's tokens still open the account or renew themselves. */
async function survives(won: { body: Body }): Promise<boolean> {
  const me = await call("/api/auth/me/", { token: won.body.access });
  const refreshed = won.body.refresh ? await call("/api/auth/token/refresh/", { body: { refresh: won.body.refresh } }) : { status: 0 };
  return me.status === 200 || refreshed.status === 200;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("attack: credentials in flight while the owner takes the account back", () => {
  it("signs in with the old password 8 times around a reset link's use: no session won with it outlives the reset", { timeout: 120_000 }, async () => {
    let survivors = 0;
    let signedIn = 0;
    for (let round = 0; round < 2; round++) {
      const account = await registered();
      const link = await createResetToken(db, account.email);
      const logins = Array.from({ length: 8 }, (_, index) => pause(index * 15).then(() => login(account, account.password)));
      const reset = pause(45).then(() => resetWith(link!.token, "mat-khau-moi-7"));
      const [done, ...won] = await Promise.all([reset, ...logins]);
      expect(done.status).toBe(200);
      for (const result of won.filter((result) => result.status === 200)) {
        signedIn += 1;
        if (await survives(result)) survivors += 1;
      }
    }
    expect(signedIn).toBeGreaterThan(0);
    expect(survivors).toBe(0);
  });

  it("refreshes a stolen refresh token around the owner's password change: no refreshed chain outlives the change", { timeout: 120_000 }, async () => {
    let survivors = 0;
    let refreshedCount = 0;
    for (let round = 0; round < 2; round++) {
      const { account, access } = await signedIn();
      // Eight stolen chains, each refreshed once as the owner changes the password.
      const stolen = await Promise.all(Array.from({ length: 8 }, () => login(account, account.password)));
      const refreshes = stolen.map((chain, index) => pause(index * 15).then(() => call("/api/auth/token/refresh/", { body: { refresh: chain.body.refresh } })));
      const change = pause(45).then(() =>
        call("/api/auth/change-password/", { token: access, body: { current_password: account.password, new_password: "mat-khau-moi-8", confirm_password: "mat-khau-moi-8" } }),
      );
      const [changed, ...renewed] = await Promise.all([change, ...refreshes]);
      expect(changed.status).toBe(200);
      for (const result of renewed.filter((result) => result.status === 200)) {
        refreshedCount += 1;
        if (await survives(result)) survivors += 1;
      }
    }
    expect(refreshedCount).toBeGreaterThan(0);
    expect(survivors).toBe(0);
  });

  it("wins a second-step challenge before the owner's reset and answers it with a recovery code after: refused", { timeout: 60_000 }, async () => {
    const { account, recoveryCodes } = await enrolledAdmin();
    const challenge = await mfaToken(account);
    const link = await createResetToken(db, account.email);
    expect((await resetWith(link!.token, "mat-khau-moi-quan-tri-3")).status).toBe(200);
    const answered = await verify(challenge, recoveryCodes[0]);
    expect(answered.status).toBe(400);
    expect(answered.body.access).toBeUndefined();
  });

  it("answers second-step challenges won with the old password while the owner resets: no session outlives the reset", { timeout: 120_000 }, async () => {
    const { account, recoveryCodes } = await enrolledAdmin();
    const challenges = await Promise.all(Array.from({ length: 4 }, () => mfaToken(account)));
    const link = await createResetToken(db, account.email);
    const answers = challenges.map((challenge, index) => pause(index * 15).then(() => verify(challenge, recoveryCodes[index])));
    const reset = pause(30).then(() => resetWith(link!.token, "mat-khau-moi-quan-tri-4"));
    const [done, ...won] = await Promise.all([reset, ...answers]);
    expect(done.status).toBe(200);
    let survivors = 0;
    for (const result of won.filter((result) => result.status === 200)) if (await survives(result)) survivors += 1;
    expect(survivors).toBe(0);
  });
});

describe("attack: the answer of a refresh that never reached its owner", () => {
  const refreshWith = (refresh: string, key?: string) => call("/api/auth/token/refresh/", { body: { refresh }, headers: key ? { "Idempotency-Key": key } : {} });

  it("the owner's refresh whose answer was lost is answered again under its Idempotency-Key, and the chain goes on", async () => {
    const { refresh } = await signedIn();
    const lost = await refreshWith(refresh, "lost-answer-1");
    expect(lost.status).toBe(200);
    const again = await refreshWith(refresh, "lost-answer-1");
    expect(again.status).toBe(200);
    expect(again.body.refresh).toBe(lost.body.refresh);
    expect((await call("/api/auth/me/", { token: again.body.access })).status).toBe(200);
    const next = await refreshWith(again.body.refresh, "lost-answer-2");
    expect(next.status).toBe(200);
    expect((await call("/api/auth/me/", { token: next.body.access })).status).toBe(200);
  });

  it("replays a stolen refresh token under a key of its own after the owner's rotation: the chain ends", async () => {
    const { refresh } = await signedIn();
    const owner = await refreshWith(refresh, "owner-key-1");
    expect(owner.status).toBe(200);
    expect((await refreshWith(refresh, "thief-key-1")).status).toBe(401);
    expect((await refreshWith(refresh)).status).toBe(401);
    expect((await refreshWith(owner.body.refresh, "owner-key-2")).status).toBe(401);
    expect((await call("/api/auth/me/", { token: owner.body.access })).status).toBe(401);
  });

  it("replays the owner's refresh token and its key after the owner has moved on: the chain ends", async () => {
    const { refresh } = await signedIn();
    const first = await refreshWith(refresh, "moved-on-1");
    const second = await refreshWith(first.body.refresh, "moved-on-2");
    expect(second.status).toBe(200);
    const replay = await refreshWith(refresh, "moved-on-1");
    expect(replay.status).toBe(401);
    expect(replay.body.refresh).toBeUndefined();
    expect((await refreshWith(second.body.refresh, "moved-on-3")).status).toBe(401);
  });

  it("replays a lost answer's key after the owner changed the password: refused, and the new session lives", async () => {
    const { account, refresh } = await signedIn();
    const lost = await refreshWith(refresh, "before-change-1");
    const changed = await call("/api/auth/change-password/", {
      token: lost.body.access,
      body: { current_password: account.password, new_password: "mat-khau-moi-9", confirm_password: "mat-khau-moi-9" },
    });
    expect(changed.status).toBe(200);
    const replay = await refreshWith(refresh, "before-change-1");
    expect(replay.status).toBe(401);
    expect(replay.body.refresh).toBeUndefined();
    expect((await refreshWith(changed.body.refresh, "after-change-1")).status).toBe(200);
  });

  it("sends a malformed Idempotency-Key with a refresh: refused, and the token is not spent", async () => {
    const { refresh } = await signedIn();
    const refused = await refreshWith(refresh, "bad key with spaces");
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("validation_failed");
    expect((await refreshWith(refresh, "good-key-1")).status).toBe(200);
  });
});
