// A real OpenID Connect provider for the Google sign-in tests, on a fixed local port that the
// Worker's settings (vitest.config.ts) point at.
import { startOidcServer } from "../scripts/oidc-server.mjs";

export const OIDC_TEST = {
  port: 9477,
  clientId: "igh-test",
  clientSecret: "igh-test-secret",
  redirectUri: "http://store.test/auth/google/callback",
};

export default async function setup() {
  const server = await startOidcServer({
    port: OIDC_TEST.port,
    clients: [{ client_id: OIDC_TEST.clientId, client_secret: OIDC_TEST.clientSecret, redirect_uris: [OIDC_TEST.redirectUri] }],
    logErrors: false,
  });
  return () => server.close();
}
