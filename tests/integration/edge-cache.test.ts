// The edge cache of the public catalogue (workers/catalogue/catalogue-cache.ts). The admin app
// API is not in this branch yet: tests change the database directly and call catalogueChanged,
// as that API must after each change.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { apps, keyPricing, keyTypes, licenseKeys, users } from "../../workers/db/schema";
import worker from "../../workers/index";
import { cachedResource, catalogueChanged, readVersionFromDb, VERSION_RECHECK_MS } from "../../workers/catalogue/catalogue-cache";
import { applyEntries } from "../../workers/money/wallet/money";
import { walletFor } from "../../workers/money/wallet/port";
import { bytes, createApp, db, noDatabase, request, sessionToken, unique } from "../factories";
import { LEDGER_MESSAGES } from "@workers/money/messages";

/** The Worker called directly, so a test can give it another env. */
function direct(path: string, workerEnv: Env, headers: Record<string, string> = {}, context = createExecutionContext()) {
  return worker.fetch(new Request(`http://store.test${path}`, { headers }) as Parameters<typeof worker.fetch>[0], workerEnv, context);
}

async function changed() {
  await catalogueChanged(env, new Request("http://store.test/"));
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await request(path, { headers: { Accept: "text/html", ...headers } });
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { response, html, nonce };
}

/** Every `nonce="…"` in the HTML. */
function nonces(html: string): string[] {
  return [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
}

describe("edge copies and deploys", () => {
  it("a copy made by one build is never served by another", async () => {
    const request = () => new Request("http://store.test/api/apps/list/");
    const answer = (body: string) => async () => new Response(body, { headers: { "Content-Type": "application/json" } });
    const ctx = createExecutionContext();
    expect(await (await cachedResource(request(), env, ctx, "build-a", answer("from a"))).text()).toBe("from a");
    expect(await (await cachedResource(request(), env, ctx, "build-a", answer("not called"))).text()).toBe("from a");
    expect(await (await cachedResource(request(), env, ctx, "build-b", answer("from b"))).text()).toBe("from b");
    await waitOnExecutionContext(ctx);
  });
});

describe("edge cache of the public pages", () => {
  it("serves the stored page with a fresh nonce per response, until the catalogue changes", async () => {
    const app = await createApp({ name: `Trước ${unique()}` });
    const first = await page("/");
    expect(first.html).toContain(app.name);
    expect(nonces(first.html).length).toBeGreaterThan(0);
    expect(new Set(nonces(first.html))).toEqual(new Set([first.nonce]));

    // A change nobody announced: the edge copy is still what visitors get…
    const renamed = `Sau ${unique()}`;
    await db.update(apps).set({ name: renamed }).where(eq(apps.id, app.id));
    const second = await page("/");
    expect(second.html).toContain(app.name);
    expect(second.html).not.toContain(renamed);
    // …each answer with its own nonce, in the CSP header and in every script tag alike.
    expect(second.nonce).not.toBe(first.nonce);
    expect(new Set(nonces(second.html))).toEqual(new Set([second.nonce]));
    expect(second.html).not.toContain("__edge_cache_nonce__");
    expect(second.response.headers.get("x-public-page")).toBeNull();

    // Announced: the very next request shows it.
    await changed();
    const third = await page("/");
    expect(third.html).toContain(renamed);
    expect(new Set(nonces(third.html))).toEqual(new Set([third.nonce]));
  });

  it("a deleted app's page is gone and a new app is everywhere on the next request", async () => {
    const doomed = await createApp({ name: `Sắp xóa ${unique()}`, appType: "ipa", bundleIdentifier: `vn.test.${unique("d").replace(/-/g, "")}`, file: bytes(40) });
    const deb = await createApp({ appType: "rootless", file: bytes(30), packageInfo: { deb_control: { Package: `vn.test.${unique("p").toLowerCase().replace(/[^a-z0-9]/g, "")}`, Version: "1.0" } } });
    const paths = ["/", `/${doomed.url}`, `/app/${doomed.id}`, "/altstore.json", "/api/apps/list/", `/api/apps/detail/${doomed.id}/`, "/repo/Packages"];
    for (const path of paths) expect((await request(path)).status, path).toBe(200);
    expect(await (await request("/altstore.json")).text()).toContain(doomed.bundleIdentifier!);
    expect(await (await request("/repo/Packages")).text()).toContain(`Filename: pool/${deb.id}/`);

    await db.delete(apps).where(eq(apps.id, doomed.id));
    await db.delete(apps).where(eq(apps.id, deb.id));
    await changed();
    expect((await request(`/${doomed.url}`)).status).toBe(404);
    expect((await request(`/app/${doomed.id}`)).status).toBe(404);
    expect((await request(`/api/apps/detail/${doomed.id}/`)).status).toBe(404);
    expect(await (await request("/")).text()).not.toContain(doomed.name);
    expect(await (await request("/api/apps/list/")).text()).not.toContain(doomed.name);
    expect(await (await request("/altstore.json")).text()).not.toContain(doomed.bundleIdentifier!);
    expect(await (await request("/repo/Packages")).text()).not.toContain(`Filename: pool/${deb.id}/`);

    const fresh = await createApp({ name: `Mới ${unique()}`, appType: "ipa", bundleIdentifier: `vn.test.${unique("n").replace(/-/g, "")}`, file: bytes(40) });
    expect(await (await request("/")).text()).toContain(fresh.name);
    expect(await (await request("/api/apps/list/")).text()).toContain(fresh.name);
    expect(await (await request("/altstore.json")).text()).toContain(fresh.bundleIdentifier!);
  });

  it("an admin's price change shows on the app page at once", async () => {
    const app = await createApp();
    const name = unique("a").replace(/-/g, "_").slice(0, 28);
    const [admin] = await db.insert(users).values({ username: name, email: `${name}@example.com`, isStaff: true }).returning();
    const token = await sessionToken(admin.id);
    expect((await page(`/${app.url}`)).html).not.toContain("Mua key");

    const created = await request(`/api/keys/apps/${app.url}/pricing/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ key_type: "30days", price: 123000 }),
    });
    expect(created.status).toBe(201);
    const after = await page(`/${app.url}`);
    expect(after.html).toContain("Mua key");
    expect(after.html).toMatch(/123\.000.₫/);
    expect((await db.select().from(keyTypes).where(eq(keyTypes.name, "30days"))).length).toBe(1);
  });

  it("a download is counted at once but leaves the cached pages alone (the count may be a minute old)", async () => {
    const app = await createApp({ file: bytes(25) });
    const count = async () => /data-testid="download-count">([^<]*)</.exec((await page(`/${app.url}`)).html)?.[1];
    expect(await count()).toBe("0");
    const version = await readVersionFromDb(env);
    await (await request(`/api/apps/${app.id}/download/`)).arrayBuffer();
    expect((await db.select().from(apps).where(eq(apps.id, app.id)))[0].downloadCount).toBe(1);
    expect(await readVersionFromDb(env)).toBe(version);
    expect(await count()).toBe("0");
  });

  it("a sale this colo did not see (another colo's) shows on the app page within VERSION_RECHECK_MS", { timeout: 20_000 }, async () => {
    const app = await createApp();
    const [type] = await db.select().from(keyTypes).where(eq(keyTypes.name, "1day"));
    const [pricing] = await db.insert(keyPricing).values({ appId: app.id, keyTypeId: type.id, price: 1000 }).returning();
    await db.insert(licenseKeys).values([0, 1, 2].map((index) => ({ appId: app.id, keyTypeId: type.id, keyCode: `ELSEWHERE-${app.id}-${index}` })));
    await changed();
    expect((await page(`/${app.url}`)).html).toContain("Sắp hết (còn 3)");

    const name = unique("e").replace(/-/g, "_").slice(0, 28);
    const [buyer] = await db.insert(users).values({ username: name, email: `${name}@example.com` }).returning();
    await applyEntries(env.DB, buyer.id, [{ type: "deposit", source: "vietqr", amount: 5000, reference: unique("dep"), line: LEDGER_MESSAGES.vietqr("Nạp tiền") }]);
    // The wallet object alone: no stockChanged in this colo, as when the sale happened elsewhere.
    expect((await walletFor(env, buyer.id).purchase(pricing.id, unique("idem"))).ok).toBe(true);
    expect((await page(`/${app.url}`)).html).toContain("Sắp hết (còn 3)");
    await new Promise((resolve) => setTimeout(resolve, VERSION_RECHECK_MS + 200));
    expect((await page(`/${app.url}`)).html).toContain("Sắp hết (còn 2)");
  });

  it("renders nothing about the visitor: a signed-in request gets the same HTML as anyone", async () => {
    const app = await createApp({ updatedAt: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000) });
    const name = unique("u").replace(/-/g, "_").slice(0, 28);
    const [user] = await db.insert(users).values({ username: name, email: `${name}@example.com`, firstName: "Riêng", lastName: "Tư" }).returning();
    const token = await sessionToken(user.id);
    // Only the nonce and the loader's clock may differ (the data is turbo-stream encoded: `\"now\",<ms>`).
    const normalise = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/\\"now\\",\d+/g, "");

    await changed(); // both renders below miss the edge copy
    const signedIn = await page(`/${app.url}`, { Authorization: `Bearer ${token}`, Cookie: `access_token=${token}` });
    await changed();
    const anonymous = await page(`/${app.url}`);
    expect(signedIn.response.headers.get("set-cookie")).toBeNull();
    expect(signedIn.html).not.toContain(name);
    expect(normalise(signedIn.html)).toBe(normalise(anonymous.html));
  });
});

describe("attack: HEAD requests to go around the edge cache", () => {
  it("a HEAD of a cached page, the catalogue API or a feed is answered from the copy, without touching the database or filling it with an empty page", async () => {
    const app = await createApp({ name: `HEAD ${unique()}` });
    await changed();
    for (const path of ["/", `/${app.url}`, "/api/apps/list/", "/altstore.json"]) {
      const context = createExecutionContext();
      const first = await direct(path, env, { Accept: "text/html" }, context);
      const body = await first.text();
      await waitOnExecutionContext(context);
      expect(first.status, path).toBe(200);

      // Any use of the database now fails the request: a flood of HEADs costs no render.
      const head = await worker.fetch(new Request(`http://store.test${path}`, { method: "HEAD", headers: { Accept: "text/html" } }) as Parameters<typeof worker.fetch>[0], noDatabase, createExecutionContext());
      expect(head.status, path).toBe(200);
      expect(await head.text(), path).toBe("");
      expect(head.headers.get("content-type"), path).toBe(first.headers.get("content-type"));
      expect(head.headers.get("x-public-page"), path).toBeNull();

      // The copy a GET gets afterwards is still the whole answer.
      const again = await direct(path, noDatabase, { Accept: "text/html" });
      expect(again.status, path).toBe(200);
      expect((await again.text()).length, path).toBe(body.length);
    }
  });
});

describe("edge cache of the catalogue API and feeds", () => {
  it("answers a fresh copy, and a 304 for its ETag, without touching the database", async () => {
    const app = await createApp({ name: `API ${unique()}` });
    await changed();
    const context = createExecutionContext();
    const first = await direct("/api/apps/list/", env, {}, context);
    await waitOnExecutionContext(context);
    const etag = first.headers.get("etag")!;
    const body = await first.text();
    expect(body).toContain(app.name);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");

    // Any use of the database now fails the request.
    const revalidated = await direct("/api/apps/list/", noDatabase, { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(await revalidated.text()).toBe("");
    const full = await direct("/api/apps/list/", noDatabase);
    expect(full.status).toBe(200);
    expect(await full.text()).toBe(body);
    expect(full.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("gives the feeds ETags and answers them with 304", async () => {
    for (const path of ["/altstore.json", "/repo/Release", "/repo/Packages", "/repo/Packages.gz"]) {
      const first = await request(path);
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^"[0-9a-f]{32}"$/);
      expect(first.headers.get("access-control-allow-origin"), path).toBe("*");
      await first.arrayBuffer();
      const again = await request(path, { headers: { "If-None-Match": etag! } });
      expect(again.status, path).toBe(304);
    }
  });
});

describe("the store through a database outage", () => {
  it("a cached page, the catalogue API, the feeds and a download answer from the cache while D1 cannot be read, even long after their copies went stale; anything else gets the store's 503 page", async () => {
    const file = bytes(40);
    const app = await createApp({ name: `Qua sự cố ${unique()}`, file });
    const paths = ["/", "/en/", `/${app.url}`, "/api/apps/list/", "/altstore.json", "/repo/Release", `/api/apps/${app.id}/download/`];
    const warm = createExecutionContext();
    const before = new Map<string, string>();
    for (const path of paths) before.set(path, await (await direct(path, env, { Accept: "text/html" }, warm)).text());
    await waitOnExecutionContext(warm);
    expect(before.get("/")).toContain(app.name);

    const unreadable = new Proxy({} as D1Database, {
      get: () => () => {
        throw new Error("D1_ERROR: Network connection lost.");
      },
    });
    const down = { ...env, DB: unreadable } as Env;
    const quiet = vi.spyOn(console, "error");
    // Ten minutes on: past the version's re-check (5 s) and every copy's lifetime (60 s).
    vi.useFakeTimers({ now: Date.now() + 10 * 60_000, toFake: ["Date"] });
    try {
      for (const path of paths) {
        const context = createExecutionContext();
        const response = await direct(path, down, { Accept: "text/html" }, context);
        await waitOnExecutionContext(context);
        expect(response.status, path).toBe(200);
        const body = new Uint8Array(await response.arrayBuffer());
        if (path.endsWith("/download/")) expect(body, path).toEqual(file);
        // What was served before, but for the nonce each page answer gets.
        else expect(new TextDecoder().decode(body).replace(/nonce="[^"]*"/g, ""), path).toBe(before.get(path)?.replace(/nonce="[^"]*"/g, ""));
      }
      // A page nobody cached: the store's own 503, never an uncaught error.
      for (const path of ["/app/987654321"]) {
        const context = createExecutionContext();
        const response = await direct(path, down, { Accept: "text/html" }, context);
        await waitOnExecutionContext(context);
        expect(response.status, path).toBe(503);
        expect(await response.text(), path).toContain("Cửa hàng đang tạm thời gián đoạn");
      }
    } finally {
      vi.useRealTimers();
      quiet.mockRestore();
    }
  });
});
