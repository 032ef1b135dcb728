import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it, vi } from "vitest";
import { mailOutbox, passwordResetTokens, sessions, users } from "../../workers/db/schema";
import { createResetToken } from "../../workers/accounts/accounts";
import { AUTH_MESSAGES } from "../../workers/accounts/messages";
import { sha256Hex } from "../../workers/platform/crypto";
import { db, request, unique } from "../factories";
import { call, newAddress } from "../requests";

type Body = Record<string, any>;

function newAccount(overrides: Body = {}) {
  const name = unique("u").replace(/-/g, "_").slice(0, 28);
  return { username: name, email: `${name}@example.com`, first_name: "Nguyễn", last_name: "Văn A", password: "mat-khau-1", password_confirm: "mat-khau-1", ...overrides };
}

async function registered(overrides: Body = {}) {
  const account = newAccount(overrides);
  const result = await call("/api/auth/register/", { body: account });
  expect(result.status).toBe(201);
  return account;
}

async function loggedIn(overrides: Body = {}) {
  const account = await registered(overrides);
  const login = await call("/api/auth/login/", { body: { login: account.username, password: account.password } });
  expect(login.status).toBe(200);
  return { account, access: login.body.access as string, refresh: login.body.refresh as string, user: login.body.user };
}

async function countUsers(email: string) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row.n;
}

describe("registration", () => {
  it("creates an account with a hashed password and the product's user fields", async () => {
    const account = newAccount();
    const result = await call("/api/auth/register/", { body: account });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ success: true, message: "Đăng ký thành công! Vui lòng đăng nhập." });
    expect(result.body.data.user).toMatchObject({
      username: account.username,
      email: account.email,
      first_name: "Nguyễn",
      last_name: "Văn A",
      full_name: "Nguyễn Văn A",
      balance: 0,
      formatted_balance: "0\u00a0₫",
      total_spent: 0,
      total_keys_purchased: 0,
      has_usable_password: true,
      is_superuser: false,
      is_staff: false,
      last_login: null,
    });
    const [row] = await db.select().from(users).where(eq(users.email, account.email));
    expect(row.passwordHash).toMatch(/^scrypt\$v1\$/);
    expect(row.passwordHash).not.toContain(account.password);
  });

  it("answers every broken field at once and stores nothing", async () => {
    const email = `${unique("bad")}@example.com`;
    const result = await call("/api/auth/register/", {
      body: { username: "a b", email: "not-an-email", first_name: "", password: "short", password_confirm: "other" },
    });
    expect(result.status).toBe(400);
    expect(result.body.success).toBe(false);
    expect(result.body.errors).toMatchObject({
      username: [expect.stringContaining("Tên đăng nhập gồm 3–30 ký tự")],
      email: ["Email không hợp lệ"],
      first_name: ["Trường này là bắt buộc"],
      last_name: ["Trường này là bắt buộc"],
      password: ["Mật khẩu phải có ít nhất 8 ký tự"],
    });
    const mismatch = await call("/api/auth/register/", { body: newAccount({ email, password_confirm: "mat-khau-2" }) });
    expect(mismatch.body.errors).toEqual({ password_confirm: ["Mật khẩu xác nhận không khớp"] });
    expect(await countUsers(email)).toBe(0);
  });

  it("refuses a taken username or e-mail whatever their case", async () => {
    const first = await registered();
    const again = await call("/api/auth/register/", {
      body: newAccount({ username: first.username.toUpperCase(), email: first.email.toUpperCase() }),
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ username: ["Tên đăng nhập đã được sử dụng"], email: ["Email đã được sử dụng"] });
  });

  it("two registrations racing for one e-mail make one account", async () => {
    const email = `${unique("race")}@example.com`;
    const results = await Promise.all([1, 2, 3].map(() => call("/api/auth/register/", { body: newAccount({ email }) })));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(results.filter((result) => result.status !== 201).map((result) => ({ status: result.status, errors: result.body.errors }))).toEqual(
      Array(2).fill({ status: 400, errors: { email: [AUTH_MESSAGES.emailTaken.in("vi")] } }),
    );
    expect(await countUsers(email)).toBe(1);
  });

  it("treats injection attempts as plain data", async () => {
    const sqlish = await call("/api/auth/register/", { body: newAccount({ username: "x'; DROP TABLE users;--" }) });
    expect(sqlish.status).toBe(400);
    expect(sqlish.body.errors).toEqual({ username: [AUTH_MESSAGES.usernameInvalid.in("vi")] });
    const account = await registered({ first_name: "<script>alert(1)</script>", last_name: "' OR '1'='1" });
    const login = await call("/api/auth/login/", { body: { login: account.email, password: account.password } });
    expect(login.body.user.first_name).toBe("<script>alert(1)</script>");
    expect(login.body.user.last_name).toBe("' OR '1'='1");
    const bypass = await call("/api/auth/login/", { body: { login: "' OR 1=1 --", password: "' OR 1=1 --" } });
    expect(bypass.status).toBe(401);
  });

  it("refuses a body that is not JSON or not an object", async () => {
    const response = await request("/api/auth/register/", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, errors: { non_field_errors: ["Nội dung yêu cầu phải là JSON hợp lệ"] } });
    const list = await call("/api/auth/login/", { body: [1, 2] });
    expect(list.status).toBe(400);
  });
});

describe("availability checks", () => {
  it("say whether a username or e-mail is free, taken or malformed", async () => {
    const account = await registered();
    expect((await call("/api/auth/check-availability/", { body: { username: account.username.toUpperCase() } })).body).toEqual({
      success: true,
      data: { username: { available: false, message: "Tên đăng nhập đã được sử dụng" } },
    });
    expect((await call("/api/auth/check-availability/", { body: { username: unique("free").replace(/-/g, "") } })).body.data.username).toEqual({
      available: true,
      message: "Tên đăng nhập có thể sử dụng",
    });
    expect((await call("/api/auth/check-availability/", { body: { username: "a" } })).body.data.username.available).toBe(false);
    expect((await call("/api/auth/check-availability/", { body: { email: account.email } })).body.data.email).toEqual({
      available: false,
      message: "Email đã được sử dụng",
    });
    expect((await call("/api/auth/check-availability/", { body: { email: `${unique()}@example.com` } })).body.data.email.available).toBe(true);
    expect((await call("/api/auth/check-availability/", { body: { email: "nope" } })).body.data.email).toEqual({ available: false, message: "Email không hợp lệ" });
  });

  it("are rate limited per client address", async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 62; index++) {
      statuses.push((await call("/api/auth/check-availability/", { body: { username: `probe${index}` }, address })).status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});

describe("login", () => {
  it("accepts a username or an e-mail in any case and returns access, refresh and the user", async () => {
    const account = await registered();
    for (const login of [account.username, account.email.toUpperCase()]) {
      const result = await call("/api/auth/login/", { body: { login, password: account.password } });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ success: true, message: "Đăng nhập thành công!", user: { username: account.username } });
      expect(result.body.access.split(".")).toHaveLength(3);
      expect(result.body.refresh).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(result.body.user.last_login).not.toBeNull();
    }
  });

  it("gives the same answer for a wrong password and an unknown account", async () => {
    const account = await registered();
    const wrong = await call("/api/auth/login/", { body: { login: account.username, password: "wrong-password" } });
    const unknown = await call("/api/auth/login/", { body: { login: `${unique()}@example.com`, password: "wrong-password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      success: false, code: "bad_credentials",
      message: "Tên đăng nhập hoặc mật khẩu không đúng",
      errors: { non_field_errors: ["Tên đăng nhập hoặc mật khẩu không đúng"] },
    });
  });

  it("requires both fields", async () => {
    const result = await call("/api/auth/login/", { body: { login: "" } });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ login: ["Trường này là bắt buộc"], password: ["Trường này là bắt buộc"] });
  });

  it("meets 429 long before 40 wrong passwords on one account, from any mix of addresses", async () => {
    const account = await registered();
    const statuses: number[] = [];
    const limited: { message: string; retryAfter: string | null }[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const login = attempt % 2 ? account.username : account.email.toUpperCase();
      const result = await call("/api/auth/login/", { body: { login, password: `wrong-${attempt}` } });
      statuses.push(result.status);
      if (result.status === 429) limited.push({ message: result.body.message, retryAfter: result.headers.get("Retry-After") });
    }
    expect(statuses.indexOf(429)).toBe(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    // Every one of the thirty refusals says so in words, and when to come back.
    expect(limited).toHaveLength(30);
    for (const { message, retryAfter } of limited) {
      expect(message).toMatch(/^Bạn đã thử quá nhiều lần\. Vui lòng thử lại sau \d+ giây\.$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    }
    // While blocked, even the right password is refused.
    expect((await call("/api/auth/login/", { body: { login: account.email, password: account.password } })).status).toBe(429);
    // Ten scrypt checks (deliberately slow) and thirty refusals: more than the default 5 s on a busy machine.
  }, 30_000);

  it("limits attempts per client address across accounts", async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 62; attempt++) {
      statuses.push((await call("/api/auth/login/", { body: { login: `nobody${attempt}@example.com`, password: "x" }, address })).status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  }, 60_000);

  it("a successful login clears the account's failures", { timeout: 30_000 }, async () => {
    const account = await registered();
    for (let attempt = 0; attempt < 9; attempt++) await call("/api/auth/login/", { body: { login: account.username, password: "wrong" } });
    expect((await call("/api/auth/login/", { body: { login: account.username, password: account.password } })).status).toBe(200);
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await call("/api/auth/login/", { body: { login: account.username, password: "wrong" } })).status).toBe(401);
    }
  });

  it("never calls PBKDF2 with more than 100,000 iterations (the production cap)", async () => {
    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
    try {
      await loggedIn();
      const iterations = deriveBits.mock.calls
        .map(([algorithm]) => algorithm)
        .filter((algorithm) => typeof algorithm === "object" && algorithm.name === "PBKDF2")
        .map((algorithm) => (algorithm as Pbkdf2Params).iterations);
      expect(iterations.filter((count) => count > 100_000)).toEqual([]);
    } finally {
      deriveBits.mockRestore();
    }
  });
});

describe("access tokens", () => {
  it("open /me/ with the current user record", async () => {
    const { access, account } = await loggedIn();
    const me = await call("/api/auth/me/", { token: access });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ username: account.username, email: account.email, has_usable_password: true });
  });

  it("refuse a missing, malformed, unsigned, foreign-key or expired token", async () => {
    const { user } = await loggedIn();
    const secret = new TextEncoder().encode(env.JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const unsigned = new UnsecuredJWT({ typ: "access" }).setSubject(String(user.id)).setIssuer("ios-game-hack").setExpirationTime(now + 600).encode();
    const foreign = await new SignJWT({ typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuer("ios-game-hack")
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode("another-secret-another-secret-0123456789"));
    const expired = await new SignJWT({ typ: "access" }).setProtectedHeader({ alg: "HS256" }).setSubject(String(user.id)).setIssuer("ios-game-hack").setIssuedAt(now - 3600).setExpirationTime(now - 60).sign(secret);
    const otherAlgorithm = await new SignJWT({ typ: "access" }).setProtectedHeader({ alg: "HS512" }).setSubject(String(user.id)).setIssuer("ios-game-hack").setExpirationTime(now + 600).sign(secret);
    const notAccess = await new SignJWT({ typ: "refresh" }).setProtectedHeader({ alg: "HS256" }).setSubject(String(user.id)).setIssuer("ios-game-hack").setExpirationTime(now + 600).sign(secret);
    for (const token of [undefined, "garbage", unsigned, foreign, expired, otherAlgorithm, notAccess]) {
      const result = await call("/api/auth/me/", { token });
      expect(result.status, String(token)).toBe(401);
      expect(result.headers.get("WWW-Authenticate")).toBe("Bearer");
      expect(result.body).toEqual({ success: false, code: "unauthenticated", message: "Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại!" });
    }
  });
});

describe("refresh sessions", () => {
  it("rotate on every use, and a reused token revokes the whole family", async () => {
    const { refresh } = await loggedIn();
    const first = await call("/api/auth/token/refresh/", { body: { refresh } });
    expect(first.status).toBe(200);
    expect(first.body.refresh).not.toBe(refresh);
    expect((await call("/api/auth/me/", { token: first.body.access })).status).toBe(200);

    const second = await call("/api/auth/token/refresh/", { body: { refresh: first.body.refresh } });
    expect(second.status).toBe(200);

    // The first token comes back (stolen?): the family ends, the newest token included.
    const replay = await call("/api/auth/token/refresh/", { body: { refresh } });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe("Phiên đăng nhập không hợp lệ hoặc đã hết hạn. Vui lòng đăng nhập lại.");
    expect((await call("/api/auth/token/refresh/", { body: { refresh: second.body.refresh } })).status).toBe(401);
  });

  it("are stored hashed", async () => {
    const { refresh } = await loggedIn();
    const rows = await db.select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(refresh)));
    expect(rows).toHaveLength(1);
    expect((await db.select().from(sessions).where(eq(sessions.tokenHash, refresh))).length).toBe(0);
  });

  it("two concurrent rotations of one token leave no live session", async () => {
    const { refresh } = await loggedIn();
    const results = await Promise.all([1, 2].map(() => call("/api/auth/token/refresh/", { body: { refresh } })));
    const winners = results.filter((result) => result.status === 200);
    expect(winners.length).toBeLessThanOrEqual(1);
    for (const winner of winners) expect((await call("/api/auth/token/refresh/", { body: { refresh: winner.body.refresh } })).status).toBe(401);
  });

  it("end at logout", async () => {
    const { refresh } = await loggedIn();
    expect((await call("/api/auth/logout/", { body: { refresh } })).body).toEqual({ success: true, message: "Đã đăng xuất" });
    expect((await call("/api/auth/token/refresh/", { body: { refresh } })).status).toBe(401);
  });

  it("refuse an expired refresh token", async () => {
    const { refresh } = await loggedIn();
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, await sha256Hex(refresh)));
    expect((await call("/api/auth/token/refresh/", { body: { refresh } })).status).toBe(401);
  });
});

async function outboxFor(email: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email.toLowerCase()));
    if (mails.length || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A reset link's token as the mail carries it (outside development the stored mail hides the link). */
async function resetTokenFor(email: string): Promise<string> {
  const reset = await createResetToken(db, email);
  expect(reset).not.toBeNull();
  return reset!.token;
}

describe("password reset", () => {
  it("answers the same whether the address exists or not, and mails a link only when it does", async () => {
    const account = await registered();
    const stranger = `${unique("ghost")}@example.com`;
    const known = await call("/api/auth/forgot-password/", { body: { email: account.email } });
    const unknown = await call("/api/auth/forgot-password/", { body: { email: stranger } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const [mail] = await outboxFor(account.email);
    expect(mail.subject).toContain("đặt lại mật khẩu");
    // Tests run with APP_ENV=test: the kept copy says the link was hidden (only development keeps it).
    expect(mail.textBody).toContain("liên kết đã được ẩn");
    expect(mail.textBody).not.toContain("token=");
    expect(await outboxFor(stranger, 300)).toEqual([]);
  });

  it("verifies the token, sets the new password once, and ends every session", async () => {
    const { account, refresh } = await loggedIn();
    const token = await resetTokenFor(account.email);
    const stored = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, await sha256Hex(token)));
    expect(stored).toHaveLength(1);

    const verify = await call(`/api/auth/verify-reset-token/?token=${encodeURIComponent(token)}`);
    expect(verify.body).toEqual({ success: true, valid: true, message: "Token hợp lệ", user: { username: account.username, email: account.email } });

    const mismatch = await call("/api/auth/reset-password/", { body: { token, new_password: "mat-khau-moi", confirm_password: "khac-nhau" } });
    expect(mismatch.body.errors).toEqual({ confirm_password: ["Mật khẩu xác nhận không khớp"] });

    const reset = await call("/api/auth/reset-password/", { body: { token, new_password: "mat-khau-moi", confirm_password: "mat-khau-moi" } });
    expect(reset.body).toEqual({ success: true, message: "Đặt lại mật khẩu thành công! Vui lòng đăng nhập." });
    expect((await call("/api/auth/login/", { body: { login: account.username, password: "mat-khau-moi" } })).status).toBe(200);
    expect((await call("/api/auth/login/", { body: { login: account.username, password: account.password } })).status).toBe(401);
    expect((await call("/api/auth/token/refresh/", { body: { refresh } })).status).toBe(401);

    const again = await call("/api/auth/reset-password/", { body: { token, new_password: "lan-thu-hai", confirm_password: "lan-thu-hai" } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Token không hợp lệ hoặc đã hết hạn");
    expect((await call(`/api/auth/verify-reset-token/?token=${encodeURIComponent(token)}`)).body).toEqual({
      success: false, code: "reset_link_invalid",
      valid: false,
      message: "Token không hợp lệ hoặc đã hết hạn",
    });
  });

  it("refuses an expired or unknown token", async () => {
    const account = await registered();
    const token = await resetTokenFor(account.email);
    await db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(passwordResetTokens.tokenHash, await sha256Hex(token)));
    expect((await call(`/api/auth/verify-reset-token/?token=${encodeURIComponent(token)}`)).status).toBe(400);
    expect((await call("/api/auth/reset-password/", { body: { token, new_password: "mat-khau-moi", confirm_password: "mat-khau-moi" } })).status).toBe(400);
    expect((await call("/api/auth/verify-reset-token/?token=made-up")).status).toBe(400);
    expect((await call("/api/auth/verify-reset-token/")).status).toBe(400);
    // Longer than any link's token: the same invalid link, whatever its length.
    for (const long of ["a".repeat(201), "a".repeat(4000)]) {
      expect((await call(`/api/auth/verify-reset-token/?token=${long}`)).body).toEqual({ success: false, code: "reset_link_invalid", valid: false, message: "Token không hợp lệ hoặc đã hết hạn" });
    }
  });

  it("spends a token once even when it is used twice at the same moment", async () => {
    const account = await registered();
    const token = await resetTokenFor(account.email);
    const results = await Promise.all(
      ["mat-khau-mot", "mat-khau-hai"].map((password) => call("/api/auth/reset-password/", { body: { token, new_password: password, confirm_password: password } })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
  });

  it("limits requests per address and per e-mail", async () => {
    const account = await registered();
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) statuses.push((await call("/api/auth/forgot-password/", { body: { email: account.email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("change password", () => {
  it("needs the current password, then ends the other sessions and opens a new one", async () => {
    const { account, access, refresh } = await loggedIn();
    const wrong = await call("/api/auth/change-password/", { token: access, body: { current_password: "sai-roi-nhe", new_password: "mat-khau-moi", confirm_password: "mat-khau-moi" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current_password: ["Mật khẩu hiện tại không đúng"] });
    const missing = await call("/api/auth/change-password/", { token: access, body: { new_password: "mat-khau-moi", confirm_password: "mat-khau-moi" } });
    expect(missing.body.errors).toEqual({ current_password: ["Trường này là bắt buộc"] });

    const changed = await call("/api/auth/change-password/", {
      token: access,
      body: { current_password: account.password, new_password: "mat-khau-moi", confirm_password: "mat-khau-moi" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ success: true, message: "Đổi mật khẩu thành công!", user: { has_usable_password: true } });
    // Devices are forgotten with the old password; this browser is given a new device token.
    expect(changed.body.device_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await call("/api/auth/token/refresh/", { body: { refresh } })).status).toBe(401);
    expect((await call("/api/auth/token/refresh/", { body: { refresh: changed.body.refresh } })).status).toBe(200);
    expect((await call("/api/auth/login/", { body: { login: account.username, password: "mat-khau-moi" } })).status).toBe(200);
  });

  it("lets an account without a password create one", async () => {
    const { access, user } = await loggedIn();
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const created = await call("/api/auth/change-password/", { token: access, body: { new_password: "mat-khau-tao", confirm_password: "mat-khau-tao" } });
    expect(created.body).toMatchObject({ success: true, message: "Tạo mật khẩu thành công!", user: { has_usable_password: true } });
  });

  it("needs a valid access token", async () => {
    expect((await call("/api/auth/change-password/", { body: { new_password: "x".repeat(8), confirm_password: "x".repeat(8) } })).status).toBe(401);
  });
});

describe("deactivated accounts", () => {
  it("cannot log in or use an access token", async () => {
    const { account, access, user } = await loggedIn();
    await db.update(users).set({ isActive: false }).where(and(eq(users.id, user.id)));
    expect((await call("/api/auth/me/", { token: access })).status).toBe(401);
    const login = await call("/api/auth/login/", { body: { login: account.username, password: account.password } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe("Tài khoản đã bị khóa. Vui lòng liên hệ hỗ trợ.");
  });
});
