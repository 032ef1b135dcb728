// A real OpenID Connect provider for the Google sign-in tests, on a local port that the
// Worker's settings (vitest.config.ts) point at, with the card gateway and Telegram simulators.
// TEST_PORT_BASE moves all three, so two checkouts on one machine can run their suites side by side.
import { startCardGateway } from "../scripts/card-gateway.mjs";
import { startOidcServer } from "../scripts/oidc-server.mjs";
import { startTelegramSim } from "../scripts/telegram-sim.mjs";

const PORT_BASE = Number(process.env.TEST_PORT_BASE ?? 9477);

export const OIDC_TEST = {
  port: PORT_BASE,
  clientId: "igh-test",
  clientSecret: "igh-test-secret",
  redirectUri: "http://store.test/auth/google/callback",
};

/** The simulated card gateway: results are ready almost at once; tests deliver the callbacks. */
export const CARD_TEST = { port: PORT_BASE + 1, partnerId: "igh-test", partnerKey: "test-card-partner-key", delayMs: 20 };

/** The simulated Telegram Bot API; tests make it fail with POST /sim/fail and read /sim/messages. */
export const TELEGRAM_TEST = { port: PORT_BASE + 2, token: "test-telegram-bot-token", chatId: "424242" };

export default async function setup() {
  const server = await startOidcServer({
    port: OIDC_TEST.port,
    clients: [{ client_id: OIDC_TEST.clientId, client_secret: OIDC_TEST.clientSecret, redirect_uris: [OIDC_TEST.redirectUri] }],
    logErrors: false,
  });
  const gateway = await startCardGateway({ port: CARD_TEST.port, partnerId: CARD_TEST.partnerId, partnerKey: CARD_TEST.partnerKey, delayMs: CARD_TEST.delayMs });
  const telegram = await startTelegramSim({ port: TELEGRAM_TEST.port, token: TELEGRAM_TEST.token, chatId: TELEGRAM_TEST.chatId });
  return async () => {
    await server.close();
    await telegram.close();
    await gateway.close();
  };
}
