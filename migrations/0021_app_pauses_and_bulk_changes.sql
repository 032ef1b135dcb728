-- Issue 55 items 1 and 4 (docs/decisions/0051-pause-and-bulk-key-changes.md): an app's pauses (at most
-- one open per app) and the bulk key changes previewed, with the keys each preview counted. Additive: three new tables,
-- with no foreign key to apps or license_keys (a rebuild of those must not cascade into them).
CREATE TABLE `app_pauses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`app_id` integer NOT NULL,
	`reason` text NOT NULL,
	`reason_en` text NOT NULL,
	`paused_at` integer NOT NULL,
	`paused_by` integer,
	`resumed_at` integer,
	`resumed_by` integer,
	`resume_id` text,
	`keys_moved` integer,
	FOREIGN KEY (`paused_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resumed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_pauses_open` ON `app_pauses` (`app_id`) WHERE resumed_at IS NULL;--> statement-breakpoint
CREATE INDEX `app_pauses_app` ON `app_pauses` (`app_id`,`paused_at`);--> statement-breakpoint
CREATE TABLE `key_bulk_preview_keys` (
	`preview_id` integer NOT NULL,
	`key_id` integer NOT NULL,
	PRIMARY KEY(`preview_id`, `key_id`),
	FOREIGN KEY (`preview_id`) REFERENCES `key_bulk_previews`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `key_bulk_previews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`admin_id` integer NOT NULL,
	`app_id` integer NOT NULL,
	`filter` text NOT NULL,
	`action` text NOT NULL,
	`days` integer,
	`key_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`applied_at` integer,
	`apply_id` text,
	`changed` integer,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "key_bulk_previews_action_check" CHECK(action IN ('extend', 'shorten', 'ban', 'unban'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `key_bulk_previews_token` ON `key_bulk_previews` (`token_hash`);