// A stored icon, screenshot or video, named by its R2 key in the path (/api/media/<key>).
import { z } from "zod";

/** R2 refuses a longer key; one this long names nothing we stored. */
const MAX_R2_KEY_BYTES = 1024;

// App files are not served here: they go through the counted download endpoint.
const MEDIA_PREFIXES = ["icons/", "media/"] as const;

export const mediaPath = z.object({
  key: z
    .string()
    .refine((key) => new TextEncoder().encode(key).byteLength <= MAX_R2_KEY_BYTES)
    .refine((key) => MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix)) && !key.includes("..")),
});
