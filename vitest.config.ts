import { aliases } from "./scripts/aliases.mjs";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { CARD_TEST, CRYPTO_TEST, OIDC_TEST, TELEGRAM_TEST, WEBHOOK_TEST } from "./tests/test-servers";

// The tests' settings: the committed development defaults, never a developer's .dev.vars.
function exampleVars(): Record<string, string> {
  const text = readFileSync(new URL("./.dev.vars.example", import.meta.url), "utf8");
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

const resolve = { alias: aliases() };

const inWorkerd = {
  // Sign-ins hash with scrypt: a test of a few of them takes 1-2 s on an idle machine and several
  // times that on a loaded one, where vitest's 5 s default timed one out while it was passing.
  testTimeout: 30_000,
  setupFiles: ["./tests/setup.ts"],
  globalSetup: ["./tests/global-setup.ts", "./tests/fixtures/packages-workerd.ts"],
  deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
};

/**
 * Files that run in a store of their own (a new workerd each), because they change what the whole
 * store shows or charges (store settings such as the USD rate, promotions, the admin's address, the
 * second factor's encryption key) or read the whole store (the home page's first page, search,
 * the overview's stock lists, exact credits that an automatic promotion would change). Every other
 * file shares one store, and one Worker isolate, with the files before it in its worker
 * (docs/testing.md): it makes its own data and reads only that.
 */
const STORE_WIDE = [
  "tests/integration/admin-keys.test.ts",
  "tests/integration/admin-apps.test.ts",
  "tests/integration/admin-reads.test.ts",
  "tests/integration/cards.test.ts",
  "tests/integration/edge-cache.test.ts",
  "tests/integration/health.test.ts",
  "tests/integration/low-stock-threshold.test.ts",
  "tests/integration/notifications.test.ts",
  "tests/integration/ops-alarms.test.ts",
  "tests/integration/overview.test.ts",
  "tests/integration/pages.test.ts",
  "tests/integration/search.test.ts",
  "tests/integration/secret-rotation.test.ts",
  "tests/integration/store-events.test.ts",
  "tests/integration/vietqr.test.ts",
  "tests/integration/attacks/accounts.test.ts",
  "tests/integration/attacks/audit.test.ts",
  "tests/integration/attacks/bad-input.test.ts",
  "tests/integration/attacks/bad-values.test.ts",
  "tests/integration/attacks/bank-notifications.test.ts",
  "tests/integration/attacks/cards.test.ts",
  "tests/integration/attacks/crypto-money.test.ts",
  "tests/integration/attacks/crypto-notifications.test.ts",
  "tests/integration/attacks/deposit-bonus.test.ts",
  "tests/integration/attacks/edge-cache.test.ts",
  "tests/integration/attacks/live-sockets.test.ts",
  "tests/integration/attacks/sileo-end-all-sessions.test.ts",
  "tests/integration/attacks/money.test.ts",
  "tests/integration/attacks/store-events.test.ts",
];

// Two homes (docs/testing.md): "unit" runs pure code in Node; "workers" runs what touches a binding
// (D1, R2, a Durable Object, the Worker itself) in workerd.
export default defineConfig(async () => {
  const workerOptions = {
    main: "./workers/index.ts",
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: {
      bindings: {
        ...exampleVars(),
        APP_ENV: "test",
        GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_TEST.port}`,
        GOOGLE_CLIENT_ID: OIDC_TEST.clientId,
        GOOGLE_CLIENT_SECRET: OIDC_TEST.clientSecret,
        CASSO_SECRET: "test-casso-secret",
        PAYOS_CHECKSUM_KEY: "test-payos-checksum-key",
        CARD_GATEWAY_URL: `http://127.0.0.1:${CARD_TEST.port}/chargingws/v2`,
        CARD_PARTNER_ID: CARD_TEST.partnerId,
        CARD_PARTNER_KEY: CARD_TEST.partnerKey,
        NOWPAYMENTS_API_URL: `http://127.0.0.1:${CRYPTO_TEST.port}`,
        NOWPAYMENTS_API_KEY: CRYPTO_TEST.apiKey,
        NOWPAYMENTS_IPN_SECRET: CRYPTO_TEST.ipnSecret,
        TELEGRAM_API_URL: `http://127.0.0.1:${TELEGRAM_TEST.port}`,
        TELEGRAM_BOT_TOKEN: TELEGRAM_TEST.token,
        TELEGRAM_CHAT_ID: TELEGRAM_TEST.chatId,
        WEBHOOK_DNS_URL: `http://127.0.0.1:${WEBHOOK_TEST.port}/dns-query`,
        TEST_MIGRATIONS: await readD1Migrations("./migrations"),
        // The committed example as it is, for the test that production refuses its secrets.
        DEV_VARS_EXAMPLE: exampleVars(),
        // tests/integration/migrations.test.ts: a store seeded at the previous migration.
        MIGRATION_SEED: readFileSync(new URL("./tests/fixtures/migrations/seed.sql", import.meta.url), "utf8"),
      },
      // A second database nobody migrates up front, for the same test.
      d1Databases: { MIGRATION_DB: "migration-rehearsal" },
    },
  };
  return {
    test: {
      // Two files at a time even on two cores (vitest's default leaves one core to itself): a file's
      // worker mostly waits on its workerd, which does the work.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          resolve,
          test: {
            name: "unit",
            include: ["tests/unit/**/*.test.{ts,tsx}"],
            environment: "node",
            // A file that imports route modules takes seconds beside workerd's files on a loaded
            // machine; vitest's 5 s default once timed such a test out while it was passing.
            testTimeout: 30_000,
            globalSetup: ["./tests/fixtures/packages.ts"],
          },
        },
        {
          resolve,
          plugins: [cloudflareTest(workerOptions)],
          test: { name: "workers", include: ["tests/integration/*.test.ts"], exclude: STORE_WIDE, isolate: false, ...inWorkerd },
        },
        // The shared attack files in a runtime of their own: one runtime for every shared file grew
        // past V8's heap limit (about 1.4 GB) once the English edition's tests joined it.
        {
          resolve,
          plugins: [cloudflareTest(workerOptions)],
          test: { name: "workers-attacks", include: ["tests/integration/attacks/**/*.test.ts"], exclude: STORE_WIDE, isolate: false, ...inWorkerd },
        },
        {
          resolve,
          plugins: [cloudflareTest(workerOptions)],
          test: { name: "workers-alone", include: STORE_WIDE, ...inWorkerd },
        },
      ],
    },
  };
});
