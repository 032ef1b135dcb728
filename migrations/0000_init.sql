CREATE TABLE `app_media` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`app_id` integer NOT NULL,
	`media_type` text DEFAULT 'image' NOT NULL,
	`object_key` text,
	`external_url` text,
	`content_type` text,
	`size` integer,
	`duration` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "app_media_source_check" CHECK(object_key IS NOT NULL OR external_url IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `app_media_app` ON `app_media` (`app_id`,`position`);--> statement-breakpoint
CREATE TABLE `app_releases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`app_id` integer NOT NULL,
	`version` text NOT NULL,
	`build_number` text,
	`file_key` text,
	`file_size` integer,
	`file_sha256` text,
	`minimum_os_version` text,
	`changelog` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `app_releases_app` ON `app_releases` (`app_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `apps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`version` text DEFAULT '' NOT NULL,
	`app_type` text DEFAULT 'ipa' NOT NULL,
	`developer` text,
	`changelog` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`category` text DEFAULT 'games' NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'VND' NOT NULL,
	`app_version` text,
	`app_size` text,
	`icon_key` text,
	`icon_url` text,
	`file_key` text,
	`file_name` text,
	`file_size` integer,
	`file_sha256` text,
	`file_url` text,
	`itms_url` text,
	`testflight_url` text,
	`bundle_identifier` text,
	`build_number` text,
	`minimum_os_version` text DEFAULT '14.0' NOT NULL,
	`package_info` text,
	`download_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "apps_type_check" CHECK(app_type IN ('ipa', 'itms-ipa', 'testflight', 'tipa', 'roothide', 'rootless', 'rootfull')),
	CONSTRAINT "apps_status_check" CHECK(status IN ('active', 'failed')),
	CONSTRAINT "apps_price_check" CHECK(price >= 0),
	CONSTRAINT "apps_downloads_check" CHECK(download_count >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `apps_url_unique` ON `apps` (`url`);--> statement-breakpoint
CREATE INDEX `apps_status_updated` ON `apps` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `apps_bundle` ON `apps` (`bundle_identifier`);--> statement-breakpoint
CREATE TABLE `card_topups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` text NOT NULL,
	`request_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`telco` text NOT NULL,
	`card_serial` text NOT NULL,
	`card_code` text NOT NULL,
	`card_value` integer NOT NULL,
	`fee_percent` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`gateway_trans_id` text,
	`gateway_status` integer,
	`gateway_message` text,
	`real_value` integer,
	`amount_received` integer,
	`credited_at` integer,
	`check_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "card_topups_value_check" CHECK(card_value > 0),
	CONSTRAINT "card_topups_status_check" CHECK(status IN ('pending', 'success', 'failed', 'invalid_card', 'used_card', 'wrong_amount', 'system_error'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `card_topups_transaction_unique` ON `card_topups` (`transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `card_topups_request_unique` ON `card_topups` (`request_id`);--> statement-breakpoint
CREATE INDEX `card_topups_user` ON `card_topups` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `card_topups_pending` ON `card_topups` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `card_topups_card` ON `card_topups` (`telco`,`card_serial`);--> statement-breakpoint
CREATE TABLE `key_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`app_id` integer NOT NULL,
	`key_type_id` integer NOT NULL,
	`batch_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`imported_count` integer DEFAULT 0 NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`key_type_id`) REFERENCES `key_types`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `key_batches_app` ON `key_batches` (`app_id`);--> statement-breakpoint
CREATE TABLE `key_pricing` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`app_id` integer NOT NULL,
	`key_type_id` integer NOT NULL,
	`price` integer NOT NULL,
	`currency` text DEFAULT 'VND' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`key_type_id`) REFERENCES `key_types`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "key_pricing_price_check" CHECK(price >= 0),
	CONSTRAINT "key_pricing_currency_check" CHECK(currency IN ('VND', 'USD'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `key_pricing_app_type_unique` ON `key_pricing` (`app_id`,`key_type_id`);--> statement-breakpoint
CREATE TABLE `key_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`display_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`duration_days` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "key_types_duration_check" CHECK(duration_days >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `key_types_name_unique` ON `key_types` (`name`);--> statement-breakpoint
CREATE TABLE `license_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`app_id` integer NOT NULL,
	`key_type_id` integer NOT NULL,
	`batch_id` integer,
	`key_code` text NOT NULL,
	`status` text DEFAULT 'available' NOT NULL,
	`order_reference` text,
	`sold_to_user_id` integer,
	`sold_at` integer,
	`device_id` text,
	`activated_at` integer,
	`expires_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`key_type_id`) REFERENCES `key_types`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`batch_id`) REFERENCES `key_batches`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sold_to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "license_keys_status_check" CHECK(status IN ('available', 'sold', 'used', 'expired', 'revoked')),
	CONSTRAINT "license_keys_sold_check" CHECK(status = 'available' OR status = 'revoked' OR order_reference IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `license_keys_app_code_unique` ON `license_keys` (`app_id`,`key_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `license_keys_order_unique` ON `license_keys` (`order_reference`);--> statement-breakpoint
CREATE INDEX `license_keys_stock` ON `license_keys` (`app_id`,`key_type_id`,`status`);--> statement-breakpoint
CREATE INDEX `license_keys_code` ON `license_keys` (`key_code`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`template` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_status` ON `mail_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_to` ON `mail_outbox` (`to_address`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`user_id` integer NOT NULL,
	`app_id` integer,
	`key_pricing_id` integer,
	`key_type_id` integer,
	`key_id` integer,
	`app_name` text NOT NULL,
	`app_bundle_id` text,
	`key_type_name` text NOT NULL,
	`key_code` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'VND' NOT NULL,
	`payment_method` text DEFAULT 'balance' NOT NULL,
	`status` text DEFAULT 'completed' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`key_pricing_id`) REFERENCES `key_pricing`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`key_type_id`) REFERENCES `key_types`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`key_id`) REFERENCES `license_keys`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_amount_check" CHECK(amount >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_reference_unique` ON `orders` (`reference`);--> statement-breakpoint
CREATE INDEX `orders_user` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_token_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_user` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`provider_transaction_id` text NOT NULL,
	`transfer_type` text DEFAULT 'in' NOT NULL,
	`amount` integer NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`account_number` text,
	`raw_body` text NOT NULL,
	`status` text NOT NULL,
	`matched_topup_id` integer,
	`credited_user_id` integer,
	`resolved_by` integer,
	`resolution_note` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`matched_topup_id`) REFERENCES `vietqr_topups`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`credited_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payment_events_status_check" CHECK(status IN ('credited', 'unmatched', 'dismissed', 'ignored'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_provider_tx_unique` ON `payment_events` (`provider`,`provider_transaction_id`);--> statement-breakpoint
CREATE INDEX `payment_events_status` ON `payment_events` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `promotion_usages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`promotion_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`deposit_reference` text NOT NULL,
	`deposit_amount` integer NOT NULL,
	`bonus_amount` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_usages_deposit_unique` ON `promotion_usages` (`deposit_reference`);--> statement-breakpoint
CREATE INDEX `promotion_usages_user` ON `promotion_usages` (`promotion_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `promotions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`code` text NOT NULL,
	`promotion_type` text DEFAULT 'percentage' NOT NULL,
	`bonus_percentage` integer,
	`bonus_amount` integer,
	`tiers` text,
	`min_deposit_amount` integer DEFAULT 10000 NOT NULL,
	`max_deposit_amount` integer,
	`max_bonus_amount` integer,
	`usage_limit_per_user` integer,
	`total_usage_limit` integer,
	`total_used` integer DEFAULT 0 NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`is_automatic` integer DEFAULT true NOT NULL,
	`requires_code` integer DEFAULT false NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "promotions_percentage_check" CHECK(bonus_percentage IS NULL OR (bonus_percentage BETWEEN 1 AND 100)),
	CONSTRAINT "promotions_dates_check" CHECK(end_date > start_date),
	CONSTRAINT "promotions_usage_check" CHECK(total_used >= 0 AND (total_usage_limit IS NULL OR total_used <= total_usage_limit))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotions_code_unique` ON `promotions` (`code`);--> statement-breakpoint
CREATE INDEX `promotions_active` ON `promotions` (`status`,`start_date`,`end_date`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`blocked_until` integer
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`family_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`rotated_at` integer,
	`revoked_at` integer,
	`user_agent` text,
	`ip_address` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_family` ON `sessions` (`family_id`);--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`r2_upload_id` text NOT NULL,
	`object_key` text NOT NULL,
	`filename` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`kind` text NOT NULL,
	`part_size` integer NOT NULL,
	`parts` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `uploads_status_expiry` ON `uploads` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`object_key`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`password_hash` text,
	`google_sub` text,
	`avatar_url` text,
	`is_superuser` integer DEFAULT false NOT NULL,
	`is_staff` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`total_spent` integer DEFAULT 0 NOT NULL,
	`total_keys_purchased` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_login` integer,
	`password_changed_at` integer,
	CONSTRAINT "users_balance_check" CHECK(balance >= 0),
	CONSTRAINT "users_total_spent_check" CHECK(total_spent >= 0),
	CONSTRAINT "users_keys_check" CHECK(total_keys_purchased >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE TABLE `vietqr_topups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`transfer_code` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`bank_code` text NOT NULL,
	`account_number` text NOT NULL,
	`account_name` text NOT NULL,
	`qr_payload` text NOT NULL,
	`expires_at` integer NOT NULL,
	`paid_at` integer,
	`payment_event_id` integer,
	`cancelled_at` integer,
	`cancel_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_event_id`) REFERENCES `payment_events`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "vietqr_topups_amount_check" CHECK(amount > 0),
	CONSTRAINT "vietqr_topups_status_check" CHECK(status IN ('pending', 'paid', 'cancelled', 'expired', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vietqr_topups_transaction_unique` ON `vietqr_topups` (`transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `vietqr_topups_code_unique` ON `vietqr_topups` (`transfer_code`);--> statement-breakpoint
CREATE INDEX `vietqr_topups_user` ON `vietqr_topups` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vietqr_topups_pending` ON `vietqr_topups` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `wallet_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`transaction_type` text NOT NULL,
	`source` text NOT NULL,
	`amount` integer NOT NULL,
	`balance_before` integer NOT NULL,
	`balance_after` integer NOT NULL,
	`status` text DEFAULT 'completed' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`reference` text NOT NULL,
	`order_id` integer,
	`promotion_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "wallet_transactions_type_check" CHECK(transaction_type IN ('deposit', 'purchase', 'admin_adjustment')),
	CONSTRAINT "wallet_transactions_math_check" CHECK(balance_after = balance_before + amount),
	CONSTRAINT "wallet_transactions_nonnegative_check" CHECK(balance_before >= 0 AND balance_after >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_transactions_reference_unique` ON `wallet_transactions` (`reference`);--> statement-breakpoint
CREATE INDEX `wallet_transactions_user` ON `wallet_transactions` (`user_id`,`id`);