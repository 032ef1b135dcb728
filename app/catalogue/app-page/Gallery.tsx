// The app page's screenshots: the main image sized before it arrives, the thumbnails to pick
// another, and the full-screen viewer they open (loaded when first opened).
import { useState } from "react";
import { appPageWords } from "~/i18n/vi/catalogue/app-page";
import { useWords } from "~/i18n/words";
import { imageSrc, imageSrcSet } from "@workers/shared/image-variants";
import type { Screenshot } from "@workers/catalogue/catalogue";
import { lazyDialog } from "../../ui/LazyDialog";

// The full-screen viewer is loaded when first opened: the app page's first load stays light.
const MediaViewer = lazyDialog(() => import("./MediaViewer").then((module) => module.MediaViewer));

/** The thumbnail's box (h-24 w-14) and the main image's usual width, in CSS pixels. */
const THUMB_SHOWN_PX = { width: 56, height: 96 };
const MAIN_SHOWN_PX = 360;

/** How wide the main image is shown, for its srcset: as mainBox below says (the column, 70vh of height, the image). */
function mainSizes(shot: Screenshot): string | undefined {
  if (!shot.variants.length) return undefined;
  if (!shot.width || !shot.height) return "(max-width: 896px) calc(100vw - 3rem), 848px";
  const byHeight = `${((70 * shot.width) / shot.height).toFixed(2)}vh`;
  return `(max-width: 896px) min(calc(100vw - 3rem), ${byHeight}), min(848px, ${byHeight})`;
}

/**
 * The main image's box, sized before the image arrives (no layout shift): as wide as the column,
 * 70vh of height and the image itself allow; its height follows from width and height. Unknown sizes
 * (images stored before migrations/0017) keep the image's own.
 */
function mainBox(shot: Screenshot): { width: string } | undefined {
  if (!shot.width || !shot.height) return undefined;
  return { width: `min(100%, ${((70 * shot.width) / shot.height).toFixed(2)}vh, ${shot.width}px)` };
}

/** A thumbnail covers its 56×96 box: a wide image is drawn 96 px high, so wider than the box. */
function thumbSizes(shot: Screenshot): string | undefined {
  if (!shot.variants.length) return undefined;
  const ratio = shot.width && shot.height ? shot.width / shot.height : 0;
  return `${Math.max(THUMB_SHOWN_PX.width, Math.ceil(THUMB_SHOWN_PX.height * ratio))}px`;
}

export function Gallery({ items, appName }: { items: Screenshot[]; appName: string }) {
  const [selected, setSelected] = useState(0);
  // The viewer's own position: the page keeps its choice, so focus can go back to the image that opened it.
  const [viewing, setViewing] = useState<number | null>(null);
  const words = useWords(appPageWords);
  if (items.length === 0) return null;
  const current = items[Math.min(selected, items.length - 1)];
  return (
    <section aria-labelledby="gallery-heading" className="mt-10">
      <h2 id="gallery-heading" className="mb-4 text-lg font-bold text-white">
        {words.media}
      </h2>
      <div className="flex justify-center overflow-hidden rounded-2xl border border-white/5 bg-black/40 p-2">
        {current.media_type === "video" ? (
          <video key={current.id} src={current.url} controls playsInline preload="metadata" className="max-h-[70vh] rounded-xl">
            <track kind="captions" />
          </video>
        ) : (
          // The button lies over the image rather than around it, so the image keeps its own name.
          <div className="relative" style={mainBox(current)}>
            <img
              key={current.id}
              src={imageSrc(current.url, current.variants, MAIN_SHOWN_PX)}
              srcSet={imageSrcSet(current.url, current.variants, current.width)}
              sizes={mainSizes(current)}
              width={current.width ?? undefined}
              height={current.height ?? undefined}
              alt={words.imageOf(appName, selected + 1)}
              className={`max-h-[70vh] rounded-xl object-contain${current.width && current.height ? " w-full" : ""}`}
            />
            <button type="button" onClick={() => setViewing(Math.min(selected, items.length - 1))} className="absolute inset-0 cursor-zoom-in rounded-xl" aria-label={words.viewFullScreen} />
          </div>
        )}
      </div>
      {viewing !== null && <MediaViewer items={items} appName={appName} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />}
      {items.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-2" aria-label={words.thumbnails}>
          {items.map((item, index) => (
            <li key={item.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={(item.media_type === "video" ? words.thumbnailVideo : words.thumbnailImage)(index + 1)}
                aria-current={index === selected}
                className={`relative block h-24 w-14 overflow-hidden rounded-lg ring-2 ${index === selected ? "ring-indigo-400" : "ring-transparent opacity-70 hover:opacity-100"}`}
              >
                {item.media_type === "video" ? (
                  <>
                    {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a thumbnail without controls, inside the button that is the control. */}
                    <video src={`${item.url}#t=0.5`} muted preload="metadata" playsInline className="h-full w-full object-cover" aria-hidden="true" />
                    <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-white" aria-hidden="true">
                      ▶
                    </span>
                  </>
                ) : (
                  <img
                    src={imageSrc(item.url, item.variants, THUMB_SHOWN_PX.width)}
                    srcSet={imageSrcSet(item.url, item.variants, item.width)}
                    sizes={thumbSizes(item)}
                    width={THUMB_SHOWN_PX.width}
                    height={THUMB_SHOWN_PX.height}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
