// The gallery's full-screen viewer (issue #27): one screenshot or video at a time on black,
// moved by the arrow buttons, the arrow keys, or a finger drawn sideways. It is a Dialog, so
// Escape closes it and focus goes back to what opened it.
import { type PointerEvent, useCallback, useEffect, useRef } from "react";
import type { Screenshot } from "@workers/catalogue/catalogue";
import { Dialog, DialogCloseButton } from "../../ui/Dialog";
import { imageSrcSet } from "@workers/shared/image-variants";
import { appPageWords } from "~/i18n/vi/catalogue/app-page";
import { useWords } from "~/i18n/words";

/** How far (px) a finger must travel sideways, more than up or down, to move to the next item. */
const SWIPE_MIN_PX = 40;

export function MediaViewer({
  items,
  appName,
  index,
  onIndex,
  onClose,
}: {
  items: Screenshot[];
  appName: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const count = items.length;
  const item = items[index];
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const latest = useRef({ index, count, onIndex });
  latest.current = { index, count, onIndex };
  const words = useWords(appPageWords);

  const move = useCallback((step: number) => {
    const { index, count, onIndex } = latest.current;
    onIndex((index + step + count) % count);
  }, []);

  // Arrow keys anywhere in the viewer, except where they already mean something (a video's seek bar).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      if (event.target instanceof HTMLMediaElement || event.target instanceof HTMLInputElement) return;
      event.preventDefault();
      move(event.key === "ArrowRight" ? 1 : -1);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [move]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === "mouse") return;
    start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) move(dx < 0 ? 1 : -1);
  }

  const arrow = "absolute top-1/2 -translate-y-1/2 rounded-full bg-black/60 p-3 text-white hover:bg-black/80";
  return (
    <Dialog open onClose={onClose} labelledBy="media-viewer-title" fullScreen testId="media-viewer">
      <div className="flex items-center justify-between gap-3 px-4 pt-[max(0.75rem,env(safe-area-inset-top))] pb-3 text-white">
        <h2 id="media-viewer-title" className="text-base font-semibold">
          {words.media}
        </h2>
        <span className="ml-auto text-sm text-zinc-300" aria-live="polite">{`${index + 1} / ${count}`}</span>
        <DialogCloseButton onClick={onClose} />
      </div>
      <div
        className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        {item.media_type === "video" ? (
          <video key={item.id} src={item.url} controls playsInline preload="metadata" className="max-h-full max-w-full">
            <track kind="captions" />
          </video>
        ) : (
          // The largest copy will do on a phone; a wide screen's browser takes the original from the srcset.
          <img
            key={item.id}
            src={item.url}
            srcSet={imageSrcSet(item.url, item.variants, item.width)}
            sizes={item.variants.length ? "100vw" : undefined}
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            alt={words.imageOf(appName, index + 1)}
            draggable={false}
            className="max-h-full max-w-full object-contain"
          />
        )}
        {count > 1 && (
          <>
            <button type="button" onClick={() => move(-1)} className={`${arrow} left-2`} aria-label={words.previousImage}>
              <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="m15 6-6 6 6 6" />
              </svg>
            </button>
            <button type="button" onClick={() => move(1)} className={`${arrow} right-2`} aria-label={words.nextImage}>
              <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="m9 6 6 6-6 6" />
              </svg>
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
