// The audit log (issue #15): every admin action leaves a record written in the same D1 batch as
// the change, a refused change leaves none, and nobody can read it without admin rights or
// change an entry, whatever route or SQL they try.
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { auditEvents, cardTopups, keyPricing, licenseKeys, paymentEvents, promotions, apps, users } from "../../../workers/db/schema";
import { hashPassword } from "../../../workers/accounts/passwords";
import { rateSettings } from "../../../workers/owner/store-settings";
import { apiWithHeaders, balanceOf, bundleOfKey, cardDigits, createApp, db, funded, listing, person, refusedBy, request, unique } from "../../factories";
import { png } from "../../fixtures/media";
import { call } from "../../requests";
import { codeAt, currentStep, enrolledAdmin, login as secondFactorLogin, mfaToken, PASSWORD, passwordAccount, verify } from "../../second-factor";

type Admin = Awaited<ReturnType<typeof person>>;
type Answer = { status: number };

const CLIENT = { "CF-Connecting-IP": "203.0.113.7", "User-Agent": "AuditTest/1.0" };

/** The admin's call, from the client the records must name. */
function asAdmin(admin: Admin, method: string, path: string, body?: unknown): Promise<Answer> {
  return call(path, { token: admin.token, method, body, headers: CLIENT });
}

async function sendForm(admin: Admin, method: string, path: string, fields: Record<string, string | File>): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await request(path, { method, body: form, headers: { Authorization: `Bearer ${admin.token}`, ...CLIENT } });
  await response.body?.cancel();
  return { status: response.status };
}

function recordsOf(actorId: number, action: string) {
  return db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, actorId), eq(auditEvents.action, action)));
}

// A trigger that refuses this admin's audit records stands in for a record that cannot be written.
const refusals: string[] = [];
async function refuseRecordsOf(admin: Admin): Promise<void> {
  const name = `test_refuse_audit_${admin.id}`;
  await env.DB.exec(`CREATE TRIGGER ${name} BEFORE INSERT ON audit_events WHEN NEW.actor_user_id = ${admin.id} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
  refusals.push(name);
}
afterEach(async () => {
  for (const name of refusals.splice(0)) await env.DB.exec(`DROP TRIGGER IF EXISTS ${name}`);
});

async function parkedTransfer(amount = 70000) {
  const [event] = await db
    .insert(paymentEvents)
    .values({ provider: "sepay", providerTransactionId: unique("park"), amount, content: "không mã", accountNumber: env.VIETQR_ACCOUNT_NUMBER, rawBody: "{}", status: "unmatched" })
    .returning();
  return event;
}

async function eventStatus(id: number) {
  return (await db.select({ status: paymentEvents.status }).from(paymentEvents).where(eq(paymentEvents.id, id)))[0].status;
}

async function keysOf(appId: number) {
  return db.select().from(licenseKeys).where(eq(licenseKeys.appId, appId));
}

function promotionBody(code: string, name = "Khuyến mãi kiểm tra") {
  return { name, code, promotion_type: "fixed", bonus_amount: 5000, duration: 7 };
}

/** A sold key its buyer has activated on a device. */
async function activatedKey() {
  const buyer = await funded(100_000);
  const { pricing } = await listing({ price: 1000, stock: 1, type: "30days" });
  const bought = await apiWithHeaders("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id } });
  const code: string = bought.body.key.key_code;
  await request("/api/keys/check/", { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") }, body: JSON.stringify({ key_code: code, device_id: unique("device"), bundle_id: await bundleOfKey(code) }) });
  const [key] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, code));
  return { keyId: key.id };
}

async function keyRow(id: number) {
  return (await db.select().from(licenseKeys).where(eq(licenseKeys.id, id)))[0];
}

/** One admin action: what it needs, the call, and whether its change is in effect. */
type Case = {
  action: string;
  prepare: (admin: Admin) => Promise<{ run: () => Promise<Answer>; done: () => Promise<boolean>; details?: Record<string, unknown>; target: [string, string | null] }>;
};

const CASES: Case[] = [
  {
    action: "balance.adjust",
    async prepare(admin) {
      const user = await funded(10000);
      return {
        run: () => asAdmin(admin, "POST", `/api/admin/users/${user.id}/adjust-balance/`, { amount: 5000, description: "Bù lỗi" }),
        done: async () => (await balanceOf(user.id)) === 15000,
        details: { amount: 5000, transaction_type: "admin_adjustment", balance_before: 10000, balance_after: 15000 },
        target: ["user", String(user.id)],
      };
    },
  },
  {
    action: "transfer.credit",
    async prepare(admin) {
      const user = await person();
      const event = await parkedTransfer(70000);
      return {
        run: () => asAdmin(admin, "POST", `/api/admin/bank-transfers/${event.id}/credit/`, { user_id: user.id, note: "khách gửi biên lai" }),
        done: async () => (await balanceOf(user.id)) === 70000 && (await eventStatus(event.id)) === "credited",
        details: { amount: 70000, user_id: user.id, note: "khách gửi biên lai" },
        target: ["payment_event", String(event.id)],
      };
    },
  },
  {
    action: "card.credit",
    async prepare(admin) {
      const owner = await person();
      const [card] = await db
        .insert(cardTopups)
        .values({ transactionId: crypto.randomUUID(), requestId: unique("card"), userId: owner.id, telco: "VIETTEL", cardSerial: cardDigits(), cardCode: cardDigits(), cardValue: 20000, feePercent: 20, status: "failed" })
        .returning();
      const [event] = await db
        .insert(paymentEvents)
        .values({ provider: "card", providerTransactionId: unique("late"), amount: 16000, cardTopupId: card.id, rawBody: "{}", status: "unmatched" })
        .returning();
      return {
        run: () => asAdmin(admin, "POST", `/api/admin/bank-transfers/${event.id}/credit/`, { note: "thẻ báo muộn" }),
        done: async () => (await balanceOf(owner.id)) === 16000,
        details: { amount: 16000, user_id: owner.id, card_id: card.id },
        target: ["payment_event", String(event.id)],
      };
    },
  },
  {
    action: "transfer.dismiss",
    async prepare(admin) {
      const event = await parkedTransfer();
      return {
        run: () => asAdmin(admin, "POST", `/api/admin/bank-transfers/${event.id}/dismiss/`, { note: "chuyển nhầm" }),
        done: async () => (await eventStatus(event.id)) === "dismissed",
        details: { amount: 70000, note: "chuyển nhầm" },
        target: ["payment_event", String(event.id)],
      };
    },
  },
  {
    action: "pricing.create",
    async prepare(admin) {
      const app = await createApp();
      return {
        run: () => asAdmin(admin, "POST", `/api/keys/apps/${app.url}/pricing/`, { key_type: "30days", price: 120000, currency: "VND" }),
        done: async () => (await db.select().from(keyPricing).where(eq(keyPricing.appId, app.id))).length === 1,
        details: { key_type: "30days", price: 120000, currency: "VND" },
        target: ["app", String(app.id)],
      };
    },
  },
  {
    action: "pricing.update",
    async prepare(admin) {
      const { app, pricing } = await listing({ price: 50000 });
      return {
        run: () => asAdmin(admin, "PATCH", `/api/keys/apps/${app.url}/pricing/${pricing.id}/`, { price: 45000 }),
        done: async () => (await db.select().from(keyPricing).where(eq(keyPricing.id, pricing.id)))[0].price === 45000,
        details: { before: { price: 50000 }, after: { price: 45000 } },
        target: ["key_pricing", String(pricing.id)],
      };
    },
  },
  {
    action: "keys.import",
    async prepare(admin) {
      const app = await createApp();
      let importedBatch: string | null = null;
      return {
        run: () => asAdmin(admin, "POST", "/api/keys/bulk-import/", { app_url: app.url, key_type: "1day", keys_text: "AUDIT-A\nAUDIT-B\nAUDIT-C" }),
        done: async () => {
          const keys = await keysOf(app.id);
          importedBatch = keys.length ? String(keys[0].batchId) : null;
          return keys.length === 3;
        },
        details: { app_id: app.id, key_type: "1day", keys: 3 },
        // The batch the import made, read when the record is checked (after the import).
        get target(): [string, string | null] {
          return ["key_batch", importedBatch];
        },
      };
    },
  },
  {
    action: "keys.delete",
    async prepare(admin) {
      const { app } = await listing({ stock: 2 });
      const [key] = await keysOf(app.id);
      return {
        run: () => asAdmin(admin, "DELETE", `/api/keys/keys/${key.id}/`),
        done: async () => (await keysOf(app.id)).length === 1,
        details: { key_ids: [key.id] },
        // The keys are named in the details: one record for the deletion, of no single key.
        target: ["license_key", null],
      };
    },
  },
  {
    action: "keys.delete",
    async prepare(admin) {
      const { app } = await listing({ stock: 3 });
      const ids = (await keysOf(app.id)).slice(0, 2).map((key) => key.id);
      return {
        run: () => asAdmin(admin, "POST", "/api/keys/keys/bulk-delete/", { key_ids: ids }),
        done: async () => (await keysOf(app.id)).length === 1,
        details: { key_ids: ids },
        target: ["license_key", null],
      };
    },
  },
  {
    action: "keys.cleanup",
    async prepare(admin) {
      const { app } = await listing({ stock: 3 });
      const [sold] = await keysOf(app.id);
      await db.update(licenseKeys).set({ status: "sold", orderReference: unique("order") }).where(eq(licenseKeys.id, sold.id));
      return {
        run: () => asAdmin(admin, "POST", `/api/keys/apps/${app.url}/cleanup-sold/`),
        done: async () => (await keysOf(app.id)).length === 2,
        details: { statuses: ["sold"], deleted: 1 },
        target: ["app", String(app.id)],
      };
    },
  },
  {
    action: "key.status",
    async prepare(admin) {
      const { app } = await listing({ stock: 1 });
      const [key] = await keysOf(app.id);
      return {
        run: () => asAdmin(admin, "POST", `/api/keys/keys/${key.id}/deactivate/`),
        done: async () => (await keysOf(app.id))[0].status === "revoked",
        details: { before: "available", after: "revoked" },
        target: ["license_key", String(key.id)],
      };
    },
  },
  {
    action: "app.create",
    async prepare(admin) {
      const slug = unique("audit-app");
      return {
        run: () =>
          sendForm(admin, "POST", "/api/apps/create/", {
            name: "Ứng dụng nhật ký",
            description: "Mô tả",
            version: "1.0",
            url: slug,
            app_type: "testflight",
            testflight_url: "https://testflight.apple.com/join/abc",
            icon: new File([png() as BlobPart], "i.png", { type: "image/png" }),
          }),
        done: async () => (await db.select().from(apps).where(eq(apps.url, slug))).length === 1,
        details: { name: "Ứng dụng nhật ký", url: slug, app_type: "testflight" },
        target: ["app", slug],
      };
    },
  },
  {
    action: "app.update",
    async prepare(admin) {
      const app = await createApp({ name: "Tên cũ", appType: "testflight", testflightUrl: "https://testflight.apple.com/join/abc" });
      return {
        run: () => sendForm(admin, "PUT", `/api/apps/update/${app.id}/`, { name: "Tên mới" }),
        done: async () => (await db.select().from(apps).where(eq(apps.id, app.id)))[0].name === "Tên mới",
        details: { before: { name: "Tên cũ" }, after: { name: "Tên mới" } },
        target: ["app", String(app.id)],
      };
    },
  },
  {
    action: "app.delete",
    async prepare(admin) {
      const app = await createApp({ name: "Sắp xóa" });
      return {
        run: () => asAdmin(admin, "DELETE", `/api/apps/delete/${app.id}/`),
        done: async () => (await db.select().from(apps).where(eq(apps.id, app.id))).length === 0,
        details: { name: "Sắp xóa", url: app.url },
        target: ["app", String(app.id)],
      };
    },
  },
  {
    action: "promotion.create",
    async prepare(admin) {
      const code = unique("P").toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 30);
      return {
        run: () => asAdmin(admin, "POST", "/api/promotions/", promotionBody(code)),
        done: async () => (await db.select().from(promotions).where(eq(promotions.code, code))).length === 1,
        details: { code, name: "Khuyến mãi kiểm tra", bonus_amount: 5000 },
        // Written in the same batch as the promotion, before it has an id: the code is in the details.
        target: ["promotion", null],
      };
    },
  },
  {
    action: "promotion.update",
    async prepare(admin) {
      const code = unique("P").toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 30);
      const [promotion] = await db
        .insert(promotions)
        .values({ name: "Tên cũ", code, promotionType: "fixed", bonusAmount: 5000, startDate: new Date(), endDate: new Date(Date.now() + 86_400_000) })
        .returning();
      return {
        run: () => asAdmin(admin, "PUT", `/api/promotions/${promotion.id}/`, promotionBody(code, "Tên mới")),
        done: async () => (await db.select().from(promotions).where(eq(promotions.id, promotion.id)))[0].name === "Tên mới",
        details: { before: { name: "Tên cũ" }, after: { name: "Tên mới" } },
        target: ["promotion", String(promotion.id)],
      };
    },
  },
  {
    action: "promotion.delete",
    async prepare(admin) {
      const [promotion] = await db
        .insert(promotions)
        .values({ name: "Sắp xóa", code: unique("D").toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 30), promotionType: "fixed", bonusAmount: 5000, startDate: new Date(), endDate: new Date(Date.now() + 86_400_000) })
        .returning();
      return {
        run: () => asAdmin(admin, "DELETE", `/api/promotions/${promotion.id}/`),
        done: async () => (await db.select().from(promotions).where(eq(promotions.id, promotion.id))).length === 0,
        details: { name: "Sắp xóa", code: promotion.code },
        target: ["promotion", String(promotion.id)],
      };
    },
  },
  ...(["key.reset_device", "key.extend", "key.ban", "key.unban"] as const).map(
    (action): Case => ({
      action,
      async prepare(admin) {
        const { keyId } = await activatedKey();
        if (action === "key.unban") await db.update(licenseKeys).set({ bannedAt: new Date() }).where(eq(licenseKeys.id, keyId));
        const before = await keyRow(keyId);
        const path = { "key.reset_device": "reset-device", "key.extend": "extend", "key.ban": "ban", "key.unban": "unban" }[action];
        return {
          run: () => asAdmin(admin, "POST", `/api/keys/keys/${keyId}/${path}/`, action === "key.extend" ? { days: 3 } : undefined),
          done: async () => {
            const after = await keyRow(keyId);
            if (action === "key.reset_device") return after.deviceId === null;
            if (action === "key.extend") return after.expiresAt!.getTime() > before.expiresAt!.getTime();
            return (after.bannedAt !== null) === (action === "key.ban");
          },
          details: action === "key.extend" ? { days: 3 } : {},
          target: ["license_key", String(keyId)],
        };
      },
    }),
  ),
  {
    action: "settings.update",
    async prepare(admin) {
      // A rate no other test uses, so a concurrent test's setting cannot pass for this one.
      const rate = 20000 + Math.floor(Math.random() * 9000);
      return {
        run: () => asAdmin(admin, "PUT", "/api/admin/settings/", { usd_vnd_rate: rate }),
        done: async () => (await rateSettings(env.DB, env)).usd_vnd_rate === rate,
        details: { after: { usd_vnd_rate: rate } },
        target: ["setting", "usd_vnd_rate"],
      };
    },
  },
];

describe("attack: an admin changes money, keys, the catalogue or settings and leaves no record", () => {
  for (const { action, prepare } of CASES) {
    it(`${action}: the change and its record commit together, or neither does`, async () => {
      const admin = await person("superuser");
      const step = await prepare(admin);

      await refuseRecordsOf(admin);
      expect((await step.run()).status, "the change fails when its record cannot be written").toBeGreaterThanOrEqual(400);
      expect(await step.done(), "nothing changed").toBe(false);
      expect(await recordsOf(admin.id, action)).toEqual([]);
      await env.DB.exec(`DROP TRIGGER test_refuse_audit_${admin.id}`);

      const answer = await step.run();
      expect(answer.status, JSON.stringify(answer)).toBeLessThan(300);
      expect(await step.done()).toBe(true);
      const records = await recordsOf(admin.id, action);
      expect(records).toHaveLength(1);
      const [record] = records;
      expect(record).toMatchObject({ actorEmail: admin.email, ipAddress: CLIENT["CF-Connecting-IP"], userAgent: CLIENT["User-Agent"] });
      expect([record.targetType, record.targetId]).toEqual(step.target);
      expect(JSON.parse(record.details)).toMatchObject(step.details ?? {});
    });
  }
});

describe("attack: a refused change still leaves a record that says it happened", () => {
  it("writes nothing for a deduction below zero, a pricing that exists, a promotion code taken, a key not available, keys already in stock", async () => {
    const admin = await person("superuser");
    const user = await funded(1000);
    expect((await asAdmin(admin, "POST", `/api/admin/users/${user.id}/adjust-balance/`, { amount: -5000 })).status).toBe(400);
    const { app, pricing } = await listing();
    expect((await asAdmin(admin, "POST", `/api/keys/apps/${app.url}/pricing/`, { key_type: "7days", price: 1000 })).status).toBe(400);
    const code = unique("T").toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 30);
    await db.insert(promotions).values({ name: "Có rồi", code, promotionType: "fixed", bonusAmount: 1, startDate: new Date(), endDate: new Date(Date.now() + 86_400_000) });
    expect((await asAdmin(admin, "POST", "/api/promotions/", promotionBody(code))).status).toBe(400);
    const [key] = await keysOf(app.id);
    await db.update(licenseKeys).set({ status: "sold", orderReference: unique("order") }).where(eq(licenseKeys.id, key.id));
    expect((await asAdmin(admin, "POST", `/api/keys/keys/${key.id}/deactivate/`)).status).toBe(409);
    expect((await asAdmin(admin, "PATCH", `/api/keys/apps/${app.url}/pricing/${pricing.id + 1_000_000}/`, { price: 1 })).status).toBe(404);
    // An import that may not skip keys in stock is refused whole: two of these three are there.
    const [second] = (await keysOf(app.id)).slice(1);
    const stocked = (await keysOf(app.id)).length;
    const refused = await apiWithHeaders("/api/keys/bulk-import/", {
      token: admin.token,
      body: { app_url: app.url, key_type: "7days", keys_text: `${key.keyCode}\n${second.keyCode}\nNEW-${unique()}`, skip_duplicates: false },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Có 2 key bị trùng. Bật "bỏ qua key trùng" để nhập các key còn lại.');
    expect(await keysOf(app.id)).toHaveLength(stocked);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.actorUserId, admin.id))).toEqual([]);
  });
});

describe("attack: reading or rewriting the audit log", () => {
  it("a plain user gets 403 and an anonymous visitor 401 on the audit API", async () => {
    const plain = await person();
    const denied = await apiWithHeaders("/api/admin/audit/", { token: plain.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ success: false, code: "access_denied", message: "Access Denied: Bạn không có quyền truy cập trang này" });
    expect((await apiWithHeaders("/api/admin/audit/")).status).toBe(401);
  });

  it("no route changes or deletes an entry, even for an admin", async () => {
    const admin = await person("superuser");
    expect((await asAdmin(admin, "PUT", "/api/admin/settings/", { usd_vnd_rate: 24000 + Math.floor(Math.random() * 900) })).status).toBe(200);
    const [entry] = await recordsOf(admin.id, "settings.update");
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/admin/audit/", `/api/admin/audit/${entry.id}/`]) {
        const answer = await asAdmin(admin, method, path, method === "DELETE" ? undefined : { action: "nothing", details: "{}" });
        expect([404, 405], `${method} ${path}`).toContain(answer.status);
      }
    }
    expect((await db.select().from(auditEvents).where(eq(auditEvents.id, entry.id)))[0]).toEqual(entry);
  });

  it("the database refuses an UPDATE of any entry and a DELETE of an entry younger than 30 days", async () => {
    const admin = await person("superuser");
    expect((await asAdmin(admin, "PUT", "/api/admin/settings/", { usd_vnd_rate: 23000 + Math.floor(Math.random() * 900) })).status).toBe(200);
    const [entry] = await recordsOf(admin.id, "settings.update");
    await expect(env.DB.prepare("UPDATE audit_events SET action = 'nothing' WHERE id = ?").bind(entry.id).run()).rejects.toThrow(/append-only/);
    await expect(db.update(auditEvents).set({ actorEmail: "someone@else" }).where(eq(auditEvents.id, entry.id))).rejects.toThrow(refusedBy(/^D1_ERROR: audit_events is append-only: SQLITE_CONSTRAINT/));
    await expect(env.DB.prepare("DELETE FROM audit_events WHERE id = ?").bind(entry.id).run()).rejects.toThrow(/30 days/);
    expect((await db.select().from(auditEvents).where(eq(auditEvents.id, entry.id)))[0]).toEqual(entry);
  });
});

describe("attack: guessing an admin's password leaves no trace", () => {
  async function withPassword(role: "user" | "superuser") {
    const account = await person(role);
    const password = `mật-khẩu-${unique()}`;
    await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, account.id));
    return { ...account, password };
  }
  const login = (login: string, password: string) =>
    apiWithHeaders("/api/auth/login/", { body: { login, password }, headers: { "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}`, "User-Agent": "Guesser/2" } });
  const recordsAbout = (id: number) => db.select().from(auditEvents).where(and(eq(auditEvents.targetType, "user"), eq(auditEvents.targetId, String(id))));

  it("records a failed sign-in to an admin account, not the password step of a right one, and nothing for a buyer's", async () => {
    const admin = await withPassword("superuser");
    const buyer = await withPassword("user");
    expect((await login(admin.email, "sai-mat-khau")).status).toBe(401);
    expect((await login(buyer.email, "sai-mat-khau")).status).toBe(401);
    expect((await login(admin.username, admin.password)).status).toBe(200);
    expect((await login(buyer.username, buyer.password)).status).toBe(200);

    const failed = (await recordsAbout(admin.id)).filter((record) => record.action === "auth.login_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actorUserId: null, userAgent: "Guesser/2" });
    expect(JSON.parse(failed[0].details)).toEqual({ login: admin.email, reason: "bad_credentials" });
    // The right password alone only opens the second step: the admin is not in yet, so no
    // sign-in record (the second step writes it: "an admin's second factor …" below).
    expect(await recordsOf(admin.id, "auth.admin_login")).toEqual([]);
    expect(await recordsAbout(buyer.id)).toEqual([]);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.actorUserId, buyer.id))).toEqual([]);
    expect((await db.select({ n: sql<number>`count(*)` }).from(auditEvents).where(eq(auditEvents.actorEmail, buyer.email)))[0].n).toBe(0);
  }, 30_000);
});

describe("attack: an admin's second factor changes and signs in without a trace", () => {
  it("enrolment, new recovery codes and a two-step sign-in each leave their record; a failed code check none", async () => {
    const { account, recoveryCodes } = await enrolledAdmin();
    expect(await recordsOf(account.id, "mfa.enrol")).toHaveLength(1);
    expect(await recordsOf(account.id, "auth.admin_login")).toHaveLength(1);

    const token = await mfaToken(account);
    const signedIn = await verify(token, recoveryCodes[0]);
    expect(signedIn.status).toBe(200);
    expect(await recordsOf(account.id, "auth.admin_login")).toHaveLength(2);

    const refused = await call("/api/auth/mfa/recovery-codes/", { token: signedIn.body.access, body: { code: "000000" } });
    expect(refused.status).toBe(400);
    expect(await recordsOf(account.id, "mfa.recovery_regenerate")).toEqual([]);
    const renewed = await call("/api/auth/mfa/recovery-codes/", { token: signedIn.body.access, body: { code: recoveryCodes[1] } });
    expect(renewed.status).toBe(200);
    expect(await recordsOf(account.id, "mfa.recovery_regenerate")).toHaveLength(1);
  });

  it("a buyer's own second factor is not an admin action: no record", async () => {
    const buyer = await passwordAccount({ buyer: true });
    const signedIn = await secondFactorLogin(buyer);
    const setup = await call("/api/auth/mfa/setup/", { token: signedIn.body.access, body: { password: PASSWORD } });
    expect(setup.status).toBe(200);
    const enrolled = await verify(setup.body.data.mfa_token, codeAt(setup.body.data.secret, currentStep()));
    expect(enrolled.status).toBe(200);
    expect(await recordsOf(buyer.id, "mfa.enrol")).toEqual([]);
  });
});
