import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../workers/platform/config";
import { MINIMAL_SETTINGS } from "../fixtures/settings";

const valid = {
  ...MINIMAL_SETTINGS,
  APP_ENV: "production",
  PUBLIC_BASE_URL: "https://store.example.vn",
  MAIL_TRANSPORT: "resend",
  MAIL_API_KEY: "re_live_key",
  MFA_ENCRYPTION_KEY: "a-real-mfa-encryption-key-0123456789abcdef",
};

function refusal(settings: Record<string, unknown>): string {
  try {
    parseConfig(settings);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("configuration", () => {
  it("accepts a complete configuration", () => {
    expect(parseConfig(valid)).toMatchObject({ APP_ENV: "production", ADMIN_EMAIL: "admin@shop.vn" });
  });

  it("names every bad setting in one message", () => {
    const bad = { ...valid, JWT_SECRET: "short", ADMIN_EMAIL: "not-an-email", TELEGRAM_URL: "javascript:alert(1)", ADMIN_PASSWORD: undefined };
    expect(() => parseConfig(bad)).toThrow(ConfigError);
    // refusal() fails the test when nothing is thrown, so the message is always read.
    const message = refusal(bad);
    for (const key of ["JWT_SECRET", "ADMIN_EMAIL", "TELEGRAM_URL", "ADMIN_PASSWORD"]) expect(message).toContain(`${key}: `);
    expect(message).toMatch(/^Cấu hình không hợp lệ \(invalid configuration\): /);
  });
});

describe("PUBLIC_BASE_URL as an owner types it", () => {
  it("with a trailing slash or spaces, builds no link with //", () => {
    for (const typed of ["https://store.example.vn/", " https://store.example.vn// ", "https://store.example.vn"]) {
      expect(parseConfig({ ...valid, PUBLIC_BASE_URL: typed }).PUBLIC_BASE_URL).toBe("https://store.example.vn");
    }
  });
});

describe("attack: running production with development settings", () => {
  // The values committed in .dev.vars.example, as vitest.config.ts reads them.
  const example = env.DEV_VARS_EXAMPLE;
  // What wrangler.toml adds to the example.
  const site = { SITE_NAME: valid.SITE_NAME, TELEGRAM_URL: valid.TELEGRAM_URL, ZALO_URL: valid.ZALO_URL };

  for (const key of ["JWT_SECRET", "SEPAY_API_KEY", "CARD_PARTNER_KEY", "TELEGRAM_BOT_TOKEN", "ADMIN_TOTP_SECRET", "NOWPAYMENTS_API_KEY", "NOWPAYMENTS_IPN_SECRET"]) {
    it(`starts production with the committed development ${key}`, () => {
      expect(example[key]).toBeTruthy();
      const extras: Record<string, Record<string, string>> = {
        CARD_PARTNER_KEY: { CARD_GATEWAY_URL: "https://gw.example.vn/chargingws/v2", CARD_PARTNER_ID: "shop" },
        TELEGRAM_BOT_TOKEN: { TELEGRAM_CHAT_ID: "100200300" },
        // Crypto top-ups (issue 54): either committed secret would let anyone make invoices or sign a notification.
        NOWPAYMENTS_API_KEY: { NOWPAYMENTS_API_URL: "https://api.nowpayments.io", NOWPAYMENTS_IPN_SECRET: "a-real-ipn-secret" },
        NOWPAYMENTS_IPN_SECRET: { NOWPAYMENTS_API_URL: "https://api.nowpayments.io", NOWPAYMENTS_API_KEY: "a-real-api-key" },
      };
      const extra = extras[key] ?? {};
      expect(refusal({ ...valid, ...extra, [key]: example[key] })).toMatch(new RegExp(`${key}: [^;]*phát triển`));
    });
  }

  // A gateway's previous key is accepted beside the current one: the public development value
  // there would let anyone sign a webhook the store credits.
  for (const [slot, development] of [
    ["SEPAY_API_KEY_PREVIOUS", "SEPAY_API_KEY"],
    ["SEPAY_HMAC_SECRET_PREVIOUS", "SEPAY_API_KEY"],
    ["CARD_PARTNER_KEY_PREVIOUS", "CARD_PARTNER_KEY"],
    ["MFA_ENCRYPTION_KEY_PREVIOUS", "JWT_SECRET"],
  ]) {
    it(`starts production with the committed development ${development} in ${slot}`, () => {
      expect(example[development]).toMatch(/^dev-/);
      expect(refusal({ ...valid, [slot]: example[development] })).toMatch(new RegExp(`${slot}: [^;]*phát triển`));
    });
  }

  for (const slot of ["CASSO_SECRET", "PAYOS_CHECKSUM_KEY", "GOOGLE_CLIENT_SECRET", "MAIL_API_KEY", "HEALTH_TOKEN"]) {
    it(`starts production with a development value (dev-…) in ${slot}`, () => {
      expect(refusal({ ...valid, GOOGLE_CLIENT_ID: "client.apps.googleusercontent.com", [slot]: "dev-a-value-anyone-can-read-0123456789" })).toMatch(new RegExp(`${slot}: [^;]*phát triển`));
    });
  }

  it("keeps a previous gateway key with no end date, or one months away: refused", () => {
    for (const slot of ["SEPAY_API_KEY_PREVIOUS", "SEPAY_HMAC_SECRET_PREVIOUS", "CARD_PARTNER_KEY_PREVIOUS"]) {
      expect(refusal({ ...valid, [slot]: "an-old-real-key" })).toContain(`${slot}_UNTIL: cần khi có ${slot}`);
      const far = new Date(Date.now() + 90 * 24 * 60 * 60_000).toISOString().slice(0, 10);
      expect(refusal({ ...valid, [slot]: "an-old-real-key", [`${slot}_UNTIL`]: far })).toContain(`${slot}_UNTIL: tối đa 30 ngày`);
      expect(refusal({ ...valid, [slot]: "an-old-real-key", [`${slot}_UNTIL`]: "next week" })).toContain(`${slot}_UNTIL: ngày kết thúc`);
    }
    const soon = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    expect(parseConfig({ ...valid, SEPAY_API_KEY_PREVIOUS: "an-old-real-key", SEPAY_API_KEY_PREVIOUS_UNTIL: soon }).SEPAY_API_KEY_PREVIOUS_UNTIL).toBe(Date.parse(`${soon}T23:59:59Z`));
  });

  it("starts production with the committed development LICENSE_SIGNING_KEY, however its PEM is laid out", () => {
    const development = example.LICENSE_SIGNING_KEY;
    expect(development).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(refusal({ ...valid, LICENSE_SIGNING_KEY: development })).toMatch(/LICENSE_SIGNING_KEY: [^;]*phát triển/);
    const body = development.replace(/-----[A-Z ]+-----/g, "");
    const relaidOut = `-----BEGIN PRIVATE KEY-----\n${body.slice(0, 30)}\n${body.slice(30)}\n-----END PRIVATE KEY-----\n`;
    expect(refusal({ ...valid, LICENSE_SIGNING_KEY: relaidOut })).toMatch(/LICENSE_SIGNING_KEY: [^;]*phát triển/);
  });

  it("starts without a signing key, or with something that is not an Ed25519 private key", () => {
    expect(refusal({ ...valid, LICENSE_SIGNING_KEY: undefined })).toMatch(/LICENSE_SIGNING_KEY: /);
    expect(refusal({ ...valid, LICENSE_SIGNING_KEY: "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----" })).toMatch(/LICENSE_SIGNING_KEY: /);
  });

  it("starts production without PUBLIC_BASE_URL", () => {
    expect(refusal({ ...valid, PUBLIC_BASE_URL: "" })).toMatch(/PUBLIC_BASE_URL: /);
    expect(refusal({ ...valid, PUBLIC_BASE_URL: undefined })).toMatch(/PUBLIC_BASE_URL: /);
  });

  it("starts production with MAIL_TRANSPORT=outbox (mail kept in the database)", () => {
    expect(refusal({ ...valid, MAIL_TRANSPORT: "outbox" })).toMatch(/MAIL_TRANSPORT: /);
    expect(refusal({ ...valid, MAIL_TRANSPORT: undefined })).toMatch(/MAIL_TRANSPORT: /);
  });

  it("starts production with the whole development example and hears every problem at once", () => {
    const message = refusal({ ...site, ...example, APP_ENV: "production" });
    for (const key of ["JWT_SECRET", "SEPAY_API_KEY", "CARD_PARTNER_KEY", "LICENSE_SIGNING_KEY", "PUBLIC_BASE_URL", "MAIL_TRANSPORT"]) expect(message).toContain(`${key}: `);
  });

  it("still runs development and tests with the example's values", () => {
    expect(parseConfig({ ...site, ...example })).toMatchObject({ APP_ENV: "development", MAIL_TRANSPORT: "outbox" });
    expect(parseConfig({ ...site, ...example, APP_ENV: "test" })).toMatchObject({ APP_ENV: "test" });
  });
});

describe("Telegram notifications settings", () => {
  it("are off without a token, send every event by default, and default to Telegram's API", () => {
    expect(parseConfig(valid)).toMatchObject({ TELEGRAM_BOT_TOKEN: "", TELEGRAM_API_URL: "https://api.telegram.org", LOW_STOCK_THRESHOLD: 5 });
    expect(parseConfig(valid).TELEGRAM_EVENTS).toEqual(["deposit", "transfer_parked", "card_review", "low_stock", "sold_out", "admin_login"]);
    expect(parseConfig({ ...valid, TELEGRAM_EVENTS: " deposit, sold_out " }).TELEGRAM_EVENTS).toEqual(["deposit", "sold_out"]);
  });

  it("refuse an unknown event, a token without a chat, and a bad threshold", () => {
    expect(refusal({ ...valid, TELEGRAM_EVENTS: "deposit,refund" })).toContain("TELEGRAM_EVENTS");
    expect(refusal({ ...valid, TELEGRAM_BOT_TOKEN: "123:abc" })).toContain("TELEGRAM_CHAT_ID");
    expect(refusal({ ...valid, LOW_STOCK_THRESHOLD: "0" })).toContain("LOW_STOCK_THRESHOLD");
  });
});

describe("attack: moving a key daily to keep a week-long offline lease on every device", () => {
  it("sets leases of 168 hours while keys move once every 24: refused, a lease may not outlast the move cooldown", () => {
    expect(refusal({ ...valid, LICENSE_LEASE_HOURS: "168", KEY_DEVICE_RESET_HOURS: "24" })).toMatch(/LICENSE_LEASE_HOURS: [^;]*KEY_DEVICE_RESET_HOURS/);
    expect(refusal({ ...valid, LICENSE_LEASE_HOURS: "25" })).toMatch(/LICENSE_LEASE_HOURS: /);
    // Equal to the cooldown, or a longer cooldown: the lease ends before the key can move again.
    expect(parseConfig({ ...valid, LICENSE_LEASE_HOURS: "24" })).toMatchObject({ LICENSE_LEASE_HOURS: 24, KEY_DEVICE_RESET_HOURS: 24 });
    expect(parseConfig({ ...valid, LICENSE_LEASE_HOURS: "168", KEY_DEVICE_RESET_HOURS: "168" })).toMatchObject({ LICENSE_LEASE_HOURS: 168 });
  });
});

describe("MFA_ENCRYPTION_KEY in production", () => {
  it("is required: without it, rotating JWT_SECRET would make every enrolled secret unreadable", () => {
    expect(refusal({ ...valid, MFA_ENCRYPTION_KEY: "" })).toMatch(/MFA_ENCRYPTION_KEY: cần khi APP_ENV=production/);
  });
});
