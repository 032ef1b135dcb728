-- What the key check tells a mod about its app (docs/licensing.md, decision 0031): the lowest
-- build the admin still supports and a short announcement; null when unset.
ALTER TABLE `apps` ADD `min_version` text;--> statement-breakpoint
ALTER TABLE `apps` ADD `announcement` text;--> statement-breakpoint
-- Each time a key leaves a device (the buyer's reset or an admin's), for the licence health
-- screen's "moved 3 or more times in 30 days". Written by a trigger, so neither reset path
-- changes and the key check (which only ever binds a key, never unbinds it) writes nothing more.
CREATE TABLE `key_device_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key_id` integer NOT NULL,
	`app_id` integer NOT NULL,
	`moved_at` integer NOT NULL,
	FOREIGN KEY (`key_id`) REFERENCES `license_keys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `key_device_moves_app_time` ON `key_device_moves` (`app_id`,`moved_at`);--> statement-breakpoint
CREATE INDEX `key_device_moves_key` ON `key_device_moves` (`key_id`);--> statement-breakpoint
CREATE TRIGGER `license_keys_device_moved` AFTER UPDATE OF `device_id` ON `license_keys`
WHEN OLD.device_id IS NOT NULL AND NEW.device_id IS NULL
BEGIN INSERT INTO key_device_moves (key_id, app_id, moved_at) VALUES (NEW.id, NEW.app_id, NEW.updated_at); END;--> statement-breakpoint
-- The health screen's "active in the window" and "expiring soon", per app.
CREATE INDEX `license_keys_app_check` ON `license_keys` (`app_id`,`last_check_at`);--> statement-breakpoint
CREATE INDEX `license_keys_app_expiry` ON `license_keys` (`app_id`,`expires_at`);
