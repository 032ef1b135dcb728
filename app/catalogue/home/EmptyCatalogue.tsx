import { homeWords } from "~/i18n/vi/catalogue/home";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";

/** The home page when the catalogue is empty (docs/product.md §2). */
export function EmptyCatalogue() {
  const words = useWords(homeWords);
  const shell = useWords(shellWords);
  return (
    <div className="home-empty">
      <p className="text-lg font-semibold text-white">{words.emptyCatalogue}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="button-primary mt-6"
      >
        {shell.reload}
      </button>
    </div>
  );
}
