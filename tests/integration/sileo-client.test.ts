// Buying inside Sileo and Zebra (issue 56, docs/formats.md "Payment provider API"): the repository
// names its provider, Packages tags what sells keys, and a phone played exactly as each client
// plays it goes sign-in → info → purchase → authorize download → the key check from that UDID.
// The sign-in sheet itself runs in a real browser in tests/e2e/sileo.spec.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apps } from "../../workers/db/schema";
import { balanceOf, createApp, db, funded, listing, person, request, unique } from "../factories";
import { call, send } from "../requests";
import { MODEL, newUdid, phoneCall, signedInPhone, tweakForSale } from "../package-manager";

type Body = Record<string, any>;

async function keyCheck(keyCode: string, deviceId: string, bundleId: string) {
  const answer = await call("/api/keys/check/", { body: { key_code: keyCode, device_id: deviceId, bundle_id: bundleId } });
  return answer.body.data as Body;
}

async function purchasesOf(user: { token: string }) {
  return (await call("/api/auth/purchase/history/", { token: user.token })).body.data as Body[];
}

describe("the repository names its payment provider", () => {
  it("serves /repo/payment_endpoint as the plain address of the API", async () => {
    const response = await request("/repo/payment_endpoint");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("http://store.test/api/sileo/");
  });

  it("tags a tweak that sells keys cydia::commercial in Packages, and leaves one that does not", async () => {
    const { packageId } = await tweakForSale();
    const free = await createApp({ appType: "rootless", file: new Uint8Array([1, 2, 3]), packageInfo: { deb_control: { Package: `vn.test.${unique("free").replace(/[^a-z0-9]/g, "")}`, Tag: "purpose::extension" } } });
    const packages = await (await request("/repo/Packages")).text();
    const stanzaOf = (id: string) => packages.split("\n\n").find((stanza) => stanza.startsWith(`Package: ${id}\n`)) ?? "";
    expect(stanzaOf(packageId)).toMatch(/^Tag: cydia::commercial$/m);
    const freeStanza = packages.split("\n\n").find((stanza) => stanza.includes(`Filename: pool/${free.id}/`)) ?? "";
    expect(freeStanza).toMatch(/^Tag: purpose::extension$/m);
    expect(freeStanza).not.toContain("cydia::commercial");
  });

  it("answers info with the shop and its sign-in banner in the phone's language", async () => {
    const vi = await call("/api/sileo/info");
    expect(vi.body).toMatchObject({ name: expect.any(String), icon: expect.stringMatching(/^http/), description: expect.any(String), authentication_banner: { message: expect.any(String), button: "Đăng nhập" } });
    const en = await call("/api/sileo/info", { headers: { "Accept-Language": "en" } });
    expect(en.body.authentication_banner.button).toBe("Sign in");
  });

  it("sends authenticate to the store's own sign-in, keeping the phone's udid and model", async () => {
    const udid = newUdid();
    const response = await request(`/api/sileo/authenticate?udid=${udid}&model=${encodeURIComponent(MODEL)}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get("Location")!);
    expect(target.pathname).toBe("/sileo/connect");
    expect(target.searchParams.get("udid")).toBe(udid);
    expect(target.searchParams.get("model")).toBe(MODEL);
    expect(await (await send("/api/sileo/authenticate?udid=nope")).json()).toMatchObject({ success: false, error: expect.any(String) });
  });
});

describe("Sileo: token in every body, the payment secret from the keychain", () => {
  it("signs in, reads the price, buys at once from the wallet, downloads once, and the key is active on that phone", async () => {
    const { app, packageId } = await tweakForSale({ price: 20_000 });
    const buyer = await funded(50_000);
    const phone = await signedInPhone(buyer);

    expect((await phoneCall("user_info", phone)).body).toEqual({ items: [], user: { name: buyer.username, email: buyer.email } });
    expect((await phoneCall(`package/${packageId}/info`, phone)).body).toEqual({ price: expect.stringMatching(/^từ 20\.000\s₫$/), purchased: false, available: true });
    expect((await phoneCall(`package/${packageId}/info`, phone, {}, { "Accept-Language": "en-US" })).body.price).toMatch(/^from 20,000\s₫$/);

    expect((await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret })).body).toEqual({ status: 0 });
    expect(await balanceOf(buyer.id)).toBe(30_000);
    expect((await phoneCall("user_info", phone)).body.items).toEqual([packageId]);
    expect((await phoneCall(`package/${packageId}/info`, phone)).body).toMatchObject({ purchased: true });

    const { url } = (await phoneCall(`package/${packageId}/authorize_download`, phone, { version: "1.0", repo: "http://store.test/repo/" })).body;
    expect(url).toMatch(/^http:\/\/store\.test\/api\/sileo\/download\//);
    const deb = await request(new URL(url).pathname);
    expect(deb.status).toBe(200);
    expect(deb.headers.get("Content-Type")).toBe("application/vnd.debian.binary-package");

    // The tweak's first check from this phone (device id = its UDID) is already active.
    const [purchase] = await purchasesOf(buyer);
    expect(purchase).toMatchObject({ key_state: "active", device_hint: phone.udid.slice(-4) });
    expect(await keyCheck(purchase.key_code, phone.udid, app.bundleIdentifier!)).toMatchObject({ valid: true, reason: "active" });
    expect(await keyCheck(purchase.key_code, newUdid(), app.bundleIdentifier!)).toMatchObject({ valid: false, reason: "other_device" });
  });

  it("the key moves to another phone as any key does", async () => {
    const { app, packageId } = await tweakForSale();
    const buyer = await funded(50_000);
    const phone = await signedInPhone(buyer);
    await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret });
    const [purchase] = await purchasesOf(buyer);
    expect((await call(`/api/auth/purchase/${purchase.id}/reset-device/`, { token: buyer.token, body: {} })).status).toBe(200);
    const next = newUdid();
    expect(await keyCheck(purchase.key_code, next, app.bundleIdentifier!)).toMatchObject({ valid: true, reason: "activated" });
  });

  it("with a balance short of the price, sends the buyer to the store page instead", async () => {
    const { packageId } = await tweakForSale({ price: 20_000 });
    const buyer = await funded(5_000);
    const phone = await signedInPhone(buyer);
    const answer = await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret });
    expect(answer.body).toMatchObject({ status: 1, url: expect.stringMatching(/^http:\/\/store\.test\/sileo\/checkout\?ticket=/) });
    expect(await balanceOf(buyer.id)).toBe(5_000);
  });

  it("refuses with status -1 and the reason when every key is sold", async () => {
    const { packageId } = await tweakForSale({ stock: 0 });
    const phone = await signedInPhone(await funded(50_000));
    expect((await phoneCall(`package/${packageId}/info`, phone)).body).toEqual({ price: "", purchased: false, available: false });
    expect((await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret })).body).toEqual({ status: -1, error: expect.stringMatching(/hết hàng/) });
  });
});

describe("Zebra: GET before POST for package info, payment_secret null without a passcode", () => {
  it("reads the price signed out, signs in, buys through the store page, and the key is active on that phone", async () => {
    const { app, packageId, pricing } = await tweakForSale({ price: 20_000 });
    const signedOut = await call(`/api/sileo/package/${packageId}/info`);
    expect(signedOut.body).toEqual({ price: expect.stringMatching(/^từ 20\.000\s₫$/), purchased: false, available: true });
    // Zebra's POST when signed out: udid and device, no token.
    const udid = newUdid();
    expect((await call(`/api/sileo/package/${packageId}/info`, { body: { udid, device: MODEL } })).body).toMatchObject({ purchased: false });

    const buyer = await funded(50_000);
    const phone = await signedInPhone(buyer, udid);
    const started = await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: null });
    expect(started.body).toMatchObject({ status: 1 });
    const ticket = new URL(started.body.url).searchParams.get("ticket")!;

    // The store page in the sheet: the key types and the balance, then the payment from the wallet.
    const page = await call(`/api/sileo/checkout/${ticket}/`, { token: buyer.token });
    expect(page.body.data).toMatchObject({ balance: 50_000, owned: false, done_url: "sileo://payment_completed" });
    expect(page.body.data.pricing.map((option: Body) => option.id)).toEqual([pricing.id]);
    const paid = await call(`/api/sileo/checkout/${ticket}/`, { token: buyer.token, body: { key_pricing_id: pricing.id } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ key_code: expect.any(String), done_url: "sileo://payment_completed" });
    expect(await balanceOf(buyer.id)).toBe(30_000);

    expect((await phoneCall(`package/${packageId}/info`, phone)).body).toMatchObject({ purchased: true });
    const { url } = (await phoneCall(`package/${packageId}/authorize_download`, phone, { version: "1.0", repo: "http://store.test/repo/", architecture: "iphoneos-arm64" })).body;
    expect((await request(new URL(url).pathname)).status).toBe(200);
    expect(await keyCheck(paid.body.data.key_code, udid, app.bundleIdentifier!)).toMatchObject({ valid: true, reason: "active" });
  });

  it("signs out with the token alone", async () => {
    const phone = await signedInPhone(await person());
    expect((await call("/api/sileo/sign_out", { body: { token: phone.token } })).body).toEqual({ success: true });
    expect((await phoneCall("user_info", phone)).body.invalidate).toBe(true);
  });
});

describe("the shop's key type bought at once", () => {
  it("is set by an admin to one of the app's own pricings, or none", async () => {
    const admin = await person("superuser");
    const { app, pricing } = await listing();
    const other = await listing();
    const put = (body: Body, token = admin.token) => call(`/api/admin/apps/${app.id}/package-manager/`, { token, method: "PUT", body });
    expect((await put({ key_pricing_id: pricing.id })).status).toBe(200);
    expect((await db.select().from(apps).where(eq(apps.id, app.id)))[0].packageManagerPricingId).toBe(pricing.id);
    expect((await put({ key_pricing_id: other.pricing.id })).status).toBe(400);
    expect((await put({ key_pricing_id: "1; drop table apps" })).status).toBe(400);
    expect((await put({ key_pricing_id: pricing.id }, (await person()).token)).status).toBe(403);
    expect((await put({ key_pricing_id: null })).status).toBe(200);
    expect((await db.select().from(apps).where(eq(apps.id, app.id)))[0].packageManagerPricingId).toBeNull();
  });
});
