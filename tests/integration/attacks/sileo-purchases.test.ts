// Attacks on buying from Sileo and Zebra (issue 56, decision 0054): an instant purchase needs the
// account's own payment secret; a retry, two taps or two phones of one account buying at once are
// one sale; a download address works once and for two minutes; a hidden or deleted package sells
// and serves nothing; bodies of the wrong shape are refused in the clients' shape.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apps, licenseKeys, orders, packageManagerLinks } from "../../../workers/db/schema";
import { balanceOf, db, funded, person, request } from "../../factories";
import { call, send } from "../../requests";
import { newUdid, phoneCall, signedInPhone, tweakForSale } from "../../package-manager";

const ordersOf = (userId: number) => db.select().from(orders).where(eq(orders.userId, userId));

describe("attack: a purchase without the account's payment secret", () => {
  it("without a secret, with null (Zebra), or with a wrong one, charges nothing and sends the buyer to the store page", async () => {
    const { packageId } = await tweakForSale();
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    for (const extra of [{}, { payment_secret: null }, { payment_secret: "not-the-secret" }]) {
      const answer = await phoneCall(`package/${packageId}/purchase`, phone, extra);
      expect(answer.body, JSON.stringify(extra)).toMatchObject({ status: 1, url: expect.stringMatching(/\/sileo\/checkout\?ticket=/) });
    }
    expect(await balanceOf(buyer.id)).toBe(100_000);
    expect(await ordersOf(buyer.id)).toEqual([]);
  });

  it("with another account's secret charges nothing", async () => {
    const { packageId } = await tweakForSale();
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    const other = await signedInPhone(await funded(100_000));
    const answer = await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: other.secret });
    expect(answer.body.status).toBe(1);
    expect(await balanceOf(buyer.id)).toBe(100_000);
  });

  it("another account cannot open a buyer's checkout page", async () => {
    const { packageId } = await tweakForSale();
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    const { url } = (await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: null })).body;
    const ticket = new URL(url).searchParams.get("ticket");
    const stranger = await funded(100_000);
    expect((await call(`/api/sileo/checkout/${ticket}/`, { token: stranger.token })).status).toBe(403);
    const bought = await call(`/api/sileo/checkout/${ticket}/`, { token: stranger.token, body: { key_pricing_id: 1 } });
    expect(bought.status).toBe(403);
    expect(await balanceOf(stranger.id)).toBe(100_000);
  });
});

describe("attack: a purchase replayed", () => {
  it("a client retry after the sale charges once and answers bought", async () => {
    const { packageId } = await tweakForSale({ price: 20_000 });
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret })).body).toEqual({ status: 0 });
    }
    expect(await balanceOf(buyer.id)).toBe(80_000);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("two taps at once charge once", async () => {
    const { packageId } = await tweakForSale({ price: 20_000 });
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    const answers = await Promise.all(Array.from({ length: 5 }, () => phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret })));
    for (const answer of answers) expect(answer.body).toEqual({ status: 0 });
    expect(await balanceOf(buyer.id)).toBe(80_000);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("two phones of one account buying at once charge once", async () => {
    const { packageId } = await tweakForSale({ price: 20_000 });
    const buyer = await funded(100_000);
    const [first, second] = [await signedInPhone(buyer), await signedInPhone(buyer)];
    const answers = await Promise.all([first, second, first, second].map((phone) => phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret })));
    for (const answer of answers) expect(answer.body).toEqual({ status: 0 });
    expect(await balanceOf(buyer.id)).toBe(80_000);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("two taps on the checkout page's pay button charge once", async () => {
    const { packageId, pricing } = await tweakForSale({ price: 20_000, quick: false });
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    const { url } = (await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret })).body;
    const ticket = new URL(url).searchParams.get("ticket");
    const answers = await Promise.all([1, 2, 3].map(() => call(`/api/sileo/checkout/${ticket}/`, { token: buyer.token, body: { key_pricing_id: pricing.id } })));
    const codes = new Set(answers.map((answer) => answer.body.data?.key_code));
    expect(codes.size).toBe(1);
    expect(await balanceOf(buyer.id)).toBe(80_000);
  });
});

describe("attack: a download address used again", () => {
  async function bought() {
    const sale = await tweakForSale();
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    expect((await phoneCall(`package/${sale.packageId}/purchase`, phone, { payment_secret: phone.secret })).body).toEqual({ status: 0 });
    return { ...sale, buyer, phone };
  }

  it("works once", async () => {
    const { packageId, phone } = await bought();
    const { url } = (await phoneCall(`package/${packageId}/authorize_download`, phone, { version: "1.0", repo: "https://store.test/repo/" })).body;
    const first = await request(new URL(url).pathname);
    expect(first.status).toBe(200);
    expect(new Uint8Array(await first.arrayBuffer()).length).toBeGreaterThan(0);
    const second = await request(new URL(url).pathname);
    expect(second.status).toBe(404);
    expect(await second.json()).toMatchObject({ error: expect.any(String) });
  });

  it("does not work after two minutes", async () => {
    const { packageId, phone, buyer } = await bought();
    const { url } = (await phoneCall(`package/${packageId}/authorize_download`, phone, {})).body;
    await db
      .update(packageManagerLinks)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(and(eq(packageManagerLinks.userId, buyer.id), eq(packageManagerLinks.kind, "download")));
    expect((await request(new URL(url).pathname)).status).toBe(404);
  });

  it("is not handed to a buyer who owns no key of the package", async () => {
    const { packageId } = await tweakForSale();
    const phone = await signedInPhone(await person());
    const answer = await phoneCall(`package/${packageId}/authorize_download`, phone, {});
    expect(answer.body).toMatchObject({ success: false, error: expect.any(String) });
  });

  it("an address made up or of another shape opens nothing", async () => {
    for (const path of ["/api/sileo/download/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/api/sileo/download/..%2F..%2Frepo%2FPackages"]) {
      expect((await request(path)).status, path).toBe(404);
    }
  });
});

describe("attack: a hidden or deleted package", () => {
  it("a hidden app answers not found to info, purchase and download, and charges nothing", async () => {
    const { app, packageId } = await tweakForSale();
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    await db.update(apps).set({ status: "failed" }).where(eq(apps.id, app.id));
    for (const path of ["info", "purchase", "authorize_download"]) {
      const answer = await phoneCall(`package/${packageId}/${path}`, phone, { payment_secret: phone.secret });
      expect(answer.body, path).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect((await call(`/api/sileo/package/${packageId}/info`)).body).toMatchObject({ success: false, error: expect.any(String) });
    expect(await balanceOf(buyer.id)).toBe(100_000);
  });

  it("a download address handed out before the app was hidden no longer serves it", async () => {
    const { app, packageId } = await tweakForSale();
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret });
    const { url } = (await phoneCall(`package/${packageId}/authorize_download`, phone, {})).body;
    await db.update(apps).set({ status: "failed" }).where(eq(apps.id, app.id));
    expect((await request(new URL(url).pathname)).status).toBe(404);
  });

  it("a deleted app answers not found", async () => {
    const { app, packageId } = await tweakForSale();
    const phone = await signedInPhone(await funded(100_000));
    await db.delete(licenseKeys).where(eq(licenseKeys.appId, app.id));
    await db.delete(apps).where(eq(apps.id, app.id));
    expect((await phoneCall(`package/${packageId}/info`, phone)).body).toMatchObject({ success: false, error: expect.any(String) });
    expect((await phoneCall(`package/${packageId}/purchase`, phone, { payment_secret: phone.secret })).body).toMatchObject({ success: false, error: expect.any(String) });
  });
});

describe("attack: bodies of the wrong shape", () => {
  it("wrong types, no token, huge values and no JSON are refused in the clients' shape, charging nothing", async () => {
    const { packageId } = await tweakForSale();
    const buyer = await funded(100_000);
    const phone = await signedInPhone(buyer);
    const path = `/api/sileo/package/${packageId}/purchase`;
    const bodies: unknown[] = [
      { udid: phone.udid, device: "iPhone12,1", payment_secret: phone.secret },
      { token: 1, udid: phone.udid, payment_secret: phone.secret },
      { token: [phone.token], udid: phone.udid, payment_secret: phone.secret },
      { token: phone.token, udid: phone.udid, payment_secret: 42 },
      { token: phone.token, udid: phone.udid, payment_secret: { $ne: null } },
      { token: phone.token, udid: phone.udid, device: "x".repeat(10_000), payment_secret: phone.secret },
      { token: "t".repeat(100_000), udid: phone.udid },
      [phone.token],
      null,
    ];
    for (const body of bodies) {
      const answer = await call(path, { body });
      expect(answer.body, JSON.stringify(body)?.slice(0, 80)).toMatchObject({ success: false, error: expect.any(String) });
    }
    const notJson = await send(path, { method: "POST", headers: { "Content-Type": "application/json" } });
    expect(await notJson.json()).toMatchObject({ error: expect.any(String) });
    expect(await balanceOf(buyer.id)).toBe(100_000);
  });

  it("a package id of another shape is refused", async () => {
    const phone = await signedInPhone(await person());
    for (const id of ["a%2Fb", "a".repeat(300), "a b", "-leading-dash"]) {
      const answer = await phoneCall(`package/${id}/info`, phone);
      expect(answer.body.error, id).toEqual(expect.any(String));
    }
  });

  it("answers an error in the phone's language", async () => {
    const forged = { token: "nope", udid: newUdid() };
    const vi = await phoneCall("user_info", forged);
    const en = await phoneCall("user_info", forged, {}, { "Accept-Language": "en-US,en;q=0.9" });
    expect(vi.body.error).toMatch(/đăng nhập/i);
    expect(en.body.error).toMatch(/sign in/i);
  });
});
