// Attacks on the second factor (issue #15): each test plays someone who has an admin's password,
// a code seen over a shoulder, or a recovery code, and tries to turn it into admin access.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../workers/db/schema";
import { db, unique } from "../../factories";
import { authorize, exchange } from "../../fixtures/google-flow";
import { passwordAccount, call, codeAt, enrolledAdmin, login, mfaToken, opensAdmin, verify } from "../../second-factor";

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
