// The whole data model of docs/product.md §3 in one place. Money is INTEGER VND (or the pricing
// currency's minor unit); times are UTC epoch milliseconds. Invariants live in constraints
// (docs/architecture.md#data) so that a D1 batch that would break one fails as a whole.
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { KEY_STATUSES, PROMOTION_STATUSES, STORE_EVENT_TYPES, UPLOAD_KINDS } from "../shared/enums";
import { LANGS } from "../shared/lang";
import { CARD_TELCOS } from "../shared/money/card-rule";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const flag = (name: string, initial: boolean) =>
  integer(name, { mode: "boolean" }).notNull().default(initial);

export const APP_TYPES = ["ipa", "itms-ipa", "testflight", "tipa", "roothide", "rootless", "rootfull"] as const;
export type AppType = (typeof APP_TYPES)[number];
export const APP_STATUSES = ["active", "failed"] as const;
export const CURRENCIES = ["VND", "USD"] as const;
export const LEDGER_TYPES = ["deposit", "purchase", "admin_adjustment"] as const;
export const LEDGER_STATUSES = ["completed", "pending", "failed"] as const;
export const PROMOTION_TYPES = ["percentage", "fixed", "tiered"] as const;
export const VIETQR_STATUSES = ["pending", "paid", "cancelled", "expired", "failed"] as const;
export const CARD_STATUSES = [
  "pending",
  "success",
  "failed",
  "invalid_card",
  "used_card",
  "wrong_amount",
  "system_error",
] as const;
// A crypto top-up (workers/money/crypto.ts): waiting for its payment; credited in part or in full;
// closed (failed, expired, refused by the store); or refunded after a credit.
export const CRYPTO_STATUSES = ["pending", "partial", "credited", "failed", "expired", "refused", "refunded"] as const;
// A payment the gateway reported: followed with its top-up, or parked for an admin (a second
// deposit, a success after the top-up closed) until an admin credits or refuses it.
export const CRYPTO_PAYMENT_REVIEWS = ["none", "parked", "credited", "refused"] as const;
export const PAYMENT_EVENT_STATUSES = ["credited", "unmatched", "dismissed", "ignored"] as const;
export const STOCK_ALERTS = ["low", "sold_out"] as const;
export const MFA_CHALLENGE_PURPOSES = ["verify", "enrol"] as const;
export const NOTIFICATION_KINDS = [
  "deposit",
  "transfer_parked",
  "card_review",
  "low_stock",
  "sold_out",
  "admin_login",
  "ops",
] as const;
export const NOTIFICATION_STATUSES = ["pending", "sent", "failed"] as const;

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(", ")})`);

// ---------------------------------------------------------------- catalogue

export const apps = sqliteTable(
  "apps",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    url: text("url").notNull(), // the slug of /{slug}
    description: text("description").notNull().default(""),
    version: text("version").notNull().default(""),
    appType: text("app_type", { enum: APP_TYPES }).notNull().default("ipa"),
    developer: text("developer"),
    changelog: text("changelog").notNull().default(""),
    status: text("status", { enum: APP_STATUSES }).notNull().default("active"),
    category: text("category").notNull().default("games"),
    price: integer("price").notNull().default(0),
    currency: text("currency", { enum: CURRENCIES }).notNull().default("VND"),
    appVersion: text("app_version"),
    appSize: text("app_size"),
    iconKey: text("icon_key"), // R2 object, served by the store
    iconUrl: text("icon_url"), // or an external image
    // The stored icon's pixel size and the widths of its WebP copies (migrations/0017); null before.
    iconWidth: integer("icon_width"),
    iconHeight: integer("icon_height"),
    iconVariants: text("icon_variants", { mode: "json" }).$type<number[]>(),
    fileKey: text("file_key"), // R2 object behind the download
    fileName: text("file_name"),
    fileSize: integer("file_size"),
    fileSha256: text("file_sha256"),
    fileUrl: text("file_url"), // an external download, when no file is stored
    itmsUrl: text("itms_url"),
    testflightUrl: text("testflight_url"),
    bundleIdentifier: text("bundle_identifier"),
    buildNumber: text("build_number"),
    minimumOsVersion: text("minimum_os_version").notNull().default("14.0"),
    // What the IPA/DEB reader found (entitlements, privacy strings, DEB control fields), as JSON.
    packageInfo: text("package_info", { mode: "json" }).$type<Record<string, unknown>>(),
    downloadCount: integer("download_count").notNull().default(0),
    // What the key check tells the mod (docs/licensing.md): the lowest supported build and a short
    // announcement, both set by the admin; null when unset (migrations/0015).
    minVersion: text("min_version"),
    announcement: text("announcement"),
    // The English edition's name and description (/en/), set by the admin; null: the Vietnamese
    // ones are shown (migrations/0019).
    nameEn: text("name_en"),
    descriptionEn: text("description_en"),
    // The key pricing Sileo and Zebra buy at once from the wallet (docs/product.md, "Buying in
    // Sileo and Zebra"); null: every purchase there goes through the store's page (migrations/0024).
    packageManagerPricingId: integer("package_manager_pricing_id"),
    // A trial's length in hours (issue 55 item 3, migrations/0022); 0: the app offers no trial.
    trialHours: integer("trial_hours").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("apps_url_unique").on(t.url),
    index("apps_status_updated").on(t.status, t.updatedAt),
    index("apps_bundle").on(t.bundleIdentifier),
    check("apps_type_check", inList("app_type", APP_TYPES)),
    check("apps_status_check", inList("status", APP_STATUSES)),
    check("apps_price_check", sql`price >= 0`),
    check("apps_downloads_check", sql`download_count >= 0`),
  ],
);

export const appMedia = sqliteTable(
  "app_media",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    appId: integer("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    mediaType: text("media_type", { enum: ["image", "video"] }).notNull().default("image"),
    objectKey: text("object_key"), // R2 object
    externalUrl: text("external_url"),
    contentType: text("content_type"),
    size: integer("size"),
    duration: integer("duration"), // seconds, videos only
    // An image's pixel size and the widths of its WebP copies (migrations/0017); null for videos and older rows.
    width: integer("width"),
    height: integer("height"),
    variants: text("variants", { mode: "json" }).$type<number[]>(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("app_media_app").on(t.appId, t.position),
    check("app_media_source_check", sql`object_key IS NOT NULL OR external_url IS NOT NULL`),
  ],
);

// Every stored build of an app, newest last: the edit page's update history and the
// AltStore source's versions come from here.
export const appReleases = sqliteTable(
  "app_releases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    appId: integer("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    buildNumber: text("build_number"),
    fileKey: text("file_key"),
    fileSize: integer("file_size"),
    fileSha256: text("file_sha256"),
    minimumOsVersion: text("minimum_os_version"),
    changelog: text("changelog"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("app_releases_app").on(t.appId, t.createdAt)],
);

// One row (id 1): the catalogue's version, raised by every change to what the public pages and
// feeds show. The edge cache keys its copies with it (workers/catalogue/catalogue-cache.ts).
export const catalogueState = sqliteTable(
  "catalogue_state",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
  },
  () => [check("catalogue_state_single_row", sql`id = 1`)],
);

// MD5 of stored files, for the APT index (apt wants MD5sum next to SHA256), computed once per
// file content: keyed by the content's SHA-256, so a replaced file never inherits an old digest.
export const fileDigests = sqliteTable("file_digests", {
  sha256: text("sha256").primaryKey(),
  md5: text("md5").notNull(),
});

// Multipart uploads of large files to R2 (docs/architecture.md#files). An upload is `uploading` until its
// parts are joined and its content checked (`completed`), then `attached` once an app uses the
// object. The cron deletes what stays unattached past `expires_at`.
export const UPLOAD_STATUSES = ["uploading", "completed", "attached"] as const;

export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    r2UploadId: text("r2_upload_id").notNull(),
    objectKey: text("object_key").notNull(),
    filename: text("filename").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    kind: text("kind", { enum: UPLOAD_KINDS }).notNull(),
    partSize: integer("part_size").notNull(),
    status: text("status", { enum: UPLOAD_STATUSES }).notNull().default("uploading"),
    sha256: text("sha256"), // of an app file, computed once when the upload completes
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("uploads_status_expiry").on(t.status, t.expiresAt),
    uniqueIndex("uploads_key_unique").on(t.objectKey),
    check("uploads_kind_check", inList("kind", UPLOAD_KINDS)),
    check("uploads_status_check", inList("status", UPLOAD_STATUSES)),
  ],
);

// One row per part sent, so parts may arrive in parallel without overwriting each other.
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

// ---------------------------------------------------------------- accounts

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash"), // null: no usable password (Google account)
    googleSub: text("google_sub"),
    avatarUrl: text("avatar_url"),
    isSuperuser: flag("is_superuser", false),
    isStaff: flag("is_staff", false),
    isActive: flag("is_active", true),
    balance: integer("balance").notNull().default(0),
    totalSpent: integer("total_spent").notNull().default(0),
    totalKeysPurchased: integer("total_keys_purchased").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLogin: integer("last_login", { mode: "timestamp_ms" }),
    passwordChangedAt: integer("password_changed_at", { mode: "timestamp_ms" }),
    // When the owner proved they read mail at this address (a used reset link, or Google vouching
    // for it); null: nobody ever did, so an identity provider may not share the account.
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    // TOTP second factor (RFC 6238): the secret encrypted at rest, when it was confirmed, and the
    // last accepted time step, so an accepted code is never accepted again.
    mfaSecret: text("mfa_secret"),
    mfaEnabledAt: integer("mfa_enabled_at", { mode: "timestamp_ms" }),
    mfaLastStep: integer("mfa_last_step"),
    // Moved by every event that changes who may act for the account (docs/decisions/0022): a
    // session, challenge, device token or reset link born in an earlier epoch is dead.
    securityEpoch: integer("security_epoch").notNull().default(0),
    // The first completed order's time, kept by triggers on orders (migrations/0014): the overview's
    // first-time buyers are a range of its index (docs/decisions/0030-sizing-and-scale.md).
    firstPurchaseAt: integer("first_purchase_at", { mode: "timestamp_ms" }),
    // The buyer's own switch for the store's notices (key expiry, app updates); on by default.
    emailNotifications: flag("email_notifications", true),
    // Moved when the buyer turns the notices back on: unsubscribe links signed before are dead
    // (docs/decisions/0032-buyer-mails.md).
    mailLinkGeneration: integer("mail_link_generation").notNull().default(0),
    // The language the store writes to the buyer in (the mails): set at registration, changed from
    // the profile (POST /api/auth/locale/; migrations/0019).
    locale: text("locale", { enum: LANGS }).notNull().default("vi"),
    // What a refund took back beyond the balance (a crypto payment refunded after the money was
    // spent): the balance proper cannot go below zero, so the rest is owed here, and the account
    // buys nothing while it owes (docs/decisions/0050-crypto-top-ups.md).
    debt: integer("debt").notNull().default(0),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    index("users_created").on(t.createdAt),
    index("users_first_purchase").on(t.firstPurchaseAt),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    check("users_balance_check", sql`balance >= 0`),
    check("users_total_spent_check", sql`total_spent >= 0`),
    check("users_keys_check", sql`total_keys_purchased >= 0`),
    check("users_locale_check", inList("locale", LANGS)),
    check("users_debt_check", sql`debt >= 0`),
  ],
);

/** A user as the database holds it. */
export type UserRow = typeof users.$inferSelect;

// Refresh sessions: opaque tokens stored hashed, rotated on use; a reused rotated token
// revokes its whole family.
export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    // When the family began with a real sign-in: its absolute lifetime and "signed in recently".
    signedInAt: integer("signed_in_at", { mode: "timestamp_ms" }),
    // When this family's sign-in passed the second factor; refreshes carry it to new tokens.
    mfaVerifiedAt: integer("mfa_verified_at", { mode: "timestamp_ms" }),
    // The account's security epoch this chain was born in (or carried into); honoured while equal.
    securityEpoch: integer("security_epoch").notNull().default(0),
  },
  (t) => [
    uniqueIndex("sessions_token_unique").on(t.tokenHash),
    index("sessions_family").on(t.familyId),
    index("sessions_user").on(t.userId),
    index("sessions_family_user").on(t.familyId, t.userId),
  ],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    securityEpoch: integer("security_epoch").notNull().default(0),
  },
  (t) => [uniqueIndex("password_reset_token_unique").on(t.tokenHash), index("password_reset_user").on(t.userId)],
);

// Devices that signed in with the password before: a login that presents one is not held by the
// per-account lock (others' guessing cannot lock the owner out), only by its own per-device one.
export const deviceTokens = sqliteTable(
  "device_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    securityEpoch: integer("security_epoch").notNull().default(0),
  },
  (t) => [uniqueIndex("device_tokens_token_unique").on(t.tokenHash), index("device_tokens_user").on(t.userId)],
);

// A phone signed in to the store's payment provider API from Sileo or Zebra (docs/formats.md,
// "Payment provider API"): its token and payment secret stored hashed, bound to the account and
// the phone's UDID, honoured while the account's security epoch is the one it was born in.
export const packageManagerSessions = sqliteTable(
  "package_manager_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    securityEpoch: integer("security_epoch").notNull(),
    tokenHash: text("token_hash").notNull(),
    secretHash: text("secret_hash").notNull(),
    udid: text("udid").notNull(),
    model: text("model").notNull().default(""),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("package_manager_sessions_token_unique").on(t.tokenHash), index("package_manager_sessions_user").on(t.userId)],
);

// Single-use links the provider API hands a phone: a download of a bought package (two minutes)
// and the store's checkout page in the package manager's sheet (thirty minutes), stored hashed.
export const packageManagerLinks = sqliteTable(
  "package_manager_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["download", "checkout"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appId: integer("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    udid: text("udid").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("package_manager_links_token_unique").on(t.tokenHash), check("package_manager_links_kind_check", inList("kind", ["download", "checkout"]))],
);

// Store settings an admin changes at run time (the USD→VND rate); a missing row falls back to
// the setting of the same name in the environment.
export const storeSettings = sqliteTable("store_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

// Exact counters for rate limits (the Rate Limiting binding is only approximate).
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
  count: integer("count").notNull().default(0),
  blockedUntil: integer("blocked_until", { mode: "timestamp_ms" }),
});

// Mail goes through one mailer; this outbox is what development and tests read.
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    template: text("template").notNull(),
    // Extra mail headers as JSON (List-Unsubscribe), null: none.
    headers: text("headers"),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("mail_outbox_status").on(t.status, t.createdAt), index("mail_outbox_to").on(t.toAddress)],
);

export const BUYER_MAIL_KINDS = ["key_expiry", "app_update", "app_paused", "app_resumed"] as const;
export const BUYER_MAIL_STATUSES = ["queued", "claimed", "sent", "skipped", "abandoned"] as const;

// The buyers' notices, each queued once (dedupe_key) and sent at most once: a run claims rows
// before sending, and a claim left by a run that died is abandoned, never sent again
// (docs/decisions/0032-buyer-mails.md).
export const buyerMails = sqliteTable(
  "buyer_mails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: BUYER_MAIL_KINDS }).notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appId: integer("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    keyId: integer("key_id").references(() => licenseKeys.id, { onDelete: "cascade" }),
    version: text("version"),
    // The pause an app_paused or app_resumed mail tells of (app_pauses.id; no foreign key, as app_pauses has none).
    pauseId: integer("pause_id"),
    status: text("status", { enum: BUYER_MAIL_STATUSES }).notNull().default("queued"),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("buyer_mails_dedupe_unique").on(t.dedupeKey),
    index("buyer_mails_due").on(t.status, t.id),
    check("buyer_mails_kind_check", inList("kind", BUYER_MAIL_KINDS)),
    check("buyer_mails_status_check", inList("status", BUYER_MAIL_STATUSES)),
  ],
);

// ---------------------------------------------------------------- keys

export const keyTypes = sqliteTable(
  "key_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull().default(""),
    durationDays: integer("duration_days").notNull().default(0), // 0 = lifetime
    isActive: flag("is_active", true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("key_types_name_unique").on(t.name), check("key_types_duration_check", sql`duration_days >= 0`)],
);

export const keyPricing = sqliteTable(
  "key_pricing",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    appId: integer("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    keyTypeId: integer("key_type_id")
      .notNull()
      .references(() => keyTypes.id, { onDelete: "restrict" }),
    price: integer("price").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull().default("VND"),
    isActive: flag("is_active", true),
    // The last stock alert sent for this pricing ('low' or 'sold_out'); cleared when stock recovers,
    // so the owner hears once per crossing.
    stockAlert: text("stock_alert", { enum: STOCK_ALERTS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("key_pricing_app_type_unique").on(t.appId, t.keyTypeId),
    check("key_pricing_price_check", sql`price >= 0`),
    check("key_pricing_currency_check", inList("currency", CURRENCIES)),
  ],
);

export const keyBatches = sqliteTable(
  "key_batches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    appId: integer("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    keyTypeId: integer("key_type_id")
      .notNull()
      .references(() => keyTypes.id, { onDelete: "restrict" }),
    batchName: text("batch_name").notNull(),
    description: text("description").notNull().default(""),
    importedCount: integer("imported_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("key_batches_app").on(t.appId)],
);

export const licenseKeys = sqliteTable(
  "license_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    appId: integer("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    keyTypeId: integer("key_type_id")
      .notNull()
      .references(() => keyTypes.id, { onDelete: "restrict" }),
    batchId: integer("batch_id").references(() => keyBatches.id, { onDelete: "set null" }),
    keyCode: text("key_code").notNull(),
    // The code in normal form (normalKeyCode, workers/licensing/key-check.ts): what a key check
    // matches, unique per app. NULL only for rows older than migrations/0013 not yet filled.
    keyCodeNormal: text("key_code_normal"),
    status: text("status", { enum: KEY_STATUSES }).notNull().default("available"),
    // Set in the same batch that claims the key: the purchase that took it.
    orderReference: text("order_reference"),
    soldToUserId: integer("sold_to_user_id").references(() => users.id, { onDelete: "set null" }),
    soldAt: integer("sold_at", { mode: "timestamp_ms" }),
    deviceId: text("device_id"), // bound on first activation through the key-check API
    activatedAt: integer("activated_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    // Key-check bookkeeping: written on activation and at most once an hour after (the hot path
    // of a repeat check writes nothing), so these are "as of the last write".
    lastCheckAt: integer("last_check_at", { mode: "timestamp_ms" }),
    checkCount: integer("check_count").notNull().default(0),
    // The buyer's device resets (rate-limited) and the admin's ban, which answers 'revoked'.
    deviceResetCount: integer("device_reset_count").notNull().default(0),
    deviceResetAt: integer("device_reset_at", { mode: "timestamp_ms" }),
    bannedAt: integer("banned_at", { mode: "timestamp_ms" }),
    // A trial key's length in hours (workers/licensing/trials.ts), counted from its first check; null for a sold key.
    trialHours: integer("trial_hours"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("license_keys_app_code_unique").on(t.appId, t.keyCode),
    uniqueIndex("license_keys_app_code_normal_unique").on(t.appId, t.keyCodeNormal),
    uniqueIndex("license_keys_order_unique").on(t.orderReference),
    index("license_keys_stock").on(t.appId, t.keyTypeId, t.status),
    // An app's keys newest first, maybe of one status (the admin's key list, migrations/0014).
    index("license_keys_app").on(t.appId),
    index("license_keys_app_status").on(t.appId, t.status),
    index("license_keys_code").on(t.keyCode),
    // The key check's lookup ignores case (migrations/0010_key_answer_binding.sql).
    index("license_keys_code_upper").on(sql`upper(${t.keyCode})`),
    // The licence health screen (workers/licensing/licence-health.ts).
    index("license_keys_app_check").on(t.appId, t.lastCheckAt),
    index("license_keys_app_expiry").on(t.appId, t.expiresAt),
    check("license_keys_status_check", inList("status", KEY_STATUSES)),
    check("license_keys_sold_check", sql`status = 'available' OR status = 'revoked' OR order_reference IS NOT NULL`),
  ],
);

// A phone or an address the shop refuses (issue 55 item 2, workers/licensing/bans.ts): a device
// by the hash of its id in normal form, an address range as its first and last address (32 hex
// digits, IPv4 as ::ffff:a.b.c.d), for one app or (app_id null) the whole shop. Lifting keeps the row.
export const bans = sqliteTable(
  "bans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["device", "ip"] }).notNull(),
    appId: integer("app_id").references(() => apps.id, { onDelete: "cascade" }),
    deviceSha256: text("device_sha256"),
    ipFirst: text("ip_first"),
    ipLast: text("ip_last"),
    // What the admin typed: the CIDR, or the device id's last four characters (the id is not kept).
    shown: text("shown").notNull(),
    reason: text("reason").notNull(),
    reasonEn: text("reason_en"),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    createdBy: integer("created_by"), // no foreign key: the record outlives the account
    createdByEmail: text("created_by_email").notNull().default(""),
    createdAt: createdAt(),
    liftedAt: integer("lifted_at", { mode: "timestamp_ms" }),
    liftedByEmail: text("lifted_by_email"),
  },
  (t) => [
    index("bans_device").on(t.deviceSha256),
    index("bans_ip").on(t.ipFirst),
    check("bans_kind_check", sql`kind IN ('device', 'ip')`),
    check("bans_value_check", sql`(kind = 'device' AND device_sha256 IS NOT NULL) OR (kind = 'ip' AND ip_first IS NOT NULL AND ip_last IS NOT NULL)`),
  ],
);

// The phones that have run an app's trial (workers/licensing/key-check.ts): one trial key per app
// and device hash, whichever account claimed it.
export const trialDevices = sqliteTable(
  "trial_devices",
  {
    appId: integer("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    deviceSha256: text("device_sha256").notNull(),
    keyId: integer("key_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.deviceSha256] })],
);

// Each time a key left a device (the buyer's reset or an admin's), written by the trigger
// license_keys_device_moved of migrations/0015: the licence health screen counts them.
export const keyDeviceMoves = sqliteTable(
  "key_device_moves",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    keyId: integer("key_id")
      .notNull()
      .references(() => licenseKeys.id, { onDelete: "cascade" }),
    appId: integer("app_id").notNull(),
    movedAt: integer("moved_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("key_device_moves_app_time").on(t.appId, t.movedAt), index("key_device_moves_key").on(t.keyId)],
);

// An app's pauses (issue 55 item 1, docs/decisions/0051-pause-and-bulk-key-changes.md): while one
// is open (resumed_at NULL; at most one per app) no key of the app loses time. The resume closes
// it and moves every key it froze in the same batch, keyed to this row, so it happens once.
export const appPauses = sqliteTable(
  "app_pauses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // No foreign key: a pause outlives nothing, and an app's rebuild must not cascade into it (ids are never reused).
    appId: integer("app_id").notNull(),
    reason: text("reason").notNull(),
    reasonEn: text("reason_en").notNull(),
    pausedAt: integer("paused_at").notNull(),
    pausedBy: integer("paused_by").references(() => users.id, { onDelete: "set null" }),
    resumedAt: integer("resumed_at"),
    resumedBy: integer("resumed_by").references(() => users.id, { onDelete: "set null" }),
    // The resume that closed it (a random id it wrote): its key update applies only under that id.
    resumeId: text("resume_id"),
    // Keys the resume gave the pause's length to.
    keysMoved: integer("keys_moved"),
  },
  (t) => [uniqueIndex("app_pauses_open").on(t.appId).where(sql`resumed_at IS NULL`), index("app_pauses_app").on(t.appId, t.pausedAt)],
);

// A bulk key change previewed and not yet applied (issue 55 item 4): the admin who asked, the
// filter and action, and in key_bulk_preview_keys exactly the keys it counted. Applying it
// changes those keys, once (applied_at), before expires_at.
export const keyBulkPreviews = sqliteTable(
  "key_bulk_previews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // SHA-256 of the token handed to the admin (the token itself is not stored).
    tokenHash: text("token_hash").notNull(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appId: integer("app_id").notNull(),
    filter: text("filter").notNull(),
    action: text("action", { enum: ["extend", "shorten", "ban", "unban"] }).notNull(),
    days: integer("days"),
    keyCount: integer("key_count").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    appliedAt: integer("applied_at"),
    applyId: text("apply_id"),
    changed: integer("changed"),
  },
  (t) => [uniqueIndex("key_bulk_previews_token").on(t.tokenHash), check("key_bulk_previews_action_check", inList("action", ["extend", "shorten", "ban", "unban"]))],
);

export const keyBulkPreviewKeys = sqliteTable(
  "key_bulk_preview_keys",
  {
    previewId: integer("preview_id")
      .notNull()
      .references(() => keyBulkPreviews.id, { onDelete: "cascade" }),
    // No foreign key (as app_id above): a deleted key is simply not found by the apply.
    keyId: integer("key_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.previewId, t.keyId] })],
);

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Unique per purchase; derived from the client's Idempotency-Key when one is sent.
    reference: text("reference").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    appId: integer("app_id").references(() => apps.id, { onDelete: "set null" }),
    keyPricingId: integer("key_pricing_id").references(() => keyPricing.id, { onDelete: "set null" }),
    keyTypeId: integer("key_type_id").references(() => keyTypes.id, { onDelete: "set null" }),
    keyId: integer("key_id").references(() => licenseKeys.id, { onDelete: "set null" }),
    // Copies, so a purchase keeps what was bought even if the app or key is deleted later.
    appName: text("app_name").notNull(),
    appBundleId: text("app_bundle_id"),
    keyTypeName: text("key_type_name").notNull(),
    keyCode: text("key_code").notNull(),
    amount: integer("amount").notNull(), // the price in `currency`
    currency: text("currency", { enum: CURRENCIES }).notNull().default("VND"),
    // What the wallet was charged, always VND, and the VND per US$ used (null for a VND price).
    vndAmount: integer("vnd_amount").notNull().default(0),
    exchangeRate: integer("exchange_rate"),
    paymentMethod: text("payment_method", { enum: ["balance"] }).notNull().default("balance"),
    status: text("status", { enum: ["completed", "refunded"] }).notNull().default("completed"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("orders_reference_unique").on(t.reference),
    index("orders_user").on(t.userId, t.createdAt),
    index("orders_created").on(t.createdAt),
    // The overview's sales of a period and an app's orders, read from the index alone (migrations/0014).
    index("orders_sales").on(t.createdAt, t.status, t.vndAmount, t.appId, t.appName, t.userId),
    index("orders_app").on(t.appId, t.status, t.vndAmount),
    check("orders_amount_check", sql`amount >= 0`),
  ],
);

// ---------------------------------------------------------------- money

// The ledger: every change of a balance is one row (docs/architecture.md#money).
export const walletTransactions = sqliteTable(
  "wallet_transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    transactionType: text("transaction_type", { enum: LEDGER_TYPES }).notNull(),
    // What caused it: a VietQR/card top-up, a promotion bonus, a purchase, an admin.
    source: text("source", { enum: ["vietqr", "card", "bank_transfer", "crypto", "bonus", "purchase", "admin"] }).notNull(),
    amount: integer("amount").notNull(), // signed: credits positive, debits negative
    balanceBefore: integer("balance_before").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    status: text("status", { enum: LEDGER_STATUSES }).notNull().default("completed"),
    description: text("description").notNull().default(""),
    // The line's declared form (workers/money/messages.ts LEDGER_MESSAGES) and its arguments, a JSON
    // array: the buyer's ledger says it in the reader's language. NULL on a row no form is known for.
    descriptionCode: text("description_code"),
    descriptionArgs: text("description_args"),
    reference: text("reference").notNull(), // unique: a credit or debit happens once
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    promotionId: integer("promotion_id").references(() => promotions.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wallet_transactions_reference_unique").on(t.reference),
    index("wallet_transactions_user").on(t.userId, t.id),
    index("wallet_transactions_created").on(t.createdAt, t.transactionType),
    check("wallet_transactions_type_check", inList("transaction_type", LEDGER_TYPES)),
    check("wallet_transactions_math_check", sql`balance_after = balance_before + amount`),
    check("wallet_transactions_nonnegative_check", sql`balance_before >= 0 AND balance_after >= 0`),
  ],
);

// The ledger summed per Vietnam day (UTC+7, day number since 1970), type, source and status,
// written by triggers on wallet_transactions in the statement that writes the ledger row
// (migrations/0014): the overview reads days, not rows (docs/decisions/0030-sizing-and-scale.md).
export const ledgerDaily = sqliteTable(
  "ledger_daily",
  {
    day: integer("day").notNull(),
    transactionType: text("transaction_type", { enum: LEDGER_TYPES }).notNull(),
    source: text("source").notNull(),
    status: text("status", { enum: LEDGER_STATUSES }).notNull(),
    total: integer("total").notNull(),
    entries: integer("entries").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.transactionType, t.source, t.status] })],
);

// Orders summed per Vietnam day and status, written by triggers on orders (migrations/0014): the
// overview's revenue periods and sales by day.
export const salesDaily = sqliteTable(
  "sales_daily",
  {
    day: integer("day").notNull(),
    status: text("status", { enum: ["completed", "refunded"] }).notNull(),
    orders: integer("orders").notNull(),
    revenue: integer("revenue").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

export const promotions = sqliteTable(
  "promotions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    code: text("code").notNull(),
    promotionType: text("promotion_type", { enum: PROMOTION_TYPES }).notNull().default("percentage"),
    bonusPercentage: integer("bonus_percentage"),
    bonusAmount: integer("bonus_amount"),
    // For tiered promotions: [{ min_amount, bonus_percentage?, bonus_amount? }], highest tier that fits wins.
    tiers: text("tiers", { mode: "json" }).$type<{ min_amount: number; bonus_percentage?: number; bonus_amount?: number }[]>(),
    minDepositAmount: integer("min_deposit_amount").notNull().default(10000),
    maxDepositAmount: integer("max_deposit_amount"),
    maxBonusAmount: integer("max_bonus_amount"),
    usageLimitPerUser: integer("usage_limit_per_user"),
    totalUsageLimit: integer("total_usage_limit"),
    totalUsed: integer("total_used").notNull().default(0),
    startDate: integer("start_date", { mode: "timestamp_ms" }).notNull(),
    endDate: integer("end_date", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: PROMOTION_STATUSES }).notNull().default("active"),
    isAutomatic: flag("is_automatic", true),
    requiresCode: flag("requires_code", false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("promotions_code_unique").on(t.code),
    index("promotions_active").on(t.status, t.startDate, t.endDate),
    check("promotions_percentage_check", sql`bonus_percentage IS NULL OR (bonus_percentage BETWEEN 1 AND 100)`),
    check("promotions_dates_check", sql`end_date > start_date`),
    check(
      "promotions_usage_check",
      sql`total_used >= 0 AND (total_usage_limit IS NULL OR total_used <= total_usage_limit)`,
    ),
  ],
);

export const promotionUsages = sqliteTable(
  "promotion_usages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    depositReference: text("deposit_reference").notNull(), // counted once per deposit
    depositAmount: integer("deposit_amount").notNull(),
    bonusAmount: integer("bonus_amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promotion_usages_deposit_unique").on(t.depositReference),
    index("promotion_usages_user").on(t.promotionId, t.userId),
  ],
);

export const vietqrTopups = sqliteTable(
  "vietqr_topups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: text("transaction_id").notNull(), // public id
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    transferCode: text("transfer_code").notNull(), // what the buyer types as transfer content
    status: text("status", { enum: VIETQR_STATUSES }).notNull().default("pending"),
    bankCode: text("bank_code").notNull(),
    bankBin: text("bank_bin").notNull().default(""),
    accountNumber: text("account_number").notNull(),
    accountName: text("account_name").notNull(),
    qrPayload: text("qr_payload").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    paymentEventId: integer("payment_event_id").references(() => paymentEvents.id, { onDelete: "set null" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    cancelReason: text("cancel_reason"),
    // The code the buyer typed for a promotion that requires one, and the bonus paid with the top-up.
    promotionCode: text("promotion_code"),
    bonusAmount: integer("bonus_amount"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vietqr_topups_transaction_unique").on(t.transactionId),
    uniqueIndex("vietqr_topups_code_unique").on(t.transferCode),
    index("vietqr_topups_user").on(t.userId, t.createdAt),
    index("vietqr_topups_pending").on(t.status, t.expiresAt),
    check("vietqr_topups_amount_check", sql`amount > 0`),
    check("vietqr_topups_status_check", inList("status", VIETQR_STATUSES)),
  ],
);

export const cardTopups = sqliteTable(
  "card_topups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: text("transaction_id").notNull(), // public id
    requestId: text("request_id").notNull(), // ours, sent to the gateway
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    telco: text("telco", { enum: CARD_TELCOS }).notNull(),
    cardSerial: text("card_serial").notNull(),
    cardCode: text("card_code").notNull(), // needed to re-check the card with the gateway
    cardValue: integer("card_value").notNull(),
    feePercent: integer("fee_percent").notNull(),
    status: text("status", { enum: CARD_STATUSES }).notNull().default("pending"),
    gatewayTransId: text("gateway_trans_id"),
    gatewayStatus: integer("gateway_status"),
    gatewayMessage: text("gateway_message"),
    realValue: integer("real_value"),
    amountReceived: integer("amount_received"),
    creditedAt: integer("credited_at", { mode: "timestamp_ms" }),
    checkAttempts: integer("check_attempts").notNull().default(0),
    nextCheckAt: integer("next_check_at", { mode: "timestamp_ms" }), // the cron's next re-check
    promotionCode: text("promotion_code"),
    bonusAmount: integer("bonus_amount"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("card_topups_transaction_unique").on(t.transactionId),
    uniqueIndex("card_topups_request_unique").on(t.requestId),
    index("card_topups_user").on(t.userId, t.createdAt),
    index("card_topups_pending").on(t.status, t.createdAt),
    index("card_topups_card").on(t.telco, t.cardSerial),
    // One card cannot be pending twice: the constraint decides a race, not a check before insert.
    uniqueIndex("card_topups_pending_card_unique").on(t.telco, t.cardSerial).where(sql`status = 'pending'`),
    index("card_topups_next_check").on(t.status, t.nextCheckAt),
    check("card_topups_value_check", sql`card_value > 0`),
    check("card_topups_status_check", inList("status", CARD_STATUSES)),
  ],
);

// Crypto top-ups through NOWPayments (docs/product.md, "Crypto"): the invoice of `usd_cents` US
// cents at `rate` VND per US$, locked when it was made; `vnd_amount` is what the whole invoice
// credits. `credited_vnd` is what its payment credited so far (a partial payment, then the rest).
export const cryptoTopups = sqliteTable(
  "crypto_topups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }), // also the invoice's order_id
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    usdCents: integer("usd_cents").notNull(),
    rate: integer("rate").notNull(),
    vndAmount: integer("vnd_amount").notNull(),
    status: text("status", { enum: CRYPTO_STATUSES }).notNull().default("pending"),
    // The gateway's own word for the payment (waiting, confirming, …), shown to the buyer.
    gatewayStatus: text("gateway_status"),
    invoiceId: text("invoice_id"),
    invoiceUrl: text("invoice_url"),
    paymentId: text("payment_id"),
    payAmount: text("pay_amount"),
    payCurrency: text("pay_currency"),
    actuallyPaid: text("actually_paid"),
    creditedVnd: integer("credited_vnd").notNull().default(0),
    refundedVnd: integer("refunded_vnd").notNull().default(0),
    promotionCode: text("promotion_code"),
    bonusAmount: integer("bonus_amount"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    checkAttempts: integer("check_attempts").notNull().default(0),
    nextCheckAt: integer("next_check_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("crypto_topups_invoice_unique").on(t.invoiceId),
    index("crypto_topups_user").on(t.userId, t.createdAt),
    index("crypto_topups_next_check").on(t.status, t.nextCheckAt),
    check("crypto_topups_amount_check", sql`usd_cents > 0 AND rate > 0 AND vnd_amount > 0`),
    check("crypto_topups_credited_check", sql`credited_vnd >= 0 AND credited_vnd <= vnd_amount AND refunded_vnd >= 0`),
    check("crypto_topups_status_check", inList("status", CRYPTO_STATUSES)),
  ],
);

// Every crypto payment the gateway told of, once per payment_id, with the read-back it was judged
// by. A second deposit (parent_payment_id) or a payment for a closed top-up is parked here for an
// admin (review 'parked') and credited only by one.
export const cryptoPayments = sqliteTable(
  "crypto_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentId: text("payment_id").notNull(),
    parentPaymentId: text("parent_payment_id"),
    topupId: integer("topup_id")
      .notNull()
      .references(() => cryptoTopups.id, { onDelete: "restrict" }),
    paymentStatus: text("payment_status").notNull(),
    actuallyPaid: text("actually_paid"),
    payAmount: text("pay_amount"),
    // What crediting it would bring, at the top-up's locked rate (the admin's suggestion).
    creditableVnd: integer("creditable_vnd").notNull().default(0),
    review: text("review", { enum: CRYPTO_PAYMENT_REVIEWS }).notNull().default("none"),
    reason: text("reason"),
    rawBody: text("raw_body").notNull(),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolutionNote: text("resolution_note"),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("crypto_payments_payment_unique").on(t.paymentId),
    index("crypto_payments_topup").on(t.topupId),
    index("crypto_payments_review").on(t.review, t.createdAt),
    check("crypto_payments_review_check", inList("review", CRYPTO_PAYMENT_REVIEWS)),
  ],
);

// Every incoming payment notification, kept whatever happens to it: a transfer that matches
// nothing is parked here as 'unmatched' for an admin, never dropped.
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    provider: text("provider", { enum: ["sepay", "casso", "payos", "card"] }).notNull(),
    providerTransactionId: text("provider_transaction_id").notNull(),
    transferType: text("transfer_type", { enum: ["in", "out"] }).notNull().default("in"),
    amount: integer("amount").notNull(),
    content: text("content").notNull().default(""),
    accountNumber: text("account_number"),
    // The bank's own reference of the transfer: two providers watching one account report the
    // same transfer with it, and it is recognised as one.
    bankReference: text("bank_reference"),
    // The same reference in normal form (referenceKey() in workers/money/bank-transfers.ts): with
    // the amount, what every report of one transfer shares whatever its provider, case or account field.
    referenceKey: text("reference_key"),
    // A card's late success, parked for an admin like an unmatched transfer.
    cardTopupId: integer("card_topup_id").references((): AnySQLiteColumn => cardTopups.id, { onDelete: "set null" }),
    rawBody: text("raw_body").notNull(),
    status: text("status", { enum: PAYMENT_EVENT_STATUSES }).notNull(),
    matchedTopupId: integer("matched_topup_id").references((): AnySQLiteColumn => vietqrTopups.id, {
      onDelete: "set null",
    }),
    creditedUserId: integer("credited_user_id").references(() => users.id, { onDelete: "set null" }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolutionNote: text("resolution_note"),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_events_provider_tx_unique").on(t.provider, t.providerTransactionId),
    uniqueIndex("payment_events_bank_reference_unique")
      .on(sql`coalesce(${t.accountNumber}, '')`, t.bankReference, t.amount)
      .where(sql`bank_reference IS NOT NULL`),
    index("payment_events_reference_key").on(t.referenceKey, t.amount),
    // One credited report per transfer: two admins crediting two copies at once cannot both commit.
    uniqueIndex("payment_events_reference_credited_unique")
      .on(t.referenceKey, t.amount)
      .where(sql`reference_key IS NOT NULL AND status = 'credited'`),
    index("payment_events_status").on(t.status, t.receivedAt),
    check("payment_events_status_check", inList("status", PAYMENT_EVENT_STATUSES)),
  ],
);

// ---------------------------------------------------------------- trust: second factor, audit, notifications

// Single-use recovery codes for the second factor, stored hashed.
export const mfaRecoveryCodes = sqliteTable(
  "mfa_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mfa_recovery_codes_hash_unique").on(t.codeHash), index("mfa_recovery_codes_user").on(t.userId)],
);

// The second step of a sign-in: a short-lived, single-use token given after the right password.
// An enrolment carries the proposed secret (encrypted) until its first code confirms it.
export const mfaChallenges = sqliteTable(
  "mfa_challenges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: MFA_CHALLENGE_PURPOSES }).notNull(),
    pendingSecret: text("pending_secret"),
    // What the sign-in asked for (remember this device, client address), to finish it the same way.
    context: text("context").notNull().default("{}"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    securityEpoch: integer("security_epoch").notNull().default(0),
  },
  (t) => [
    uniqueIndex("mfa_challenges_token_unique").on(t.tokenHash),
    index("mfa_challenges_user").on(t.userId),
    check("mfa_challenges_purpose_check", inList("purpose", MFA_CHALLENGE_PURPOSES)),
  ],
);

// Append-only record of admin actions (and failed admin sign-ins). Triggers in the migration
// refuse UPDATE, and DELETE of anything younger than 30 days; the cron applies the retention.
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    actorUserId: integer("actor_user_id"), // no foreign key: the record outlives the account
    actorEmail: text("actor_email").notNull().default(""),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: text("details").notNull().default("{}"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("audit_events_created").on(t.createdAt),
    index("audit_events_action").on(t.action, t.createdAt),
    index("audit_events_actor").on(t.actorUserId, t.createdAt),
  ],
);

// Messages to the owner (Telegram), recorded with the change that caused them and delivered after.
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: NOTIFICATION_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    // Makes recording the same event twice (a replayed webhook, two racing workers) a no-op.
    dedupeKey: text("dedupe_key"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_unique").on(t.dedupeKey),
    index("notifications_due").on(t.status, t.nextAttemptAt),
    index("notifications_created").on(t.createdAt),
    check("notifications_kind_check", inList("kind", NOTIFICATION_KINDS)),
    check("notifications_status_check", inList("status", NOTIFICATION_STATUSES)),
  ],
);

// The shop's webhook outbox (workers/db/statements/store-events.ts records, workers/owner/store-events.ts
// delivers): one row per event, written in the batch of the change it reports, kept with the
// answer its last delivery got. `subject` orders delivery: an event waits for the earlier ones of
// its subject (a key, an app, a buyer).
export const STORE_EVENT_STATUSES = ["pending", "sent", "failed"] as const;

export const storeEvents = sqliteTable(
  "store_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: text("event_id").notNull(),
    type: text("type", { enum: STORE_EVENT_TYPES }).notNull(),
    subject: text("subject").notNull(),
    data: text("data").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    status: text("status", { enum: STORE_EVENT_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    // When it was queued, or queued again by "send again": retries stop 24 hours after.
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }).notNull(),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    lastStatus: integer("last_status"),
    lastAnswer: text("last_answer"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("store_events_event_id_unique").on(t.eventId),
    uniqueIndex("store_events_dedupe_unique").on(t.dedupeKey),
    index("store_events_due").on(t.status, t.nextAttemptAt),
    index("store_events_subject").on(t.subject, t.status),
    index("store_events_created").on(t.createdAt),
    check("store_events_type_check", inList("type", STORE_EVENT_TYPES)),
    check("store_events_status_check", inList("status", STORE_EVENT_STATUSES)),
  ],
);

// The last run of each recurring job (the cron), so a stopped one can be noticed
// (workers/owner/ops-alarms.ts).
export const opsHeartbeats = sqliteTable("ops_heartbeats", {
  name: text("name").primaryKey(),
  at: integer("at").notNull(),
});
