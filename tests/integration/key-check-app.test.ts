// The key check tells the mod what the store knows of its app (issue #29, decision 0031): the
// current and lowest supported versions, whether the sent build is too old, the app page and the
// admin's announcement. valid and reason keep their meaning, and the repeat check stays one read.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apps, licenseKeys } from "../../workers/db/schema";
import { checkKey } from "../../workers/licensing/key-check";
import { fromBase64 } from "../../workers/lib/bytes";
import { db, listing, request, unique } from "../factories";

type Body = Record<string, any>;

async function check(body: Body) {
  const response = await request("/api/keys/check/", { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip") }, body: JSON.stringify(body) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, body: JSON.parse(new TextDecoder().decode(bytes)) as Body };
}

async function verifies(answer: { headers: Headers; bytes: Uint8Array<ArrayBuffer> }): Promise<boolean> {
  const { public_key_raw_base64 } = (await (await request("/api/keys/public-key/")).json()) as { public_key_raw_base64: string };
  const key = await crypto.subtle.importKey("raw", fromBase64(public_key_raw_base64), { name: "Ed25519" }, false, ["verify"]);
  const signature = answer.headers.get("X-Signature");
  return signature !== null && crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64(signature), answer.bytes);
}

/** A sold key of an app at version `version`, with the admin's minimum and announcement. */
async function soldKey(fields: { version?: string; minVersion?: string | null; announcement?: string | null } = {}) {
  const { app } = await listing({ stock: 1, type: "30days" });
  const [updated] = await db
    .update(apps)
    .set({ version: fields.version ?? "1.10.0", minVersion: fields.minVersion ?? null, announcement: fields.announcement ?? null })
    .where(eq(apps.id, app.id))
    .returning();
  const [key] = await db.update(licenseKeys).set({ status: "sold", orderReference: unique("order"), soldAt: new Date() }).where(eq(licenseKeys.appId, app.id)).returning();
  return { app: updated, key };
}

const ORIGIN = "http://store.test";

describe("POST /api/keys/check/ data.app", () => {
  it("carries latest_version, min_version, update_required, the absolute app page and the announcement, signed", async () => {
    const { app, key } = await soldKey({ version: "1.10.0", minVersion: "1.10", announcement: "Bản 1.10 sửa lỗi đăng nhập" });
    const answer = await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier, version: "1.9.3" });
    expect(answer.status).toBe(200);
    // An old build is still valid: the mod decides what it may do.
    expect(answer.body.data).toMatchObject({ valid: true, reason: "activated" });
    expect(answer.body.data.app).toEqual({
      name: app.name,
      bundle_id: app.bundleIdentifier,
      latest_version: "1.10.0",
      min_version: "1.10",
      update_required: true,
      url: `${ORIGIN}/${app.url}`,
      announcement: "Bản 1.10 sửa lỗi đăng nhập",
    });
    expect(await verifies(answer)).toBe(true);
  });

  it("compares numerically: 1.10 is not below 1.9, 1.9 is below 1.10; no version sent is no update required", async () => {
    const { app, key } = await soldKey({ minVersion: "1.9" });
    const sent = { key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier };
    expect((await check({ ...sent, version: "1.10" })).body.data.app.update_required).toBe(false);
    expect((await check({ ...sent, version: "1.8.99" })).body.data.app.update_required).toBe(true);
    expect((await check({ ...sent, version: "1.9" })).body.data.app.update_required).toBe(false);
    expect((await check(sent)).body.data.app).toMatchObject({ update_required: false, min_version: "1.9" });
  });

  it("says null for an unset minimum and announcement", async () => {
    const { app, key } = await soldKey({ version: "2.0" });
    const answer = await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier, version: "1.0" });
    expect(answer.body.data.app).toMatchObject({ latest_version: "2.0", min_version: null, update_required: false, announcement: null });
  });

  it("tells the app's facts on refusals too (another device, a banned key), but a not_found names no app", async () => {
    const { app, key } = await soldKey({ minVersion: "3.0", announcement: "Cập nhật bản 3.0" });
    await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier });
    const other = await check({ key_code: key.keyCode, device_id: "pirate", bundle_id: app.bundleIdentifier, version: "2.5" });
    expect(other.body.data).toMatchObject({ valid: false, reason: "other_device", app: { update_required: true, announcement: "Cập nhật bản 3.0" } });
    const unknown = await check({ key_code: "NO-SUCH-CODE", device_id: "phone", bundle_id: app.bundleIdentifier, version: "3.1" });
    expect(unknown.body.data).toMatchObject({ valid: false, reason: "not_found" });
    expect(unknown.body.data).not.toHaveProperty("app");
    expect(await verifies(unknown)).toBe(true);
    await db.update(licenseKeys).set({ bannedAt: new Date() }).where(eq(licenseKeys.id, key.id));
    const banned = await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier, version: "1" });
    expect(banned.body.data).toMatchObject({ reason: "revoked", app: { update_required: true } });
  });

  it("names no app for a bundle id no app has", async () => {
    const answer = await check({ key_code: "NO-SUCH-CODE", device_id: "phone", bundle_id: `vn.test.${unique("none")}` });
    expect(answer.body.data).toMatchObject({ reason: "not_found" });
    expect(answer.body.data).not.toHaveProperty("app");
  });

  it("refuses a malformed version in Vietnamese, in the store's shape, signed", async () => {
    const { app, key } = await soldKey();
    for (const version of ["1.2b", "v1", "1..2", "", "1".repeat(200), 12]) {
      const answer = await check({ key_code: key.keyCode, device_id: "phone", bundle_id: app.bundleIdentifier, version });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, errors: { version: ["Phiên bản (version) chỉ gồm chữ số và dấu chấm, ví dụ 1.2.3"] } });
      expect(await verifies(answer)).toBe(true);
    }
    // Nothing was activated by the refused checks.
    expect((await db.select().from(licenseKeys).where(eq(licenseKeys.id, key.id)))[0].status).toBe("sold");
  });

  it("a repeat check with a version still sends D1 one SELECT and nothing else", async () => {
    const { app, key } = await soldKey({ minVersion: "2.0", announcement: "x" });
    const statements: string[] = [];
    const recording = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            statements.push(sql.trim().split(/\s+/)[0].toUpperCase());
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const sent = { keyCode: key.keyCode, deviceId: "phone", bundleId: app.bundleIdentifier ?? "", version: "1.5", origin: ORIGIN };
    const start = Date.now();
    await checkKey(env.DB, sent, start);
    const repeat = await checkKey(recording, sent, start + 60_000);
    expect(repeat.result).toMatchObject({ valid: true, reason: "active", app: { update_required: true, announcement: "x" } });
    expect(statements).toEqual(["SELECT"]);
  });
});
