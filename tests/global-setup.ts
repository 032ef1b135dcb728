// A real OpenID Connect provider for the Google sign-in tests, on a fixed local port that the
// Worker's settings (vitest.config.ts) point at.
import { startCardGateway } from "../scripts/card-gateway.mjs";
import { startOidcServer } from "../scripts/oidc-server.mjs";

export const OIDC_TEST = {
  port: 9477,
  clientId: "igh-test",
  clientSecret: "igh-test-secret",
  redirectUri: "http://store.test/auth/google/callback",
};

/** The simulated card gateway: results are ready almost at once; tests deliver the callbacks. */
export const CARD_TEST = { port: 9478, partnerId: "igh-test", partnerKey: "test-card-partner-key", delayMs: 20 };

export default async function setup() {
  const server = await startOidcServer({
    port: OIDC_TEST.port,
    clients: [{ client_id: OIDC_TEST.clientId, client_secret: OIDC_TEST.clientSecret, redirect_uris: [OIDC_TEST.redirectUri] }],
    logErrors: false,
  });
  const gateway = await startCardGateway({ port: CARD_TEST.port, partnerId: CARD_TEST.partnerId, partnerKey: CARD_TEST.partnerKey, delayMs: CARD_TEST.delayMs });
  return async () => {
    await server.close();
    await gateway.close();
  };
}
