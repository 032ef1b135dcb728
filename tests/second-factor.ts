// The second factor as a test drives it: accounts with a password, codes of any 30-second step,
// the two-step sign-in over the API, each call from an address of its own (tests/requests.ts).
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { users } from "../workers/db/schema";
import { db, unique } from "./factories";
import { call } from "./requests";

export const PASSWORD = "mat-khau-quan-tri-1";
const STEP_MS = 30_000;

/** The 6-digit code of `secret` for the 30-second step `step` (the tests' one TOTP helper). */
export function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });
}

export const currentStep = () => Math.floor(Date.now() / STEP_MS);

/** An account with a password, registered through the API; a superuser (promoted after) unless `buyer`. */
export async function passwordAccount({ buyer = false } = {}) {
  const name = unique("a").replace(/-/g, "_").slice(0, 28);
  const registered = await call("/api/auth/register/", {
    body: { username: name, email: `${name}@example.com`, first_name: "Quản", last_name: "Trị", password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(registered.status).toBe(201);
  const [row] = await db.update(users).set({ isSuperuser: !buyer, isStaff: !buyer }).where(eq(users.username, name)).returning();
  return row;
}

export function login(account: { username: string }) {
  return call("/api/auth/login/", { body: { login: account.username, password: PASSWORD } });
}

export function verify(mfaToken: string, code: string) {
  return call("/api/auth/mfa/verify/", { body: { mfa_token: mfaToken, code } });
}

/** An admin who enrolled at first sign-in: the secret, the recovery codes, the step the enrolment used. */
export async function enrolledAdmin() {
  const account = await passwordAccount();
  const first = await login(account);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ mfa_required: true, mfa_enroll: true });
  const secret: string = first.body.secret;
  const step = currentStep();
  const confirmed = await verify(first.body.mfa_token, codeAt(secret, step));
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { account, secret, step, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

export async function mfaToken(account: { username: string }): Promise<string> {
  const answer = await login(account);
  expect(answer.status).toBe(200);
  expect(answer.body.mfa_required).toBe(true);
  return answer.body.mfa_token;
}

export async function opensAdmin(access: string | undefined): Promise<boolean> {
  if (!access) return false;
  return (await call("/api/admin/users/stats/", { token: access })).status === 200;
}

