import { useEffect, useRef } from "react";
import { rememberLocale } from "~/i18n/locale";

/**
 * The bar that offers the English store on the Vietnamese home page (EnglishSuggestion.tsx decides
 * when). Written in English, for the reader it is offered to. It appears after the page is drawn,
 * so it lies over the foot of the screen instead of pushing the page down (no layout shift), and the
 * page gains room of its height at its end, so nothing (the footer, a focused link) stays under it.
 */
export function EnglishOffer({ onClose }: { onClose: () => void }) {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const room = `${bar.current?.offsetHeight ?? 0}px`;
    const { body, documentElement } = document;
    body.style.paddingBottom = room;
    documentElement.style.scrollPaddingBottom = room;
    return () => {
      body.style.paddingBottom = "";
      documentElement.style.scrollPaddingBottom = "";
    };
  }, []);
  return (
    <aside ref={bar} lang="en" className="fixed inset-x-0 bottom-0 z-40 border-t border-white/10 bg-indigo-950 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-sm text-zinc-200 shadow-2xl">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        <p>
          This store is also in English.{" "}
          <a href="/en/" hrefLang="en" onClick={() => rememberLocale("en")} className="font-semibold text-indigo-300 underline underline-offset-2">
            Read it in English
          </a>
        </p>
        <button
          type="button"
          onClick={() => {
            rememberLocale("vi");
            onClose();
          }}
          className="rounded-lg px-2 py-1 text-zinc-300 hover:bg-white/5"
          aria-label="Close"
        >
          ×
        </button>
      </div>
    </aside>
  );
}
