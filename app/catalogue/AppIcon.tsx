import { imageSrc, imageSrcSet } from "@workers/shared/image-variants";

const SIZES = { sm: "h-12 w-12 text-lg rounded-xl", md: "h-16 w-16 text-2xl rounded-2xl", lg: "h-24 w-24 text-4xl rounded-3xl" };
/** The CSS pixels each size shows (the classes above): the browser picks the copy for its pixel density. */
const SHOWN_PX = { sm: 48, md: 64, lg: 96 };

/**
 * The app's icon, or the first letter of its name when it has none. A stored icon comes with smaller
 * copies (docs/decisions/0036-image-variants.md): a card is sent one near 64 px, not the 1024 px upload.
 */
export function AppIcon({
  name,
  src,
  variants,
  width,
  size = "md",
  firstScreen = false,
}: {
  name: string;
  src: string | null;
  /** Widths of the icon's WebP copies, and the original's own width (both from the API). */
  variants?: readonly number[];
  width?: number | null;
  size?: keyof typeof SIZES;
  /**
   * Shown without scrolling: loaded with the page rather than lazily. A lazy image is only asked
   * for after the first layout, so an icon in view arrived late, in the middle of the page's
   * start-up (docs/performance.md).
   */
  firstScreen?: boolean;
}) {
  const box = `${SIZES[size]} shrink-0 overflow-hidden ring-1 ring-white/10`;
  const shown = SHOWN_PX[size];
  if (src) {
    return (
      <img
        src={imageSrc(src, variants, shown)}
        srcSet={imageSrcSet(src, variants, width)}
        sizes={variants?.length ? `${shown}px` : undefined}
        alt=""
        className={`${box} bg-zinc-800 object-cover`}
        width={shown}
        height={shown}
        loading={firstScreen ? "eager" : "lazy"}
        decoding="async"
      />
    );
  }
  return (
    <div className={`${box} flex items-center justify-center bg-gradient-to-br from-indigo-500 to-fuchsia-600 font-bold text-white`} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || "?"}
    </div>
  );
}
