// On the Vietnamese home page only, a browser whose first language is English is offered the
// English store: offered, never sent (docs/product.md, "The English store"). Decided after the page
// has hydrated, in the browser, so the cached `/` is the same Vietnamese page for everyone.
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { LOCALE_COOKIE } from "~/i18n/locale";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";
import { rememberLocale } from "./LanguageSwitch";

function prefersEnglish(): boolean {
  const chosen = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=`).test(document.cookie);
  return !chosen && /^en\b/i.test(navigator.languages?.[0] ?? navigator.language ?? "");
}

export function EnglishSuggestion() {
  const words = useWords(shellWords);
  const home = useLocation().pathname === "/";
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(home && prefersEnglish()), [home]);
  if (!shown) return null;
  return (
    <aside lang="en" className="border-b border-white/5 bg-indigo-950/60 px-4 py-2 text-sm text-zinc-200">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        <p>
          {words.englishSuggestion}{" "}
          <a href="/en/" hrefLang="en" onClick={() => rememberLocale("en")} className="font-semibold text-indigo-300 underline underline-offset-2">
            {words.englishSuggestionLink}
          </a>
        </p>
        <button type="button" onClick={() => { rememberLocale("vi"); setShown(false); }} className="rounded-lg px-2 py-1 text-zinc-300 hover:bg-white/5" aria-label={words.englishSuggestionClose}>
          ×
        </button>
      </div>
    </aside>
  );
}
