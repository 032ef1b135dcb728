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
CREATE INDEX `store_events_created` ON `store_events` (`created_at`);