CREATE TABLE `ops_heartbeats` (
	`name` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
-- notifications gains the kind 'ops' (a CHECK, so drizzle-kit rebuilds the table). No table
-- references notifications, so the rebuild cascades nothing; reviewed in migrations/reviewed.json.
CREATE TABLE `__new_notifications` (
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
	CONSTRAINT "notifications_kind_check" CHECK(kind IN ('deposit', 'transfer_parked', 'card_review', 'low_stock', 'sold_out', 'admin_login', 'ops')),
	CONSTRAINT "notifications_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "kind", "text", "status", "attempts", "next_attempt_at", "last_error", "dedupe_key", "sent_at", "created_at") SELECT "id", "kind", "text", "status", "attempts", "next_attempt_at", "last_error", "dedupe_key", "sent_at", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_unique` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_due` ON `notifications` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `notifications_created` ON `notifications` (`created_at`);--> statement-breakpoint
-- The ledger is append-only, as the audit log is: a row is never changed or removed
-- (docs/operations.md, "Alarms"); the cron checks every balance against its newest row.
CREATE TRIGGER `wallet_transactions_no_update` BEFORE UPDATE ON `wallet_transactions`
BEGIN SELECT RAISE(ABORT, 'wallet_transactions is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `wallet_transactions_no_delete` BEFORE DELETE ON `wallet_transactions`
BEGIN SELECT RAISE(ABORT, 'wallet_transactions is append-only'); END;
