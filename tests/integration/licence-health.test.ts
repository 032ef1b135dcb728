// The owner's licence health (GET /api/admin/licensing/, issue #29) on a seeded store: keys sold,
// activated, active in the window, activations per day, expiring within 7 days, and keys moved
// between devices 3 or more times in 30 days (the buyer's resets and an admin's together).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys } from "../../workers/db/schema";
import { checkKey } from "../../workers/licensing/key-check";
import { api, db, listing, person, unique } from "../factories";

const DAY = 86_400_000;

describe("GET /api/admin/licensing/", () => {
  it("counts one app's keys on a seeded store", { timeout: 30_000 }, async () => {
    const admin = await person("staff");
    const { app } = await listing({ stock: 6, type: "30days" });
    const keys = await db.select().from(licenseKeys).where(eq(licenseKeys.appId, app.id));
    const [checkedNow, checkedLongAgo, expiring, shared, soldOnly] = keys;
    // Five sold, one still in stock.
    for (const key of [checkedNow, checkedLongAgo, expiring, shared, soldOnly]) {
      await db.update(licenseKeys).set({ status: "sold", orderReference: unique("order"), soldAt: new Date() }).where(eq(licenseKeys.id, key.id));
    }
    const now = Date.now();
    const bundleId = app.bundleIdentifier ?? "";
    const activate = (keyCode: string, at: number, deviceId = "phone") => checkKey(env.DB, { keyCode, deviceId, bundleId }, at);
    await activate(checkedNow.keyCode, now - 2 * DAY);
    await activate(checkedNow.keyCode, now - 60_000); // a repeat check past the hour records itself
    await activate(checkedLongAgo.keyCode, now - 29 * DAY);
    await db.update(licenseKeys).set({ lastCheckAt: new Date(now - 40 * DAY), activatedAt: new Date(now - 40 * DAY), expiresAt: new Date(now - 10 * DAY) }).where(eq(licenseKeys.id, checkedLongAgo.id));
    await activate(expiring.keyCode, now - 25 * DAY); // 30 days from then: runs out in 5
    await activate(shared.keyCode, now - 2 * DAY);
    // The buyer moves it twice (the reset's own statement), an admin once: three moves.
    for (const device of ["tablet", "friend"]) {
      await env.DB.prepare("UPDATE license_keys SET device_id = NULL, device_reset_count = device_reset_count + 1, device_reset_at = ?1, updated_at = ?1 WHERE id = ?2")
        .bind(Date.now(), shared.id)
        .run();
      await activate(shared.keyCode, Date.now(), device);
    }
    expect((await api(`/api/keys/keys/${shared.id}/reset-device/`, { token: admin.token, method: "POST" })).status).toBe(200);
    // A key moved twice is not listed.
    await env.DB.prepare("UPDATE license_keys SET device_id = NULL, updated_at = ?1 WHERE id = ?2").bind(Date.now(), checkedNow.id).run();

    const answer = await api("/api/admin/licensing/?days=30", { token: admin.token });
    expect(answer.status).toBe(200);
    const health = answer.body.data.apps.find((row: { app_id: number }) => row.app_id === app.id);
    expect(health).toMatchObject({
      app_name: app.name,
      app_url: app.url,
      keys_sold: 5,
      keys_activated: 4,
      keys_active: 3, // checkedNow, expiring, shared; checkedLongAgo was last checked 40 days ago
      expiring_7_days: 1,
    });
    expect(health.activations).toHaveLength(30);
    expect(health.activations.at(-1).date).toBe(answer.body.data.today);
    // A key counts on the day of its latest binding: checkedNow, expiring and shared (today, on its third device).
    expect(health.activations.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(3);
    expect(health.shared_keys).toEqual([{ key_id: shared.id, key_code: shared.keyCode, moves: 3, last_moved_at: expect.any(String) }]);

    const week = await api("/api/admin/licensing/?days=7", { token: admin.token });
    const weekHealth = week.body.data.apps.find((row: { app_id: number }) => row.app_id === app.id);
    // expiring was last checked 25 days ago: not within 7 days.
    expect(weekHealth).toMatchObject({ keys_active: 2, keys_sold: 5 });
    expect(weekHealth.activations).toHaveLength(7);
  });
});
