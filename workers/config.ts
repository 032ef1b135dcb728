// Settings and secrets, validated once per isolate with one clear message (DESIGN.md §9).
// Plain TypeScript with erasable syntax only: scripts/start.mjs imports this file on Node too.
import { z } from "zod";

const url = z.url({ protocol: /^https?$/ });

// The development secrets committed in .dev.vars.example all start with "dev-": production
// refuses any such value, so the example stays the one place that holds them.
const DEVELOPMENT_VALUE = /^dev-/i;
const SECRETS = ["JWT_SECRET", "SEPAY_API_KEY", "CARD_PARTNER_KEY", "MFA_ENCRYPTION_KEY"] as const;
// A base32 TOTP secret cannot start with "dev-": the example's starts with DEVONLY instead (a random
// secret starts so once in 32^7).
const DEVELOPMENT_TOTP_SECRET = /^DEVONLY/i;

const configSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]),
  SITE_NAME: z.string().min(1),
  TELEGRAM_URL: url,
  ZALO_URL: url,
  // Absolute origin used in links we hand out (feeds, manifests); the request's origin when empty.
  PUBLIC_BASE_URL: z.union([url, z.literal("")]).default(""),
  // The AltStore/SideStore source's identifier, which must never change once published; empty:
  // the public host reversed (set PUBLIC_BASE_URL or this in production).
  ALTSTORE_SOURCE_ID: z.union([z.string().regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, "dạng tên miền ngược, ví dụ vn.iosgamehack.source"), z.literal("")]).default(""),
  JWT_SECRET: z.string().min(32, "phải dài ít nhất 32 ký tự"),
  ADMIN_EMAIL: z.email(),
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
  // Optional (spec §6's short list of admin addresses): when set, a superuser or staff member is
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
  // The shop's bank account for VietQR top-ups, and the limits of spec §9.
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
  // Other bank-notification providers behind the same interface; an empty key turns one off.
  CASSO_SECRET: z.string().default(""),
  PAYOS_CHECKSUM_KEY: z.string().default(""),
  // Phone cards through a chargingws/v2 gateway; an empty URL turns card top-ups off.
  CARD_GATEWAY_URL: z.union([url, z.literal("")]).default(""),
  CARD_PARTNER_ID: z.string().default(""),
  CARD_PARTNER_KEY: z.string().default(""),
  // Carrier fees in percent, as "VIETTEL:20,VINAPHONE:20,MOBIFONE:22".
  CARD_FEES: z
    .string()
    .regex(/^(VIETTEL|VINAPHONE|MOBIFONE):\d{1,2}(,(VIETTEL|VINAPHONE|MOBIFONE):\d{1,2})*$/, "dạng VIETTEL:20,VINAPHONE:20,MOBIFONE:22")
    .default("VIETTEL:20,VINAPHONE:20,MOBIFONE:22"),
  // VND per 1 US$ for key prices set in USD (the wallet is VND). An admin's rate on /admin/settings
  // wins over this; empty: no default, and USD prices cannot be bought until an admin sets one.
  USD_VND_RATE: z
    .preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z.string().trim().regex(/^\d{0,7}$/, "số nguyên dương: số đồng cho 1 US$, ví dụ 25500").default(""),
    )
    .transform((text) => (text === "" ? null : Number(text)))
    .refine((rate) => rate === null || (rate >= 1 && rate <= 1_000_000), "từ 1 đến 1000000 (số đồng cho 1 US$)"),
  // What a good card credits: the gateway's `amount`, or floor(value × (1 − fee/100)).
  CARD_CREDIT: z.enum(["gateway_amount", "fee_formula"]).default("gateway_amount"),
}).superRefine((config, context) => {
  if (config.GOOGLE_CLIENT_ID && !config.GOOGLE_CLIENT_SECRET) {
    context.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_SECRET"], message: "cần khi có GOOGLE_CLIENT_ID" });
  }
  if (config.CARD_GATEWAY_URL && (!config.CARD_PARTNER_ID || !config.CARD_PARTNER_KEY)) {
    context.addIssue({ code: "custom", path: ["CARD_PARTNER_KEY"], message: "cần CARD_PARTNER_ID và CARD_PARTNER_KEY khi có CARD_GATEWAY_URL" });
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
    if (DEVELOPMENT_TOTP_SECRET.test(config.ADMIN_TOTP_SECRET)) {
      context.addIssue({ code: "custom", path: ["ADMIN_TOTP_SECRET"], message: "là giá trị phát triển (bắt đầu bằng DEVONLY); đặt giá trị thật bằng wrangler secret put" });
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

/** The origin for absolute links: the configured public URL, else the request's own. */
export function publicOrigin(env: object, request: Request): string {
  return getConfig(env).PUBLIC_BASE_URL || new URL(request.url).origin;
}
