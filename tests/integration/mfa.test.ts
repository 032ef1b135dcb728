// The second factor as its users meet it (issue #15): the bootstrap admin's code from the setting,
// refreshes that keep it, a buyer turning it on and off, an admin's new recovery codes and phone.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../workers/db/schema";
import { db } from "../factories";
import { call } from "../requests";
import { codeAt, currentStep, enrolledAdmin, login, mfaToken, opensAdmin, PASSWORD, passwordAccount, verify } from "../second-factor";

describe("second factor: sign-in", { timeout: 30_000 }, () => {
  it("signs the bootstrap admin in with a code of ADMIN_TOTP_SECRET, and a refresh keeps the second factor", async () => {
    const first = await call("/api/auth/login/", { body: { login: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } });
    expect(first.body.mfa_required).toBe(true);
    // Other tests may have used this step's code of the shared admin: the next one is accepted too.
    const signedIn = await verify(first.body.mfa_token, codeAt(env.ADMIN_TOTP_SECRET, currentStep() + 1));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body).toMatchObject({ success: true, user: { email: env.ADMIN_EMAIL, is_superuser: true } });
    expect(signedIn.body.device_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await opensAdmin(signedIn.body.access)).toBe(true);
    const refreshed = await call("/api/auth/token/refresh/", { body: { refresh: signedIn.body.refresh } });
    expect(refreshed.status).toBe(200);
    expect(await opensAdmin(refreshed.body.access)).toBe(true);
  });

  it("keeps a known device's token through the second step and issues none again", async () => {
    const { account, secret, step, recoveryCodes } = await enrolledAdmin();
    const first = await verify(await mfaToken(account), codeAt(secret, step + 1));
    const deviceToken = first.body.device_token;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const again = await call("/api/auth/login/", { body: { login: account.username, password: PASSWORD, device_token: deviceToken } });
    const signedIn = await verify(again.body.mfa_token, recoveryCodes[0]);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.device_token).toBeUndefined();
    expect(await opensAdmin(signedIn.body.access)).toBe(true);
  });

  it("stores the secret encrypted and never answers it after the enrolment", async () => {
    const { account, secret, step } = await enrolledAdmin();
    const [row] = await db.select().from(users).where(eq(users.id, account.id));
    expect(row.mfaSecret).toMatch(/^v1\./);
    expect(row.mfaSecret).not.toContain(secret);
    const session = await verify(await mfaToken(account), codeAt(secret, step + 1));
    const status = await call("/api/auth/mfa/", { token: session.body.access });
    expect(status.body.data).toEqual({ enabled: true, enabled_at: expect.any(String), recovery_codes_left: 10, required: true, session_verified: true });
    expect(JSON.stringify(status.body)).not.toContain(secret);
  });
});

describe("second factor: the profile's Bảo mật section", { timeout: 30_000 }, () => {
  it("lets a buyer turn it on, sign in with a code, and turn it off with a code", async () => {
    const buyer = await passwordAccount({ buyer: true });
    const plain = await login(buyer);
    expect(plain.body.access).toBeTruthy();
    const setup = await call("/api/auth/mfa/setup/", { token: plain.body.access, body: { password: PASSWORD } });
    expect(setup.status).toBe(200);
    expect(setup.body.data.qr_code).toMatch(/^data:image\/png;base64,/);
    const step = currentStep();
    const confirmed = await verify(setup.body.data.mfa_token, codeAt(setup.body.data.secret, step));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);

    const next = await login(buyer);
    expect(next.body).toMatchObject({ mfa_required: true });
    expect(next.body.mfa_enroll).toBeUndefined();
    const signedIn = await verify(next.body.mfa_token, codeAt(setup.body.data.secret, step + 1));
    expect(signedIn.status).toBe(200);
    // A buyer's session with the second factor still opens no admin route.
    expect(await opensAdmin(signedIn.body.access)).toBe(false);

    const wrong = await call("/api/auth/mfa/disable/", { token: signedIn.body.access, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    const off = await call("/api/auth/mfa/disable/", { token: signedIn.body.access, body: { code: confirmed.body.recovery_codes[0] } });
    expect(off.status).toBe(200);
    expect((await login(buyer)).body.access).toBeTruthy();
  });

  it("lets an admin make new recovery codes and enrol a new phone, each with a fresh code, and never turn it off", async () => {
    const { account, secret, step, recoveryCodes } = await enrolledAdmin();
    const session = await verify(await mfaToken(account), codeAt(secret, step + 1));
    const token = session.body.access;

    expect((await call("/api/auth/mfa/recovery-codes/", { token, body: { code: "123456" } })).status).toBe(400);
    const renewed = await call("/api/auth/mfa/recovery-codes/", { token, body: { code: recoveryCodes[0] } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.recovery_codes).toHaveLength(10);
    // The old codes end with the new ones.
    expect((await verify(await mfaToken(account), recoveryCodes[1])).status).toBe(400);

    expect((await call("/api/auth/mfa/setup/", { token, body: { password: PASSWORD } })).status).toBe(400);
    const setup = await call("/api/auth/mfa/setup/", { token, body: { password: PASSWORD, code: renewed.body.data.recovery_codes[0] } });
    expect(setup.status).toBe(200);
    const newSecret = setup.body.data.secret;
    expect(newSecret).not.toBe(secret);
    const confirmed = await verify(setup.body.data.mfa_token, codeAt(newSecret, currentStep()));
    expect(confirmed.status).toBe(200);
    expect(await opensAdmin(confirmed.body.access)).toBe(true);
    // The old phone's codes no longer sign in.
    expect((await verify(await mfaToken(account), codeAt(secret, currentStep() + 1))).status).toBe(400);

    const off = await call("/api/auth/mfa/disable/", { token: confirmed.body.access, body: { code: confirmed.body.recovery_codes[0] } });
    expect(off.status).toBe(403);
  });
});
