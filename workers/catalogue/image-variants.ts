// Smaller WebP copies of uploaded icons and screenshots, made once when an app is saved, so a 64 px
// card is not sent a 1024 px icon (docs/decisions/0036-image-variants.md). The copies are made by the
// Images binding from the original the upload checks already accepted; nothing the admin's browser
// sends becomes a copy. An image the binding cannot read keeps no copies and the pages show the original.
import { variantUrl } from "../shared/image-variants";
import { errorText, logEvent } from "../lib/log";

/** Cards show icons at 64 px, the app page at 96 px: each at 1×, 2× and 3× (AppIcon.tsx). */
export const ICON_WIDTHS = [64, 96, 128, 192, 288] as const;
/** Gallery thumbnails (56 px wide), the page's image (about 300 px wide) and the full-screen viewer, at 1× to 3×. */
export const MEDIA_WIDTHS = [180, 360, 720, 1080] as const;

/** Bigger images are left as they are: decoding one would cost more than the copies save. */
const MAX_PIXELS = 50_000_000;
const WEBP_QUALITY = 82;

export type ImageFacts = { width: number; height: number; variants: { width: number; bytes: Uint8Array }[] };

/** A stored image's key and the keys of its copies (`variantUrl` names both); none without a key. */
export function storedImageKeys(objectKey: string | null, widths: readonly number[] | null | undefined): string[] {
  return objectKey ? [objectKey, ...(widths ?? []).map((width) => variantUrl(objectKey, width))] : [];
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new Blob([bytes as BlobPart]).stream();
}

/**
 * The image's size and its copies at each of `widths` narrower than it. Null when the binding is
 * absent or cannot read the image; a copy that would not be smaller in bytes is not kept.
 */
export async function makeImageVariants(images: ImagesBinding | undefined, bytes: Uint8Array, contentType: string, widths: readonly number[]): Promise<ImageFacts | null> {
  if (!images) return null;
  try {
    const info = await images.info(streamOf(bytes));
    if (!("width" in info) || !info.width || !info.height) return null;
    const facts: ImageFacts = { width: info.width, height: info.height, variants: [] };
    // A GIF may move; a still copy would change what the admin chose.
    if (contentType === "image/gif" || info.width * info.height > MAX_PIXELS) return facts;
    for (const width of widths.filter((w) => w < info.width)) {
      const result = await images.input(streamOf(bytes)).transform({ width, fit: "scale-down" }).output({ format: "image/webp", quality: WEBP_QUALITY });
      const copy = new Uint8Array(await result.response().arrayBuffer());
      if (copy.byteLength < bytes.byteLength) facts.variants.push({ width, bytes: copy });
    }
    return facts;
  } catch (error) {
    logEvent("warn", "image_variants_failed", { content_type: contentType, size: bytes.byteLength, error: errorText(error) });
    return null;
  }
}
