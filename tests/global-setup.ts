// A real OpenID Connect provider for the Google sign-in tests, on a local port that the
// Worker's settings (vitest.config.ts) point at, with the card gateway, Telegram and webhook receiver simulators.
// Their ports: tests/test-servers.ts.
import { startCardGateway } from "../scripts/card-gateway.mjs";
import { startNowPaymentsSim } from "../scripts/nowpayments-sim.mjs";
import { startOidcServer } from "../scripts/oidc-server.mjs";
import { startTelegramSim } from "../scripts/telegram-sim.mjs";
import { startWebhookReceiver } from "../scripts/webhook-receiver.mjs";
import { CARD_TEST, CRYPTO_TEST, OIDC_TEST, TELEGRAM_TEST, WEBHOOK_TEST } from "./test-servers";

type Servers = { close(): Promise<void> };

async function startServers(): Promise<Servers> {
  const server = await startOidcServer({
    port: OIDC_TEST.port,
    clients: [{ client_id: OIDC_TEST.clientId, client_secret: OIDC_TEST.clientSecret, redirect_uris: [OIDC_TEST.redirectUri] }],
    logErrors: false,
  });
  const gateway = await startCardGateway({ port: CARD_TEST.port, partnerId: CARD_TEST.partnerId, partnerKey: CARD_TEST.partnerKey, delayMs: CARD_TEST.delayMs });
  const telegram = await startTelegramSim({ port: TELEGRAM_TEST.port, token: TELEGRAM_TEST.token, chatId: TELEGRAM_TEST.chatId });
  const crypto = await startNowPaymentsSim({ port: CRYPTO_TEST.port, apiKey: CRYPTO_TEST.apiKey, ipnSecret: CRYPTO_TEST.ipnSecret });
  const receiver = await startWebhookReceiver({ port: WEBHOOK_TEST.port, names: WEBHOOK_TEST.names });
  return {
    async close() {
      await receiver.close();
      await server.close();
      await telegram.close();
      await gateway.close();
      await crypto.close();
    },
  };
}

// Both workerd projects list this set-up, and vitest runs it once per project in one Node process
// (each with its own copy of this module): the servers are shared through globalThis, started by
// the first project and closed by the last.
const shared = globalThis as { testServers?: { started: Promise<Servers>; users: number } };

export default async function setup() {
  shared.testServers ??= { started: startServers(), users: 0 };
  const entry = shared.testServers;
  entry.users += 1;
  await entry.started;
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.testServers = undefined;
    await (await entry.started).close();
  };
}
