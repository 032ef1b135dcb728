// The home page's search and type filter (issue #18): server-rendered results from the FTS5
// index of migration 0008, matched without case or diacritics, name first, and edge copies keyed
// by the normalised search.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apps } from "../../workers/db/schema";
import { findPublicAppById, listPublicAppPage } from "../../workers/catalogue/catalogue";
import { catalogueChanged } from "../../workers/catalogue/catalogue-cache";
import { getDb } from "../../workers/db/client";
import { normaliseSearch } from "../../workers/shared/search";
import { createApp, db, request } from "../factories";

/** A word no other test's app holds, of letters only (the index splits on anything else). */
function word(): string {
  return `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
}

async function home(query: string): Promise<string> {
  const response = await request(`/${query}`, { headers: { Accept: "text/html" } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The slugs of the cards in the grid, in order. */
function cards(html: string): string[] {
  const grid = html.slice(html.indexOf('aria-label="Danh sách ứng dụng"'));
  return [...grid.matchAll(/<a[^>]*href="\/([^"/?]+)"/g)].map((match) => match[1]);
}

describe("normaliseSearch", () => {
  it("drops case, diacritics and punctuation and writes đ as d", () => {
    expect(normaliseSearch("  CHIẾN   Binh, Đỏ! ")).toBe("chien binh do");
    expect(normaliseSearch("com.đua.xe")).toBe("com dua xe");
    expect(normaliseSearch("\"*) OR 1")).toBe("or 1");
  });
});

describe("home search", () => {
  it("finds the app with or without diacritics and in any case, in the first HTML", async () => {
    const app = await createApp({ name: "Chiến Binh Rồng Mod Menu" });
    for (const query of ["chien binh", "CHIẾN BINH", "chiến", "Chien+Binh+Rong"]) {
      const html = await home(`?q=${encodeURIComponent(query).replace("%2B", "+")}`);
      expect(cards(html), query).toContain(app.url);
    }
    expect(cards(await home("?q=chien+binh+zzznothing"))).not.toContain(app.url);
  });

  it("matches đ and d both ways", async () => {
    const tag = word();
    const withStroke = await createApp({ name: `Đua Xe Đường Phố ${tag}` });
    const plain = await createApp({ name: `Dao Kiem ${tag}` });
    expect(cards(await home(`?q=dua+duong+${tag}`))).toEqual([withStroke.url]);
    expect(cards(await home(`?q=${encodeURIComponent(`Đao ${tag}`)}`))).toEqual([plain.url]);
  });

  it("looks at the developer and the bundle id, and ranks a match in the name first", async () => {
    const tag = word();
    const byDeveloper = await createApp({ name: "Studio Game", developer: `${tag} Studio` });
    const byBundle = await createApp({ name: "Tool", bundleIdentifier: `com.${tag}.tool` });
    const byName = await createApp({ name: `${tag} Runner` });
    const found = cards(await home(`?q=${tag.toUpperCase()}`));
    expect(found[0]).toBe(byName.url);
    expect(found.sort()).toEqual([byName.url, byDeveloper.url, byBundle.url].sort());
  });

  it("hides failed apps and follows renames", async () => {
    const tag = word();
    const failed = await createApp({ name: `${tag} Broken`, status: "failed" });
    const renamed = await createApp({ name: `Old ${tag}` });
    await db.update(apps).set({ name: "Renamed app" }).where(eq(apps.id, renamed.id));
    await catalogueChanged(env, new Request("http://store.test/"));
    expect(cards(await home(`?q=${tag}`))).toEqual([]);
    expect(failed.id).toBeGreaterThan(0);
  });

  it("filters by type, with or without a search, and ignores an unknown type", async () => {
    const tag = word();
    const rootless = await createApp({ name: `${tag} One`, appType: "rootless" });
    const ipa = await createApp({ name: `${tag} Two`, appType: "ipa" });
    expect(cards(await home(`?q=${tag}&type=rootless`))).toEqual([rootless.url]);
    expect(cards(await home(`?q=${tag}&type=nonsense`)).sort()).toEqual([rootless.url, ipa.url].sort());
    const onlyIpa = await home("?type=ipa");
    expect(cards(onlyIpa)).toContain(ipa.url);
    expect(cards(onlyIpa)).not.toContain(rootless.url);
  });

  it("says when nothing matches and links to clear the search", async () => {
    const html = await home(`?q=${word()}`);
    expect(html).toContain("Không tìm thấy ứng dụng nào");
    expect(html).toMatch(/<a href="\/"[^>]*>Xoá tìm kiếm<\/a>/);
    expect(html).toMatch(/<input[^>]*name="q"/);
  });

  it("pages a search, keeping the search in the pager's links", async () => {
    const tag = word();
    for (let index = 0; index < 25; index += 1) await db.insert(apps).values({ name: `${tag} ${index}`, url: `${tag}-${index}` });
    await catalogueChanged(env, new Request("http://store.test/"));
    const first = await home(`?q=${tag}`);
    expect(cards(first)).toHaveLength(24);
    expect(first).toContain(`href="/?q=${tag}&amp;page=2"`);
    expect(cards(await home(`?q=${tag}&page=2`))).toHaveLength(1);
  });
});

describe("a search's cards", () => {
  it("are the cards of the apps as the store reads them elsewhere: dates, stored icons' copies, sizes and counts", async () => {
    const tag = word();
    const made = [
      await createApp({ name: `${tag} Icon`, iconKey: `media/${tag}.png`, iconWidth: 512, iconHeight: 512, iconVariants: [96, 192], fileSize: 1234, downloadCount: 7, developer: "Studio" }),
      await createApp({ name: `${tag} Plain`, iconUrl: "https://example.com/icon.png", packageInfo: { control: { Package: "x" } }, developer: null, appType: "rootless" }),
    ];
    const origin = "http://store.test";
    const page = await listPublicAppPage(getDb(env.DB), origin, 1, 24, { query: tag, type: null });
    expect(page.total).toBe(2);
    expect(page.apps.map((card) => card.id).sort()).toEqual(made.map((app) => app.id).sort());
    for (const card of page.apps) {
      const app = await findPublicAppById(getDb(env.DB), origin, card.id);
      expect(app).not.toBeNull();
      expect(card).toEqual(Object.fromEntries(Object.keys(card).map((key) => [key, app![key as keyof typeof app]])));
    }
    expect(page.apps.find((card) => card.id === made[0].id)).toMatchObject({ icon_variants: [96, 192], icon_width: 512, file_size: 1234, download_count: 7 });
  });
});

describe("edge copies of searches", () => {
  it("every spelling of a search is one copy, keyed by the normalised words, type and page only", async () => {
    const tag = word();
    const app = await createApp({ name: `Chiến ${tag} First` });
    expect(await home(`?q=${encodeURIComponent(`CHIẾN ${tag.toUpperCase()}`)}&utm_source=x`)).toContain("First");
    // Changed behind the cache's back: only a copy can still show the old name.
    await db.update(apps).set({ name: `Chiến ${tag} Second` }).where(eq(apps.id, app.id));
    for (const spelling of [`chien+${tag}`, `Chi%E1%BA%BFn%20${tag}&type=bogus`, `chien,,${tag}&page=1&x=2`]) {
      expect(await home(`?q=${spelling}`), spelling).toContain("First");
    }
    // Another type or page is another copy.
    expect(await home(`?q=chien+${tag}&type=ipa`)).toContain("Second");
    // A catalogue change supersedes the copies like any page.
    await catalogueChanged(env, new Request("http://store.test/"));
    const after = await home(`?q=chien+${tag}`);
    expect(after).toContain("Second");
    expect(after).not.toContain("First");
  });
});
