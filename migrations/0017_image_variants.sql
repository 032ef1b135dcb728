-- Uploaded icons and screenshots get smaller WebP copies at the widths the pages show them
-- (docs/decisions/0036-image-variants.md). Kept beside each image: its own size in pixels (the
-- gallery's width/height) and the widths made, as a JSON array; the copy of width W lives at
-- `<object key>.w<W>.webp`. Null on rows from before: the pages then show the original.
ALTER TABLE `apps` ADD `icon_width` integer;--> statement-breakpoint
ALTER TABLE `apps` ADD `icon_height` integer;--> statement-breakpoint
ALTER TABLE `apps` ADD `icon_variants` text;--> statement-breakpoint
ALTER TABLE `app_media` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `app_media` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `app_media` ADD `variants` text;
