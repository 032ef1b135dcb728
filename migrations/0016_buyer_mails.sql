-- Buyers hear about their keys (issue #29, docs/decisions/0032-buyer-mails.md): a per-user switch
-- for the store's notices, the generation that kills unsubscribe links older than a re-subscribe,
-- the headers a mail carries (List-Unsubscribe), and the queue that sends each notice at most once.
ALTER TABLE `users` ADD COLUMN `email_notifications` integer DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE `users` ADD COLUMN `mail_link_generation` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD COLUMN `headers` text;
--> statement-breakpoint
CREATE TABLE `buyer_mails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`user_id` integer NOT NULL,
	`app_id` integer NOT NULL,
	`key_id` integer,
	`version` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`claimed_at` integer,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`key_id`) REFERENCES `license_keys`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "buyer_mails_kind_check" CHECK(kind IN ('key_expiry', 'app_update')),
	CONSTRAINT "buyer_mails_status_check" CHECK(status IN ('queued', 'claimed', 'sent', 'skipped', 'abandoned'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_mails_dedupe_unique` ON `buyer_mails` (`dedupe_key`);
--> statement-breakpoint
CREATE INDEX `buyer_mails_due` ON `buyer_mails` (`status`,`id`);
