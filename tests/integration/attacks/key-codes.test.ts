// Attacks on key codes that differ only in case (issue #27 item 6, docs/licensing.md §2): a mod's
// check finds a key however its letters are cased, so two such codes in one app's stock would be
// one key sold twice. Imports refuse them, in one text, against the stock, and in a race.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../../workers/db/schema";
import { KEY_LOOKUP_SQL } from "../../../workers/licensing/key-check";
import { api, createApp, db, person, request, unique } from "../../factories";

type Body = Record<string, any>;

const importKeys = (token: string, app: { url: string }, keysText: string) =>
  api("/api/keys/bulk-import/", { method: "POST", token, body: { app_url: app.url, key_type: "30days", keys_text: keysText } });

async function check(body: Body) {
  const response = await request("/api/keys/check/", { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") }, body: JSON.stringify(body) });
  return (await response.json()) as Body;
}

/** The app's keys whose code is `code` ignoring case (all Unicode letters, as the key hash does). */
async function twinsOf(appId: number, code: string) {
  const rows = await db.select({ code: licenseKeys.keyCode }).from(licenseKeys).where(eq(licenseKeys.appId, appId));
  return rows.filter((row) => row.code.toUpperCase() === code.toUpperCase());
}

describe("attack: a key typed in another case", () => {
  it("answers the lowercase form of a valid key as the key, accented letters too, not not_found", async () => {
    const admin = await person("staff");
    const app = await createApp({ bundleIdentifier: `vn.test.${unique("b").replace(/-/g, "")}` });
    const codes = [`KEY-${unique("a")}`.toUpperCase(), `KHÓA-ÉCLAIR-${unique("e")}`.toUpperCase()];
    expect((await importKeys(admin.token, app, codes.join("\n"))).status).toBe(200);
    await db.update(licenseKeys).set({ status: "sold", orderReference: sql`'order-' || ${licenseKeys.id}`, soldAt: new Date() }).where(eq(licenseKeys.appId, app.id));
    for (const code of codes) {
      const answer = await check({ key_code: ` ${code.toLowerCase()} `, device_id: "phone", bundle_id: app.bundleIdentifier });
      expect(answer.data, code).toMatchObject({ valid: true, reason: "activated" });
    }
  });

  it("finds the key through an index, never a scan of the keys", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${KEY_LOOKUP_SQL}`).bind("K", "vn.test.x", "K").all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join("\n");
    expect(plan).toMatch(/SEARCH k USING (COVERING )?INDEX/);
    expect(plan).not.toMatch(/SCAN k\b/);
  });
});

describe("attack: importing a second copy of a key in another case", () => {
  it("refuses a code whose other-case twin is in stock, and stores nothing of that import", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const code = unique("abc");
    expect((await importKeys(admin.token, app, code.toLowerCase())).status).toBe(200);
    const twin = await importKeys(admin.token, app, `NEW-${unique("n")}\n${code.toUpperCase()}`);
    expect(twin.status).toBe(400);
    expect(twin.body).toMatchObject({ success: false, errors: { keys_text: [expect.stringContaining(code.toUpperCase())] } });
    expect(twin.body.message).toContain("chữ hoa");
    expect(await twinsOf(app.id, code)).toHaveLength(1);
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(count.n).toBe(1);
  });

  it("refuses two codes of one text that differ only in case", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const code = unique("Dup");
    const refused = await importKeys(admin.token, app, `${code.toLowerCase()}\n${code.toUpperCase()}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("chữ hoa");
    expect(await twinsOf(app.id, code)).toHaveLength(0);
  });

  it("leaves one key when two imports race with case twins", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const code = unique("race");
    const results = await Promise.all([importKeys(admin.token, app, code.toLowerCase()), importKeys(admin.token, app, code.toUpperCase())]);
    expect(results.some((result) => result.status === 200)).toBe(true);
    expect(await twinsOf(app.id, code)).toHaveLength(1);
  });
});

describe("attack: a second copy of a key that looks the same", () => {
  it("refuses codes that differ from a stocked one only by an invisible character or a compatibility form, and stores nothing of those imports", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const code = `LOOK-${unique("a")}`.toUpperCase();
    expect((await importKeys(admin.token, app, code)).status).toBe(200);
    const lookAlikes = [
      `${code.slice(0, 4)}\u200b${code.slice(4)}`,
      `${code.slice(0, 4)}\u00ad${code.slice(4)}`,
      `${code.slice(0, 4)}\u2060${code.slice(4)}`,
      `${code.slice(0, 4)}\ufeff${code.slice(4)}`,
      code.replace("LOOK", "ＬＯＯＫ"),
    ];
    for (const lookAlike of lookAlikes) {
      const refused = await importKeys(admin.token, app, `NEW-${unique("n")}\n${lookAlike}`);
      expect(refused.status, JSON.stringify(lookAlike)).toBe(400);
      expect(refused.body.message).toContain("chữ hoa");
    }
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(count.n).toBe(1);
  });

  it("refuses two codes of one text that look the same", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const code = `SAME-${unique("s")}`.toUpperCase();
    const refused = await importKeys(admin.token, app, `${code}\n${code.slice(0, 3)}\u200b${code.slice(3)}`);
    expect(refused.status).toBe(400);
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(count.n).toBe(0);
  });
});
