-- A top-up carries the promotion code its buyer typed (applied when the money arrives) and the
-- bonus the wallet paid with it (shown in the success message). Additive: old rows read as none.
ALTER TABLE `vietqr_topups` ADD `promotion_code` text;
--> statement-breakpoint
ALTER TABLE `vietqr_topups` ADD `bonus_amount` integer;
--> statement-breakpoint
ALTER TABLE `card_topups` ADD `promotion_code` text;
--> statement-breakpoint
ALTER TABLE `card_topups` ADD `bonus_amount` integer;
