import type { MetaFunction } from "@remix-run/cloudflare";
import { localeOf } from "~/i18n/locale";
import { shellWords } from "~/i18n/vi/shell";
import { useWords, wordsIn } from "~/i18n/words";
import { NotFound } from "~/root";
import { pageMeta } from "~/ui/meta";

// Any address no page has, at any depth: one 404 page in the address's language, with its title,
// the frame's header, footer and language switch. Under /en/ it is a child of the English layout
// (vite.config.ts), so the English words are loaded before the page hydrates.
export function loader(): never {
  throw new Response(null, { status: 404 });
}

export const meta: MetaFunction = ({ matches, location }) => pageMeta(matches, wordsIn(localeOf(location.pathname), shellWords).notFoundTitle);

export function ErrorBoundary() {
  const words = useWords(shellWords);
  return <NotFound title={words.notFoundTitle} message={words.notFoundMessage} />;
}

// The loader always throws: the page is the ErrorBoundary's.
export default function MissingPage() {
  return null;
}
