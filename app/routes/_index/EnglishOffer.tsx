import { rememberLocale } from "~/components/LanguageSwitch";

/**
 * The line atop the Vietnamese home page that offers the English store (EnglishSuggestion.tsx
 * decides when). Written in English, for the reader it is offered to, on either store.
 */
export function EnglishOffer({ onClose }: { onClose: () => void }) {
  return (
    <aside lang="en" className="border-b border-white/5 bg-indigo-950/60 px-4 py-2 text-sm text-zinc-200">
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
