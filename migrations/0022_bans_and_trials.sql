-- Bans that stick and one trial per phone (issue 55 items 2 and 3, docs/decisions/0052-bans-and-trials.md):
-- the shop's bans of a phone (its id's hash) or an address range, the phones that have run each
-- app's trial, an app's trial length and a trial key's own length, and the key type of trial keys.
-- Additive: two new tables, two columns, one key type.
CREATE TABLE `bans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`app_id` integer,
	`device_sha256` text,
	`ip_first` text,
	`ip_last` text,
	`shown` text NOT NULL,
	`reason` text NOT NULL,
	`reason_en` text,
	`ends_at` integer,
	`created_by` integer,
	`created_by_email` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`lifted_at` integer,
	`lifted_by_email` text,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bans_kind_check" CHECK(kind IN ('device', 'ip')),
	CONSTRAINT "bans_value_check" CHECK((kind = 'device' AND device_sha256 IS NOT NULL) OR (kind = 'ip' AND ip_first IS NOT NULL AND ip_last IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `bans_device` ON `bans` (`device_sha256`);--> statement-breakpoint
CREATE INDEX `bans_ip` ON `bans` (`ip_first`);--> statement-breakpoint
CREATE TABLE `trial_devices` (
	`app_id` integer NOT NULL,
	`device_sha256` text NOT NULL,
	`key_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`app_id`, `device_sha256`),
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `apps` ADD `trial_hours` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `license_keys` ADD `trial_hours` integer;
--> statement-breakpoint
-- The key type every trial key has (inactive: no pricing offers it; a trial is claimed, never bought).
-- Hand-written; a store that already has a type named 'trial' keeps it.
INSERT INTO `key_types` (`name`, `display_name`, `description`, `duration_days`, `is_active`)
  SELECT 'trial', 'Dùng thử', 'Key dùng thử miễn phí, một lần mỗi tài khoản và mỗi thiết bị', 0, 0
  WHERE NOT EXISTS (SELECT 1 FROM `key_types` WHERE `name` = 'trial');
