// Rotating the secrets a second factor depends on (docs/operations.md, "Rotating secrets"):
// MFA_ENCRYPTION_KEY with its previous key during the rotation, and JWT_SECRET, which must never
// lock an enrolled admin out.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../workers/db/schema";
import worker from "../../workers/index";
import { runScheduledJobs } from "../../workers/scheduled";
import { db } from "../factories";
import { codeAt, currentStep, PASSWORD, passwordAccount } from "../second-factor";

let address = 0;
async function callWith(settings: Record<string, string>, path: string, body: unknown) {
  address += 1;
  const context = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://store.test${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": `203.0.${Math.floor(address / 250)}.${address % 250}` },
      body: JSON.stringify(body),
    }) as Parameters<typeof worker.fetch>[0],
    { ...env, ...settings } as Env,
    context,
  );
  await waitOnExecutionContext(context);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A password login, then the second step with `code`. */
async function signIn(settings: Record<string, string>, account: { username: string }, code: string) {
  const first = await callWith(settings, "/api/auth/login/", { login: account.username, password: PASSWORD });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return callWith(settings, "/api/auth/mfa/verify/", { mfa_token: first.body.mfa_token, code });
}

/** An admin enrolled at first sign-in under `settings`. */
async function enrolled(settings: Record<string, string>) {
  const account = await passwordAccount();
  const first = await callWith(settings, "/api/auth/login/", { login: account.username, password: PASSWORD });
  expect(first.body).toMatchObject({ mfa_enroll: true });
  const confirmed = await callWith(settings, "/api/auth/mfa/verify/", { mfa_token: first.body.mfa_token, code: codeAt(first.body.secret, currentStep()) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { account, secret: first.body.secret as string, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

/** Lets the next sign-in use the current step again (set-up: each step is accepted once). */
async function forgetLastStep(userId: number) {
  await db.update(users).set({ mfaLastStep: null }).where(eq(users.id, userId));
}

const KEY_A = "rotation-key-a-0123456789abcdef0123456789abcdef";
const KEY_B = "rotation-key-b-0123456789abcdef0123456789abcdef";

describe("rotating MFA_ENCRYPTION_KEY", () => {
  it("keeps every enrolled admin signing in: the previous key opens old secrets, the cron seals them with the new one, then the old key can go", async () => {
    const { account, secret } = await enrolled({ MFA_ENCRYPTION_KEY: KEY_A });
    const [before] = await db.select({ mfaSecret: users.mfaSecret }).from(users).where(eq(users.id, account.id));
    expect(before.mfaSecret).toMatch(/^v1\.[0-9a-f]{8}\./);

    // The new key alone cannot open it: that is why the previous one stays during the rotation.
    await forgetLastStep(account.id);
    expect((await signIn({ MFA_ENCRYPTION_KEY: KEY_B }, account, codeAt(secret, currentStep()))).status).toBe(400);
    await forgetLastStep(account.id);
    expect((await signIn({ MFA_ENCRYPTION_KEY: KEY_B, MFA_ENCRYPTION_KEY_PREVIOUS: KEY_A }, account, codeAt(secret, currentStep()))).status).toBe(200);

    await runScheduledJobs({ ...env, MFA_ENCRYPTION_KEY: KEY_B, MFA_ENCRYPTION_KEY_PREVIOUS: KEY_A } as Env, new Date());
    const [after] = await db.select({ mfaSecret: users.mfaSecret }).from(users).where(eq(users.id, account.id));
    expect(after.mfaSecret).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(after.mfaSecret?.slice(0, 11)).not.toBe(before.mfaSecret?.slice(0, 11));

    await forgetLastStep(account.id);
    const signedIn = await signIn({ MFA_ENCRYPTION_KEY: KEY_B }, account, codeAt(secret, currentStep()));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });
});

describe("rotating JWT_SECRET while MFA_ENCRYPTION_KEY is empty", () => {
  it("an enrolled admin whose secret no key opens still gets in with a recovery code (it answered 500), and a code is refused in Vietnamese", async () => {
    const { account, secret, recoveryCodes } = await enrolled({ MFA_ENCRYPTION_KEY: "" });
    const rotated = { MFA_ENCRYPTION_KEY: "", JWT_SECRET: "rotated-jwt-secret-0123456789abcdef0123456789" };

    await forgetLastStep(account.id);
    const withCode = await signIn(rotated, account, codeAt(secret, currentStep()));
    expect(withCode.status).toBe(400);
    expect(withCode.body.errors.code).toEqual(["Không đọc được khoá xác thực hai lớp của tài khoản (khoá mã hoá đã đổi). Vui lòng dùng một mã khôi phục."]);

    const withRecovery = await signIn(rotated, account, recoveryCodes[0]);
    expect(withRecovery.status, JSON.stringify(withRecovery.body)).toBe(200);
    expect(withRecovery.body.access).toEqual(expect.any(String));
  });
});
