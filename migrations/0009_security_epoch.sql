-- Hand-written: one security epoch per account (docs/decisions/0022-security-epoch.md). Every event
-- that changes who may act for the account moves `users.security_epoch`; each session row,
-- second-step challenge, device token and reset link keeps the epoch it was born in, and is honoured
-- only while that equals the account's. Rows from before this migration are born in epoch 0.
ALTER TABLE `users` ADD `security_epoch` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `security_epoch` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `mfa_challenges` ADD `security_epoch` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `device_tokens` ADD `security_epoch` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `security_epoch` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- liveSession looks a chain up by family and user; with one index per column SQLite chose the
-- user's, walking every session row the account ever had (each refresh adds one).
CREATE INDEX `sessions_family_user` ON `sessions` (`family_id`,`user_id`);
