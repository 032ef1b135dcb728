-- Buying inside Sileo and Zebra (docs/decisions/0054-buying-in-sileo-and-zebra.md): the phones signed in to
-- the payment provider API (token and payment secret hashed, bound to the account, its security epoch and
-- the phone's UDID), the single-use download and checkout links, and the key pricing an app sells at
-- once from the package manager. Additive: two new tables and one column.
CREATE TABLE `package_manager_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`app_id` integer NOT NULL,
	`udid` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "package_manager_links_kind_check" CHECK(kind IN ('download', 'checkout'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `package_manager_links_token_unique` ON `package_manager_links` (`token_hash`);--> statement-breakpoint
CREATE TABLE `package_manager_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`security_epoch` integer NOT NULL,
	`token_hash` text NOT NULL,
	`secret_hash` text NOT NULL,
	`udid` text NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `package_manager_sessions_token_unique` ON `package_manager_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `package_manager_sessions_user` ON `package_manager_sessions` (`user_id`);--> statement-breakpoint
ALTER TABLE `apps` ADD `package_manager_pricing_id` integer;