// Reads near the visitor (docs/decisions/0029-read-replicas-and-placement.md): which D1 session each
// request opens, and the bookmark carried from a write to the next read. Locally D1 has one copy,
// so the routing is observed on the binding itself: the real database, with every withSession call
// written down (nothing of D1 is replaced).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../workers/db/schema";
import { catalogueChanged } from "../../workers/catalogue/catalogue-cache";
import { bundleOfKey, createApp, db, funded, listing, unique } from "../factories";
import { call, send } from "../requests";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** The Worker's bindings over the same database, recording where each D1 session starts. */
function observed() {
  const sessions: string[] = [];
  const DB = new Proxy(env.DB, {
    get(target, name) {
      if (name === "withSession") {
        return (constraint: string) => {
          sessions.push(constraint);
          return target.withSession(constraint);
        };
      }
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...env, DB } as Env, sessions };
}

/** The bookmark an answer hands the client. */
const bookmark = (answer: { headers: Headers }) => answer.headers.get("x-d1-bookmark");

/** The primary's bookmark now: what any later write's bookmark sorts after. */
async function primaryBookmark(): Promise<string> {
  const session = env.DB.withSession("first-primary");
  await session.prepare("SELECT 1").run();
  return session.getBookmark()!;
}

async function boughtKey(buyerBalance = 100_000) {
  const buyer = await funded(buyerBalance);
  const { pricing } = await listing({ price: 1000, stock: 1, type: "30days" });
  const purchase = await call("/api/keys/purchase/", { env, token: buyer.token, body: { key_pricing_id: pricing.id } });
  expect(purchase.status).toBe(200);
  const code = purchase.body.key.key_code as string;
  const [key] = await db.select().from(licenseKeys).where(eq(licenseKeys.keyCode, code));
  return { buyer, code, orderId: purchase.body.order.id as number, keyId: key.id };
}

const keyCheck = async (workerEnv: Env, code: string, deviceId: string, headers: Record<string, string> = {}) =>
  call("/api/keys/check/", { env: workerEnv, method: "POST", body: { key_code: code, device_id: deviceId, bundle_id: await bundleOfKey(code) }, headers });

describe("the bookmark carried from a write to the next read", () => {
  it("a purchase's answer carries the wallet's writes, and the balance read with it shows the purchase", async () => {
    const buyer = await funded(100_000);
    const { pricing } = await listing({ price: 1000, stock: 1 });
    const before = await primaryBookmark();

    const watched = observed();
    const purchase = await call("/api/keys/purchase/", { env: watched.env, token: buyer.token, body: { key_pricing_id: pricing.id }, headers: { "x-d1-bookmark": before } });
    expect(purchase.status).toBe(200);
    // A change reads the primary, whatever bookmark it sent; then the request moves on to the
    // bookmark the wallet object answered with its writes, and its answer carries at least that.
    const [start, fromWallet, ...rest] = watched.sessions;
    expect(start).toBe("first-primary");
    expect(fromWallet).toMatch(BOOKMARK);
    expect(fromWallet > before).toBe(true);
    expect(rest).toEqual([]);
    expect(bookmark(purchase)).toMatch(BOOKMARK);
    expect(bookmark(purchase)! >= fromWallet).toBe(true);

    const read = observed();
    const balance = await call("/api/auth/wallet/balance/", { env: read.env, token: buyer.token, headers: { "x-d1-bookmark": bookmark(purchase)! } });
    expect(read.sessions).toEqual([bookmark(purchase)]);
    expect(balance.status).toBe(200);
    expect(balance.body.data.balance).toBe(99_000);
    expect(bookmark(balance)! >= bookmark(purchase)!).toBe(true);
  });

  it("a device reset's answer carries its write, and the next key check read with it binds the new device", async () => {
    const { buyer, code, orderId } = await boughtKey();
    expect((await keyCheck(env, code, "iphone-OLD-0001")).body.data.reason).toBe("activated");

    const reset = await call(`/api/auth/purchase/${orderId}/reset-device/`, { env, method: "POST", token: buyer.token });
    expect(reset.status).toBe(200);
    expect(bookmark(reset)).toMatch(BOOKMARK);

    const watched = observed();
    const next = await keyCheck(watched.env, code, "iphone-NEW-0002", { "x-d1-bookmark": bookmark(reset)! });
    expect(watched.sessions).toEqual([bookmark(reset)]);
    expect(next.body.data).toMatchObject({ valid: true, reason: "activated" });
    expect(bookmark(next)! >= bookmark(reset)!).toBe(true);
  });

  it("a key check's repeat path reads the nearest copy, and a refusal is confirmed on the primary before it is answered", async () => {
    const { code } = await boughtKey();
    expect((await keyCheck(env, code, "iphone-MINE-0001")).body.data.reason).toBe("activated");

    const repeat = observed();
    expect((await keyCheck(repeat.env, code, "iphone-MINE-0001")).body.data).toMatchObject({ valid: true, reason: "active" });
    expect(repeat.sessions).toEqual(["first-unconstrained"]);

    const other = observed();
    expect((await keyCheck(other.env, code, "iphone-OTHER-0002")).body.data).toMatchObject({ valid: false, reason: "other_device" });
    expect(other.sessions).toEqual(["first-unconstrained", "first-primary"]);
  });
});

describe("where a request without a bookmark reads", () => {
  it("a public page, the catalogue API and a feed read the nearest copy and hand no bookmark to an anonymous reader", async () => {
    const app = await createApp({ bundleIdentifier: `vn.test.${unique("b").replace(/-/g, "")}` });
    await catalogueChanged(env, new Request("http://store.test/"));
    for (const path of [`/${app.url}`, "/api/apps/list/", `/api/apps/detail/${app.id}/`, "/altstore.json"]) {
      const watched = observed();
      // The page is HTML: read whole, as the visitor's browser would.
      const answer = await send(path, { env: watched.env });
      await answer.text();
      expect(answer.status, path).toBe(200);
      expect(watched.sessions.length, path).toBeGreaterThan(0);
      expect(new Set(watched.sessions), path).toEqual(new Set(["first-unconstrained"]));
      expect(bookmark(answer), path).toBeNull();
    }
  });

  it("a signed-in read without a bookmark, sign-in and every change read the primary", async () => {
    const buyer = await funded(5000);
    const balance = observed();
    expect((await call("/api/auth/wallet/balance/", { env: balance.env, token: buyer.token })).body.data.balance).toBe(5000);
    expect(balance.sessions).toEqual(["first-primary"]);

    const login = observed();
    await call("/api/auth/login/", { env: login.env, method: "POST", body: { email: "nobody@example.com", password: "wrong-password-1" } });
    expect(login.sessions).toEqual(["first-primary"]);
  });
});

describe("attacks on the bookmark header", () => {
  const forged = ["nonsense", "f".repeat(20_000), `${"0".repeat(8)}-${"0".repeat(8)}-${"0".repeat(8)}-${"0".repeat(31)}z`];

  it("a forged or oversized bookmark is ignored: the read starts as if none was sent and the answer carries a real one", async () => {
    const buyer = await funded(7000);
    for (const value of forged) {
      const signedIn = observed();
      const answer = await call("/api/auth/wallet/balance/", { env: signedIn.env, token: buyer.token, headers: { "x-d1-bookmark": value } });
      expect(answer.status).toBe(200);
      expect(answer.body.data.balance).toBe(7000);
      expect(signedIn.sessions).toEqual(["first-primary"]);
      expect(bookmark(answer)).toMatch(BOOKMARK);

      const anonymous = observed();
      expect((await call("/api/apps/list/", { env: anonymous.env, headers: { "x-d1-bookmark": value } })).status).toBe(200);
      expect(anonymous.sessions.every((session) => session === "first-unconstrained")).toBe(true);
    }
  });

  it("an old bookmark cannot make a change read a stale copy: every change reads the primary", async () => {
    const { buyer, code, orderId } = await boughtKey();
    expect((await keyCheck(env, code, "iphone-BOUND-0001")).body.data.reason).toBe("activated");
    const old = "00000000-00000000-00000000-00000000000000000000000000000000";
    const watched = observed();
    const reset = await call(`/api/auth/purchase/${orderId}/reset-device/`, { env: watched.env, method: "POST", token: buyer.token, headers: { "x-d1-bookmark": old } });
    expect(reset.status).toBe(200);
    expect(watched.sessions).toEqual(["first-primary"]);
    expect(bookmark(reset)! > old).toBe(true);
  });
});
