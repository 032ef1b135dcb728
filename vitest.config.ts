import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { CARD_TEST, OIDC_TEST, TELEGRAM_TEST } from "./tests/global-setup";

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

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
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
          TELEGRAM_API_URL: `http://127.0.0.1:${TELEGRAM_TEST.port}`,
          TELEGRAM_BOT_TOKEN: TELEGRAM_TEST.token,
          TELEGRAM_CHAT_ID: TELEGRAM_TEST.chatId,
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          // The committed example as it is, for the test that production refuses its secrets.
          DEV_VARS_EXAMPLE: exampleVars(),
          // tests/integration/migrations.test.ts: a store seeded at the previous migration.
          MIGRATION_SEED: readFileSync(new URL("./tests/fixtures/migrations/seed.sql", import.meta.url), "utf8"),
        },
        // A second database nobody migrates up front, for the same test.
        d1Databases: { MIGRATION_DB: "migration-rehearsal" },
      },
    }),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname, "@workers": new URL("./workers", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    setupFiles: ["./tests/setup.ts"],
    globalSetup: ["./tests/global-setup.ts", "./tests/fixtures/packages.ts"],
    deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
  },
}));
