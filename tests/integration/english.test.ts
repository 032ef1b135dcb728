// The English edition's server side (docs/decisions/0041-english-beside-vietnamese-api.md): the
// API's refusals in the reader's language with their codes (the routers' own 404 and 405, a body
// too large, a limit with Retry-After, a failure's id, the store down), the mails in the buyer's
// language, and an app's English name and description in the catalogue's answers.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licenseKeys, mailOutbox, users } from "../../workers/db/schema";
import { refusalAnswer } from "../../workers/platform/http/refusals";
import { dateTime } from "../../workers/shared/english/format";
import { runScheduledJobs } from "../../workers/scheduled";
import worker from "../../workers/index";
import { bytes, createApp, db, listing, multipartForm, person, request, staffAuthorization, typeId, unique, uploadFile } from "../factories";
import { png } from "../fixtures/media";
import { call } from "../requests";

type Body = Record<string, any>;
const EN = { "Accept-Language": "en-US,en;q=0.9" };
const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

describe("the API's refusals for an English reader", () => {
  it("the routers' 404 and 405, a body too large and a refusal of a route, each with its code", async () => {
    expect((await call("/api/no/such/route/", { headers: EN })).body).toEqual({ success: false, code: "route_not_found", message: "This API address does not exist" });
    expect((await call("/repo/InRelease", { headers: EN })).body).toEqual({ success: false, code: "file_not_found", message: "File not found" });
    const manifest = await request("/manifest.webmanifest", { method: "POST", headers: EN });
    expect(manifest.status).toBe(405);
    expect(await manifest.json()).toEqual({ success: false, code: "method_not_allowed", message: "This method is not supported" });
    const large = await call("/api/auth/login/", { body: { login: "x".repeat(70 * 1024), password: "x" }, headers: EN });
    expect(large).toMatchObject({ status: 413, body: { success: false, code: "body_too_large", message: "The request is too large." } });
    expect((await call("/api/apps/detail/999999999/", { headers: EN })).body).toEqual({ success: false, code: "app_not_found", message: "App not found" });
  });

  it("a limit: 429 in English with Retry-After, its code rate_limited", async () => {
    const email = `${unique("limit")}@example.com`;
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let attempt = 0; attempt < 6 && !limited; attempt++) {
      const answer = await call("/api/auth/forgot-password/", { body: { email }, headers: EN });
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.body).toMatchObject({ success: false, code: "rate_limited", message: expect.stringMatching(/^Too many attempts\. Please try again in [\d,]+ seconds?\.$/) });
    expect(Number(limited?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("a failure: 500 with the id the log carries, in English ('Error id')", () => {
    const answer = refusalAnswer(new Error("boom"), new Request("http://store.test/api/x", { headers: { ...EN, "CF-Ray": "ray-123" } }), "en");
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ success: false, code: "server_error", message: expect.stringMatching(/^Something went wrong on our server\. Please try again later\. Error id: \S+$/) });
    expect(String(answer.body.message)).toContain(`Error id: ${answer.body.error_id}`);
    const vietnamese = refusalAnswer(new Error("boom"), new Request("http://store.test/api/x"));
    expect(vietnamese.body.message).toMatch(/^Có lỗi xảy ra ở máy chủ\. Vui lòng thử lại sau\. Mã lỗi: \S+$/);
  });

  it("the store down: 503 in English", async () => {
    const unreachable = new Proxy({} as D1Database, {
      get() {
        return () => {
          throw new Error("D1_ERROR: Network connection lost.");
        };
      },
    });
    const context = createExecutionContext();
    const broken = { ...env, ADMIN_EMAIL: "owner-english@example.com", DB: unreachable } as Env;
    const response = await worker.fetch(new Request("http://store.test/api/auth/me/", { headers: EN }) as Parameters<typeof worker.fetch>[0], broken, context);
    await waitOnExecutionContext(context);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, code: "store_unavailable", message: "The store is temporarily unavailable. Please try again in a few minutes." });
  });

  it("a package that cannot be read: the reader's reason in English inside the refusal, with the refusal's code", async () => {
    // An end-of-directory record naming another disk: a multi-part zip.
    const multiPart = new Uint8Array(22);
    multiPart.set([0x50, 0x4b, 0x05, 0x06, 0x01]);
    const preview = (headers: Record<string, string>) =>
      request("/api/apps/preview-ipa/", { method: "POST", headers, body: multipartForm({ ipa_file: uploadFile(multiPart, "r.ipa") }) });
    const authorization = await staffAuthorization();
    const english = await preview({ ...EN, Authorization: authorization });
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({ success: false, code: "ipa_invalid", message: "Invalid IPA file: The file is not a valid IPA (multi-part zip files are not supported)" });
    const vietnamese = await preview({ Authorization: authorization });
    expect(((await vietnamese.json()) as Body).message).toBe("Tệp IPA không hợp lệ: Tệp không phải IPA hợp lệ (zip nhiều phần không được hỗ trợ)");
  });

  it("a short balance: 402 with its figures, and the amounts written in English", async () => {
    const buyer = await person();
    const { pricing } = await listing({ price: 50_000, stock: 1 });
    const refused = await call("/api/keys/purchase/", { token: buyer.token, body: { key_pricing_id: pricing.id }, headers: EN });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ success: false, code: "insufficient_balance", error: "insufficient_balance", required: 50_000, current: 0 });
    expect(refused.body.message).toBe("Insufficient balance. You need 50,000\u00a0₫ and your balance is 0\u00a0₫. Please top up your wallet.");
  });
});

describe("the API's successes for an English reader", () => {
  it("say what was done in English; a Vietnamese reader's answer is unchanged, byte for byte", async () => {
    const email = `${unique("sent")}@example.com`;
    const english = await call("/api/auth/forgot-password/", { body: { email }, headers: EN });
    expect(english).toMatchObject({ status: 200, body: { success: true, message: "If that email address has an account with us, we have sent it a link to reset your password. Please check your inbox." } });
    const vietnamese = await call("/api/auth/forgot-password/", { body: { email: `${unique("sent")}@example.com` } });
    expect(vietnamese.body).toEqual({ success: true, message: "Nếu email tồn tại trong hệ thống, chúng tôi đã gửi liên kết đặt lại mật khẩu. Vui lòng kiểm tra hộp thư." });
  });

  it("the register form's availability check, in English, whether free, taken or malformed", async () => {
    const buyer = await person();
    const check = async (body: Record<string, string>) => (await call("/api/auth/check-availability/", { body, headers: EN })).body.data;
    expect((await check({ username: unique("free").replace(/-/g, "_").slice(0, 20) })).username).toEqual({ available: true, message: "This username is available" });
    expect((await check({ email: buyer.email })).email).toEqual({ available: false, message: "This email address is already in use" });
    expect((await check({ username: "a" })).username.message).not.toMatch(VIETNAMESE);
  });

  it("a top-up's answer: its message in English, its data as it was", async () => {
    const buyer = await person();
    const created = await call("/api/vietqr/create/", { token: buyer.token, body: { amount: 60_000 }, headers: EN });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("VietQR transfer created");
    expect(created.body.data).toMatchObject({ amount: 60_000, status: "pending" });
  });
});

describe("the mails, in the buyer's language", () => {
  async function outbox(email: string, template: string) {
    for (let tries = 0; tries < 60; tries++) {
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      const found = mails.filter((mail) => mail.template === template);
      if (found.length) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return [];
  }

  async function buyerWithLocale(locale: "vi" | "en") {
    const buyer = await person();
    await db.update(users).set({ locale }).where(eq(users.id, buyer.id));
    return buyer;
  }

  it("the reset mail: English for an English account, with the English edition's link; Vietnamese otherwise", async () => {
    const english = await buyerWithLocale("en");
    const vietnamese = await buyerWithLocale("vi");
    await call("/api/auth/forgot-password/", { body: { email: english.email } });
    await call("/api/auth/forgot-password/", { body: { email: vietnamese.email }, headers: EN });
    const [sent] = await outbox(english.email, "password_reset");
    expect(sent.subject).toMatch(/: reset your password$/);
    expect(sent.textBody).toContain(`Hello ${english.username},`);
    expect(sent.textBody).toMatch(/\/en\/reset-password\?token=|the link has been removed from the stored copy/);
    expect(`${sent.subject}${sent.textBody}${sent.htmlBody}`).not.toMatch(VIETNAMESE);
    const [other] = await outbox(vietnamese.email, "password_reset");
    expect(other.subject).toMatch(/: đặt lại mật khẩu$/);
    expect(other.textBody).toContain(`Xin chào ${vietnamese.username},`);
    expect(other.textBody).not.toContain("/en/");
  });

  it("the expiry reminder and the update notice: English, naming the app by its English name, linking to /en/", async () => {
    const buyer = await buyerWithLocale("en");
    const app = await createApp({ file: bytes(64), name: "Rồng Lửa", nameEn: "Fire Dragon" });
    const expiresAt = new Date(Date.now() + 2 * 86_400_000);
    await db.insert(licenseKeys).values({
      appId: app.id,
      keyTypeId: await typeId("7days"),
      keyCode: unique("KEY"),
      status: "used",
      soldToUserId: buyer.id,
      soldAt: new Date(),
      orderReference: unique("ORD"),
      activatedAt: new Date(),
      deviceId: "dev-1",
      expiresAt,
    });
    await runScheduledJobs(env, new Date());
    const [reminder] = await outbox(buyer.email, "key_expiry");
    expect(reminder.subject).toContain("your Fire Dragon key expires soon");
    expect(reminder.textBody).toContain(`expires on ${dateTime(expiresAt)}`);
    expect(reminder.textBody).toContain(`/en/${app.url}`);
    expect(reminder.textBody).toContain("/en/unsubscribe?token=");
    expect(`${reminder.subject}${reminder.textBody}${reminder.htmlBody}`).not.toMatch(VIETNAMESE);

    const form = new FormData();
    form.append("version", "9.9.9");
    const published = await request(`/api/apps/update/${app.id}/`, { method: "PUT", headers: { Authorization: await staffAuthorization() }, body: form });
    expect(published.status).toBe(200);
    await runScheduledJobs(env, new Date());
    const [notice] = await outbox(buyer.email, "app_update");
    expect(notice.subject).toBe("New version: Fire Dragon 9.9.9");
    expect(notice.textBody).toContain("Fire Dragon has a new version: 9.9.9.");
    expect(`${notice.subject}${notice.textBody}${notice.htmlBody}`).not.toMatch(VIETNAMESE);
  });
});

describe("an app's English name and description", () => {
  async function admin(method: string, path: string, fields: Record<string, string | File>) {
    const response = await request(path, { method, headers: { Authorization: await staffAuthorization() }, body: multipartForm(fields) });
    return { status: response.status, body: (await response.json()) as Body };
  }
  const basics = () => ({ name: "Rồng Lửa", description: "Mô tả", version: "1.0", url: unique("rong"), app_type: "testflight", testflight_url: "https://testflight.apple.com/join/abc" });
  const icon = () => uploadFile(png(), "icon.png", "image/png");

  it("are taken by the admin's form and carried by the list, the detail and the detail by url; null when absent; blank clears", async () => {
    const fields = basics();
    const created = await admin("POST", "/api/apps/create/", { ...fields, icon: icon(), name_en: "  Fire Dragon ", description_en: "Unlimited gold.\nNo ads." });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const detail = await call(`/api/apps/detail/${id}/`);
    expect(detail.body.data).toMatchObject({ name: "Rồng Lửa", name_en: "Fire Dragon", description_en: "Unlimited gold.\nNo ads." });
    expect((await call(`/api/apps/detail-by-url/${fields.url}/`)).body.data).toMatchObject({ name_en: "Fire Dragon" });
    expect(((await call("/api/apps/list/")).body.data as Body[]).find((app) => app.id === id)).toMatchObject({ name_en: "Fire Dragon", description_en: "Unlimited gold.\nNo ads." });

    const plain = await createApp();
    expect((await call(`/api/apps/detail/${plain.id}/`)).body.data).toMatchObject({ name_en: null, description_en: null });

    // A change shows at once, through the edge copies of the detail as for the name.
    expect((await admin("PUT", `/api/apps/update/${id}/`, { name_en: "Dragon of Fire" })).status).toBe(200);
    expect((await call(`/api/apps/detail/${id}/`)).body.data.name_en).toBe("Dragon of Fire");
    expect((await call(`/api/apps/detail-by-url/${fields.url}/`)).body.data.name_en).toBe("Dragon of Fire");
    expect((await admin("PUT", `/api/apps/update/${id}/`, { name_en: "", description_en: " " })).status).toBe(200);
    expect((await call(`/api/apps/detail/${id}/`)).body.data).toMatchObject({ name_en: null, description_en: null });
  });
});
