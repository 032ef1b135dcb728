// `npm start`: builds the store, prepares local D1/R2 (migrations, demo data) and serves it with
// `wrangler dev` on http://127.0.0.1:$PORT (from the environment, else .dev.vars, else 8787), with the local stand-ins for outside
// services and the cron trigger firing on its wrangler.toml schedule. State lives in $STATE_DIR
// (.wrangler/state by default) and persists across restarts; `npm run reset` clears it.
// Prints one banner when the store answers; errors in full; Ctrl-C stops everything it started.
import { Cron } from "croner";
import { adminCode } from "./admin-code.mjs";
import { commandForPort, portIsFree, prepareStore, serveStore, settingsToPass, stateDir, stopProcessGroup, storePort, waitForStore, withLocalBindings, wranglerConfig } from "./lib.mjs";
import { seedDemoData } from "./seed.mjs";

const host = "127.0.0.1";
const port = storePort();
const origin = `http://${host}:${port}`;
const persistTo = stateDir();

/** A problem the developer fixes in one step: one line, non-zero exit. */
function fail(line) {
  console.error(line);
  process.exit(1);
}

if (!(await portIsFree(port, host))) fail(`Port ${port} is already in use: stop what listens there or run PORT=<another port> npm start.`);

await prepareStore(persistTo);

// Settings given in the environment (ADMIN_EMAIL, ADMIN_PASSWORD, ...) win over .dev.vars, and
// settings newer than a developer's .dev.vars come from the example.
const overrides = settingsToPass();

let config; // the validated settings
let demoData;
try {
  await withLocalBindings(persistTo, async (env) => {
    const { parseConfig } = await import("../workers/platform/config.ts");
    config = parseConfig({ ...env, ...overrides });
    demoData = await seedDemoData(env);
  });
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}\nFix .dev.vars (see .dev.vars.example) or the environment, then run npm start again.`);
  process.exit(1);
}

/**
 * The local stand-ins for outside services. Each runs when its setting points at this machine
 * (never in production); `start` resolves to a server with `close()`, `banner` gives its rows.
 * Adding a simulated service is one entry here.
 */
const simulators = [
  {
    name: "the OpenID Connect test server (Google sign-in)",
    setting: "GOOGLE_ISSUER",
    wanted: (settings) => Boolean(settings.GOOGLE_CLIENT_ID),
    start: async (settings, url) => {
      const { startOidcServer } = await import("./oidc-server.mjs");
      return startOidcServer({
        port: Number(url.port || 80),
        host: url.hostname,
        clients: [
          {
            client_id: settings.GOOGLE_CLIENT_ID,
            client_secret: settings.GOOGLE_CLIENT_SECRET,
            redirect_uris: [`${origin}/auth/google/callback`, `http://localhost:${port}/auth/google/callback`],
          },
        ],
      });
    },
    banner: (server) => [["Google", `local test provider at ${server.issuer}: any e-mail signs in`]],
  },
  {
    name: "the simulated card gateway",
    setting: "CARD_GATEWAY_URL",
    wanted: () => true,
    start: async (settings, url) => {
      const { startCardGateway } = await import("./card-gateway.mjs");
      return startCardGateway({
        port: Number(url.port || 80),
        host: url.hostname,
        partnerId: settings.CARD_PARTNER_ID,
        partnerKey: settings.CARD_PARTNER_KEY,
        callbackUrl: `${origin}/api/webhooks/cards/`,
        delayMs: Number(process.env.CARD_GATEWAY_DELAY_MS ?? 3000),
      });
    },
    banner: () => [["Phone cards", "simulated gateway: serial ending 0000 = bad card, code ending 9999 = wrong value, others pass"]],
  },
  {
    name: "the simulated NOWPayments (crypto top-ups)",
    setting: "NOWPAYMENTS_API_URL",
    wanted: () => true,
    start: async (settings, url) => {
      const { startNowPaymentsSim } = await import("./nowpayments-sim.mjs");
      return startNowPaymentsSim({ port: Number(url.port || 80), host: url.hostname, apiKey: settings.NOWPAYMENTS_API_KEY, ipnSecret: settings.NOWPAYMENTS_IPN_SECRET, log: true });
    },
    banner: () => [["Crypto", "simulated NOWPayments: pay on its invoice page, or npm run simulate:crypto -- <order_id> <usd> [status]"]],
  },
  {
    name: "the simulated Telegram Bot API (the owner's notifications)",
    setting: "TELEGRAM_API_URL",
    wanted: (settings) => Boolean(settings.TELEGRAM_BOT_TOKEN),
    start: async (settings, url) => {
      const { startTelegramSim } = await import("./telegram-sim.mjs");
      return startTelegramSim({ port: Number(url.port || 80), host: url.hostname, token: settings.TELEGRAM_BOT_TOKEN, chatId: settings.TELEGRAM_CHAT_ID });
    },
    banner: (server) => [["Telegram", `the owner's notifications arrive at the simulated Bot API: ${server.url}/`]],
  },
  {
    // The shop's webhook: a receiver to point the admin's setting at (http://127.0.0.1 is allowed
    // outside production), which is also the Worker's name resolver here (docs/formats.md#store-events).
    name: "the simulated webhook receiver (the shop's own tools)",
    setting: "WEBHOOK_DNS_URL",
    wanted: () => true,
    start: async (_settings, url) => {
      const { startWebhookReceiver } = await import("./webhook-receiver.mjs");
      return startWebhookReceiver({ port: Number(url.port || 80), host: url.hostname });
    },
    banner: (server) => [["Webhook", `point Admin → Settings → Webhook at ${server.url}/hook/shop; received events at ${server.url}/`]],
  },
];

const running = []; // { simulator, server }
const crons = [];
let server;
let stopping = false;

/** Stops the cron, wrangler (with workerd under it) and the simulators, then exits. */
async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const cron of crons) cron.stop();
  if (server) await stopProcessGroup(server);
  await Promise.all(running.map(({ server: simulated }) => simulated.close()));
  process.exit(exitCode);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));

function isLocal(url) {
  return ["127.0.0.1", "localhost"].includes(url.hostname);
}

for (const simulator of simulators) {
  const value = config[simulator.setting];
  if (config.APP_ENV === "production" || !value || !simulator.wanted(config)) continue;
  const url = new URL(value);
  if (!isLocal(url)) continue;
  if (!(await portIsFree(Number(url.port || 80), url.hostname))) {
    console.error(`Port ${url.port} (${simulator.setting}, for ${simulator.name}) is already in use: stop what listens there or change ${simulator.setting}.`);
    await stop(1);
  }
  running.push({ simulator, server: await simulator.start(config, url) });
}

// Own process group, so that stopping it also ends the workerd it starts.
server = serveStore({ port, persistTo, overrides, flags: ["--log-level", "warn", "--test-scheduled"], detached: true });
server.on("exit", (code, signal) => {
  if (!stopping) console.error(`wrangler dev stopped (${signal ?? `exit ${code}`}).`);
  stop(code || 1);
});

/** Fires the Worker's scheduled() as Cloudflare would; one line per run. */
async function fireCron(schedule) {
  const started = Date.now();
  const time = new Date(started).toISOString().slice(11, 19);
  try {
    const response = await fetch(`${origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(schedule)}`);
    const answer = (await response.text()).trim().split("\n")[0];
    const took = `${Date.now() - started} ms`;
    console.log(response.ok ? `${time} cron "${schedule}" ran (${took})` : `${time} cron "${schedule}" failed: ${response.status} ${answer} (${took})`);
  } catch (error) {
    console.log(`${time} cron "${schedule}" failed: ${error instanceof Error ? error.message : error}`);
  }
}

if (!(await waitForStore(origin))) {
  console.error(`The store did not answer on ${origin}; see wrangler's errors above.`);
  await stop(1);
}

// Cron triggers run in UTC on Cloudflare.
const schedules = (await wranglerConfig()).triggers.crons ?? [];
for (const schedule of schedules) crons.push(new Cron(schedule, { timezone: "UTC", protect: true }, () => fireCron(schedule)));

const secondFactor = adminCode(config);
const rows = [
  ["Store", origin],
  ["Admin", `${config.ADMIN_EMAIL} / ${config.ADMIN_PASSWORD}`],
  ...(secondFactor ? [["Admin code", `${secondFactor.code} now (a new one every 30 s: npm run admin:code)`]] : []),
  ...(config.APP_ENV === "development" && config.MAIL_TRANSPORT === "outbox" ? [["Mail outbox", `${origin}/dev/outbox`]] : []),
  ["Bank transfer", commandForPort(port, "npm run simulate:bank -- <transfer code> <amount>")],
  ...running.flatMap(({ simulator, server: simulated }) => simulator.banner(simulated)),
  ...(schedules.length ? [["Cron", `${schedules.join(", ")} (UTC), fired here on schedule; one line per run`]] : []),
  ["Data", `${demoData.seeded ? `demo data loaded (${demoData.apps} apps, ${demoData.keys} keys)` : `${demoData.apps} apps`} in ${persistTo}; npm run reset starts again`],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`\n  iOS Game Hack is running.\n\n${rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`).join("\n")}\n\n  Ctrl-C stops it.\n`);
