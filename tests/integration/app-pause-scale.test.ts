// The resume at the size of a real shop (issue 55 "Done means"): 1,000 running keys of one app get
// exactly the pause's length back in one batch. The time it took is printed for the closing note
// (local D1 in workerd: a measure of the statement's work, not of Cloudflare's network).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appPauses, licenseKeys } from "../../workers/db/schema";
import { api, createApp, db, person, typeId, unique } from "../factories";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const KEYS = 1_000;

describe("a resume in a store with 1,000 running keys", () => {
  it("moves every one by exactly the pause, in one batch", async () => {
    const admin = await person("superuser");
    const buyer = await person();
    const app = await createApp({ bundleIdentifier: `vn.test.${unique("scale").replace(/-/g, "")}` });
    const type = await typeId("30days");
    const now = Date.now();
    const statements = Array.from({ length: KEYS }, (_, index) =>
      env.DB.prepare(
        `INSERT INTO license_keys (app_id, key_type_id, key_code, key_code_normal, status, order_reference, sold_to_user_id, sold_at, device_id, activated_at, expires_at)
         VALUES (?1, ?2, ?3, ?3, 'used', ?4, ?5, ?6, ?7, ?6, ?8)`,
      ).bind(app.id, type, `SCALE-${app.id}-${index}`, `scale:${app.id}:${index}`, buyer.id, now - DAY - index, `phone-${index}`, now + 29 * DAY + index * 1000),
    );
    for (let start = 0; start < KEYS; start += 100) await env.DB.batch(statements.slice(start, start + 100));
    const before = await db.select({ id: licenseKeys.id, expiresAt: licenseKeys.expiresAt }).from(licenseKeys).where(eq(licenseKeys.appId, app.id)).orderBy(licenseKeys.id);
    expect(before).toHaveLength(KEYS);

    expect((await api(`/api/admin/apps/${app.id}/pause/`, { token: admin.token, body: { reason: "Bảo trì", reason_en: "Maintenance" } })).status).toBe(200);
    const [open] = await db.select().from(appPauses).where(eq(appPauses.appId, app.id));
    await db.update(appPauses).set({ pausedAt: open.pausedAt - 3 * HOUR }).where(eq(appPauses.id, open.id));

    const started = performance.now();
    const resumed = await api(`/api/admin/apps/${app.id}/resume/`, { token: admin.token, method: "POST" });
    const took = performance.now() - started;
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.keys_moved).toBe(KEYS);
    console.log(`resume of ${KEYS} running keys: ${took.toFixed(1)} ms for the whole request (pause of ${resumed.body.data.paused_ms} ms given back)`);

    const after = await db.select({ id: licenseKeys.id, expiresAt: licenseKeys.expiresAt }).from(licenseKeys).where(eq(licenseKeys.appId, app.id)).orderBy(licenseKeys.id);
    for (const [index, key] of after.entries()) expect(key.expiresAt!.getTime() - before[index].expiresAt!.getTime()).toBe(resumed.body.data.paused_ms);
  });
});
