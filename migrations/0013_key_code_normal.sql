-- Hand-written (issue #27 item 6, docs/licensing.md §2): each key's code in normal form — the
-- spaces around it removed, upper-cased, as normalKeyCode() in workers/licensing/key-check.ts
-- computes it and the key check's key_sha256 hashes it. Unique per app: two codes differing only
-- in case cannot both be in stock, and the key check finds a code by one indexed read.
ALTER TABLE `license_keys` ADD COLUMN `key_code_normal` text;
--> statement-breakpoint
-- Existing rows: SQLite's upper() and trim() equal JavaScript's only on printable ASCII, so only
-- such codes are filled here, and of codes already in stock as case twins only the oldest. The
-- rest stay NULL (found by their exact code) until the app's next import fills them in TypeScript.
UPDATE `license_keys` SET `key_code_normal` = upper(trim(`key_code`))
WHERE `key_code` NOT GLOB '*[^ -~]*'
  AND `id` IN (SELECT min(`id`) FROM `license_keys` WHERE `key_code` NOT GLOB '*[^ -~]*' GROUP BY `app_id`, upper(trim(`key_code`)));
--> statement-breakpoint
CREATE UNIQUE INDEX `license_keys_app_code_normal_unique` ON `license_keys` (`app_id`, `key_code_normal`);
