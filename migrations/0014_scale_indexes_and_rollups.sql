-- Hand-written (drizzle-kit does not model virtual tables or triggers): what keeps the owner's and
-- the admin's reads fast on a million ledger rows (docs/decisions/0030-sizing-and-scale.md).
--
-- 1. The ledger's daily rollup: one row per Vietnam day (UTC+7, day number since 1970), type and
--    source. A trigger on the ledger writes it, so it is part of the very statement that inserts the
--    ledger row, inside the wallet's batch (workers/money/wallet/money.ts): it can never disagree
--    with the ledger. The overview's deposits read it instead of a month of ledger rows.
CREATE TABLE `ledger_daily` (
	`day` integer NOT NULL,
	`transaction_type` text NOT NULL,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`entries` integer NOT NULL,
	PRIMARY KEY(`day`, `transaction_type`, `source`, `status`)
);
--> statement-breakpoint
INSERT INTO `ledger_daily` (`day`, `transaction_type`, `source`, `status`, `total`, `entries`)
SELECT (`created_at` + 25200000) / 86400000, `transaction_type`, `source`, `status`, sum(`amount`), count(*)
FROM `wallet_transactions` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `wallet_transactions_daily_insert` AFTER INSERT ON `wallet_transactions`
BEGIN
	INSERT INTO `ledger_daily` (`day`, `transaction_type`, `source`, `status`, `total`, `entries`)
	VALUES ((new.`created_at` + 25200000) / 86400000, new.`transaction_type`, new.`source`, new.`status`, new.`amount`, 1)
	ON CONFLICT (`day`, `transaction_type`, `source`, `status`) DO UPDATE SET `total` = `total` + excluded.`total`, `entries` = `entries` + 1;
END;
--> statement-breakpoint
-- A ledger row's status may change (pending → completed): move it between the rollup's rows.
CREATE TRIGGER `wallet_transactions_daily_update` AFTER UPDATE OF `status`, `amount`, `created_at`, `transaction_type`, `source` ON `wallet_transactions`
BEGIN
	UPDATE `ledger_daily` SET `total` = `total` - old.`amount`, `entries` = `entries` - 1
	WHERE `day` = (old.`created_at` + 25200000) / 86400000 AND `transaction_type` = old.`transaction_type` AND `source` = old.`source` AND `status` = old.`status`;
	INSERT INTO `ledger_daily` (`day`, `transaction_type`, `source`, `status`, `total`, `entries`)
	VALUES ((new.`created_at` + 25200000) / 86400000, new.`transaction_type`, new.`source`, new.`status`, new.`amount`, 1)
	ON CONFLICT (`day`, `transaction_type`, `source`, `status`) DO UPDATE SET `total` = `total` + excluded.`total`, `entries` = `entries` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `wallet_transactions_daily_delete` AFTER DELETE ON `wallet_transactions`
BEGIN
	UPDATE `ledger_daily` SET `total` = `total` - old.`amount`, `entries` = `entries` - 1
	WHERE `day` = (old.`created_at` + 25200000) / 86400000 AND `transaction_type` = old.`transaction_type` AND `source` = old.`source` AND `status` = old.`status`;
END;
--> statement-breakpoint
-- 2. Sales per Vietnam day and order status, kept by triggers on orders (a purchase writes its
--    order in the wallet's batch, so this is in that batch too): the overview's periods and sales
--    by day read at most 60 rows.
CREATE TABLE `sales_daily` (
	`day` integer NOT NULL,
	`status` text NOT NULL,
	`orders` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`day`, `status`)
);
--> statement-breakpoint
INSERT INTO `sales_daily` (`day`, `status`, `orders`, `revenue`)
SELECT (`created_at` + 25200000) / 86400000, `status`, count(*), sum(`vnd_amount`) FROM `orders` GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `orders_daily_insert` AFTER INSERT ON `orders`
BEGIN
	INSERT INTO `sales_daily` (`day`, `status`, `orders`, `revenue`) VALUES ((new.`created_at` + 25200000) / 86400000, new.`status`, 1, new.`vnd_amount`)
	ON CONFLICT (`day`, `status`) DO UPDATE SET `orders` = `orders` + 1, `revenue` = `revenue` + excluded.`revenue`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_daily_update` AFTER UPDATE OF `status`, `vnd_amount`, `created_at` ON `orders`
BEGIN
	UPDATE `sales_daily` SET `orders` = `orders` - 1, `revenue` = `revenue` - old.`vnd_amount`
	WHERE `day` = (old.`created_at` + 25200000) / 86400000 AND `status` = old.`status`;
	INSERT INTO `sales_daily` (`day`, `status`, `orders`, `revenue`) VALUES ((new.`created_at` + 25200000) / 86400000, new.`status`, 1, new.`vnd_amount`)
	ON CONFLICT (`day`, `status`) DO UPDATE SET `orders` = `orders` + 1, `revenue` = `revenue` + excluded.`revenue`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_daily_delete` AFTER DELETE ON `orders`
BEGIN
	UPDATE `sales_daily` SET `orders` = `orders` - 1, `revenue` = `revenue` - old.`vnd_amount`
	WHERE `day` = (old.`created_at` + 25200000) / 86400000 AND `status` = old.`status`;
END;
--> statement-breakpoint
-- Orders of a period by app (top apps), summed from the index alone.
CREATE INDEX `orders_sales` ON `orders` (`created_at`, `status`, `vnd_amount`, `app_id`, `app_name`, `user_id`);
--> statement-breakpoint
-- An app's orders (the admin's key statistics).
CREATE INDEX `orders_app` ON `orders` (`app_id`, `status`, `vnd_amount`);
--> statement-breakpoint
-- 3. When each buyer's first completed order was made: "first-time buyers" of a period is a range
--    of this index, not a probe of every buyer's history. Kept by triggers on orders.
ALTER TABLE `users` ADD `first_purchase_at` integer;
--> statement-breakpoint
UPDATE `users` SET `first_purchase_at` = (SELECT min(`created_at`) FROM `orders` WHERE `orders`.`user_id` = `users`.`id` AND `orders`.`status` = 'completed');
--> statement-breakpoint
CREATE INDEX `users_first_purchase` ON `users` (`first_purchase_at`);
--> statement-breakpoint
CREATE TRIGGER `orders_first_purchase_insert` AFTER INSERT ON `orders` WHEN new.`status` = 'completed'
BEGIN
	UPDATE `users` SET `first_purchase_at` = min(coalesce(`first_purchase_at`, new.`created_at`), new.`created_at`) WHERE `id` = new.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_first_purchase_update` AFTER UPDATE OF `status` ON `orders` WHEN old.`status` != new.`status`
BEGIN
	UPDATE `users` SET `first_purchase_at` = (SELECT min(`created_at`) FROM `orders` WHERE `user_id` = new.`user_id` AND `status` = 'completed') WHERE `id` = new.`user_id`;
END;
--> statement-breakpoint
-- New accounts of a period (the overview), newest first.
CREATE INDEX `users_created` ON `users` (`created_at`);
--> statement-breakpoint
-- 4. An app's keys newest first, maybe of one status: the page is the first rows of an index.
CREATE INDEX `license_keys_app` ON `license_keys` (`app_id`);
--> statement-breakpoint
CREATE INDEX `license_keys_app_status` ON `license_keys` (`app_id`, `status`);
--> statement-breakpoint
-- 5. The admin's user search: a trigram index over the login name, e-mail and full name, so a part
--    of any of them is found without reading every account (LIKE '%…%' reads them all).
CREATE VIRTUAL TABLE `user_search` USING fts5(`username`, `email`, `full_name`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `user_search` (`rowid`, `username`, `email`, `full_name`)
SELECT `id`, `username`, `email`, `first_name` || ' ' || `last_name` FROM `users`;
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users`
BEGIN
	INSERT INTO `user_search` (`rowid`, `username`, `email`, `full_name`) VALUES (new.`id`, new.`username`, new.`email`, new.`first_name` || ' ' || new.`last_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `username`, `email`, `first_name`, `last_name` ON `users`
BEGIN
	UPDATE `user_search` SET `username` = new.`username`, `email` = new.`email`, `full_name` = new.`first_name` || ' ' || new.`last_name` WHERE `rowid` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users`
BEGIN
	DELETE FROM `user_search` WHERE `rowid` = old.`id`;
END;
