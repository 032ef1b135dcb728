// Attacks on key codes that differ only in case (issue #27 item 6, docs/licensing.md §2): a mod's
// check finds a key however its letters are cased, so two such codes in one app's stock would be
// one key sold twice. Imports refuse them, in one text, against the stock, and in a race.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../../workers/db/schema";
import { KEY_LOOKUP_SQL } from "../../../workers/db/statements/key-lookup";
import { normalKeyCode } from "../../../workers/licensing/key-check";
import { api, createApp, db, person, request, typeId, unique } from "../../factories";

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
    const app = await createApp({ bundleIdentifier: `vn.test.${unique("b").replace(/-/g, "")}` });
    const codes = [`KEY-${unique("a")}`.toUpperCase(), `KHÓA-ÉCLAIR-${unique("e")}`.toUpperCase()];
    // Stocked directly: Ó and É are outside the default alphabet (a shop declares them in
    // KEY_CODE_EXTRA_CHARACTERS, or they were stocked before it), which the import now refuses.
    const keyTypeId = await typeId("30days");
    await db.insert(licenseKeys).values(codes.map((keyCode) => ({ appId: app.id, keyTypeId, keyCode, keyCodeNormal: normalKeyCode(keyCode) })));
    await db.update(licenseKeys).set({ status: "sold", orderReference: sql`'order-' || ${licenseKeys.id}`, soldAt: new Date() }).where(eq(licenseKeys.appId, app.id));
    for (const code of codes) {
      const answer = await check({ key_code: ` ${code.toLowerCase()} `, device_id: "phone", bundle_id: app.bundleIdentifier });
      expect(answer.data, code).toMatchObject({ valid: true, reason: "activated" });
    }
  });

  it("answers a key typed with a dash look-alike (a phone's non-breaking hyphen, an en dash, a minus) as the key", async () => {
    const app = await createApp({ bundleIdentifier: `vn.test.${unique("d").replace(/-/g, "")}` });
    const code = `DASH-${unique("k").replace(/-/g, "")}-END`.toUpperCase();
    const keyTypeId = await typeId("30days");
    await db.insert(licenseKeys).values({ appId: app.id, keyTypeId, keyCode: code, keyCodeNormal: normalKeyCode(code) });
    await db.update(licenseKeys).set({ status: "sold", orderReference: sql`'order-' || ${licenseKeys.id}`, soldAt: new Date() }).where(eq(licenseKeys.appId, app.id));
    const dashes = ["\u2011", "\u2010", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\ufe58", "\ufe63", "\uff0d"];
    const answers = [];
    for (const dash of dashes) answers.push(await check({ key_code: code.replaceAll("-", dash), device_id: "phone", bundle_id: app.bundleIdentifier }));
    expect(answers).toHaveLength(dashes.length);
    for (const [index, answer] of answers.entries()) expect(answer.data, dashes[index]).toMatchObject({ valid: true });
    // The answer names the key by its one normal form, whichever dash was typed.
    expect(new Set(answers.map((answer) => answer.data.key_sha256)).size).toBe(1);
  });

  it("finds the key through an index, never a scan of the keys", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${KEY_LOOKUP_SQL}`).bind("K", "vn.test.x", "K", 0, "0".repeat(64), "0".repeat(32)).all<{ detail: string }>();
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

// Issue 41 item 2: a code must be in the shop's alphabet (ASCII letters, digits, "-" and "_"
// unless KEY_CODE_EXTRA_CHARACTERS adds more), and look-alikes already in stock are reported.

/** Keys put in stock as older imports left them: the normal form as it was computed then. */
async function stockAsBefore(appId: number, rows: { code: string; normal: string | null }[]) {
  const keyTypeId = await typeId("30days");
  await db.insert(licenseKeys).values(rows.map((row) => ({ appId, keyTypeId, keyCode: row.code, keyCodeNormal: row.normal })));
}

const collisionsOf = (token: string, app: { url: string }) => api(`/api/keys/collisions/?app_url=${encodeURIComponent(app.url)}`, { token });

describe("attack: a key code with letters that only look Latin", () => {
  it("a code with a Cyrillic А is refused at import with its line number", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const cyrillic = `KEY-\u0410${unique("c")}`.toUpperCase();
    const refused = await importKeys(admin.token, app, `GOOD-${unique("g")}\n\n${cyrillic}`);
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain("dòng 3");
    expect(refused.body.message).toContain("U+0410");
    expect(refused.body.errors.keys_text).toEqual([expect.stringMatching(/^Dòng 3: .*U\+0410/)]);
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(count.n).toBe(0);
  });

  it("codes with a Greek letter, a space inside, an emoji or nothing visible are refused, each with its line", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const lines = [`GOOD-${unique("g")}`, `KEY-\u039f${unique("o")}`, `KEY ${unique("s")}`, `KEY-\u{1F511}-${unique("e")}`, "\u200b\u2060", `OK_${unique("u")}`];
    const refused = await importKeys(admin.token, app, lines.join("\n"));
    expect(refused.status).toBe(400);
    const refusedLines = (refused.body.errors.keys_text as string[]).map((text) => text.match(/^Dòng (\d+):/)?.[1]);
    expect(refusedLines).toEqual(["2", "3", "4", "5"]);
    for (const line of ["dòng 2", "dòng 3", "dòng 4", "dòng 5"]) expect(refused.body.message).toContain(line);
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(count.n).toBe(0);
  });

  it("a Latin code that looks like a Cyrillic one already in stock is refused at import, naming its line and the stocked code", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const tail = unique("t").toUpperCase();
    await stockAsBefore(app.id, [{ code: `KEY-\u0410${tail}`, normal: `KEY-\u0410${tail}` }]);
    const refused = await importKeys(admin.token, app, `NEW-${unique("n")}\nKEY-A${tail}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("dòng 2");
    expect(refused.body.errors.keys_text).toEqual([expect.stringMatching(/^Dòng 2: KEY-A.*U\+0410/)]);
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(count.n).toBe(1);
  });
});

describe("attack: look-alike codes already in stock", () => {
  it("a stocked code that collides with another under the normal form is reported to the owner", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const code = `LOOK-${unique("a")}`.toUpperCase();
    const hidden = `${code.slice(0, 4)}\u200b${code.slice(4)}`;
    // Imported before the normal form dropped invisible characters: its stored form kept them.
    await stockAsBefore(app.id, [{ code, normal: code }, { code: hidden, normal: hidden }, { code: `FINE-${unique("f")}`.toUpperCase(), normal: null }]);
    const report = await collisionsOf(admin.token, app);
    expect(report.status).toBe(200);
    expect(report.body.data.collisions).toEqual([
      {
        app: { id: app.id, url: app.url },
        kind: "normal_form",
        form: code,
        keys: [expect.objectContaining({ key_code: code, shown: code, status: "available" }), expect.objectContaining({ key_code: hidden, shown: `LOOK⟨U+200B⟩${code.slice(4)}` })],
      },
    ]);
    // Reported, never merged: both keys are still there.
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    expect(count.n).toBe(3);
  });

  it("a stocked Cyrillic look-alike of a Latin code is reported beside it, and listed as outside the alphabet", async () => {
    const admin = await person("staff");
    const app = await createApp();
    const tail = unique("t").toUpperCase();
    await stockAsBefore(app.id, [{ code: `KEY-A${tail}`, normal: `KEY-A${tail}` }, { code: `KEY-\u0410${tail}`, normal: `KEY-\u0410${tail}` }]);
    const report = await collisionsOf(admin.token, app);
    expect(report.status).toBe(200);
    expect(report.body.data.collisions).toEqual([
      {
        app: { id: app.id, url: app.url },
        kind: "look_alike",
        form: `KEY-A${tail}`,
        keys: [expect.objectContaining({ key_code: `KEY-A${tail}` }), expect.objectContaining({ key_code: `KEY-\u0410${tail}`, shown: `KEY-⟨U+0410⟩${tail}` })],
      },
    ]);
    expect(report.body.data.outside_alphabet).toEqual({ count: 1, keys: [expect.objectContaining({ key_code: `KEY-\u0410${tail}`, app: { id: app.id, url: app.url } })] });
  });

  it("a buyer cannot read the collision report", async () => {
    const buyer = await person();
    const app = await createApp();
    expect((await collisionsOf(buyer.token, app)).status).toBe(403);
  });
});
