// Attacks on accounts (issue #13, items 6 and 7): entering someone else's account through Google
// sign-in, and becoming admin through the bootstrap setting.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deviceTokens, mfaRecoveryCodes, passwordResetTokens, sessions, users } from "../../../workers/db/schema";
import { ConfigError } from "../../../workers/platform/config";
import worker from "../../../workers/index";
import { createResetToken, ensureAdminAccount } from "../../../workers/accounts/accounts";
import { MFA_MESSAGES, USER_ADMIN_MESSAGES } from "../../../workers/accounts/messages";
import { startSession } from "../../../workers/accounts/sessions";
import { randomToken, sha256Hex } from "../../../workers/platform/crypto";
import { db, request, sessionToken, unique } from "../../factories";
import { type Body, post, signInWithGoogle } from "../../fixtures/google-flow";
import { codeAt, currentStep, enrolledAdmin, mfaToken, verify } from "../../second-factor";

const PASSWORD = "mat-khau-cua-ke-chiem";

/** The test provider's subject for an address (scripts/oidc-server.mjs subjectFor). */
async function googleSubOf(email: string): Promise<string> {
  return `sub-${(await sha256Hex(email.trim().toLowerCase())).slice(0, 16)}`;
}

async function register(email: string) {
  const username = unique("u").replace(/-/g, "_").slice(0, 28);
  const result = await post("/api/auth/register/", { username, email, first_name: "Kẻ", last_name: "Chiếm", password: PASSWORD, password_confirm: PASSWORD });
  expect(result.status).toBe(201);
  return { username, id: result.body.data.user.id as number };
}

function login(loginName: string, password = PASSWORD) {
  return post("/api/auth/login/", { login: loginName, password });
}

function refresh(token: string) {
  return post("/api/auth/token/refresh/", { refresh: token });
}

async function userRow(id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

afterEach(() => vi.restoreAllMocks());

describe("attack: Google sign-in into an address registered first by someone else", () => {
  it("registers the victim's address with a password and keeps using it after the victim signs in with Google", async () => {
    const email = `${unique("victim")}@example.com`;
    const squatter = await register(email);
    const session = await login(squatter.username);
    expect(session.status).toBe(200);
    // What else the squatter may hold: a remembered device and a reset link asked for earlier.
    const device = randomToken();
    await db.insert(deviceTokens).values({ userId: squatter.id, tokenHash: await sha256Hex(device) });
    const reset = await createResetToken(db, email);
    expect(reset).not.toBeNull();
    const warn = vi.spyOn(console, "warn");

    const victim = await signInWithGoogle(email);

    expect(victim.status).toBe(200);
    expect(victim.body.data.user).toMatchObject({ id: squatter.id, email, has_usable_password: false });
    // The squatter is out: their refresh token, their password, their device and their reset link.
    expect((await refresh(session.body.refresh)).status).toBe(401);
    expect((await request("/api/auth/me/", { headers: { Authorization: `Bearer ${session.body.access}` } })).status).toBe(401);
    expect((await login(squatter.username)).status).toBe(401);
    expect((await login(email)).status).toBe(401);
    const row = await userRow(squatter.id);
    expect(row.passwordHash).toBeNull();
    expect(row.googleSub).toBe(await googleSubOf(email));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    const [deviceRow] = await db.select().from(deviceTokens).where(eq(deviceTokens.userId, squatter.id));
    expect(deviceRow.revokedAt).toBeInstanceOf(Date);
    const resets = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, squatter.id));
    expect(resets.every((token) => token.usedAt !== null)).toBe(true);
    expect((await post("/api/auth/reset-password/", { token: reset!.token, new_password: "mat-khau-moi-1", confirm_password: "mat-khau-moi-1" })).status).toBe(400);
    // Only the victim's new session is alive.
    const live = (await db.select().from(sessions).where(eq(sessions.userId, squatter.id))).filter((s) => s.revokedAt === null);
    expect(live).toHaveLength(1);
    expect((await refresh(victim.body.data.refresh)).status).toBe(200);
    // The event is logged once, naming the account and nothing secret.
    const lines = warn.mock.calls.map((call) => call.map(String).join(" ")).filter((line) => line.includes("google_takeover"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ event: "google_takeover", user_id: squatter.id });
    expect(lines[0]).not.toContain(session.body.refresh);
  });

  it("signs in with the squatter's password 8 times while the owner's Google sign-in takes the address back: no such session survives", { timeout: 120_000 }, async () => {
    let survivors = 0;
    let signedIn = 0;
    for (let round = 0; round < 2; round++) {
      const email = `${unique("race")}@example.com`;
      const squatter = await register(email);
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const logins = Array.from({ length: 8 }, (_, index) => pause(index * 15).then(() => login(squatter.username)));
      const takeover = pause(30).then(() => signInWithGoogle(email));
      const [owner, ...won] = await Promise.all([takeover, ...logins]);
      expect(owner.status).toBe(200);
      for (const result of won.filter((answer) => answer.status === 200)) {
        signedIn += 1;
        const me = await request("/api/auth/me/", { headers: { Authorization: `Bearer ${result.body.access}` } });
        if (me.status === 200 || (await refresh(result.body.refresh)).status === 200) survivors += 1;
      }
    }
    expect(signedIn).toBeGreaterThan(0);
    expect(survivors).toBe(0);
  });

  it("the victim, now in, creates a password of their own from the profile", async () => {
    const email = `${unique("victim")}@example.com`;
    const squatter = await register(email);
    const victim = await signInWithGoogle(email);
    const created = await post(
      "/api/auth/change-password/",
      { new_password: "mat-khau-that-1", confirm_password: "mat-khau-that-1" },
      { Authorization: `Bearer ${victim.body.data.access}` },
    );
    expect(created.status).toBe(200);
    expect((await login(squatter.username, "mat-khau-that-1")).status).toBe(200);
    expect((await login(squatter.username)).status).toBe(401);
  });

  it("signs into an account whose owner proved the mailbox, keeping the owner's password", async () => {
    const email = `${unique("owner")}@example.com`;
    const owner = await register(email);
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
    const session = await login(owner.username);

    const google = await signInWithGoogle(email);

    expect(google.status).toBe(200);
    expect(google.body.data.user).toMatchObject({ id: owner.id, has_usable_password: true });
    expect((await userRow(owner.id)).googleSub).toBe(await googleSubOf(email));
    expect((await login(owner.username)).status).toBe(200);
    expect((await refresh(session.body.refresh)).status).toBe(200);
  });

  it("relinks an account tied to another Google identity through its e-mail", async () => {
    const email = `${unique("linked")}@example.com`;
    const owner = await register(email);
    await db.update(users).set({ googleSub: "sub-the-real-owner", emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));

    const other = await signInWithGoogle(email);

    expect(other).toEqual({ status: 400, body: { success: false, code: "google_sign_in_failed", message: "Không xác thực được với Google. Vui lòng thử lại." } });
    const row = await userRow(owner.id);
    expect(row.googleSub).toBe("sub-the-real-owner");
    expect(row.passwordHash).not.toBeNull();
    expect((await login(owner.username)).status).toBe(200);
  });

  it("a new Google account is recorded as having a verified e-mail", async () => {
    const email = `${unique("fresh")}@example.com`;
    const result = (await signInWithGoogle(email)).body as Body;
    expect((await userRow(result.data.user.id)).emailVerifiedAt).toBeInstanceOf(Date);
  });
});

/** The squatter turns on a second factor of their own (with the password they registered). */
async function squatterWithFactor(email: string) {
  const squatter = await register(email);
  const session = await login(squatter.username);
  expect(session.status).toBe(200);
  const bearer = { Authorization: `Bearer ${session.body.access}` };
  const setup = await post("/api/auth/mfa/setup/", { password: PASSWORD }, bearer);
  expect(setup.status).toBe(200);
  const step = currentStep();
  const confirmed = await post("/api/auth/mfa/verify/", { mfa_token: setup.body.data.mfa_token, code: codeAt(setup.body.data.secret, step) });
  expect(confirmed.status).toBe(200);
  return { ...squatter, secret: setup.body.data.secret as string, step, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

describe("attack: the squatter's second factor across the owner's Google sign-in", { timeout: 30_000 }, () => {
  it("a squatter's held mfa_token dies when the owner signs in with Google", async () => {
    const email = `${unique("victim")}@example.com`;
    const squatter = await squatterWithFactor(email);
    // The password gives the second step; the squatter keeps its mfa_token unanswered.
    const held = await login(squatter.username);
    expect(held.body.mfa_required).toBe(true);

    const owner = await signInWithGoogle(email);
    expect(owner.status).toBe(200);

    const answered = await post("/api/auth/mfa/verify/", { mfa_token: held.body.mfa_token, code: squatter.recoveryCodes[0] });
    expect(answered.status).toBe(400);
    expect(answered.body).toMatchObject({ success: false, errors: { mfa_token: [MFA_MESSAGES.tokenInvalid.in("vi")] } });
    expect(answered.body.access).toBeUndefined();
  });

  it("sets a second factor on the victim's address so the owner's Google sign-in stops at a code only the squatter has", async () => {
    const email = `${unique("victim")}@example.com`;
    const squatter = await squatterWithFactor(email);

    const owner = await signInWithGoogle(email);

    // The owner is in at once: the squatter's factor and recovery codes went with the takeover.
    expect(owner.status).toBe(200);
    expect(owner.body.data.mfa_required).toBeUndefined();
    expect(owner.body.data.access).toEqual(expect.any(String));
    expect((await request("/api/auth/me/", { headers: { Authorization: `Bearer ${owner.body.data.access}` } })).status).toBe(200);
    const row = await userRow(squatter.id);
    expect({ secret: row.mfaSecret, enabledAt: row.mfaEnabledAt }).toEqual({ secret: null, enabledAt: null });
    expect(await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, squatter.id))).toEqual([]);
    // And again later: no second step for the owner.
    const again = await signInWithGoogle(email);
    expect(again.body.data.access).toEqual(expect.any(String));
  });
});

const storeRequest = (path: string) => new Request(`http://store.test${path}`) as Parameters<typeof worker.fetch>[0];

describe("attack: ADMIN_EMAIL names an address someone already registered", () => {
  it("registers the admin's address first and waits for the bootstrap to make the account superuser", async () => {
    const email = `${unique("admin-to-be")}@example.com`;
    const squatter = await register(email);

    const bootstrap = ensureAdminAccount(db, { ADMIN_EMAIL: email, ADMIN_PASSWORD: "mat-khau-quan-tri" });

    await expect(bootstrap).rejects.toBeInstanceOf(ConfigError);
    await expect(bootstrap).rejects.toThrow(/ADMIN_EMAIL/);
    const row = await userRow(squatter.id);
    expect({ superuser: row.isSuperuser, staff: row.isStaff }).toEqual({ superuser: false, staff: false });
  });

  it("the store refuses to start instead, says why in the log, and answers 503 to the API and to pages", async () => {
    const email = `${unique("admin-to-be")}@example.com`;
    const squatter = await register(email);
    const errors = vi.spyOn(console, "error");
    const configured = { ...env, ADMIN_EMAIL: email } as Env;

    const ask = async (path: string) => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(storeRequest(path), configured, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    const api = await ask("/api/apps/list/");
    const page = await ask("/");

    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ success: false, code: "store_misconfigured", message: "Máy chủ chưa được cấu hình đúng. Vui lòng thử lại sau." });
    expect(page.status).toBe(503);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toContain("Máy chủ chưa được cấu hình đúng");
    expect(errors.mock.calls.some((call) => call.map(String).join(" ").includes("ADMIN_EMAIL"))).toBe(true);
    const row = await userRow(squatter.id);
    expect({ superuser: row.isSuperuser, staff: row.isStaff }).toEqual({ superuser: false, staff: false });
  });

  it("leaves an account that already is the admin as it is, and the store serves", async () => {
    const [admin] = await db.select().from(users).where(eq(sql`lower(${users.email})`, env.ADMIN_EMAIL.toLowerCase()));
    await ensureAdminAccount(db, { ADMIN_EMAIL: env.ADMIN_EMAIL, ADMIN_PASSWORD: "another-password" });
    const after = await userRow(admin.id);
    expect(after).toEqual(admin);
    const response = await worker.fetch(storeRequest("/api/apps/list/"), { ...env } as Env, createExecutionContext());
    expect(response.status).toBe(200);

    // A staff member named by ADMIN_EMAIL is not raised to superuser either.
    const email = `${unique("staff")}@example.com`;
    const staff = await register(email);
    await db.update(users).set({ isStaff: true }).where(eq(users.id, staff.id));
    await ensureAdminAccount(db, { ADMIN_EMAIL: email, ADMIN_PASSWORD: "mat-khau-quan-tri" });
    expect(await userRow(staff.id)).toMatchObject({ isStaff: true, isSuperuser: false });
  });
});

describe("attack: taking over an admin by replacing the password, unseen", () => {
  it("a reset and a change of an admin's password each leave an audit entry and a notice to the owner; a buyer's leave none", async () => {
    const [admin] = await db.insert(users).values({ username: unique("adm").replace(/-/g, "_"), email: `${unique("adm")}@example.com`, isSuperuser: true }).returning();
    const [buyer] = await db.insert(users).values({ username: unique("buy").replace(/-/g, "_"), email: `${unique("buy")}@example.com` }).returning();
    const records = async (userId: number) =>
      (await env.DB.prepare("SELECT action FROM audit_events WHERE target_type = 'user' AND target_id = ? ORDER BY id").bind(String(userId)).all<{ action: string }>()).results.map((row) => row.action);
    const notices = async (userId: number) =>
      (await env.DB.prepare("SELECT kind FROM notifications WHERE dedupe_key LIKE ?").bind(`admin_credentials:${userId}:%`).all<{ kind: string }>()).results.map((row) => row.kind);

    for (const account of [admin, buyer]) {
      const reset = await createResetToken(db, account.email);
      const answered = await post("/api/auth/reset-password/", { token: reset!.token, new_password: "mat-khau-moi-1", confirm_password: "mat-khau-moi-1" });
      expect(answered.status).toBe(200);
      const token = await sessionToken(account.id);
      const changed = await post("/api/auth/change-password/", { current_password: "mat-khau-moi-1", new_password: "mat-khau-moi-2", confirm_password: "mat-khau-moi-2" }, { Authorization: `Bearer ${token}` });
      expect(changed.status).toBe(200);
    }
    expect(await records(admin.id)).toEqual(["auth.password_reset", "auth.password_change"]);
    expect(await notices(admin.id)).toEqual(["admin_login", "admin_login"]);
    expect(await records(buyer.id)).toEqual([]);
    expect(await notices(buyer.id)).toEqual([]);
  });

  it("takes over an admin whose address nobody proved, through Google: audited and told to the owner; a buyer's takeover is neither", async () => {
    const adminEmail = `${unique("adm-g")}@example.com`;
    const buyerEmail = `${unique("buy-g")}@example.com`;
    const admin = await register(adminEmail);
    await db.update(users).set({ isSuperuser: true, isStaff: true }).where(eq(users.id, admin.id));
    const buyer = await register(buyerEmail);
    vi.spyOn(console, "warn");
    for (const email of [adminEmail, buyerEmail]) expect((await signInWithGoogle(email)).status).toBe(200);

    const audited = async (userId: number) =>
      (await env.DB.prepare("SELECT action FROM audit_events WHERE target_type = 'user' AND target_id = ? ORDER BY id").bind(String(userId)).all<{ action: string }>()).results.map((row) => row.action);
    const told = async (userId: number) =>
      (await env.DB.prepare("SELECT text FROM notifications WHERE dedupe_key LIKE ?").bind(`admin_credentials:${userId}:%`).all<{ text: string }>()).results.map((row) => row.text);
    expect(await audited(admin.id)).toEqual(["auth.google_takeover"]);
    const [notice] = await told(admin.id);
    expect(notice).toContain("Google đã xác nhận địa chỉ e-mail chưa xác minh của tài khoản quản trị viên");
    expect(notice).toContain(adminEmail);
    expect(await audited(buyer.id)).toEqual([]);
    expect(await told(buyer.id)).toEqual([]);

    // Linked already: signing in with Google again changes nothing, and tells nothing.
    expect((await signInWithGoogle(adminEmail)).status).toBe(200);
    expect(await audited(admin.id)).toEqual(["auth.google_takeover"]);
  });

  it("moves an admin's second factor to a new phone, or draws new recovery codes: each is told to the owner", async () => {
    const { account, secret, step, recoveryCodes } = await enrolledAdmin();
    const told = async () =>
      (await env.DB.prepare("SELECT text FROM notifications WHERE dedupe_key LIKE ? ORDER BY id").bind(`admin_credentials:${account.id}:%`).all<{ text: string }>()).results.map((row) => row.text);
    expect(await told()).toEqual([expect.stringContaining("Xác thực hai bước của quản trị viên được đăng ký trên điện thoại mới")]);

    // In with a recovery code, so the next step's code is still unused (one step of drift is allowed).
    const signedIn = await verify(await mfaToken(account), recoveryCodes[0]);
    expect(signedIn.status).toBe(200);
    const regenerated = await post("/api/auth/mfa/recovery-codes/", { code: codeAt(secret, step + 1) }, { Authorization: `Bearer ${signedIn.body.access}` });
    expect(regenerated.status, JSON.stringify(regenerated.body)).toBe(200);
    expect((await told())[1]).toContain("Mã khôi phục của quản trị viên được tạo lại");
  });
});

describe("attack: a stolen session outliving the owner's lever", () => {
  it("an admin ends every session of the store: every access and refresh token stops, the act is audited, and signing in works again", async () => {
    const [admin] = await db.insert(users).values({ username: unique("op").replace(/-/g, "_"), email: `${unique("op")}@example.com`, isSuperuser: true }).returning();
    const buyers = await db
      .insert(users)
      .values([1, 2].map((n) => ({ username: unique(`b${n}`).replace(/-/g, "_"), email: `${unique(`b${n}`)}@example.com` })))
      .returning();
    const adminToken = await sessionToken(admin.id);
    const stolen = await Promise.all(buyers.map((buyer) => startSession(db, env.JWT_SECRET, buyer, { ipAddress: null, userAgent: null })));
    const me = (access: string) => request("/api/auth/me/", { headers: { Authorization: `Bearer ${access}` } });
    for (const session of stolen) expect((await me(session.access)).status).toBe(200);

    // Asked for in words: an empty request ends nothing.
    const stray = await post("/api/admin/users/end-all-sessions/", {}, { Authorization: `Bearer ${adminToken}` });
    expect(stray.status).toBe(400);
    for (const session of stolen) expect((await me(session.access)).status).toBe(200);
    const ended = await post("/api/admin/users/end-all-sessions/", { confirm: "END ALL SESSIONS" }, { Authorization: `Bearer ${adminToken}` });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ success: true, message: USER_ADMIN_MESSAGES.sessionsEnded.in("vi") });
    for (const session of stolen) {
      expect((await me(session.access)).status).toBe(401);
      expect((await post("/api/auth/token/refresh/", { refresh: session.refresh })).status).toBe(401);
    }
    expect((await me(adminToken)).status).toBe(401);
    const [record] = (await env.DB.prepare("SELECT action, actor_user_id FROM audit_events WHERE action = 'auth.sessions_end_all' ORDER BY id DESC LIMIT 1").all<{ action: string; actor_user_id: number }>()).results;
    expect(record).toEqual({ action: "auth.sessions_end_all", actor_user_id: admin.id });
    // The lever ends sessions, not accounts: a new sign-in starts a live one.
    const [again] = await db.select().from(users).where(eq(users.id, buyers[0].id));
    const fresh = await startSession(db, env.JWT_SECRET, again, { ipAddress: null, userAgent: null });
    expect((await me(fresh.access)).status).toBe(200);
  });

  it("a buyer cannot pull the lever", async () => {
    const [buyer] = await db.insert(users).values({ username: unique("nb").replace(/-/g, "_"), email: `${unique("nb")}@example.com` }).returning();
    const refused = await post("/api/admin/users/end-all-sessions/", { confirm: "END ALL SESSIONS" }, { Authorization: `Bearer ${await sessionToken(buyer.id)}` });
    expect(refused.status).toBe(403);
    expect((await request("/api/auth/me/", { headers: { Authorization: `Bearer ${await sessionToken(buyer.id)}` } })).status).toBe(200);
  });
});
