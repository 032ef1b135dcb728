CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`r2_upload_id` text NOT NULL,
	`object_key` text NOT NULL,
	`filename` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`kind` text NOT NULL,
	`part_size` integer NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "uploads_kind_check" CHECK(kind IN ('app_file', 'icon', 'media')),
	CONSTRAINT "uploads_status_check" CHECK(status IN ('uploading', 'completed', 'attached'))
);
--> statement-breakpoint
INSERT INTO `__new_uploads`("id", "r2_upload_id", "object_key", "filename", "size", "content_type", "kind", "part_size", "status", "created_by", "created_at", "expires_at") SELECT "id", "r2_upload_id", "object_key", "filename", "size", "content_type", "kind", "part_size", "status", "created_by", "created_at", "expires_at" FROM `uploads`;--> statement-breakpoint
DROP TABLE `uploads`;--> statement-breakpoint
ALTER TABLE `__new_uploads` RENAME TO `uploads`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `uploads_status_expiry` ON `uploads` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`object_key`);