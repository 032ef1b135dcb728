// Attacks on the phone's sign-in to the payment provider API (issue 56, decision 0054): its token
// must end with the session events that end every other session, work only with the UDID it was
// handed to, and never come from anything the client says it received.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createResetToken } from "../../../workers/accounts/accounts";
import { packageManagerSessions, users } from "../../../workers/db/schema";
import { sha256Hex } from "../../../workers/platform/crypto";
import { startSession } from "../../../workers/accounts/sessions";
import { db, person, sessionToken } from "../../factories";
import { call } from "../../requests";
import { login, PASSWORD, passwordAccount } from "../../second-factor";
import { newUdid, phoneCall, signedInPhone } from "../../package-manager";

/** The phone's token still works: user_info answers the account, not an error. */
async function stillWorks(phone: { token: string; udid: string }) {
  const answer = await phoneCall("user_info", phone);
  return answer.body.user !== undefined && answer.body.error === undefined;
}

/** A refusal that tells the client to sign out, in the clients' shape. */
function signsOut(body: Record<string, unknown>) {
  expect(body).toMatchObject({ error: expect.any(String), invalidate: true });
  expect(body.user).toBeUndefined();
}

/** A buyer with a password, signed in through the API, and a phone connected with that session. */
async function buyerWithPhone() {
  const account = await passwordAccount({ buyer: true });
  const signedIn = await login(account);
  expect(signedIn.status).toBe(200);
  const phone = await signedInPhone({ token: signedIn.body.access });
  return { account, access: signedIn.body.access as string, phone };
}

describe("attack: a phone's token after the account's sessions ended", () => {
  it("is refused after the phone signed out (sign_out), with invalidate", async () => {
    const phone = await signedInPhone(await person());
    expect(await stillWorks(phone)).toBe(true);
    expect((await call("/api/sileo/sign_out", { body: { token: phone.token } })).body).toEqual({ success: true });
    signsOut((await phoneCall("user_info", phone)).body);
    signsOut((await phoneCall("package/anything/purchase", { ...phone }, { payment_secret: phone.secret })).body);
  });

  it("is refused after a password change", async () => {
    const { access, phone } = await buyerWithPhone();
    expect(await stillWorks(phone)).toBe(true);
    const changed = await call("/api/auth/change-password/", { token: access, body: { current_password: PASSWORD, new_password: "mat-khau-moi-9", confirm_password: "mat-khau-moi-9" } });
    expect(changed.status).toBe(200);
    signsOut((await phoneCall("user_info", phone)).body);
  });

  it("is refused after a password reset", async () => {
    const { account, phone } = await buyerWithPhone();
    const reset = await createResetToken(db, account.email);
    const answered = await call("/api/auth/reset-password/", { body: { token: reset!.token, new_password: "mat-khau-moi-8", confirm_password: "mat-khau-moi-8" } });
    expect(answered.status).toBe(200);
    signsOut((await phoneCall("user_info", phone)).body);
  });

  it("is refused once the account's security epoch moves (a second factor changed, a Google takeover)", async () => {
    const user = await person();
    const phone = await signedInPhone(user);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    await db.update(users).set({ securityEpoch: row.securityEpoch + 1 }).where(eq(users.id, user.id));
    signsOut((await phoneCall("user_info", phone)).body);
  });

  it("is refused for a switched-off account", async () => {
    const user = await person();
    const phone = await signedInPhone(user);
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    signsOut((await phoneCall("user_info", phone)).body);
  });

  it("is ended by its owner from the security page, and not by anyone else", async () => {
    const owner = await person();
    const stranger = await person();
    const phone = await signedInPhone(owner);
    const listed = await call("/api/sileo/phones/", { token: owner.token });
    expect(listed.body.data).toHaveLength(1);
    const id = listed.body.data[0].id;
    expect((await call(`/api/sileo/phones/${id}/`, { token: stranger.token, method: "DELETE" })).status).toBe(404);
    expect(await stillWorks(phone)).toBe(true);
    expect((await call(`/api/sileo/phones/${id}/`, { token: owner.token, method: "DELETE" })).status).toBe(200);
    signsOut((await phoneCall("user_info", phone)).body);
    expect((await call("/api/sileo/phones/", { token: owner.token })).body.data).toEqual([]);
  });
});

describe("attack: a phone's token used from another phone", () => {
  it("is refused with another udid, and still works from its own", async () => {
    const phone = await signedInPhone(await person());
    signsOut((await phoneCall("user_info", { token: phone.token, udid: newUdid() })).body);
    expect(await stillWorks(phone)).toBe(true);
  });

  it("is refused without a udid, or with one that is no UDID", async () => {
    const phone = await signedInPhone(await person());
    for (const udid of [undefined, "", "../../etc", "x".repeat(5000), 12345]) {
      const answer = await call("/api/sileo/user_info", { body: { token: phone.token, udid, device: "iPhone12,1" } });
      expect(answer.body.error, String(udid)).toEqual(expect.any(String));
      expect(answer.body.user).toBeUndefined();
    }
  });
});

describe("attack: a forged sileo://authentication_success", () => {
  it("a token and secret the store never handed out open nothing", async () => {
    const forged = { token: "f2ca1bb6c7e907d06dafe4687e579fce76b37e4e93b7605022da52e6ccc26fd2", udid: newUdid() };
    signsOut((await phoneCall("user_info", forged)).body);
    signsOut((await phoneCall("package/x/purchase", forged, { payment_secret: "anything" })).body);
  });

  it("a store access token passed off as a phone token opens nothing", async () => {
    const user = await person();
    signsOut((await phoneCall("user_info", { token: user.token, udid: newUdid() })).body);
    signsOut((await phoneCall("user_info", { token: `Bearer ${user.token}`, udid: newUdid() })).body);
  });

  it("the store keeps only hashes: the database holds neither the token nor the secret", async () => {
    const user = await person();
    const phone = await signedInPhone(user);
    const [row] = await db.select().from(packageManagerSessions).where(eq(packageManagerSessions.userId, user.id));
    expect(JSON.stringify(row)).not.toContain(phone.token);
    expect(JSON.stringify(row)).not.toContain(phone.secret);
    expect(row.tokenHash).toBe(await sha256Hex(phone.token));
  });

  it("connecting a phone needs a live session of the store, signed in a moment ago", async () => {
    expect((await call("/api/sileo/connect/", { body: { udid: newUdid(), model: "iPhone12,1" } })).status).toBe(401);
    const user = await person();
    const old = Date.now() - 60 * 60_000;
    const stale = await startSession(db, env.JWT_SECRET, user.id, {}, Date.now(), old, old);
    expect((await call("/api/sileo/connect/", { token: stale.access, body: { udid: newUdid(), model: "iPhone12,1" } })).status).toBe(403);
  });

  it("an account with a second factor connects a phone only from a sign-in that passed it", async () => {
    const user = await person();
    await db.update(users).set({ mfaSecret: "JBSWY3DPEHPK3PXP", mfaEnabledAt: new Date() }).where(eq(users.id, user.id));
    const passwordOnly = await sessionToken(user.id, { secondFactor: false });
    expect((await call("/api/sileo/connect/", { token: passwordOnly, body: { udid: newUdid(), model: "iPhone12,1" } })).status).toBe(403);
    expect((await call("/api/sileo/connect/", { token: await sessionToken(user.id), body: { udid: newUdid(), model: "iPhone12,1" } })).status).toBe(200);
  });
});
