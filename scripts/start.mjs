// `npm start`: builds the store, prepares local D1/R2 (migrations, demo data) and serves it with
// `wrangler dev` on http://127.0.0.1:$PORT (8787 by default). State lives in $STATE_DIR
// (.wrangler/state by default) and persists across restarts; `npm run reset` clears it.
import { prepareStore, serveStore, settingsToPass, stateDir, waitForStore, withLocalBindings } from "./lib.mjs";
import { seedDemoData } from "./seed.mjs";

const port = process.env.PORT || "8787";
const persistTo = stateDir();

prepareStore(persistTo);

// Settings given in the environment (ADMIN_EMAIL, ADMIN_PASSWORD, ...) win over .dev.vars, and
// settings newer than a developer's .dev.vars come from the example.
const overrides = settingsToPass();

let adminEmail;
let google; // the validated settings (Google, card gateway, …)
try {
  await withLocalBindings(persistTo, async (env) => {
    const { parseConfig } = await import("../workers/config.ts");
    const config = parseConfig({ ...env, ...overrides });
    const seeded = await seedDemoData(env);
    console.log(seeded.seeded ? `Demo data loaded: ${seeded.apps} apps, ${seeded.keys} keys.` : `Using existing data (${seeded.apps} apps).`);
    adminEmail = config.ADMIN_EMAIL;
    google = config;
  });
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}\nFix .dev.vars (see .dev.vars.example) or the environment, then run npm start again.`);
  process.exit(1);
}

// Locally, "Google" is the project's own OpenID Connect test server (scripts/oidc-server.mjs).
const issuer = new URL(google.GOOGLE_ISSUER);
let oidc;
if (google.APP_ENV !== "production" && google.GOOGLE_CLIENT_ID && ["127.0.0.1", "localhost"].includes(issuer.hostname)) {
  const { startOidcServer } = await import("./oidc-server.mjs");
  oidc = await startOidcServer({
    port: Number(issuer.port || 80),
    host: issuer.hostname,
    clients: [
      {
        client_id: google.GOOGLE_CLIENT_ID,
        client_secret: google.GOOGLE_CLIENT_SECRET,
        redirect_uris: [`http://127.0.0.1:${port}/auth/google/callback`, `http://localhost:${port}/auth/google/callback`],
      },
    ],
  });
  console.log(`Google sign-in uses the local OpenID Connect test server at ${oidc.issuer} (any e-mail signs in).`);
}

// Locally, phone cards go to the simulated chargingws/v2 gateway (scripts/card-gateway.mjs).
let cardGateway;
const gatewayUrl = google.CARD_GATEWAY_URL ? new URL(google.CARD_GATEWAY_URL) : null;
if (google.APP_ENV !== "production" && gatewayUrl && ["127.0.0.1", "localhost"].includes(gatewayUrl.hostname)) {
  const { startCardGateway } = await import("./card-gateway.mjs");
  cardGateway = await startCardGateway({
    port: Number(gatewayUrl.port || 80),
    host: gatewayUrl.hostname,
    partnerId: google.CARD_PARTNER_ID,
    partnerKey: google.CARD_PARTNER_KEY,
    callbackUrl: `http://127.0.0.1:${port}/api/webhooks/cards/`,
    delayMs: Number(process.env.CARD_GATEWAY_DELAY_MS ?? 3000),
  });
  console.log(`Phone cards go to the simulated gateway at ${cardGateway.url} (serial …0000: bad card; code …9999: wrong value).`);
}

// Locally, the owner's Telegram notifications go to the simulated Bot API (scripts/telegram-sim.mjs).
let telegram;
const telegramUrl = google.TELEGRAM_BOT_TOKEN ? new URL(google.TELEGRAM_API_URL) : null;
if (google.APP_ENV !== "production" && telegramUrl && ["127.0.0.1", "localhost"].includes(telegramUrl.hostname)) {
  const { startTelegramSim } = await import("./telegram-sim.mjs");
  telegram = await startTelegramSim({ port: Number(telegramUrl.port || 80), host: telegramUrl.hostname, token: google.TELEGRAM_BOT_TOKEN, chatId: google.TELEGRAM_CHAT_ID, log: true });
  console.log(`Telegram notifications go to the simulated Bot API; read them at ${telegram.url}/`);
}

const server = serveStore({ port, persistTo, overrides });

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", async (code) => {
  await oidc?.close();
  await cardGateway?.close();
  await telegram?.close();
  process.exit(code ?? 0);
});

// The first request creates the admin account; tell the developer where the store is.
const origin = `http://127.0.0.1:${port}`;
if (await waitForStore(origin)) console.log(`\n  iOS Game Hack is running at ${origin}\n  Admin: ${adminEmail}\n`);
