-- Buyers who accept mail hear of an app's pause and resume (issue 55 item 1,
-- docs/decisions/0056-pause-mails.md): buyer_mails gains the kinds 'app_paused' and 'app_resumed'
-- (a CHECK, so the table is rebuilt) and the pause a mail tells of. No table references
-- buyer_mails (no foreign key points at it), so dropping the old table cascades nothing; every row
-- is copied with its id, and both indexes are made again. Reviewed in migrations/reviewed.json.
CREATE TABLE `__new_buyer_mails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`user_id` integer NOT NULL,
	`app_id` integer NOT NULL,
	`key_id` integer,
	`version` text,
	`pause_id` integer,
	`status` text DEFAULT 'queued' NOT NULL,
	`claimed_at` integer,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`key_id`) REFERENCES `license_keys`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "buyer_mails_kind_check" CHECK(kind IN ('key_expiry', 'app_update', 'app_paused', 'app_resumed')),
	CONSTRAINT "buyer_mails_status_check" CHECK(status IN ('queued', 'claimed', 'sent', 'skipped', 'abandoned'))
);
--> statement-breakpoint
INSERT INTO `__new_buyer_mails`("id", "kind", "dedupe_key", "user_id", "app_id", "key_id", "version", "status", "claimed_at", "sent_at", "created_at") SELECT "id", "kind", "dedupe_key", "user_id", "app_id", "key_id", "version", "status", "claimed_at", "sent_at", "created_at" FROM `buyer_mails`;--> statement-breakpoint
DROP TABLE `buyer_mails`;--> statement-breakpoint
ALTER TABLE `__new_buyer_mails` RENAME TO `buyer_mails`;--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_mails_dedupe_unique` ON `buyer_mails` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `buyer_mails_due` ON `buyer_mails` (`status`,`id`);
