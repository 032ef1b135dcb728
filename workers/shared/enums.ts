// The values a few columns may hold, with one home: the database schema (workers/db/schema.ts)
// builds its CHECKs from them, the zod schemas accept them, and the admin screens label them.

export const KEY_STATUSES = ["available", "sold", "used", "expired", "revoked"] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

// "archived": deleted by the admin after it paid a bonus (workers/money/promotion-admin.ts deletePromotion).
export const PROMOTION_STATUSES = ["active", "inactive", "expired", "draft", "archived"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** What the owner can be told on Telegram (the `notifications.kind` values; TELEGRAM_EVENTS chooses among them). */
export const NOTIFICATION_EVENTS = ["deposit", "transfer_parked", "card_review", "low_stock", "sold_out", "admin_login"] as const;

/**
 * The events the shop's own webhook hears (docs/formats.md#store-events, decision 0053): the
 * `store_events.type` values. `app.paused` and `app.resumed` are declared for pause and resume.
 */
export const STORE_EVENT_TYPES = ["key.sold", "key.activated", "key.device_reset", "key.expired", "key.banned", "app.paused", "app.resumed", "topup.credited"] as const;
export type StoreEventType = (typeof STORE_EVENT_TYPES)[number];

/** What an upload to R2 is for: an app's package, its icon, or a screenshot or video. */
export const UPLOAD_KINDS = ["app_file", "icon", "media"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
