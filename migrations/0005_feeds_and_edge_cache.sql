CREATE TABLE `catalogue_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "catalogue_state_single_row" CHECK(id = 1)
);
--> statement-breakpoint
CREATE TABLE `file_digests` (
	`sha256` text PRIMARY KEY NOT NULL,
	`md5` text NOT NULL
);
