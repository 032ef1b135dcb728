// Where the smaller WebP copies of a stored image are, and the srcset that offers them
// (docs/decisions/0036-image-variants.md). The server writes the copy of width W beside the
// original, at `<original>.w<W>.webp`; the API lists the widths made, and the pages build the URLs here.

/** The copy of `width` pixels of the image at `url` (an R2 key or its /api/media URL: the suffix needs no escaping). */
export function variantUrl(url: string, width: number): string {
  return `${url}.w${width}.webp`;
}

/**
 * The `srcset` offering the copies and the original (when its width is known), for a `sizes` that
 * says how wide the image is shown: the browser takes the smallest that fills it at its pixel density.
 * Undefined when there is nothing to choose from (older images: the original alone, in `src`).
 */
export function imageSrcSet(url: string, variants: readonly number[] | null | undefined, width: number | null | undefined): string | undefined {
  if (!variants?.length) return undefined;
  const candidates = variants.map((w) => `${variantUrl(url, w)} ${w}w`);
  if (width) candidates.push(`${url} ${width}w`);
  return candidates.join(", ");
}

/** The first copy at least `shown` pixels wide (the `src` of browsers that skip srcset), else the original. */
export function imageSrc(url: string, variants: readonly number[] | null | undefined, shown: number): string {
  const fit = [...(variants ?? [])].sort((a, b) => a - b).find((w) => w >= shown);
  return fit ? variantUrl(url, fit) : url;
}
