import { defineConfig, devices } from "@playwright/test";

// Browser tests drive the built store, served by `npm start` on its own port and its own
// local state (reset first), in Debian's Chromium headless shell (package chromium-headless-shell):
// nothing is downloaded. The shell renders the same Blink as the full browser without its UI and
// display compositor, which took a third of the run's CPU (decision 0074).
//
// Two workers, each with a store of its own (docs/decisions/0076): a test mostly waits on its page
// and its store, so two take about three quarters of one's time here, and each store sees one test
// at a time, as when there was one worker (a spec may count the home page's apps or set the
// store's settings).
// Playwright loads this file again in each worker with TEST_PARALLEL_INDEX set (0 or 1): that
// worker's store is the one below.
/** How many stores, and so workers: E2E_STORES=1 runs everything on one. */
const STORES = Math.max(1, Number(process.env.E2E_STORES ?? 2));
const firstPort = Number(process.env.E2E_PORT ?? 8799);
/** Store i listens on E2E_PORT + 10 i, its simulated outside services 1000-1400 above that. */
const portOf = (store: number) => firstPort + 10 * store;
const stateDirOf = (store: number) => `${process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state"}-${store}`;
const ownStore = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** This worker's store's port (its simulators are at this + 1000 … 1400). */
export const E2E_STORE_PORT = portOf(ownStore);
/** Where this worker's store keeps its state (tests that reach into its D1 read it here). */
export const E2E_STATE_DIR = stateDirOf(ownStore);

/** Where Debian installs the headless shell (the bench's Lighthouse keeps the full /usr/bin/chromium). */
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? HEADLESS_SHELL,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: STORES,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_STORE_PORT}`,
    locale: "vi-VN",
    timezoneId: "Asia/Ho_Chi_Minh",
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  // Every test runs on the desktop; the phone runs the tests about the phone, tagged "@phone"
  // (a phone-only branch, a narrow layout, touch): the rest would prove the same thing twice.
  // Tests that only send requests (no page) launch no browser at all.
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    { name: "phone", grep: /@phone/, use: { ...devices["Pixel 7"], launchOptions: chromium } },
  ],
  webServer: Array.from({ length: STORES }, (_, store) => {
    const port = portOf(store);
    return {
      command: `node scripts/reset.mjs && node scripts/start.mjs`,
      // Each store gets its own OpenID Connect test server and simulators next to its own port.
      env: { PORT: String(port), STATE_DIR: stateDirOf(store), SKIP_BUILD: "1", GOOGLE_ISSUER: `http://127.0.0.1:${port + 1000}`, CARD_GATEWAY_URL: `http://127.0.0.1:${port + 1100}/chargingws/v2`, CARD_GATEWAY_DELAY_MS: "1500", TELEGRAM_API_URL: `http://127.0.0.1:${port + 1200}`, NOWPAYMENTS_API_URL: `http://127.0.0.1:${port + 1300}`, WEBHOOK_DNS_URL: `http://127.0.0.1:${port + 1400}/dns-query` },
      url: `http://127.0.0.1:${port}/api/apps/list/`,
      reuseExistingServer: false,
      // npm start runs wrangler in a process group of its own and stops it on SIGTERM; Playwright's
      // default (SIGKILL to the start script's group) would leave wrangler and workerd running.
      gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
      timeout: 180_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    };
  }),
});
