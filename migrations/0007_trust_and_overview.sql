CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor_user_id` integer,
	`actor_email` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`details` text DEFAULT '{}' NOT NULL,
	`ip_address` text,
	`user_agent` text
);
--> statement-breakpoint
CREATE INDEX `audit_events_created` ON `audit_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_action` ON `audit_events` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_actor` ON `audit_events` (`actor_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `mfa_challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`purpose` text NOT NULL,
	`pending_secret` text,
	`context` text DEFAULT '{}' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "mfa_challenges_purpose_check" CHECK(purpose IN ('verify', 'enrol'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mfa_challenges_token_unique` ON `mfa_challenges` (`token_hash`);--> statement-breakpoint
CREATE INDEX `mfa_challenges_user` ON `mfa_challenges` (`user_id`);--> statement-breakpoint
CREATE TABLE `mfa_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mfa_recovery_codes_hash_unique` ON `mfa_recovery_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `mfa_recovery_codes_user` ON `mfa_recovery_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`dedupe_key` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK(kind IN ('deposit', 'transfer_parked', 'card_review', 'low_stock', 'sold_out', 'admin_login')),
	CONSTRAINT "notifications_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_unique` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_due` ON `notifications` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `notifications_created` ON `notifications` (`created_at`);--> statement-breakpoint
ALTER TABLE `key_pricing` ADD `stock_alert` text;--> statement-breakpoint
ALTER TABLE `license_keys` ADD `last_check_at` integer;--> statement-breakpoint
ALTER TABLE `license_keys` ADD `check_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `license_keys` ADD `device_reset_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `license_keys` ADD `device_reset_at` integer;--> statement-breakpoint
ALTER TABLE `license_keys` ADD `banned_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `mfa_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `mfa_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `mfa_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `mfa_last_step` integer;--> statement-breakpoint
CREATE INDEX `orders_created` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `wallet_transactions_created` ON `wallet_transactions` (`created_at`,`transaction_type`);--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): the audit log is append-only. No entry can be
-- changed, and none younger than 30 days can be deleted, whatever code runs; the cron's retention
-- (at least a year by default) deletes only older ones.
CREATE TRIGGER `audit_events_no_update` BEFORE UPDATE ON `audit_events`
BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_events_no_early_delete` BEFORE DELETE ON `audit_events`
WHEN old.created_at > cast(unixepoch('subsec') * 1000 as integer) - 30 * 86400000
BEGIN SELECT RAISE(ABORT, 'audit_events younger than 30 days cannot be deleted'); END;
