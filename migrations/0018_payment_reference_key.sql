-- Issue #41 item 5: each bank report's reference in normal form (referenceKey() in
-- workers/money/bank-transfers.ts: no spaces, upper case), so a second report of one transfer is
-- known with or without the account number, in any case. Additive: a column and two indexes.
ALTER TABLE `payment_events` ADD `reference_key` text;--> statement-breakpoint
-- Hand-written: rows from before get the same key. SQLite's upper() and trim() equal JavaScript's
-- only on printable ASCII, so only such references are filled (as 0013 did for key codes). Of
-- credited rows that are already copies of one transfer (credited twice before this change), only
-- the oldest gets it, so the unique index below can be built; the others keep their credit.
UPDATE `payment_events` SET `reference_key` = upper(trim(`bank_reference`))
WHERE `bank_reference` IS NOT NULL AND trim(`bank_reference`) <> '' AND trim(`bank_reference`) NOT GLOB '*[^!-~]*'
  AND NOT (`status` = 'credited' AND EXISTS (
    SELECT 1 FROM `payment_events` AS `earlier`
    WHERE `earlier`.`status` = 'credited' AND `earlier`.`id` < `payment_events`.`id` AND `earlier`.`amount` = `payment_events`.`amount`
      AND upper(trim(`earlier`.`bank_reference`)) = upper(trim(`payment_events`.`bank_reference`))
  ));--> statement-breakpoint
CREATE INDEX `payment_events_reference_key` ON `payment_events` (`reference_key`,`amount`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_reference_credited_unique` ON `payment_events` (`reference_key`,`amount`) WHERE reference_key IS NOT NULL AND status = 'credited';
