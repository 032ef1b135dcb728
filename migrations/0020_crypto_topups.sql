-- Crypto top-ups through NOWPayments (docs/decisions/0050-crypto-top-ups.md): the top-ups, the
-- payments the gateway told of (a second deposit parked for an admin), and what a refund took
-- back beyond a balance (users.debt). Additive: two tables and one column.
CREATE TABLE `crypto_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` text NOT NULL,
	`parent_payment_id` text,
	`topup_id` integer NOT NULL,
	`payment_status` text NOT NULL,
	`actually_paid` text,
	`pay_amount` text,
	`creditable_vnd` integer DEFAULT 0 NOT NULL,
	`review` text DEFAULT 'none' NOT NULL,
	`reason` text,
	`raw_body` text NOT NULL,
	`resolved_by` integer,
	`resolution_note` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`topup_id`) REFERENCES `crypto_topups`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "crypto_payments_review_check" CHECK(review IN ('none', 'parked', 'credited', 'refused'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crypto_payments_payment_unique` ON `crypto_payments` (`payment_id`);--> statement-breakpoint
CREATE INDEX `crypto_payments_topup` ON `crypto_payments` (`topup_id`);--> statement-breakpoint
CREATE INDEX `crypto_payments_review` ON `crypto_payments` (`review`,`created_at`);--> statement-breakpoint
CREATE TABLE `crypto_topups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`usd_cents` integer NOT NULL,
	`rate` integer NOT NULL,
	`vnd_amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`gateway_status` text,
	`invoice_id` text,
	`invoice_url` text,
	`payment_id` text,
	`pay_amount` text,
	`pay_currency` text,
	`actually_paid` text,
	`credited_vnd` integer DEFAULT 0 NOT NULL,
	`refunded_vnd` integer DEFAULT 0 NOT NULL,
	`promotion_code` text,
	`bonus_amount` integer,
	`expires_at` integer NOT NULL,
	`check_attempts` integer DEFAULT 0 NOT NULL,
	`next_check_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "crypto_topups_amount_check" CHECK(usd_cents > 0 AND rate > 0 AND vnd_amount > 0),
	CONSTRAINT "crypto_topups_credited_check" CHECK(credited_vnd >= 0 AND credited_vnd <= vnd_amount AND refunded_vnd >= 0),
	CONSTRAINT "crypto_topups_status_check" CHECK(status IN ('pending', 'partial', 'credited', 'failed', 'expired', 'refused', 'refunded'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crypto_topups_invoice_unique` ON `crypto_topups` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `crypto_topups_user` ON `crypto_topups` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `crypto_topups_next_check` ON `crypto_topups` (`status`,`next_check_at`);--> statement-breakpoint
-- Hand-written: drizzle-kit writes a new CHECK as a rebuild of `users` (DROP TABLE, which in D1
-- cascades to every session, order and ledger row). A column's own CHECK needs no rebuild, as in
-- 0019. The snapshot names it users_debt_check, as workers/db/schema.ts declares it.
ALTER TABLE `users` ADD `debt` integer DEFAULT 0 NOT NULL CHECK (debt >= 0);
