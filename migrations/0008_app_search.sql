-- Hand-written (drizzle-kit does not model virtual tables or triggers): the home page's search
-- index (docs/decisions/0018). One FTS5 row per app (rowid = apps.id) over its name, developer
-- and bundle id. The unicode61 tokenizer folds case and strips diacritics ("Chiến" → "chien");
-- it keeps "đ" (a letter of its own, not a d with a mark), so the triggers write it as "d", as
-- normaliseSearch (workers/shared/search.ts) does for the query.
CREATE VIRTUAL TABLE `app_search` USING fts5(
	`name`,
	`developer`,
	`bundle_identifier`,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `app_search` (`rowid`, `name`, `developer`, `bundle_identifier`)
SELECT `id`, replace(replace(`name`, 'đ', 'd'), 'Đ', 'd'), replace(replace(coalesce(`developer`, ''), 'đ', 'd'), 'Đ', 'd'), coalesce(`bundle_identifier`, '')
FROM `apps`;
--> statement-breakpoint
CREATE TRIGGER `apps_search_insert` AFTER INSERT ON `apps`
BEGIN
	INSERT INTO `app_search` (`rowid`, `name`, `developer`, `bundle_identifier`)
	VALUES (new.`id`, replace(replace(new.`name`, 'đ', 'd'), 'Đ', 'd'), replace(replace(coalesce(new.`developer`, ''), 'đ', 'd'), 'Đ', 'd'), coalesce(new.`bundle_identifier`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `apps_search_update` AFTER UPDATE OF `name`, `developer`, `bundle_identifier` ON `apps`
BEGIN
	UPDATE `app_search`
	SET `name` = replace(replace(new.`name`, 'đ', 'd'), 'Đ', 'd'),
		`developer` = replace(replace(coalesce(new.`developer`, ''), 'đ', 'd'), 'Đ', 'd'),
		`bundle_identifier` = coalesce(new.`bundle_identifier`, '')
	WHERE `rowid` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `apps_search_delete` AFTER DELETE ON `apps`
BEGIN
	DELETE FROM `app_search` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
-- The type filter without a search walks this index in the grid's order.
CREATE INDEX `apps_type_updated` ON `apps` (`app_type`, `updated_at`);
