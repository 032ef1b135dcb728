// Buyers hear about their keys (issue #29, docs/decisions/0032-buyer-mails.md): the expiry reminder
// and the update notice through the outbox, each at most once (a second run, overlapping runs, a
// run that died between claim and send), the buyer's switch, and the signed unsubscribe link.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buyerMails, licenseKeys, mailOutbox, users } from "../../workers/db/schema";
import { claimBuyerMails, CLAIM_LIFETIME_MS, queueExpiryReminders } from "../../workers/licensing/buyer-mails";
import { unsubscribeToken } from "../../workers/accounts/mail-preferences";
import { runScheduledJobs } from "../../workers/scheduled";
import { formatDateTime } from "../../workers/shared/format";
import { api, bytes, createApp, db, person, request, typeId, unique } from "../factories";

const DAY = 86_400_000;

type Buyer = Awaited<ReturnType<typeof person>>;

/** A key of `app` (a new one by default) sold to `buyer`, activated, expiring `expiresIn` ms from now (null: never). */
async function keyFor(buyer: Buyer, expiresIn: number | null, app?: Awaited<ReturnType<typeof createApp>>) {
  const seller = app ?? (await createApp({ file: bytes(64) }));
  const now = Date.now();
  const [key] = await db
    .insert(licenseKeys)
    .values({
      appId: seller.id,
      keyTypeId: await typeId("7days"),
      keyCode: unique("KEY"),
      status: "used",
      soldToUserId: buyer.id,
      soldAt: new Date(now),
      orderReference: unique("ORD"),
      activatedAt: new Date(now - DAY),
      deviceId: "dev-1",
      expiresAt: expiresIn === null ? null : new Date(now + expiresIn),
    })
    .returning();
  return { app: seller, key };
}

async function mailsTo(email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
}

const cron = (at = new Date()) => runScheduledJobs(env, at);

async function admin() {
  return `Bearer ${(await person("staff")).token}`;
}

async function publishVersion(appId: number, version: string, token?: string) {
  const form = new FormData();
  form.append("version", version);
  const response = await request(`/api/apps/update/${appId}/`, { method: "PUT", headers: { Authorization: token ?? (await admin()) }, body: form });
  const body = await response.json();
  expect(body, JSON.stringify(body)).toMatchObject({ success: true });
}

function tokenOf(mail: { headers: string | null }): string {
  const headers = JSON.parse(mail.headers ?? "{}") as Record<string, string>;
  const match = /token=([^>&]+)/.exec(headers["List-Unsubscribe"] ?? "");
  if (!match) throw new Error("no List-Unsubscribe token");
  return decodeURIComponent(match[1]);
}

async function subscribed(userId: number): Promise<boolean> {
  const [row] = await db.select({ on: users.emailNotifications }).from(users).where(eq(users.id, userId));
  return row.on;
}

function oneClick(token: string) {
  return request(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
}

describe("the expiry reminder", () => {
  it("tells the buyer once, in Vietnamese, with the app, the expiry, a link to buy again and a one-click unsubscribe", async () => {
    const buyer = await person();
    const { app, key } = await keyFor(buyer, 2 * DAY);
    await keyFor(buyer, 5 * DAY); // outside the 3 days: not yet

    await cron();
    await cron();
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.template).toBe("key_expiry");
    expect(mail.subject).toContain(app.name);
    expect(mail.subject).toContain("sắp hết hạn");
    expect(mail.textBody).toContain(`sẽ hết hạn lúc ${formatDateTime(key.expiresAt!)}`);
    expect(mail.textBody).toContain(`/${app.url}`);
    expect(mail.textBody).toContain("/unsubscribe?token=");
    expect(mail.textBody).not.toContain(key.keyCode);
    const headers = JSON.parse(mail.headers ?? "{}");
    expect(headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/api\/mail\/unsubscribe\?token=[^>]+>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("is never sent twice by overlapping runs", async () => {
    const buyer = await person();
    await keyFor(buyer, DAY);
    await Promise.all([cron(), cron(), cron()]);
    await cron();
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it("is not sent again after a run that died between claiming it and sending it", async () => {
    const buyer = await person();
    const { key } = await keyFor(buyer, DAY);
    const now = new Date();
    // A run queues and claims, then dies before it sends.
    await queueExpiryReminders(db, now);
    const claimed = await claimBuyerMails(db, now, 1000);
    expect(claimed.some((row) => row.keyId === key.id)).toBe(true);

    await cron(now);
    await cron(new Date(now.getTime() + CLAIM_LIFETIME_MS + 60_000));
    await cron(new Date(now.getTime() + CLAIM_LIFETIME_MS + 120_000));
    expect(await mailsTo(buyer.email)).toHaveLength(0);
    const [row] = await db.select().from(buyerMails).where(eq(buyerMails.keyId, key.id));
    expect(row.status).toBe("abandoned");
  });

  it("is not sent for a key the admin banned or that already expired", async () => {
    const buyer = await person();
    const { key } = await keyFor(buyer, DAY);
    await db.update(licenseKeys).set({ bannedAt: new Date() }).where(eq(licenseKeys.id, key.id));
    await keyFor(buyer, -DAY);
    await cron();
    expect(await mailsTo(buyer.email)).toHaveLength(0);
  });
});

describe("the update notice", () => {
  it("tells each buyer with a live key once per version, with the version and the app page", async () => {
    const buyer = await person();
    const other = await person();
    const lapsed = await person();
    const { app } = await keyFor(buyer, 30 * DAY);
    await keyFor(buyer, null, app); // a second key of the same app: still one mail
    await keyFor(other, null, app);
    const { key: old } = await keyFor(lapsed, 30 * DAY, app);
    await db.update(licenseKeys).set({ status: "expired", expiresAt: new Date(Date.now() - DAY) }).where(eq(licenseKeys.id, old.id));

    const token = await admin();
    await publishVersion(app.id, "2.0.1", token);
    await cron();
    // The same version saved again, and another run: nothing more.
    await publishVersion(app.id, "2.0.1", token);
    await cron();

    for (const who of [buyer, other]) {
      const mails = await mailsTo(who.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain("Bản cập nhật mới");
      expect(mails[0].textBody).toContain("2.0.1");
      expect(mails[0].textBody).toContain(`/${app.url}`);
      expect(JSON.parse(mails[0].headers ?? "{}")["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
    expect(await mailsTo(lapsed.email)).toHaveLength(0);

    // A newer version is news again.
    await publishVersion(app.id, "2.1", token);
    await cron();
    expect((await mailsTo(buyer.email)).map((mail) => mail.subject)).toEqual([`Bản cập nhật mới: ${app.name} 2.0.1`, `Bản cập nhật mới: ${app.name} 2.1`]);
  });
});

describe("a buyer who turned the notices off", () => {
  it("gets neither kind, even when queued before the switch", async () => {
    const buyer = await person();
    const { app } = await keyFor(buyer, DAY);
    await publishVersion(app.id, "9.9");
    await queueExpiryReminders(db, new Date());
    const off = await api("/api/mail/preferences/", { token: buyer.token, body: { email_notifications: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, data: { email_notifications: false } });
    await publishVersion(app.id, "10.0");
    await cron();
    await cron();
    expect(await mailsTo(buyer.email)).toHaveLength(0);
  });

  it("the switch is on by default, shown in /api/auth/me, and needs a signed-in buyer and a boolean", async () => {
    const buyer = await person();
    expect((await api("/api/auth/me/", { token: buyer.token })).body.data).toMatchObject({ email_notifications: true });
    expect((await api("/api/mail/preferences/", { body: { email_notifications: false } })).status).toBe(401);
    const bad = await api("/api/mail/preferences/", { token: buyer.token, body: { email_notifications: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, errors: { email_notifications: ["Giá trị bật/tắt không hợp lệ"] } });
    expect(await subscribed(buyer.id)).toBe(true);
  });
});

describe("the unsubscribe link", () => {
  it("one POST with the mail's token turns the notices off, without a sign-in", async () => {
    const buyer = await person();
    await keyFor(buyer, DAY);
    await cron();
    const [mail] = await mailsTo(buyer.email);
    const answer = await oneClick(tokenOf(mail));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ success: true, message: "Bạn đã hủy nhận email thông báo. Bạn có thể bật lại trong trang Hồ sơ." });
    expect(await subscribed(buyer.id)).toBe(false);
    // Opened in a browser instead, the header's address leads to the page.
    const opened = await request(`/api/mail/unsubscribe?token=${encodeURIComponent(tokenOf(mail))}`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe(`/unsubscribe?token=${encodeURIComponent(tokenOf(mail))}`);
  });

  it("refuses a token rewritten for another user's id, and leaves that user subscribed", async () => {
    const attacker = await person();
    const victim = await person();
    const own = await unsubscribeToken(env.JWT_SECRET, attacker.id, 0);
    const forged = own.replace(/^\d+\./, `${victim.id}.`);
    const answer = await oneClick(forged);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ success: false, code: "unsubscribe_link_invalid", message: "Liên kết hủy nhận email không hợp lệ hoặc đã hết hiệu lực." });
    expect(await subscribed(victim.id)).toBe(true);
  });

  it("refuses a token signed with another secret, an altered signature, or none at all", async () => {
    const victim = await person();
    const good = await unsubscribeToken(env.JWT_SECRET, victim.id, 0);
    const otherSecret = await unsubscribeToken("another-secret-of-at-least-32-characters!", victim.id, 0);
    // The last character carries 2 unused bits: a token spelled another way is refused too.
    const flipped = good.slice(0, -1) + (good.endsWith("A") ? "B" : "A");
    const signature = good.split(".")[2];
    const altered = `${victim.id}.0.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    for (const token of [otherSecret, flipped, altered, `${victim.id}.0.`, "", "x".repeat(500)]) {
      expect((await oneClick(token)).status).toBe(400);
    }
    expect(await subscribed(victim.id)).toBe(true);
  });

  it("replayed after the buyer turned the notices back on, is refused; the next mail's link works", async () => {
    const buyer = await person();
    const old = await unsubscribeToken(env.JWT_SECRET, buyer.id, 0);
    expect((await oneClick(old)).status).toBe(200);
    expect((await api("/api/mail/preferences/", { token: buyer.token, body: { email_notifications: true } })).status).toBe(200);
    expect((await oneClick(old)).status).toBe(400);
    expect(await subscribed(buyer.id)).toBe(true);

    await keyFor(buyer, DAY);
    await cron();
    const [mail] = await mailsTo(buyer.email);
    expect(tokenOf(mail)).not.toBe(old);
    expect((await oneClick(tokenOf(mail))).status).toBe(200);
    expect(await subscribed(buyer.id)).toBe(false);
  });

  it("turning the switch on twice does not kill the current link", async () => {
    const buyer = await person();
    await api("/api/mail/preferences/", { token: buyer.token, body: { email_notifications: true } });
    expect((await oneClick(await unsubscribeToken(env.JWT_SECRET, buyer.id, 0))).status).toBe(200);
  });
});
