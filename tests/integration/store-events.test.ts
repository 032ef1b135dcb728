// The shop's webhook (issue 55 item 5, docs/decisions/0053-store-events.md): each event type
// reaches the simulated receiver (scripts/webhook-receiver.mjs) signed with the shop's secret,
// retried with backoff in order per key, logged with the answer, sent again on request. A store of
// its own (vitest.config.ts STORE_WIDE): the webhook is a store-wide setting.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { licenseKeys, storeEvents } from "../../workers/db/schema";
import { recordEvent } from "../../workers/db/statements/store-events";
import { deliverStoreEvents, RETRY_FOR_MS, retryDelay } from "../../workers/owner/store-events";
import { runScheduledJobs } from "../../workers/scheduled";
import { api, bundleOfKey, db, funded, hmac, listing, person, request, topupFor, unique } from "../factories";

type Body = Record<string, any>;
// The receiver as the Worker's settings name it (the tests' ports are set in Node: tests/test-servers.ts).
const SIM = new URL(env.WEBHOOK_DNS_URL).origin;
type Received = { name: string; body: string; signature: string | null; verified: boolean | null; event_type: string | null };

async function received(name: string): Promise<Received[]> {
  return (await (await fetch(`${SIM}/sim/received?name=${name}`)).json()) as Received[];
}

async function script(name: string, answers: { status: number; location?: string; body?: string }[]) {
  await fetch(`${SIM}/sim/script`, { method: "POST", body: JSON.stringify({ name, answers }) });
}

let admin: Awaited<ReturnType<typeof person>>;

/** Points the shop's webhook at /hook/<name> of the receiver, which checks signatures with the new secret. */
async function pointAt(name: string): Promise<string> {
  const saved = await api("/api/admin/settings/webhook/", { token: admin.token, method: "PUT", body: { url: `${SIM}/hook/${name}` } });
  expect(saved.status).toBe(200);
  const secret = saved.body.data.secret as string;
  await fetch(`${SIM}/sim/secret`, { method: "POST", body: JSON.stringify({ secret }) });
  return secret;
}

async function checkKey(keyCode: string, deviceId: string) {
  const response = await request("/api/keys/check/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") },
    body: JSON.stringify({ key_code: keyCode, device_id: deviceId, bundle_id: await bundleOfKey(keyCode) }),
  });
  return ((await response.json()) as Body).data;
}

async function purchase(type = "30days") {
  const buyer = await funded(100_000);
  const { app, pricing } = await listing({ price: 1000, stock: 1, type });
  const bought = await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id } });
  expect(bought.status).toBe(200);
  const code = bought.body.key.key_code as string;
  const [key] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, code));
  return { buyer, app, orderId: bought.body.order.id as number, code, keyId: key.id };
}

/** Delivers until nothing is due at `now` (the cron's job, run by hand at a chosen time). */
async function deliver(now = Date.now()) {
  return deliverStoreEvents(env, now);
}

beforeAll(async () => {
  admin = await person("superuser");
});

describe("the webhook setting", () => {
  it("answers the secret once, when saved; reading shows the address only; saving again rotates it", async () => {
    const first = await api("/api/admin/settings/webhook/", { token: admin.token, method: "PUT", body: { url: `${SIM}/hook/setting` } });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ url: `${SIM}/hook/setting`, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/) });
    const read = await api("/api/admin/settings/webhook/", { token: admin.token });
    expect(read.body.data).toMatchObject({ url: `${SIM}/hook/setting`, secret_set: true, discord: false });
    expect(JSON.stringify(read.body)).not.toContain(first.body.data.secret);
    const second = await api("/api/admin/settings/webhook/", { token: admin.token, method: "PUT", body: { url: `${SIM}/hook/setting` } });
    expect(second.body.data.secret).toMatch(/^whsec_/);
    expect(second.body.data.secret).not.toBe(first.body.data.secret);
  });

  it("an empty address turns it off: nothing is recorded for the changes after", async () => {
    await pointAt("off");
    const off = await api("/api/admin/settings/webhook/", { token: admin.token, method: "PUT", body: { url: "" } });
    expect(off.body).toMatchObject({ success: true, message: "Đã tắt webhook", data: { url: "", secret: null } });
    const { keyId } = await purchase();
    expect(await db.select().from(storeEvents).where(eq(storeEvents.subject, `key:${keyId}`))).toEqual([]);
  });
});

describe("each event type reaches the receiver, signed with the shop's secret", () => {
  it("key.sold, key.activated, key.device_reset, key.banned, key.expired, topup.credited, app.paused, app.resumed", async () => {
    const secret = await pointAt("types");
    const { buyer, app, orderId, code, keyId } = await purchase();
    expect((await checkKey(code, "phone-one")).valid).toBe(true);
    expect((await api(`/api/auth/purchase/${orderId}/reset-device/`, { token: buyer.token, method: "POST" })).status).toBe(200);
    expect((await api(`/api/keys/keys/${keyId}/reset-device/`, { token: admin.token, method: "POST" })).status).toBe(409); // no device bound now
    expect((await checkKey(code, "phone-two")).valid).toBe(true);
    expect((await api(`/api/keys/keys/${keyId}/reset-device/`, { token: admin.token, method: "POST" })).status).toBe(200);
    expect((await api(`/api/keys/keys/${keyId}/ban/`, { token: admin.token, method: "POST" })).status).toBe(200);
    // Another key that runs out: the cron expires it and tells.
    const expiring = await purchase();
    expect((await checkKey(expiring.code, "phone-three")).valid).toBe(true);
    await db.update(licenseKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(licenseKeys.id, expiring.keyId));
    // A top-up credited by the bank.
    const payer = await person();
    const topup = await topupFor(payer, 70_000);
    const sepay = { id: Math.floor(Math.random() * 1e9), gateway: "Vietcombank", transactionDate: "2026-12-02 10:00:00", accountNumber: env.VIETQR_ACCOUNT_NUMBER, code: null, content: topup.description, transferType: "in", transferAmount: 70_000, accumulated: 1, subAccount: null, referenceCode: unique("FT"), description: topup.description };
    const credited = await request("/api/webhooks/sepay/", { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Apikey ${env.SEPAY_API_KEY}` }, body: JSON.stringify(sepay) });
    expect(((await credited.json()) as Body).outcome).toBe("credited");
    // Pause and resume are emitted by their own feature through the same statement.
    const now = Date.now();
    await env.DB.batch([
      recordEvent(env.DB, "app.paused", { app_id: app.id, reason: "Game update" }, { subject: `app:${app.id}`, dedupe: `app.paused:${app.id}:${now}`, now }),
      recordEvent(env.DB, "app.resumed", { app_id: app.id }, { subject: `app:${app.id}`, dedupe: `app.resumed:${app.id}:${now}`, now }),
    ]);
    await runScheduledJobs(env, new Date());
    await deliver();

    const got = await received("types");
    const events = got.map((entry) => ({ ...entry, event: JSON.parse(entry.body) as Body }));
    const types = events.map((entry) => entry.event.type);
    expect([...new Set(types)].sort()).toEqual(["app.paused", "app.resumed", "key.activated", "key.banned", "key.device_reset", "key.expired", "key.sold", "topup.credited"]);
    expect(got.length).toBe(12);
    for (const entry of events) {
      // The receiver's own check (Node's crypto), and this one (WebCrypto) of the same header.
      expect(entry.verified).toBe(true);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(entry.signature ?? "") ?? [];
      expect(v1).toBe(await hmac("SHA-256", secret, `${t}.${entry.body}`));
      expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(120);
      expect(entry.event).toEqual({ id: expect.stringMatching(/^evt_[0-9a-f]{24}$/), type: entry.event_type, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), data: expect.any(Object) });
    }
    // One key's story, in the order it happened.
    const story = events.filter((entry) => entry.event.data.key?.id === keyId).map((entry) => [entry.event.type, entry.event.data.by ?? null]);
    expect(story).toEqual([
      ["key.sold", null],
      ["key.activated", null],
      ["key.device_reset", "buyer"],
      ["key.activated", null],
      ["key.device_reset", "admin"],
      ["key.banned", "admin"],
    ]);
    const sold = events.find((entry) => entry.event.type === "key.sold" && entry.event.data.key.id === keyId)!.event.data;
    expect(sold).toEqual({ key: { id: keyId, masked: `…${code.slice(-4)}`, expires_at: null }, app: { id: app.id }, key_type: expect.any(String), amount: 1000, currency: "VND", buyer_id: buyer.id });
    const activations = events.filter((entry) => entry.event.type === "key.activated" && entry.event.data.key.id === keyId).map((entry) => entry.event.data.first);
    expect(activations).toEqual([true, false]);
    expect(events.find((entry) => entry.event.type === "key.expired")!.event.data.key.id).toBe(expiring.keyId);
    expect(events.find((entry) => entry.event.type === "topup.credited")!.event.data).toMatchObject({ user_id: payer.id, amount: 70_000, currency: "VND", channel: "vietqr" });
    expect(events.find((entry) => entry.event.type === "app.paused")!.event.data).toEqual({ app_id: app.id, reason: "Game update" });
  });
});

describe("an app's pause and resume", () => {
  it("are told as app.paused (with the shop's reasons) and app.resumed, once however many admins press resume", async () => {
    await pointAt("pause");
    const { app } = await listing({ stock: 1 });
    const subject = () => db.select().from(storeEvents).where(eq(storeEvents.subject, `app:${app.id}`)).orderBy(storeEvents.id);
    const paused = await api(`/api/admin/apps/${app.id}/pause/`, { token: admin.token, body: { reason: "Game vừa cập nhật", reason_en: "The game just updated" } });
    expect(paused.status).toBe(200);
    // A second pause while one is open is refused, and tells nothing.
    expect((await api(`/api/admin/apps/${app.id}/pause/`, { token: admin.token, body: { reason: "Lần nữa", reason_en: "Again" } })).status).toBe(409);
    const resumes = await Promise.all([1, 2, 3].map(() => api(`/api/admin/apps/${app.id}/resume/`, { token: admin.token, method: "POST" })));
    expect(resumes.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const events = await subject();
    expect(events.map((event) => event.type)).toEqual(["app.paused", "app.resumed"]);
    expect(JSON.parse(events[0].data)).toMatchObject({ app_id: app.id, reason: "Game vừa cập nhật", reason_en: "The game just updated" });
    expect(JSON.parse(events[1].data)).toMatchObject({ app_id: app.id });
    await deliver();
    expect((await received("pause")).filter((entry) => entry.verified).map((entry) => entry.event_type)).toEqual(["app.paused", "app.resumed"]);
  });
});

describe("delivery", () => {
  it("retries a failing receiver with backoff, keeping one key's events in order", async () => {
    await pointAt("retry");
    await script("retry", [{ status: 500, body: "down for a moment" }, { status: 503 }]);
    const { code, keyId } = await purchase();
    expect((await checkKey(code, "phone-retry")).valid).toBe(true);
    const rows = () => db.select().from(storeEvents).where(eq(storeEvents.subject, `key:${keyId}`)).orderBy(storeEvents.id);
    const start = Date.now();

    await deliver(start);
    // The sale failed; the activation waits behind it.
    let [sold, activated] = await rows();
    expect(sold).toMatchObject({ type: "key.sold", status: "pending", attempts: 1, lastStatus: 500, lastAnswer: "down for a moment" });
    expect(sold.nextAttemptAt!.getTime()).toBe(start + retryDelay(1));
    expect(activated).toMatchObject({ type: "key.activated", status: "pending", attempts: 0 });

    await deliver(start + 30_000); // not due yet
    expect((await received("retry")).length).toBe(1);

    await deliver(start + retryDelay(1));
    [sold, activated] = await rows();
    expect(sold).toMatchObject({ status: "pending", attempts: 2, lastStatus: 503 });
    expect(sold.nextAttemptAt!.getTime()).toBe(start + retryDelay(1) + retryDelay(2));

    await deliver(start + retryDelay(1) + retryDelay(2));
    [sold, activated] = await rows();
    expect(sold).toMatchObject({ status: "sent", attempts: 3, lastStatus: 200 });
    expect(activated).toMatchObject({ status: "sent", attempts: 1, lastStatus: 200 });
    const order = (await received("retry")).map((entry) => JSON.parse(entry.body).type);
    expect(order).toEqual(["key.sold", "key.sold", "key.sold", "key.activated"]);
    expect(retryDelay(1)).toBe(60_000);
    expect(retryDelay(2)).toBe(120_000);
    expect(retryDelay(20)).toBe(3_600_000);
  });

  it("gives up 24 hours after an event was queued, and 'send again' queues it for another day", async () => {
    await pointAt("giveup");
    await script("giveup", [{ status: 500 }, { status: 500 }]);
    const { keyId } = await purchase();
    const [event] = await db.select().from(storeEvents).where(eq(storeEvents.subject, `key:${keyId}`));
    await deliver(event.queuedAt.getTime() + RETRY_FOR_MS - 1000);
    const [failed] = await db.select().from(storeEvents).where(eq(storeEvents.id, event.id));
    expect(failed).toMatchObject({ status: "failed", lastStatus: 500, nextAttemptAt: null });

    const log = await api("/api/admin/settings/webhook/events/?limit=100", { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.body.data.find((item: Body) => item.id === event.id)).toMatchObject({ type: "key.sold", status: "failed", last_status: 500, attempts: 1 });

    const again = await api(`/api/admin/settings/webhook/events/${event.id}/resend/`, { token: admin.token, method: "POST" });
    expect(again.body).toMatchObject({ success: true, message: "Sự kiện sẽ được gửi lại trong lần chạy tới (tối đa 1 phút)" });
    await deliver(); // the second scripted 500
    await deliver(Date.now() + retryDelay(1));
    const [sent] = await db.select().from(storeEvents).where(eq(storeEvents.id, event.id));
    expect(sent).toMatchObject({ status: "sent", lastStatus: 200, attempts: 2 });
    expect((await received("giveup")).map((entry) => JSON.parse(entry.body).id)).toEqual([event.eventId, event.eventId, event.eventId]);
    expect((await api("/api/admin/settings/webhook/events/999999999/resend/", { token: admin.token, method: "POST" })).status).toBe(404);
  });

  it("keeps a bounded snippet of a long answer", async () => {
    await pointAt("long");
    await script("long", [{ status: 400, body: "x".repeat(100_000) }]);
    const { keyId } = await purchase();
    await deliver();
    const [event] = await db.select().from(storeEvents).where(eq(storeEvents.subject, `key:${keyId}`));
    expect(event).toMatchObject({ status: "pending", lastStatus: 400 });
    expect(event.lastAnswer).toBe("x".repeat(300));
  });
});
