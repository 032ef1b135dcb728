// Google sign-in against a real OpenID Connect provider (tests/global-setup.ts): the browser's
// half is played by signInHeadless, the server's half is the Worker.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../workers/db/schema";
import { randomToken } from "../../workers/platform/crypto";
import { OIDC_TEST } from "../test-servers";
import { db, request, unique } from "../factories";
import { authorize, type Body, exchange, post } from "../fixtures/google-flow";

describe("Google sign-in", () => {
  it("publishes the provider's authorization endpoint and the scopes", async () => {
    const config = (await (await request("/api/auth/google/config/")).json()) as Body;
    expect(config.data).toEqual({
      enabled: true,
      // The Worker's configured issuer (vitest.config.ts), which TEST_PORT_BASE may move.
      authorization_endpoint: `${env.GOOGLE_ISSUER}/auth`,
      client_id: OIDC_TEST.clientId,
      scope: "openid email profile offline_access",
      params: { prompt: "consent" },
    });
  });

  it("creates an account without a usable password, and signs the same identity into it again", async () => {
    const email = `${unique("g")}@example.com`;
    const first = await exchange(await authorize(email));
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ email, has_usable_password: false, is_staff: false });
    expect(first.body.data.access).toBeTruthy();
    expect(first.body.data.refresh).toBeTruthy();

    const second = await exchange(await authorize(email));
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    const me = await request("/api/auth/me/", { headers: { Authorization: `Bearer ${second.body.data.access}` } });
    expect(((await me.json()) as Body).data.email).toBe(email);
  });

  it("signs a verified e-mail into the existing account with that address, whose unproven password goes (attacks/accounts.test.ts)", async () => {
    const name = unique("owner").replace(/-/g, "_").slice(0, 28);
    const email = `${name}@example.com`;
    const registered = await post("/api/auth/register/", { username: name, email, first_name: "Trần", last_name: "Bình", password: "mat-khau-1", password_confirm: "mat-khau-1" });
    const result = await exchange(await authorize(email.toUpperCase()));
    expect(result.status).toBe(200);
    expect(result.body.data.user.id).toBe(registered.body.data.user.id);
    expect(result.body.data.user.has_usable_password).toBe(false);
    const [row] = await db.select().from(users).where(eq(users.id, registered.body.data.user.id));
    expect(row.googleSub).toMatch(/^sub-/);
  });

  it("refuses a wrong PKCE verifier, a wrong nonce, a reused code and a foreign redirect", async () => {
    const email = `${unique("g")}@example.com`;
    const wrongVerifier = await exchange(await authorize(email), { code_verifier: randomToken(48) });
    expect(wrongVerifier).toEqual({ status: 400, body: { success: false, code: "google_sign_in_failed", message: "Không xác thực được với Google. Vui lòng thử lại." } });

    const wrongNonce = await exchange(await authorize(email), { nonce: "not-the-nonce-sent" });
    expect(wrongNonce.status).toBe(400);

    const flow = await authorize(email);
    expect((await exchange(flow)).status).toBe(200);
    expect((await exchange(flow)).status).toBe(400);

    const foreign = await exchange(await authorize(email), { redirect_uri: "https://evil.example/auth/google/callback" });
    expect(foreign.status).toBe(400);
    expect(await db.select().from(users).where(eq(users.email, "evil@example.com"))).toEqual([]);
  });

  it("refuses an unverified e-mail and makes no account", async () => {
    const email = `unverified.${unique("g")}@example.com`;
    const result = await exchange(await authorize(email));
    expect(result).toEqual({ status: 400, body: { success: false, code: "google_email_unverified", message: "Email Google chưa được xác minh" } });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("validates the request body", async () => {
    const result = await post("/api/auth/google-auth/", { code: "", redirect_uri: "nope", code_verifier: "short", nonce: "" });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.errors).sort()).toEqual(["code", "code_verifier", "nonce", "redirect_uri"]);
  });
});
