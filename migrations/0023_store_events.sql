-- The shop's webhook outbox (docs/decisions/0053-store-events.md): one row per event, recorded in
-- the batch of the change it reports, delivered by the cron. Additive: a new table.
CREATE TABLE `store_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`subject` text NOT NULL,
	`data` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`queued_at` integer NOT NULL,
	`last_attempt_at` integer,
	`last_status` integer,
	`last_answer` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "store_events_type_check" CHECK(type IN ('key.sold', 'key.activated', 'key.device_reset', 'key.expired', 'key.banned', 'app.paused', 'app.resumed', 'topup.credited')),
	CONSTRAINT "store_events_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_events_event_id_unique` ON `store_events` (`event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `store_events_dedupe_unique` ON `store_events` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `store_events_due` ON `store_events` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `store_events_subject` ON `store_events` (`subject`,`status`);--> statement-breakpoint
CREATE INDEX `store_events_created` ON `store_events` (`created_at`);--> statement-breakpoint
-- key.activated is recorded by the activation's own UPDATE: the key check binds a key in one
-- statement (tests/integration/key-check.test.ts holds it to a SELECT and an UPDATE), so its event
-- rides in that statement's transaction. The same shape as recordKeyEvent
-- (workers/db/statements/store-events.ts) builds; nothing while the shop has no webhook URL. It
-- names no other table than those two, so a rebuild of apps or users is not blocked by it.
CREATE TRIGGER `license_keys_activated_event` AFTER UPDATE OF `device_id` ON `license_keys`
WHEN NEW.device_id IS NOT NULL AND OLD.device_id IS NULL AND EXISTS (SELECT 1 FROM store_settings WHERE key = 'webhook_url')
BEGIN
  INSERT OR IGNORE INTO store_events (event_id, type, subject, data, dedupe_key, status, attempts, next_attempt_at, queued_at, created_at)
  VALUES ('evt_' || lower(hex(randomblob(12))), 'key.activated', 'key:' || NEW.id,
    json_object(
      'first', json(CASE WHEN OLD.activated_at IS NULL THEN 'true' ELSE 'false' END),
      'key', json_object('id', NEW.id, 'masked', CASE WHEN length(NEW.key_code) >= 12 THEN '…' || substr(NEW.key_code, -4) ELSE '…' END,
        'expires_at', CASE WHEN NEW.expires_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', NEW.expires_at / 1000.0, 'unixepoch') END),
      'app', json_object('id', NEW.app_id)),
    'key.activated:' || NEW.updated_at || ':' || NEW.id || ':' || coalesce(NEW.expires_at, 0), 'pending', 0, NEW.updated_at, NEW.updated_at, NEW.updated_at);
END;
