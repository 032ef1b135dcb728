// Where the tests' stand-in servers listen (started by tests/global-setup.ts, in Node). Kept apart
// from the set-up itself: test files in workerd import these figures, and must not pull in the
// servers' Node-only code.
// TEST_PORT_BASE moves them all, so two checkouts on one machine can run their suites side by side.
const PORT_BASE = Number(process.env.TEST_PORT_BASE ?? 9477);

export const OIDC_TEST = {
  port: PORT_BASE,
  clientId: "igh-test",
  clientSecret: "igh-test-secret",
  redirectUri: "http://store.test/auth/google/callback",
};

/** The simulated card gateway: results are ready almost at once; tests deliver the callbacks. */
export const CARD_TEST = { port: PORT_BASE + 1, partnerId: "igh-test", partnerKey: "test-card-partner-key", delayMs: 20 };

/** The simulated NOWPayments: tests pay with POST /sim/pay {deliver: false} and deliver the signed notifications. */
export const CRYPTO_TEST = { port: PORT_BASE + 3, apiKey: "test-nowpayments-api-key", ipnSecret: "test-nowpayments-ipn-secret" };

/** The simulated Telegram Bot API; tests make it fail with POST /sim/fail and read /sim/messages. */
export const TELEGRAM_TEST = { port: PORT_BASE + 2, token: "test-telegram-bot-token", chatId: "424242" };

/**
 * The shop's webhook receiver (scripts/webhook-receiver.mjs), which is also the Worker's DNS-over-
 * HTTPS resolver in tests: these names resolve to these addresses, every other name does not exist.
 */
export const WEBHOOK_TEST = {
  port: PORT_BASE + 4,
  names: {
    "internal.example.com": { A: ["10.0.0.7"] },
    "metadata.example.com": { A: ["169.254.169.254"] },
    "loopback6.example.com": { AAAA: ["::1"] },
    "public.example.com": { A: ["93.184.216.34"] },
  },
};
