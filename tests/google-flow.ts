// The browser's half of Google sign-in against the OpenID Connect test server (tests/global-setup.ts),
// for the tests that need a real code: ask the store for the settings, sign in at the provider
// as `email`, come back with a code, then let the Worker exchange it.
import { signInHeadless } from "../scripts/oidc-headless.mjs";
import { base64url } from "../workers/lib/bytes";
import { randomToken } from "../workers/services/crypto";
import { OIDC_TEST } from "./global-setup";
import { request, unique } from "./factories";

export type Body = Record<string, any>;

export async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": unique("ip"), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function challengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export type GoogleFlow = { code: string; state: string; verifier: string; nonce: string };

export async function authorize(email: string, { nonce = randomToken(16) } = {}): Promise<GoogleFlow> {
  const config = (await (await request("/api/auth/google/config/")).json()) as Body;
  const verifier = randomToken(48);
  const url = new URL(config.data.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: config.data.client_id,
    redirect_uri: OIDC_TEST.redirectUri,
    scope: config.data.scope,
    state: "s-1",
    nonce,
    code_challenge: await challengeFor(verifier),
    code_challenge_method: "S256",
    ...config.data.params,
  }).toString();
  const { code, state } = await signInHeadless(url.toString(), email);
  return { code: String(code), state: String(state), verifier, nonce };
}

export function exchange(flow: { code: string; verifier: string; nonce: string }, overrides: Body = {}) {
  return post("/api/auth/google-auth/", { code: flow.code, redirect_uri: OIDC_TEST.redirectUri, code_verifier: flow.verifier, nonce: flow.nonce, ...overrides });
}

/** Google sign-in as `email`, start to finish. */
export async function signInWithGoogle(email: string) {
  return exchange(await authorize(email));
}
