// Attacks on the English edition's server side (docs/decisions/0041-english-beside-vietnamese-api.md):
// the language a request may choose (Accept-Language, the key check's lang, an account's locale)
// and the English app texts an admin may write. Each test is named by what the attacker tries.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apps, licenseKeys, users } from "../../../workers/db/schema";
import { fromBase64 } from "../../../workers/lib/bytes";
import { KEY_CHECK_MESSAGES } from "../../../workers/licensing/messages";
import { AUTH_MESSAGES as ACCOUNT_MESSAGES } from "../../../workers/accounts/messages";
import { db, listing, multipartForm, person, request, staffAuthorization, unique } from "../../factories";
import { call } from "../../requests";

type Body = Record<string, any>;

const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

async function check(body: Body | string, headers: Record<string, string> = {}) {
  const response = await request("/api/keys/check/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip"), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes), body: JSON.parse(new TextDecoder().decode(bytes)) as Body };
}

async function verifies(answer: { headers: Headers; bytes: Uint8Array<ArrayBuffer> }): Promise<boolean> {
  const published = (await (await request("/api/keys/public-key/")).json()) as { public_key_raw_base64: string };
  const key = await crypto.subtle.importKey("raw", fromBase64(published.public_key_raw_base64), { name: "Ed25519" }, false, ["verify"]);
  const signature = answer.headers.get("X-Signature");
  return signature !== null && crypto.subtle.verify({ name: "Ed25519" }, key, fromBase64(signature), answer.bytes);
}

/** A key sold and not checked yet, and the app it is for. */
async function soldKey() {
  const { app } = await listing({ stock: 1, type: "30days" });
  const [key] = await db.update(licenseKeys).set({ status: "sold", orderReference: unique("order"), soldAt: new Date() }).where(eq(licenseKeys.appId, app.id)).returning();
  return { app, key };
}

const newAccount = (extra: Body = {}) => {
  const name = unique("lang").replace(/-/g, "_").slice(0, 28);
  return { username: name, email: `${name}@example.com`, first_name: "An", last_name: "Lê", password: "mat-khau-dai-123", password_confirm: "mat-khau-dai-123", ...extra };
};

async function localeOf(email: string): Promise<string | undefined> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
  return row?.locale;
}

describe("a request choosing its language", () => {
  it("a client without Accept-Language, or preferring another language, still gets the Vietnamese words byte for byte", async () => {
    for (const headers of [{}, { "Accept-Language": "vi-VN,vi;q=0.9,en;q=0.8" }, { "Accept-Language": "fr, en;q=0.9" }, { "Accept-Language": "*" }] as Record<string, string>[]) {
      const refused = await call("/api/auth/login/", { body: { login: unique("nobody"), password: "sai-mat-khau" }, headers });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ success: false, code: "bad_credentials", message: ACCOUNT_MESSAGES.badCredentials.in("vi"), errors: { non_field_errors: [ACCOUNT_MESSAGES.badCredentials.in("vi")] } });
    }
  });

  it("a forged Accept-Language (10 KB, a weight above 1, a language named like English) changes nothing", async () => {
    for (const header of ["x".repeat(10 * 1024), `vi,${"en;q=0.5,".repeat(1100)}`, "en;q=2", "english", "en;q=0, vi", `${"x,".repeat(4000)}en`]) {
      const refused = await call("/api/apps/detail/999999999/", { headers: { "Accept-Language": header } });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ success: false, code: "app_not_found", message: "Không tìm thấy ứng dụng" });
    }
  });

  it("an English reader gets the same refusal in English with the same code, its field messages too", async () => {
    const refused = await call("/api/auth/register/", { body: { username: "a", email: "không-phải-email", password: "1" }, headers: { "Accept-Language": "en-US,en;q=0.9" } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("validation_failed");
    expect(refused.body.message).not.toMatch(VIETNAMESE);
    expect(Object.keys(refused.body.errors).length).toBeGreaterThan(3);
    for (const messages of Object.values(refused.body.errors) as string[][]) for (const message of messages) expect(message).not.toMatch(VIETNAMESE);
    expect(refused.body.errors.password_confirm).toEqual(["This field is required"]);
  });
});

describe("a mod choosing the key check's language", () => {
  it("a forged lang (fr, 10 KB, a number, a list) is refused like any bad field, and signed, in Vietnamese", async () => {
    const { app, key } = await soldKey();
    for (const lang of ["fr", "e".repeat(10 * 1024), 1, ["en"], "EN", "en-US"]) {
      const answer = await check({ key_code: key.keyCode, device_id: "ipad", bundle_id: app.bundleIdentifier, lang }, { "Accept-Language": "en" });
      expect(answer.status, JSON.stringify(lang)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: "validation_failed", errors: { lang: [expect.stringMatching(VIETNAMESE)] } });
      expect(await verifies(answer)).toBe(true);
    }
    // Nothing was activated by the refused checks.
    expect((await db.select().from(licenseKeys).where(eq(licenseKeys.id, key.id)))[0].status).toBe("sold");
  });

  it("a request without lang gets exactly the Vietnamese bytes it always did, whatever Accept-Language says", async () => {
    const { app, key } = await soldKey();
    const sent = { key_code: key.keyCode, device_id: "ipad-9", bundle_id: app.bundleIdentifier, nonce: "same-nonce-123" };
    const first = await check(sent, { "Accept-Language": "en" });
    expect(first.body.data.message).toBe(KEY_CHECK_MESSAGES.activated.in("vi"));
    const plain = await check(sent);
    const english = await check(sent, { "Accept-Language": "en-US,en;q=0.9" });
    expect(english.body.data.message).toMatch(/^Key hợp lệ đến \d\d:\d\d \d\d\/\d\d\/\d{4}$/);
    // Byte for byte the same answer, but for its time and the lease signed at that time.
    const timeless = (text: string) => text.replace(/"(server_time|lease)":"[^"]*"/g, '"$1":""');
    expect(timeless(english.text)).toBe(timeless(plain.text));
    expect(Object.keys(plain.body.data)).not.toContain("lang");
    expect(await verifies(plain)).toBe(true);
    expect(await verifies(english)).toBe(true);
  });

  it("lang en signs the English message, and refusals of a body naming it are English too", async () => {
    const { app, key } = await soldKey();
    const answer = await check({ key_code: key.keyCode, device_id: "ipad-1", bundle_id: app.bundleIdentifier, lang: "en" });
    expect(answer.body.data).toMatchObject({ valid: true, reason: "activated", message: "Key activated on this device" });
    expect(await verifies(answer)).toBe(true);
    const again = await check({ key_code: key.keyCode, device_id: "ipad-1", bundle_id: app.bundleIdentifier, lang: "en" });
    expect(again.body.data.message).toMatch(/^Valid key until \d\d:\d\d, \d{1,2} [A-Z][a-z]{2} \d{4} \(UTC\+7\)$/);
    const other = await check({ key_code: key.keyCode, device_id: "ipad-2", bundle_id: app.bundleIdentifier, lang: "en" });
    expect(other.body.data).toMatchObject({ valid: false, reason: "other_device", message: "This key is activated on another device" });
    const unknown = await check({ key_code: unique("NOPE"), device_id: "ipad-2", bundle_id: app.bundleIdentifier, lang: "en" });
    expect(unknown.body.data).toMatchObject({ valid: false, reason: "not_found", message: "This key does not exist" });
    const refused = await check({ key_code: "", device_id: "ipad-2", bundle_id: app.bundleIdentifier, lang: "en" });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("validation_failed");
    expect(refused.text).not.toMatch(VIETNAMESE);
    expect(await verifies(refused)).toBe(true);
  });

  it("lang en names the app by the English name the shop gave it; without lang, or with none given, by its own", async () => {
    const { app, key } = await soldKey();
    const sent = { key_code: key.keyCode, device_id: "ipad-1", bundle_id: app.bundleIdentifier };
    expect((await check({ ...sent, lang: "en" })).body.data.app.name).toBe(app.name);
    await db.update(apps).set({ nameEn: "Fire Dragon" }).where(eq(apps.id, app.id));
    const english = await check({ ...sent, lang: "en" });
    expect(english.body.data.app.name).toBe("Fire Dragon");
    expect(await verifies(english)).toBe(true);
    expect((await check(sent)).body.data.app.name).toBe(app.name);
    expect((await check({ ...sent, lang: "vi" })).body.data.app.name).toBe(app.name);
  });

  it("lang en names the key type in English (30 days), signed; without lang, or with vi, by the shop's own name (30 Ngày)", async () => {
    const { app, key } = await soldKey();
    const sent = { key_code: key.keyCode, device_id: "ipad-1", bundle_id: app.bundleIdentifier };
    const english = await check({ ...sent, lang: "en" });
    expect(english.body.data.key_type).toBe("30 days");
    expect(english.text).not.toMatch(VIETNAMESE);
    expect(await verifies(english)).toBe(true);
    expect((await check(sent)).body.data.key_type).toBe("30 Ngày");
    expect((await check({ ...sent, lang: "vi" })).body.data.key_type).toBe("30 Ngày");
  });

  it("lang en points the app's url at its English page; without lang, or with vi, at the Vietnamese one", async () => {
    const { app, key } = await soldKey();
    const sent = { key_code: key.keyCode, device_id: "ipad-1", bundle_id: app.bundleIdentifier };
    const english = await check({ ...sent, lang: "en" });
    expect(new URL(english.body.data.app.url).pathname).toBe(`/en/${app.url}`);
    expect(await verifies(english)).toBe(true);
    expect(new URL((await check(sent)).body.data.app.url).pathname).toBe(`/${app.url}`);
    expect(new URL((await check({ ...sent, lang: "vi" })).body.data.app.url).pathname).toBe(`/${app.url}`);
  });
});

describe("an account's locale", () => {
  it("a forged locale on registration (fr, 10 KB, a number, null) is refused and makes no account", async () => {
    for (const locale of ["fr", "v".repeat(10 * 1024), 1, null, ["en"], "EN"]) {
      const account = newAccount({ locale });
      const refused = await call("/api/auth/register/", { body: account });
      expect(refused.status, JSON.stringify(locale)).toBe(400);
      expect(refused.body).toMatchObject({ code: "validation_failed", errors: { locale: [expect.any(String)] } });
      expect(await localeOf(account.email)).toBeUndefined();
    }
  });

  it("registration keeps the locale sent, else the request's language, else Vietnamese", async () => {
    const sent = newAccount({ locale: "en" });
    expect((await call("/api/auth/register/", { body: sent, headers: { "Accept-Language": "vi" } })).status).toBe(201);
    expect(await localeOf(sent.email)).toBe("en");
    const asked = newAccount();
    const created = await call("/api/auth/register/", { body: asked, headers: { "Accept-Language": "en-GB,en;q=0.9" } });
    expect(created.body.data.user.locale).toBe("en");
    expect(await localeOf(asked.email)).toBe("en");
    const plain = newAccount();
    expect((await call("/api/auth/register/", { body: plain })).body.data.user.locale).toBe("vi");
    expect(await localeOf(plain.email)).toBe("vi");
  });

  it("a forged locale on the switch is refused and changes nothing; a stranger cannot switch at all", async () => {
    const buyer = await person();
    for (const locale of ["fr", "e".repeat(10 * 1024), 0, null, { locale: "en" }]) {
      const refused = await call("/api/auth/locale/", { token: buyer.token, body: { locale } });
      expect(refused.status, JSON.stringify(locale)).toBe(400);
      expect(refused.body.code).toBe("validation_failed");
    }
    expect((await call("/api/auth/locale/", { token: buyer.token, body: "not json" as unknown as Body })).status).toBe(400);
    expect((await call("/api/auth/locale/", { body: { locale: "en" } })).status).toBe(401);
    expect((await call("/api/auth/locale/", { token: "forged.token.here", body: { locale: "en" } })).status).toBe(401);
    expect(await localeOf(buyer.email)).toBe("vi");
  });

  it("another account cannot switch someone else's locale: the session's own account is the only one changed", async () => {
    const victim = await person();
    const attacker = await person();
    const switched = await call("/api/auth/locale/", { token: attacker.token, body: { locale: "en", user_id: victim.id, id: victim.id, email: victim.email } });
    expect(switched).toMatchObject({ status: 200, body: { success: true, data: { locale: "en" } } });
    expect(await localeOf(attacker.email)).toBe("en");
    expect(await localeOf(victim.email)).toBe("vi");
    expect((await call("/api/auth/me/", { token: attacker.token })).body.data.locale).toBe("en");
    expect((await call("/api/auth/locale/", { token: attacker.token, body: { locale: "vi" } })).body).toEqual({ success: true, data: { locale: "vi" } });
    expect(await localeOf(attacker.email)).toBe("vi");
  });
});

describe("an app's English texts", () => {
  async function appForm(fields: Record<string, string>) {
    const response = await request("/api/apps/create/", { method: "POST", headers: { Authorization: await staffAuthorization() }, body: multipartForm({ name: "Rồng Lửa", description: "Mô tả", version: "1.0", url: unique("rong"), app_type: "testflight", testflight_url: "https://testflight.apple.com/join/abc", ...fields }) });
    return { status: response.status, body: (await response.json()) as Body };
  }

  it("control and bidi characters, an invisible name or an over-long text in name_en or description_en are refused and store nothing", async () => {
    const before = (await db.select({ id: apps.id }).from(apps)).length;
    for (const [field, value] of [
      ["name_en", "Dragon\u202eeriF"],
      ["name_en", "Dragon\u0000Fire"],
      ["name_en", "Dragon\u2066Fire"],
      ["name_en", "\u200b\u200b"],
      ["name_en", "x".repeat(201)],
      ["description_en", "Unlimited\u202egold"],
      ["description_en", "Bell\u0007"],
      ["description_en", "x".repeat(20_001)],
    ] as const) {
      const refused = await appForm({ [field]: value });
      expect(refused.status, `${field} ${JSON.stringify(value.slice(0, 20))}`).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
    }
    expect((await db.select({ id: apps.id }).from(apps)).length).toBe(before);
  });

  it("a buyer cannot write them: the admin's form is the only way in", async () => {
    const { app } = await listing({ stock: 1 });
    const buyer = await person();
    const response = await request(`/api/apps/update/${app.id}/`, { method: "PUT", headers: { Authorization: `Bearer ${buyer.token}` }, body: multipartForm({ name_en: "Hijacked" }) });
    expect(response.status).toBe(403);
    expect((await db.select({ nameEn: apps.nameEn }).from(apps).where(eq(apps.id, app.id)))[0].nameEn).toBeNull();
  });
});
