// Attacks on sign-in and sessions (issue #13, items 8 and 9). Each test plays the attacker.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deviceTokens, rateLimits, users } from "../../../workers/db/schema";
import { sha256Hex } from "../../../workers/services/crypto";
import { db, request, unique } from "../../factories";

type Body = Record<string, any>;

// A range of its own, so per-address limits never meet those of other test files.
const addressBase = Math.floor(Math.random() * 200);
let addressCounter = 0;
function newAddress(): string {
  addressCounter += 1;
  return `203.${addressBase}.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

async function call(path: string, { body, token, address = newAddress() }: { body?: unknown; token?: string; address?: string } = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": address };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await request(path, { method: body === undefined ? "GET" : "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}

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
