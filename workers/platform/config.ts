// Settings and secrets, validated once per isolate with one clear message (docs/architecture.md#conventions).
// Plain TypeScript with erasable syntax only: scripts/start.mjs imports this file on Node too.
import { z } from "zod";
import type { NoticeSettings } from "../db/statements/notifications";
// With its extension: Node imports this file as it is, and resolves no path without one.
import { NOTIFICATION_EVENTS } from "../shared/enums.ts";

const url = z.url({ protocol: /^https?$/ });

// The development secrets committed in .dev.vars.example all start with "dev-": production
// refuses any such value, so the example stays the one place that holds them.
export const DEVELOPMENT_VALUE = /^dev-/i;
// The previous slots too: a key there is accepted beside the current one.
export const SECRETS = [
  "JWT_SECRET",
  "SEPAY_API_KEY",
  "SEPAY_API_KEY_PREVIOUS",
  "SEPAY_HMAC_SECRET",
  "SEPAY_HMAC_SECRET_PREVIOUS",
  "CARD_PARTNER_KEY",
  "CARD_PARTNER_KEY_PREVIOUS",
  "NOWPAYMENTS_API_KEY",
  "NOWPAYMENTS_IPN_SECRET",
  "CASSO_SECRET",
  "PAYOS_CHECKSUM_KEY",
  "GOOGLE_CLIENT_SECRET",
  "MAIL_API_KEY",
  "TELEGRAM_BOT_TOKEN",
  "HEALTH_TOKEN",
  "MFA_ENCRYPTION_KEY",
  "MFA_ENCRYPTION_KEY_PREVIOUS",
] as const;
// A base32 TOTP secret cannot start with "dev-": the example's starts with DEVONLY instead (a random
// secret starts so once in 32^7).
const DEVELOPMENT_TOTP_SECRET = /^DEVONLY/i;

// A PEM cannot start with "dev-": the development licence signing key (docs/licensing.md's test
// vectors) is known by its base64 body, whatever the line breaks around it.
const DEVELOPMENT_SIGNING_KEY_BODY = "MC4CAQAwBQYDK2VwBCIEIGjf+nfHIV7YZDC+DdH46DH9Y6jVn+AjiX8pb5TOULTO";
// PKCS#8 of an Ed25519 private key: this 16-byte prefix, then the 32-byte seed (RFC 8410).
const ED25519_PKCS8_PREFIX = "MC4CAQAwBQYDK2VwBCIEI";

/** The base64 body of a PEM private key, on one line or many (`wrangler secret put` or .dev.vars). */
export function pemBody(pem: string): string {
  return pem
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "")
    .replace(/\\n|\s/g, "");
}

/** A previous key's last moment: an ISO date ("2026-12-31", end of that day UTC) or date and time; null when unset. */
const endDate = z
  .string()
  .trim()
  .default("")
  .transform((text, context) => {
    if (text === "") return null;
    const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59Z` : text);
    if (Number.isNaN(at)) {
      context.addIssue({ code: "custom", message: "ngày kết thúc dạng 2026-12-31 hoặc 2026-12-31T12:00:00Z" });
      return z.NEVER;
    }
    return at;
  });

/** The gateway keys accepted beside the current one during a change, each until its end date. */
const PREVIOUS_SECRETS = ["SEPAY_API_KEY_PREVIOUS", "SEPAY_HMAC_SECRET_PREVIOUS", "CARD_PARTNER_KEY_PREVIOUS"] as const;
export type PreviousSecret = (typeof PREVIOUS_SECRETS)[number];
/** A previous key is for a change, not for keeps: its end date is at most this far ahead. */
const PREVIOUS_SECRET_MAX_DAYS = 30;

const configSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]),
  SITE_NAME: z.string().min(1),
  TELEGRAM_URL: url,
  ZALO_URL: url,
  // Absolute origin used in links we hand out (feeds, manifests); the request's origin when empty.
  // Written as typed ("https://shop.vn/ "), used as an origin: spaces and trailing slashes go, so
  // no link is built with "//".
  PUBLIC_BASE_URL: z
    .string()
    .default("")
    .transform((text) => text.trim().replace(/\/+$/, ""))
    .pipe(z.union([url, z.literal("")])),
  // The AltStore/SideStore source's identifier, which must never change once published; empty:
  // the public host reversed (set PUBLIC_BASE_URL or this in production).
  ALTSTORE_SOURCE_ID: z.union([z.string().regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, "dạng tên miền ngược, ví dụ vn.iosgamehack.source"), z.literal("")]).default(""),
  JWT_SECRET: z.string().min(32, "phải dài ít nhất 32 ký tự"),
  // Signs key-check answers and offline leases (docs/licensing.md): an Ed25519 private key, PKCS#8 PEM.
  LICENSE_SIGNING_KEY: z
    .string({ error: "cần một khoá riêng Ed25519 dạng PKCS#8 PEM (openssl genpkey -algorithm ed25519)" })
    .refine((pem) => /^-----BEGIN PRIVATE KEY-----/.test(pem.trim()) && pemBody(pem).startsWith(ED25519_PKCS8_PREFIX) && pemBody(pem).length === 64, "phải là khoá riêng Ed25519 dạng PKCS#8 PEM (openssl genpkey -algorithm ed25519)"),
  // The key that will sign after the next rotation: published by /api/keys/public-key/ so mods
  // released meanwhile pin it too; it signs nothing until it becomes LICENSE_SIGNING_KEY.
  LICENSE_SIGNING_KEY_NEXT: z
    .union([z.literal(""), z.string().refine((pem) => /^-----BEGIN PRIVATE KEY-----/.test(pem.trim()) && pemBody(pem).startsWith(ED25519_PKCS8_PREFIX) && pemBody(pem).length === 64, "phải là khoá riêng Ed25519 dạng PKCS#8 PEM (openssl genpkey -algorithm ed25519)")])
    .default(""),
  // How long a valid answer's offline lease lasts, in hours (at most 7 days, and at most
  // KEY_DEVICE_RESET_HOURS: see the check below); never past the key's expiry.
  LICENSE_LEASE_HOURS: z.coerce.number().int().min(1).max(168, "tối đa 168 giờ (7 ngày)").default(24),
  ADMIN_EMAIL: z.email(),
  // Whoever sends it as a bearer token reads /api/health's details (workers/health.ts); empty: only admins do.
  HEALTH_TOKEN: z.union([z.string().min(32, "phải dài ít nhất 32 ký tự"), z.literal("")]).default(""),
  ADMIN_PASSWORD: z.string().min(8, "phải dài ít nhất 8 ký tự"),
  // The bootstrap admin's TOTP secret (base32, at least 16 characters = 80 bits), so a fresh store,
  // the tests and CI sign in without a phone; empty: that admin enrols at first sign-in.
  ADMIN_TOTP_SECRET: z
    .string()
    .trim()
    .transform((text) => text.replace(/[\s=]/g, "").toUpperCase())
    .pipe(z.union([z.string().regex(/^[A-Z2-7]{16,}$/, "base32 (A–Z, 2–7), ít nhất 16 ký tự"), z.literal("")]))
    .default(""),
  // The key TOTP secrets are encrypted with at rest (derived by HKDF); empty: derived from JWT_SECRET,
  // whose rotation then means every second factor must be enrolled again.
  MFA_ENCRYPTION_KEY: z.union([z.string().min(32, "phải dài ít nhất 32 ký tự"), z.literal("")]).default(""),
  // The key before MFA_ENCRYPTION_KEY during a rotation: it still opens secrets until the cron has
  // sealed them all with the new one (docs/operations.md, "Rotating secrets").
  MFA_ENCRYPTION_KEY_PREVIOUS: z.union([z.string().min(32, "phải dài ít nhất 32 ký tự"), z.literal("")]).default(""),
  // Optional (docs/product.md §6's short list of admin addresses): when set, a superuser or staff member is
  // an admin only with one of these e-mails (comma-separated); ADMIN_EMAIL always is.
  ADMIN_EMAIL_ALLOWLIST: z
    .string()
    .default("")
    .transform((text) => text.split(",").map((email) => email.trim().toLowerCase()).filter(Boolean)),
  // Google sign-in (OpenID Connect). An empty client id turns it off. Locally and in tests the
  // issuer is the project's own OpenID Connect test server (scripts/oidc-server.mjs).
  GOOGLE_ISSUER: url.default("https://accounts.google.com"),
  GOOGLE_CLIENT_ID: z.string().default(""),
  GOOGLE_CLIENT_SECRET: z.string().default(""),
  GOOGLE_SCOPE: z.string().default("openid email profile"),
  // Extra authorization parameters, as a query string (Google: offline access and forced consent).
  GOOGLE_AUTH_PARAMS: z.string().default("access_type=offline&prompt=consent"),
  // Mail: "outbox" keeps mail in the database (development, tests; read it at /dev/outbox in
  // development; refused in production);
  // "resend" posts it to an HTTP mail API with Resend's request shape.
  MAIL_TRANSPORT: z.enum(["outbox", "resend"]).default("outbox"),
  MAIL_FROM: z.string().default("iOS Game Hack <no-reply@iosgamehack.local>"),
  MAIL_API_URL: z.union([url, z.literal("")]).default("https://api.resend.com/emails"),
  MAIL_API_KEY: z.string().default(""),
  // The shop's bank account for VietQR top-ups, and the limits of docs/product.md §9.
  VIETQR_BANK_BIN: z.string().regex(/^\d{6}$/, "phải là 6 chữ số").default("970436"),
  VIETQR_BANK_CODE: z.string().min(2).default("VCB"),
  VIETQR_ACCOUNT_NUMBER: z.string().regex(/^[0-9A-Za-z]{1,19}$/, "1–19 chữ số").default("0000000000"),
  VIETQR_ACCOUNT_NAME: z.string().min(1).default("IOS GAME HACK"),
  VIETQR_MIN_AMOUNT: z.coerce.number().int().positive().default(60_000),
  VIETQR_MAX_AMOUNT: z.coerce.number().int().positive().default(50_000_000),
  VIETQR_STEP: z.coerce.number().int().positive().default(1_000),
  VIETQR_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // Bank confirmations: SePay's "Authorization: Apikey <key>" (or HMAC mode with a secret).
  SEPAY_AUTH: z.enum(["apikey", "hmac"]).default("apikey"),
  SEPAY_API_KEY: z.string().default(""),
  SEPAY_HMAC_SECRET: z.string().default(""),
  // The key before the current one, accepted too while a key change reaches SePay, until its end
  // date (…_UNTIL, required with it): see previousSecret and docs/operations.md.
  SEPAY_API_KEY_PREVIOUS: z.string().default(""),
  SEPAY_API_KEY_PREVIOUS_UNTIL: endDate,
  SEPAY_HMAC_SECRET_PREVIOUS: z.string().default(""),
  SEPAY_HMAC_SECRET_PREVIOUS_UNTIL: endDate,
  // Other bank-notification providers behind the same interface; an empty key turns one off.
  CASSO_SECRET: z.string().default(""),
  PAYOS_CHECKSUM_KEY: z.string().default(""),
  // Phone cards through a chargingws/v2 gateway; an empty URL turns card top-ups off.
  CARD_GATEWAY_URL: z.union([url, z.literal("")]).default(""),
  CARD_PARTNER_ID: z.string().default(""),
  CARD_PARTNER_KEY: z.string().default(""),
  // The partner key before the current one: callbacks signed with it are accepted during a change.
  CARD_PARTNER_KEY_PREVIOUS: z.string().default(""),
  CARD_PARTNER_KEY_PREVIOUS_UNTIL: endDate,
  // Carrier fees in percent, as "VIETTEL:20,VINAPHONE:20,MOBIFONE:22".
  CARD_FEES: z
    .string()
    .regex(/^(VIETTEL|VINAPHONE|MOBIFONE):\d{1,2}(,(VIETTEL|VINAPHONE|MOBIFONE):\d{1,2})*$/, "dạng VIETTEL:20,VINAPHONE:20,MOBIFONE:22")
    .default("VIETTEL:20,VINAPHONE:20,MOBIFONE:22"),
  // Crypto top-ups through NOWPayments (docs/formats.md#nowpayments): an empty URL turns them off.
  // Locally and in tests the API is the simulator (scripts/nowpayments-sim.mjs).
  NOWPAYMENTS_API_URL: z
    .string()
    .default("")
    .transform((text) => text.trim().replace(/\/+$/, ""))
    .pipe(z.union([url, z.literal("")])),
  NOWPAYMENTS_API_KEY: z.string().default(""),
  NOWPAYMENTS_IPN_SECRET: z.string().default(""),
  // VND per 1 US$ for key prices set in USD (the wallet is VND). An admin's rate on /admin/settings
  // wins over this; empty: no default, and USD prices cannot be bought until an admin sets one.
  USD_VND_RATE: z
    .preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z.string().trim().regex(/^\d{0,7}$/, "số nguyên dương: số đồng cho 1 US$, ví dụ 25500").default(""),
    )
    .transform((text) => (text === "" ? null : Number(text)))
    .refine((rate) => rate === null || (rate >= 1 && rate <= 1_000_000), "từ 1 đến 1000000 (số đồng cho 1 US$)"),
  // How often a buyer may move a key to another device (hours between two resets of one key).
  KEY_DEVICE_RESET_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  // What a good card credits: the gateway's `amount`, or floor(value × (1 − fee/100)).
  CARD_CREDIT: z.enum(["gateway_amount", "fee_formula"]).default("gateway_amount"),
  // Days the audit log keeps an entry before the cron removes it; the database refuses to delete
  // one younger than 30 days, so a shorter setting is refused here too.
  AUDIT_RETENTION_DAYS: z.coerce.number().int("số nguyên ngày").min(30, "ít nhất 30 ngày").max(36_500, "nhiều nhất 36500 ngày").default(365),
  // The owner's Telegram notifications: an empty token turns them off (nothing is recorded).
  // Locally and in tests the API is the simulator (scripts/telegram-sim.mjs).
  TELEGRAM_BOT_TOKEN: z.string().trim().default(""),
  TELEGRAM_CHAT_ID: z.string().trim().default(""),
  TELEGRAM_API_URL: url.default("https://api.telegram.org"),
  // Where the shop's webhook host name is looked up (DNS over HTTPS, JSON), so a name that points
  // at a private address is refused (workers/owner/store-events.ts).
  WEBHOOK_DNS_URL: url.default("https://cloudflare-dns.com/dns-query"),
  // Which events are sent, comma-separated; empty: all of them.
  TELEGRAM_EVENTS: z
    .string()
    .default("")
    .transform((text) => text.split(",").map((event) => event.trim()).filter(Boolean))
    .pipe(z.array(z.enum(NOTIFICATION_EVENTS, `một danh sách trong ${NOTIFICATION_EVENTS.join(", ")}`)))
    .transform((events) => (events.length === 0 ? [...NOTIFICATION_EVENTS] : events)),
  // Characters a key code may hold beyond ASCII letters, digits, "-" and "_" (e.g. "ĐƠ"); empty: none.
  // Nothing invisible or blank: a buyer types what they see (workers/licensing/key-alphabet.ts).
  KEY_CODE_EXTRA_CHARACTERS: z
    .string()
    .default("")
    .refine((text) => !/[\p{C}\p{Z}]/u.test(text), "chỉ gồm ký tự nhìn thấy được: không có dấu cách, ký tự ẩn hay ký tự điều khiển"),
  // A pricing is low on stock at this many available keys or fewer (one alert per crossing).
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(1).max(10_000).default(5),
}).superRefine((config, context) => {
  if (config.GOOGLE_CLIENT_ID && !config.GOOGLE_CLIENT_SECRET) {
    context.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_SECRET"], message: "cần khi có GOOGLE_CLIENT_ID" });
  }
  if (config.CARD_GATEWAY_URL && (!config.CARD_PARTNER_ID || !config.CARD_PARTNER_KEY)) {
    context.addIssue({ code: "custom", path: ["CARD_PARTNER_KEY"], message: "cần CARD_PARTNER_ID và CARD_PARTNER_KEY khi có CARD_GATEWAY_URL" });
  }
  if (config.NOWPAYMENTS_API_URL && (!config.NOWPAYMENTS_API_KEY || !config.NOWPAYMENTS_IPN_SECRET)) {
    context.addIssue({ code: "custom", path: ["NOWPAYMENTS_IPN_SECRET"], message: "cần NOWPAYMENTS_API_KEY và NOWPAYMENTS_IPN_SECRET khi có NOWPAYMENTS_API_URL" });
  }
  if (config.TELEGRAM_BOT_TOKEN && !config.TELEGRAM_CHAT_ID) {
    context.addIssue({ code: "custom", path: ["TELEGRAM_CHAT_ID"], message: "cần khi có TELEGRAM_BOT_TOKEN" });
  }
  // A moved key's old device keeps its lease until it ends: were a lease longer than the move
  // cooldown, a key moved at every cooldown would run offline on several devices at once. No
  // longer than the cooldown, it runs on at most one device beyond the bound one (docs/licensing.md §10).
  if (config.LICENSE_LEASE_HOURS > config.KEY_DEVICE_RESET_HOURS) {
    context.addIssue({
      code: "custom",
      path: ["LICENSE_LEASE_HOURS"],
      message: `không được dài hơn KEY_DEVICE_RESET_HOURS (${config.KEY_DEVICE_RESET_HOURS} giờ): một key đổi thiết bị sau mỗi lần chờ sẽ chạy offline trên nhiều máy cùng lúc`,
    });
  }
  for (const slot of PREVIOUS_SECRETS) {
    const until = config[`${slot}_UNTIL`];
    if (config[slot] && until === null) {
      context.addIssue({ code: "custom", path: [`${slot}_UNTIL`], message: `cần khi có ${slot}: ngày khoá cũ hết được chấp nhận (tối đa ${PREVIOUS_SECRET_MAX_DAYS} ngày)` });
    }
    if (until !== null && until > Date.now() + PREVIOUS_SECRET_MAX_DAYS * 24 * 60 * 60_000) {
      context.addIssue({ code: "custom", path: [`${slot}_UNTIL`], message: `tối đa ${PREVIOUS_SECRET_MAX_DAYS} ngày kể từ hôm nay` });
    }
  }
  if (config.MAIL_TRANSPORT === "resend" && !config.MAIL_API_KEY) {
    context.addIssue({ code: "custom", path: ["MAIL_API_KEY"], message: "cần khi MAIL_TRANSPORT=resend" });
  }
  if (config.APP_ENV === "production") {
    for (const key of SECRETS) {
      if (DEVELOPMENT_VALUE.test(config[key])) {
        context.addIssue({ code: "custom", path: [key], message: "là giá trị phát triển (bắt đầu bằng dev-); đặt giá trị thật bằng wrangler secret put" });
      }
    }
    if (pemBody(config.LICENSE_SIGNING_KEY) === DEVELOPMENT_SIGNING_KEY_BODY) {
      context.addIssue({ code: "custom", path: ["LICENSE_SIGNING_KEY"], message: "là khoá phát triển (công khai trong docs/licensing.md); tạo khoá thật bằng openssl genpkey -algorithm ed25519 và đặt bằng wrangler secret put" });
    }
    if (DEVELOPMENT_TOTP_SECRET.test(config.ADMIN_TOTP_SECRET)) {
      context.addIssue({ code: "custom", path: ["ADMIN_TOTP_SECRET"], message: "là giá trị phát triển (bắt đầu bằng DEVONLY); đặt giá trị thật bằng wrangler secret put" });
    }
    if (!config.MFA_ENCRYPTION_KEY) {
      context.addIssue({ code: "custom", path: ["MFA_ENCRYPTION_KEY"], message: "cần khi APP_ENV=production (openssl rand -base64 48), để đổi JWT_SECRET không khoá tài khoản quản trị" });
    }
    if (!config.PUBLIC_BASE_URL) {
      context.addIssue({ code: "custom", path: ["PUBLIC_BASE_URL"], message: "cần khi APP_ENV=production (địa chỉ https của cửa hàng)" });
    }
    if (config.MAIL_TRANSPORT === "outbox") {
      context.addIssue({ code: "custom", path: ["MAIL_TRANSPORT"], message: "không được là outbox khi APP_ENV=production (thư sẽ không được gửi)" });
    }
  }
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(source: Record<string, unknown>): Config {
  const result = configSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}`);
    throw new ConfigError(`Cấu hình không hợp lệ (invalid configuration): ${problems.join("; ")}`);
  }
  return result.data;
}

const cache = new WeakMap<object, Config>();

/** The validated settings of this Worker's environment, parsed once per env object. */
export function getConfig(env: object): Config {
  let config = cache.get(env);
  if (!config) {
    config = parseConfig(env as Record<string, unknown>);
    cache.set(env, config);
  }
  return config;
}

/** Notifications are recorded only while a bot token is set, and only for the chosen events. */
export function noticeSettings(env: object): NoticeSettings {
  const config = getConfig(env);
  return { kinds: new Set(config.TELEGRAM_BOT_TOKEN ? config.TELEGRAM_EVENTS : []), lowStockThreshold: config.LOW_STOCK_THRESHOLD };
}

/** The origin for absolute links: the configured public URL, else the request's own. */
export function publicOrigin(env: object, request: Request): string {
  return getConfig(env).PUBLIC_BASE_URL || new URL(request.url).origin;
}

/**
 * The same bindings with one request's database (its D1 session, workers/platform/http/read-routing.ts):
 * the settings already parsed for `env` stay parsed, so a request pays for no second parse.
 */
export function withDatabase(env: Env, database: D1Database): Env {
  const scoped = { ...env, DB: database };
  const parsed = cache.get(env);
  if (parsed) cache.set(scoped, parsed);
  return scoped;
}

/** A previous gateway key while its end date has not passed; "" after it (the key is refused). */
export function previousSecret(config: Config, slot: PreviousSecret, now = Date.now()): string {
  const until = config[`${slot}_UNTIL`];
  return config[slot] && until !== null && now <= until ? config[slot] : "";
}
