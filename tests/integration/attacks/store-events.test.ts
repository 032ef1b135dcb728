// Attacks on the shop's webhook (issue 55 item 5, docs/decisions/0053-store-events.md): an admin's
// setting turned into a request forgery against the store's own network (loopback, private ranges,
// the cloud's metadata address, the store itself, in every spelling the URL parser accepts, a name
// that resolves there, a redirect there), a stranger or a buyer setting the address, and an event
// that would carry a whole key code. A store of its own (vitest.config.ts STORE_WIDE): the webhook
// is a store-wide setting.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { startSession } from "../../../workers/accounts/sessions";
import { licenseKeys, storeEvents } from "../../../workers/db/schema";
import { deliverStoreEvents } from "../../../workers/owner/store-events";
import { runScheduledJobs } from "../../../workers/scheduled";
import { api, bundleOfKey, db, funded, listing, person, request, unique } from "../../factories";
import { call } from "../../requests";

type Body = Record<string, any>;
// The receiver as the Worker's settings name it (the tests' ports are set in Node: tests/test-servers.ts).
const SIM = new URL(env.WEBHOOK_DNS_URL).origin;
const PATH = "/api/admin/settings/webhook/";

const PRIVATE = "Địa chỉ webhook phải là một máy trên Internet, không phải mạng nội bộ, localhost hay địa chỉ link-local";
const NOT_HTTPS = "Địa chỉ webhook phải dùng https://";
const OWN_STORE = "Địa chỉ webhook không được trỏ về chính cửa hàng";

let admin: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  admin = await person("superuser");
});

async function setUrl(url: string, token = admin.token) {
  return api(PATH, { token, method: "PUT", body: { url } });
}

async function storedUrl(): Promise<string> {
  return (await api(PATH, { token: admin.token })).body.data.url;
}

/** A PEM Ed25519 key that is not the development one (production refuses that). */
async function productionSigningKey(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
  return `-----BEGIN PRIVATE KEY-----${btoa(String.fromCharCode(...pkcs8))}-----END PRIVATE KEY-----`;
}

/** The same Worker and database under APP_ENV=production, with settings production accepts. */
async function productionStore() {
  const production = {
    ...env,
    APP_ENV: "production",
    PUBLIC_BASE_URL: "https://shop.example.com",
    JWT_SECRET: "production-jwt-secret-0123456789abcdef0123456789",
    HEALTH_TOKEN: "production-health-token-0123456789abcdef",
    SEPAY_API_KEY: "production-sepay-key",
    CARD_PARTNER_KEY: "production-card-key",
    MFA_ENCRYPTION_KEY: "production-mfa-key-0123456789abcdef0123456789",
    MAIL_TRANSPORT: "resend",
    MAIL_API_KEY: "production-mail-key",
    ADMIN_TOTP_SECRET: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
    LICENSE_SIGNING_KEY: await productionSigningKey(),
  } as Env;
  const now = Date.now();
  const token = (await startSession(db, production.JWT_SECRET, admin.id, {}, now, now, now)).access;
  return { production, token };
}

describe("an admin points the webhook at the store's own network", () => {
  const refused: [string, string][] = [
    ["https://127.0.0.1/hook", PRIVATE],
    ["https://127.0.0.1:8443/hook", PRIVATE],
    ["https://10.0.0.1/hook", PRIVATE],
    ["https://10.255.255.254/hook", PRIVATE],
    ["https://172.16.0.1/hook", PRIVATE],
    ["https://172.31.255.1/hook", PRIVATE],
    ["https://192.168.1.1/hook", PRIVATE],
    ["https://169.254.169.254/latest/meta-data/", PRIVATE],
    ["https://100.64.0.1/hook", PRIVATE],
    ["https://0.0.0.0/hook", PRIVATE],
    // Other spellings of 127.0.0.1 and 169.254.169.254 the URL parser accepts.
    ["https://2130706433/hook", PRIVATE],
    ["https://0x7f000001/hook", PRIVATE],
    ["https://0x7f.0.0.1/hook", PRIVATE],
    ["https://0177.0.0.1/hook", PRIVATE],
    ["https://127.1/hook", PRIVATE],
    ["https://2852039166/latest/meta-data/", PRIVATE],
    ["https://0xa9.0xfe.0xa9.0xfe/", PRIVATE],
    // IPv6: loopback, unspecified, mapped and compatible IPv4, unique local, link-local, NAT64, 6to4.
    ["https://[::1]/hook", PRIVATE],
    ["https://[0:0:0:0:0:0:0:1]/hook", PRIVATE],
    ["https://[::]/hook", PRIVATE],
    ["https://[::ffff:127.0.0.1]/hook", PRIVATE],
    ["https://[::ffff:7f00:1]/hook", PRIVATE],
    ["https://[::ffff:169.254.169.254]/hook", PRIVATE],
    ["https://[::127.0.0.1]/hook", PRIVATE],
    ["https://[fd00::1]/hook", PRIVATE],
    ["https://[fc00::1]/hook", PRIVATE],
    ["https://[fe80::1]/hook", PRIVATE],
    ["https://[64:ff9b::a00:1]/hook", PRIVATE],
    ["https://[2002:7f00:1::]/hook", PRIVATE],
    // Names that mean this machine or a private network.
    ["https://localhost/hook", PRIVATE],
    ["https://api.localhost/hook", PRIVATE],
    ["https://metadata/computeMetadata/v1/", PRIVATE],
    ["https://printer.local/hook", PRIVATE],
    // Names that resolve there (the tests' resolver, scripts/webhook-receiver.mjs: tests/test-servers.ts WEBHOOK_TEST.names).
    ["https://internal.example.com/hook", PRIVATE],
    ["https://metadata.example.com/latest/meta-data/", PRIVATE],
    ["https://loopback6.example.com/hook", PRIVATE],
    ["https://INTERNAL.example.com./hook", PRIVATE],
    // The store itself (the host the admin reached it at).
    ["https://store.test/api/webhooks/sepay/", OWN_STORE],
    ["https://STORE.test:443/api/admin/users/", OWN_STORE],
    // Plain http anywhere but the development allowance.
    ["http://93.184.216.34/hook", NOT_HTTPS],
    ["http://169.254.169.254/latest/meta-data/", NOT_HTTPS],
    ["http://10.0.0.1:8080/hook", NOT_HTTPS],
  ];

  it.each(refused)("%s is refused", async (url, message) => {
    const before = await storedUrl();
    const answer = await setUrl(url);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, message, errors: { url: [message] } });
    expect(await storedUrl()).toBe(before);
  });

  it("a public https address and a public name are accepted (the checks refuse only what they should)", async () => {
    expect((await setUrl("https://93.184.216.34/hook")).status).toBe(200);
    expect((await setUrl("https://public.example.com/hook")).status).toBe(200);
    expect((await setUrl("https://[2606:4700::1111]/hook")).status).toBe(200);
    expect((await setUrl("")).status).toBe(200);
  });

  it("a URL with a user name and password is refused (it would be logged and sent)", async () => {
    const answer = await setUrl("https://user:secret@public.example.com/hook");
    expect(answer.body.message).toBe("Địa chỉ webhook không được chứa tên đăng nhập hay mật khẩu");
  });

  it("production refuses http://127.0.0.1:<port>, the development allowance, and the store's public host", async () => {
    const { production, token } = await productionStore();
    for (const [url, message] of [
      [`${SIM}/hook/production`, NOT_HTTPS],
      ["http://127.0.0.1:9530/hook/shop", NOT_HTTPS],
      ["https://127.0.0.1:9530/hook/shop", PRIVATE],
      ["https://shop.example.com/api/webhooks/sepay/", OWN_STORE],
    ]) {
      const answer = await call(PATH, { env: production, token, method: "PUT", body: { url } });
      expect([url, answer.status, answer.body.message]).toEqual([url, 400, message]);
    }
    expect(await storedUrl()).toBe("");
  });
});

describe("someone who is not an admin sets the address", () => {
  it("a stranger, a buyer and a staff session without the second factor are refused; nothing changes", async () => {
    await setUrl("");
    const buyer = await person();
    const staff = await person("staff");
    const now = Date.now();
    const halfSignedIn = (await startSession(db, env.JWT_SECRET, staff.id, {}, now, now, null)).access;
    expect((await api(PATH, { method: "PUT", body: { url: "https://attacker.example.com/" } })).status).toBe(401);
    expect((await setUrl("https://public.example.com/steal", buyer.token)).status).toBe(403);
    expect((await setUrl("https://public.example.com/steal", halfSignedIn)).status).toBe(403);
    expect((await api(`${PATH}events/`, { token: buyer.token })).status).toBe(403);
    expect((await api(`${PATH}events/1/resend/`, { token: buyer.token, method: "POST" })).status).toBe(403);
    expect(await storedUrl()).toBe("");
  });
});

async function checkKey(keyCode: string, deviceId: string) {
  const response = await request("/api/keys/check/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") },
    body: JSON.stringify({ key_code: keyCode, device_id: deviceId, bundle_id: await bundleOfKey(keyCode) }),
  });
  return ((await response.json()) as Body).data;
}

async function pointAt(name: string) {
  const saved = await setUrl(`${SIM}/hook/${name}`);
  expect(saved.status).toBe(200);
}

async function received(name: string): Promise<{ body: string }[]> {
  return (await (await fetch(`${SIM}/sim/received?name=${name}`)).json()) as { body: string }[];
}

describe("the receiver answers with a redirect to a private address", () => {
  it("is not followed: the delivery counts as failed and the target never hears of it", async () => {
    await pointAt("redirect");
    await fetch(`${SIM}/sim/script`, {
      method: "POST",
      body: JSON.stringify({ name: "redirect", answers: [{ status: 302, location: `${SIM}/hook/redirect-target` }, { status: 307, location: "http://169.254.169.254/latest/meta-data/" }] }),
    });
    const buyer = await funded(100_000);
    const { pricing } = await listing({ price: 1000, stock: 2 });
    for (let n = 0; n < 2; n += 1) expect((await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id } })).status).toBe(200);
    await deliverStoreEvents(env, Date.now());
    expect(await received("redirect-target")).toEqual([]);
    const rows = await db.select().from(storeEvents).where(eq(storeEvents.type, "key.sold"));
    const answered = rows.filter((row) => row.lastStatus === 302 || row.lastStatus === 307);
    expect(answered.map((row) => [row.status, row.lastStatus]).sort()).toEqual([
      ["pending", 302],
      ["pending", 307],
    ]);
  });
});

describe("an event that would carry a whole key code", () => {
  it("no event of a key's life, as sent, holds its code; the key is named by id and its last 4 characters", async () => {
    await pointAt("codes");
    const buyer = await funded(100_000);
    const { pricing } = await listing({ price: 1000, stock: 1, type: "30days" });
    const bought = await api("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id } });
    const code = bought.body.key.key_code as string;
    const orderId = bought.body.order.id as number;
    const [key] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, code));
    expect((await checkKey(code, "device-a")).valid).toBe(true);
    expect((await api(`/api/auth/purchase/${orderId}/reset-device/`, { token: buyer.token, method: "POST" })).status).toBe(200);
    expect((await checkKey(code, "device-b")).valid).toBe(true);
    expect((await api(`/api/keys/keys/${key.id}/ban/`, { token: admin.token, method: "POST" })).status).toBe(200);
    await runScheduledJobs(env, new Date());
    await deliverStoreEvents(env, Date.now());
    const bodies = (await received("codes")).map((entry) => entry.body);
    const types = bodies.map((body) => JSON.parse(body).type);
    expect(types).toEqual(["key.sold", "key.activated", "key.device_reset", "key.activated", "key.banned"]);
    for (const body of bodies) {
      expect(body).not.toContain(code);
      expect(body).not.toContain(code.slice(0, -4));
      expect(body).not.toContain("device-a");
      expect(body).not.toContain("device-b");
      expect(body).not.toContain(buyer.email);
      const named = JSON.parse(body).data.key;
      expect([Object.keys(named), named.id, named.masked]).toEqual([["id", "masked", "expires_at"], key.id, `…${code.slice(-4)}`]);
    }
    // What the outbox keeps is the same: the admin's log shows no code either.
    const log = await api(`${PATH}events/?limit=100`, { token: admin.token });
    expect(JSON.stringify(log.body)).not.toContain(code);
  });
});
