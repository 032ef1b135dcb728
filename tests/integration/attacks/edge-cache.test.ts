// Attacks on the edge cache of the public catalogue (issue #13, item 14): query strings that
// fill the cache or go around it, and purchases that throw the whole store's copies away.
// A copy is recognised by a change nobody announced: a name changed straight in D1 stays
// invisible for as long as the copy made before it is served.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apps } from "../../../workers/db/schema";
import worker from "../../../workers/index";
import { bytes, createApp, db, funded, listing, noDatabase, request, unique } from "../../factories";

/** The Worker called directly with another env (the database that throws). */
async function direct(path: string, workerEnv: Env) {
  const context = createExecutionContext();
  const response = await worker.fetch(new Request(`http://store.test${path}`, { headers: { Accept: "text/html" } }) as Parameters<typeof worker.fetch>[0], workerEnv, context);
  const text = await response.text();
  await waitOnExecutionContext(context);
  return { status: response.status, text };
}

async function text(path: string) {
  const response = await request(path, { headers: { Accept: "text/html" } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Renames an app in D1 without telling the cache (no catalogueChanged). */
async function renameSilently(id: number) {
  const name = `Đổi ${unique()}`;
  await db.update(apps).set({ name }).where(eq(apps.id, id));
  return name;
}

async function ipaApp(name: string) {
  return createApp({ name, appType: "ipa", bundleIdentifier: `vn.test.${unique("q").replace(/-/g, "")}`, file: bytes(40) });
}

describe("attack: filling or going around the edge cache with query strings", () => {
  it("plants its own query text in the copy of / by being the first to ask for /?x=…", async () => {
    const app = await ipaApp(`Trồng ${unique()}`); // a catalogue change: no copy of / exists yet
    const planted = `planted${unique().replace(/-/g, "")}`;
    expect(await text(`/?x=${planted}`)).toContain(app.name);
    const home = await text("/");
    expect(home).toContain(app.name);
    expect(home).not.toContain(planted);
  });

  it("a protected page reached with a query (/login?redirect=…) still reads its query", async () => {
    const html = await text("/login?redirect=%2Fprofile");
    expect(html).toContain("redirect=%2Fprofile");
  });

  it("/?x=1, /?utm_source=… and a random query are served from the copy of /, without the database", async () => {
    const app = await ipaApp(`Gốc ${unique()}`);
    expect(await text("/")).toContain(app.name);
    const renamed = await renameSilently(app.id);
    for (const path of ["/?x=1", "/?utm_source=facebook&utm_medium=cpc&fbclid=abc", `/?${unique()}=${unique()}`, "/?page=1", "/?page=abc"]) {
      const html = await text(path);
      expect(html, path).toContain(app.name);
      expect(html, path).not.toContain(renamed);
    }
    // A query nobody has sent before is a hit too: no render, no database.
    const hit = await direct(`/?cache_buster=${unique()}`, noDatabase);
    expect(hit.status).toBe(200);
    expect(hit.text).toContain(app.name);
  });

  it("/?page=N stays a page of its own, whatever else the query holds", async () => {
    await ipaApp(`Trang ${unique()}`);
    expect(await text("/")).not.toContain("Trang này không có ứng dụng nào.");
    expect(await text(`/?page=99999&x=${unique()}`)).toContain("Trang này không có ứng dụng nào.");
    expect(await text(`/?utm_source=x&page=99999`)).toContain("Trang này không có ứng dụng nào.");
  });

  it("an app page with tracking parameters is served from the copy of the app page", async () => {
    const app = await ipaApp(`Trang app ${unique()}`);
    expect(await text(`/${app.url}`)).toContain(app.name);
    expect(await text(`/app/${app.id}`)).toContain(app.name);
    const renamed = await renameSilently(app.id);
    for (const path of [`/${app.url}?fbclid=${unique()}`, `/app/${app.id}?x=1`]) {
      const html = await text(path);
      expect(html, path).toContain(app.name);
      expect(html, path).not.toContain(renamed);
    }
  });

  it("a page's data (Remix's .data) asked with junk queries is served from the copy of that data, rendering nothing", async () => {
    const app = await ipaApp(`Dữ liệu ${unique()}`);
    // The pages first: a page's data is stored only once its page's copy says the page is public.
    await text("/");
    await text(`/${app.url}`);
    const home = await text("/_root.data");
    const data = await text(`/${app.url}.data`);
    expect(data).toContain(app.name);
    // Any use of the database now fails the request: only a copy can answer.
    for (const [path, copy] of [[`/${app.url}.data?x=${unique()}`, data], [`/${app.url}.data?_routes=junk-${unique()}`, data], [`/_root.data?utm_source=${unique()}`, home]]) {
      const junk = await direct(path, noDatabase);
      expect(junk.status, path).toBe(200);
      expect(junk.text, path).toBe(copy);
    }
  });

  it("an app page whose address is percent-encoded differently is served from the same copy", async () => {
    const app = await ipaApp(`Mã hoá ${unique()}`);
    expect(await text(`/${app.url}`)).toContain(app.name);
    const renamed = await renameSilently(app.id);
    // Each letter may be written as itself or as %xx (upper or lower case hex): 3^n addresses of one page.
    const encoded = (from: number, upper = false) =>
      [...app.url].map((char, index) => (index >= from && /[a-z]/.test(char) ? `%${char.charCodeAt(0).toString(16)[upper ? "toUpperCase" : "toLowerCase"]()}` : char)).join("");
    for (const path of [`/${encoded(0)}`, `/${encoded(2, true)}`, `/app%2D${app.url.slice(4)}`]) {
      const html = await text(path);
      expect(html, path).toContain(app.name);
      expect(html, path).not.toContain(renamed);
    }
  });

  it("the feeds and the catalogue API ignore query strings (they read none)", async () => {
    const app = await ipaApp(`Nguồn ${unique()}`);
    const paths = ["/api/apps/list/", `/api/apps/detail/${app.id}/`, "/altstore.json"];
    for (const path of paths) expect(await text(path), path).toContain(app.name);
    const renamed = await renameSilently(app.id);
    for (const path of paths) {
      const body = await text(`${path}?${unique()}=1`);
      expect(body, path).toContain(app.name);
      expect(body, path).not.toContain(renamed);
    }
  });
});

async function buy(token: string, pricingId: number) {
  const response = await request("/api/keys/purchase/", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": unique("buy") },
    body: JSON.stringify({ key_pricing_id: pricingId, payment_method: "balance" }),
  });
  expect(response.status).toBe(200);
}

describe("attack: a stream of purchases empties every edge copy of the store", () => {
  it("after a purchase the home page, the other apps' pages, the feeds and the catalogue API are still the cached copies", async () => {
    const { app, pricing } = await listing({ app: await ipaApp(`Bán key ${unique()}`), price: 10_000, stock: 3 });
    const other = await ipaApp(`Bên cạnh ${unique()}`);
    const { token } = await funded(100000);
    const paths = ["/", `/${other.url}`, "/altstore.json", "/api/apps/list/", `/api/apps/detail/${other.id}/`];
    for (const path of paths) expect(await text(path), path).toContain(other.name);
    const renamed = await renameSilently(other.id);

    await buy(token, pricing.id);
    await buy(token, pricing.id);
    for (const path of paths) {
      const body = await text(path);
      expect(body, path).toContain(other.name);
      expect(body, path).not.toContain(renamed);
    }
    expect(await text("/")).toContain(app.name);
  });

  it("the next visitor of the bought app's page sees the stock the purchase left, on both of its addresses", async () => {
    const { app, pricing } = await listing({ app: await ipaApp(`Bán key ${unique()}`), price: 10_000, stock: 4 });
    const { token } = await funded(100000);
    for (const path of [`/${app.url}`, `/app/${app.id}`]) expect(await text(path), path).toContain("Sắp hết (còn 4)");

    await buy(token, pricing.id);
    for (const path of [`/${app.url}`, `/app/${app.id}`, `/${app.url}?x=1`]) {
      const html = await text(path);
      expect(html, path).toContain("Sắp hết (còn 3)");
      expect(html, path).not.toContain("còn 4");
    }
    // The tag that keys the copy to the stock stays between the Worker and its cache.
    for (const path of [`/${app.url}`, `/${app.url}.data`]) expect((await request(path)).headers.get("x-app-stock"), path).toBeNull();
    // Served again from the fresh copy: no database work.
    const hit = await direct(`/${app.url}`, noDatabase);
    expect(hit.status).toBe(200);
    expect(hit.text).toContain("Sắp hết (còn 3)");

    // The last keys: sold out, shown so at once.
    for (let left = 3; left > 0; left--) await buy(token, pricing.id);
    expect(await text(`/${app.url}`)).toContain("Hết hàng");
  });
});
