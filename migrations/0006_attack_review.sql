CREATE TABLE `device_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `device_tokens_token_unique` ON `device_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `device_tokens_user` ON `device_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `store_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `card_topups` ADD `next_check_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `card_topups_pending_card_unique` ON `card_topups` (`telco`,`card_serial`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `card_topups_next_check` ON `card_topups` (`status`,`next_check_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `vnd_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `exchange_rate` integer;--> statement-breakpoint
ALTER TABLE `payment_events` ADD `bank_reference` text;--> statement-breakpoint
ALTER TABLE `payment_events` ADD `card_topup_id` integer REFERENCES card_topups(id);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_bank_reference_unique` ON `payment_events` (coalesce("account_number", ''),`bank_reference`,`amount`) WHERE bank_reference IS NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `signed_in_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Written by hand: orders before this migration were charged their raw number, so that is what
-- they cost in VND; sessions began when they were created.
UPDATE `orders` SET `vnd_amount` = `amount`;--> statement-breakpoint
UPDATE `sessions` SET `signed_in_at` = `created_at`;
