import { homeWords } from "~/i18n/vi/catalogue/home";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";

/** The home page when the catalogue is empty (docs/product.md §2). */
export function EmptyCatalogue() {
  const words = useWords(homeWords);
  const shell = useWords(shellWords);
  return (
    <div className="mx-auto max-w-md rounded-2xl border border-white/5 bg-zinc-900/70 p-10 text-center">
      <p className="text-lg font-semibold text-white">{words.emptyCatalogue}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-500"
      >
        {shell.reload}
      </button>
    </div>
  );
}
