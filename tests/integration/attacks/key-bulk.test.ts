// Attacks on bulk key changes (issue 55 item 4): applying with a forged, another admin's or a stale
// preview token, applying twice or many times at once, and keys that came to match the filter
// after the preview. What was previewed is what changes, once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, keyBulkPreviews, licenseKeys } from "../../../workers/db/schema";
import { api, db, listing, person, unique } from "../../factories";

const DAY = 86_400_000;

/** An app with `count` sold 30-day keys activated a day ago, and one key still in stock. */
async function appWithKeys(count: number) {
  const buyer = await person();
  const { app } = await listing({ stock: count + 1, type: "30days" });
  const now = Date.now();
  const keys = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, app.id)).orderBy(licenseKeys.id);
  for (const key of keys.slice(0, count)) {
    await db
      .update(licenseKeys)
      .set({ status: "used", orderReference: unique("order"), soldToUserId: buyer.id, soldAt: new Date(now - 2 * DAY), deviceId: unique("phone"), activatedAt: new Date(now - DAY), expiresAt: new Date(now + 29 * DAY) })
      .where(eq(licenseKeys.id, key.id));
  }
  return app;
}

const keysOf = (appId: number) => db.select().from(licenseKeys).where(eq(licenseKeys.appId, appId)).orderBy(licenseKeys.id);
const preview = (token: string, body: unknown) => api("/api/admin/keys/bulk/preview/", { token, body });
const apply = (token: string, previewToken: string) => api("/api/admin/keys/bulk/apply/", { token, body: { token: previewToken } });

describe("attack: applying a bulk change without its preview", () => {
  it("a forged token, another admin's token or a stale one changes nothing", async () => {
    const admin = await person("superuser");
    const other = await person("superuser");
    const app = await appWithKeys(2);
    const before = await keysOf(app.id);

    const forged = await apply(admin.token, "A".repeat(43));
    expect(forged).toMatchObject({ status: 400, body: { success: false, code: "key_bulk_token_invalid", errors: { token: expect.any(Array) } } });

    const previewed = await preview(admin.token, { filter: { app_id: app.id }, action: "ban" });
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({ count: 2, sample: [{ id: before[0].id }, { id: before[1].id }] });
    expect((await apply(other.token, previewed.body.token)).status).toBe(400);

    // Past its lifetime: refused, as if it never was.
    await db.update(keyBulkPreviews).set({ expiresAt: Date.now() - 1 }).where(eq(keyBulkPreviews.appId, app.id));
    expect((await apply(admin.token, previewed.body.token)).body.code).toBe("key_bulk_token_invalid");
    // A token one character off is another token.
    const fresh = await preview(admin.token, { filter: { app_id: app.id }, action: "ban" });
    const tampered = `${fresh.body.token.slice(0, -1)}${fresh.body.token.endsWith("A") ? "B" : "A"}`;
    expect((await apply(admin.token, tampered)).status).toBe(400);

    expect(await keysOf(app.id)).toEqual(before);
    const buyer = await person();
    expect((await preview(buyer.token, { filter: { app_id: app.id }, action: "ban" })).status).toBe(403);
    expect((await apply(buyer.token, fresh.body.token)).status).toBe(403);
  });
});

describe("attack: applying a bulk change twice", () => {
  it("one apply changes the keys; a second, or five at once, change nothing more, and the audit holds the count once", async () => {
    const admin = await person("superuser");
    const app = await appWithKeys(3);
    const before = await keysOf(app.id);
    const previewed = await preview(admin.token, { filter: { app_id: app.id, state: "used" }, action: "extend", days: 3 });
    expect(previewed.body.count).toBe(3);

    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(admin.token, previewed.body.token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body.changed).toBe(3);
    expect((await apply(admin.token, previewed.body.token))).toMatchObject({ status: 409, body: { code: "key_bulk_already_applied" } });

    const after = await keysOf(app.id);
    for (const index of [0, 1, 2]) expect(after[index].expiresAt!.getTime() - before[index].expiresAt!.getTime()).toBe(3 * DAY);
    expect(after[3]).toEqual(before[3]); // in stock: not activated, nothing to extend
    const audits = await db.select().from(auditEvents).where(and(eq(auditEvents.action, "keys.bulk"), eq(auditEvents.targetId, String(app.id))));
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0].details)).toMatchObject({ action: "extend", days: 3, previewed: 3, changed: 3 });
  });
});

describe("attack: keys that came to match the filter after the preview", () => {
  it("are not changed: the apply changes exactly the keys the preview counted", async () => {
    const admin = await person("superuser");
    const app = await appWithKeys(2);
    const previewed = await preview(admin.token, { filter: { app_id: app.id, state: "used" }, action: "ban" });
    expect(previewed.body.count).toBe(2);
    // Meanwhile the key in stock is sold and activated: it matches the filter now.
    const [, , late] = await keysOf(app.id);
    await db.update(licenseKeys).set({ status: "used", orderReference: unique("order"), activatedAt: new Date(), expiresAt: new Date(Date.now() + 30 * DAY) }).where(eq(licenseKeys.id, late.id));

    expect((await apply(admin.token, previewed.body.token)).body.changed).toBe(2);
    const after = await keysOf(app.id);
    expect(after.map((key) => key.bannedAt !== null)).toEqual([true, true, false]);
  });

  it("a bad filter or action is refused with the store's error shape", async () => {
    const admin = await person("superuser");
    const app = await appWithKeys(1);
    for (const body of [
      { filter: { app_id: app.id }, action: "extend" },
      { filter: { app_id: app.id }, action: "extend", days: 0 },
      { filter: { app_id: app.id }, action: "delete" },
      { filter: { app_id: app.id, state: "gone" }, action: "ban" },
      { filter: { app_id: app.id, sold_from: "yesterday" }, action: "ban" },
      { filter: { app_id: app.id, extra: 1 }, action: "ban" },
      { filter: {}, action: "ban" },
    ]) {
      const answer = await preview(admin.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, errors: expect.any(Object) });
    }
    expect((await preview(admin.token, { filter: { app_id: 99_999_999 }, action: "ban" })).status).toBe(404);
  });
});
