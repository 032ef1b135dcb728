-- The English edition (docs/decisions/0041-english-beside-vietnamese-api.md): an app's English name
-- and description (null: the Vietnamese ones are shown), and the language the store writes to
-- each buyer in. Additive: three columns.
ALTER TABLE `apps` ADD `name_en` text;--> statement-breakpoint
ALTER TABLE `apps` ADD `description_en` text;--> statement-breakpoint
-- Hand-written: drizzle-kit writes a new CHECK as a rebuild of `users` (DROP TABLE, which in D1
-- cascades to every session, order and ledger row). A column's own CHECK needs no rebuild: SQLite
-- adds it with the column and holds every row to it, the existing ones ('vi') included.
-- The snapshot names it users_locale_check, as workers/db/schema.ts declares it.
ALTER TABLE `users` ADD `locale` text DEFAULT 'vi' NOT NULL CHECK (locale IN ('vi', 'en'));
