import { useLocation } from "@remix-run/react";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";
import { LanguageSwitch } from "./LanguageSwitch";

/** The foot of every store page: the language switch (admin pages stay Vietnamese and have none). */
export function Footer() {
  const words = useWords(shellWords);
  if (useLocation().pathname.startsWith("/admin")) return null;
  return (
    <footer className="site-footer">
      <nav aria-label={words.language} className="mx-auto flex max-w-7xl justify-end">
        <LanguageSwitch className="rounded-lg px-2 py-1 font-semibold text-zinc-200 hover:bg-white/5" />
      </nav>
    </footer>
  );
}
