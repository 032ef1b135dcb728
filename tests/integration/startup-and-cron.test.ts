import { createExecutionContext, createScheduledController, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { keyPricing, keyTypes, licenseKeys, users, vietqrTopups } from "../../workers/db/schema";
import worker from "../../workers/index";
import { sendMail } from "../../workers/platform/mailer";
import { verifyPassword } from "../../workers/accounts/passwords";
import { walletSnapshot } from "../../workers/money/wallet/reads";
import { UserWallet } from "../../workers/money/wallet/user-wallet";
import { createApp, db, refusedBy, request, unique } from "../factories";

describe("the configured admin", () => {
  it("exists after the first request, with a verified scrypt password and both roles", async () => {
    await request("/api/apps/list/");
    const [admin] = await db.select().from(users).where(eq(sql`lower(${users.email})`, env.ADMIN_EMAIL.toLowerCase()));
    expect(admin).toBeDefined();
    expect(admin.isSuperuser).toBe(true);
    expect(admin.isStaff).toBe(true);
    expect(admin.passwordHash).toMatch(/^scrypt\$v1\$16384\$8\$5\$/);
    expect(await verifyPassword(env.ADMIN_PASSWORD, admin.passwordHash)).toBe(true);
    expect(await verifyPassword("wrong-password", admin.passwordHash)).toBe(false);
  });
});

describe("the data model's constraints", () => {
  it("refuses a negative balance and a second pricing of one key type", async () => {
    const email = `${unique()}@example.com`;
    await expect(db.insert(users).values({ username: unique("u"), email, balance: -1 })).rejects.toThrow(refusedBy(/^D1_ERROR: CHECK constraint failed: users_balance_check: SQLITE_CONSTRAINT/));
    const app = await createApp();
    const [type] = await db.select().from(keyTypes).where(eq(keyTypes.name, "1day"));
    await db.insert(keyPricing).values({ appId: app.id, keyTypeId: type.id, price: 1000 });
    await expect(db.insert(keyPricing).values({ appId: app.id, keyTypeId: type.id, price: 2000 })).rejects.toThrow(refusedBy(/^D1_ERROR: UNIQUE constraint failed: key_pricing\.app_id, key_pricing\.key_type_id: SQLITE_CONSTRAINT/));
  });

  it("refuses a duplicate key code within one app and a sold key without its order", async () => {
    const app = await createApp();
    const [type] = await db.select().from(keyTypes).where(eq(keyTypes.name, "7days"));
    await db.insert(licenseKeys).values({ appId: app.id, keyTypeId: type.id, keyCode: "SAME" });
    await expect(db.insert(licenseKeys).values({ appId: app.id, keyTypeId: type.id, keyCode: "SAME" })).rejects.toThrow(refusedBy(/^D1_ERROR: UNIQUE constraint failed: license_keys\.app_id, license_keys\.key_code: SQLITE_CONSTRAINT/));
    await expect(db.insert(licenseKeys).values({ appId: app.id, keyTypeId: type.id, keyCode: "SOLD", status: "sold" })).rejects.toThrow(refusedBy(/^D1_ERROR: CHECK constraint failed: license_keys_sold_check: SQLITE_CONSTRAINT/));
  });

  it("has the product's key types, lifetime as 0 days", async () => {
    const rows = await db.select({ name: keyTypes.name, days: keyTypes.durationDays }).from(keyTypes);
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: "1day", days: 1 },
        { name: "7days", days: 7 },
        { name: "30days", days: 30 },
        { name: "lifetime", days: 0 },
      ]),
    );
  });
});

describe("scheduled()", () => {
  it("expires pending VietQR top-ups and used keys whose time has passed, and nothing else", async () => {
    const [user] = await db.insert(users).values({ username: unique("buyer"), email: `${unique()}@example.com` }).returning();
    const now = Date.now();
    const topup = (code: string, status: "pending" | "paid", expiresAt: number) => ({
      transactionId: unique("tx"),
      userId: user.id,
      amount: 60000,
      transferCode: code,
      status,
      bankCode: "970415",
      accountNumber: "1",
      accountName: "SHOP",
      qrPayload: "x",
      expiresAt: new Date(expiresAt),
    });
    const [late, fresh, paid] = await db
      .insert(vietqrTopups)
      .values([topup(unique("A"), "pending", now - 1000), topup(unique("B"), "pending", now + 600_000), topup(unique("C"), "paid", now - 1000)])
      .returning();

    const app = await createApp();
    const [type] = await db.select().from(keyTypes).where(eq(keyTypes.name, "1day"));
    const key = (code: string, expiresAt: number | null) => ({
      appId: app.id,
      keyTypeId: type.id,
      keyCode: code,
      status: "used" as const,
      orderReference: unique("order"),
      expiresAt: expiresAt === null ? null : new Date(expiresAt),
    });
    const [expiredKey, liveKey, lifetimeKey] = await db
      .insert(licenseKeys)
      .values([key(unique("K"), now - 1000), key(unique("K"), now + 86_400_000), key(unique("K"), null)])
      .returning();

    const context = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "* * * * *" }), env, context);
    await waitOnExecutionContext(context);

    const statusOf = async (id: number) => (await db.select({ s: vietqrTopups.status }).from(vietqrTopups).where(eq(vietqrTopups.id, id)))[0].s;
    expect(await statusOf(late.id)).toBe("expired");
    expect(await statusOf(fresh.id)).toBe("pending");
    expect(await statusOf(paid.id)).toBe("paid");
    const keyStatus = async (id: number) => (await db.select({ s: licenseKeys.status }).from(licenseKeys).where(eq(licenseKeys.id, id)))[0].s;
    expect(await keyStatus(expiredKey.id)).toBe("expired");
    expect(await keyStatus(liveKey.id)).toBe("used");
    expect(await keyStatus(lifetimeKey.id)).toBe("used");
  });
});

describe("the UserWallet Durable Object", () => {
  it("is exported with SQLite storage, named by its user, over the user's committed balance", async () => {
    const [user] = await db.insert(users).values({ username: unique("w"), email: `${unique()}@example.com`, balance: 150000 }).returning();
    await runInDurableObject(env.USER_WALLET.get(env.USER_WALLET.idFromName(String(user.id))), (wallet, state) => {
      expect(wallet).toBeInstanceOf(UserWallet);
      expect(state.id.name).toBe(String(user.id));
    });
    const balance = async (id: number) => (await walletSnapshot(env.DB, id))?.balance ?? null;
    const reads = await Promise.all([balance(user.id), balance(user.id), balance(999_999_999)]);
    expect(reads).toEqual([150000, 150000, null]);
  });
});

/** The Worker as it answers under another APP_ENV (the test pool runs APP_ENV=test). */
async function fetchAs(appEnv: string, path: string): Promise<Response> {
  const context = createExecutionContext();
  const response = await worker.fetch(new Request(new URL(path, "http://store.test")) as Parameters<typeof worker.fetch>[0], { ...env, APP_ENV: appEnv }, context);
  await waitOnExecutionContext(context);
  return response;
}

async function mailWithLink() {
  const to = `${unique("box")}@example.com`;
  await sendMail(db, { APP_ENV: "development", MAIL_TRANSPORT: "outbox", MAIL_FROM: "x", MAIL_API_URL: "", MAIL_API_KEY: "" }, {
    to,
    subject: "<script>alert(1)</script> Đặt lại",
    text: "Mở http://store.test/reset-password?token=abc để tiếp tục",
    template: "test",
  });
  return to;
}

describe("attack: reading the development outbox outside development", () => {
  it("opens /dev/outbox on a store running with APP_ENV=test", async () => {
    const to = await mailWithLink();
    const response = await request("/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(to);
  });
});

describe("the development outbox", () => {
  it("lists sent mail with clickable links and escapes what it shows (APP_ENV=development)", async () => {
    const to = await mailWithLink();
    const response = await fetchAs("development", "/dev/outbox");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(to);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Đặt lại");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain('<a href="http://store.test/reset-password?token=abc">');
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
  });
});
