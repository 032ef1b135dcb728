// Words in one place per locale (docs/decisions/0042-english-store-at-en.md): each
// area of the store defines its Vietnamese words with defineWords (app/i18n/vi/), and its English
// twin in app/i18n/en/ is typed by it, so a missing English word fails the typecheck. The English
// words reach the browser only on /en/ pages, with their layout routes (english-routes.ts), before
// the page hydrates; the server has them from the start (entry.server.tsx).
import { type Locale, useLocale } from "./locale";

type Entry = string | ((...args: never[]) => string);
export type Dictionary = { readonly [key: string]: Entry };

/** An area's words: its id (the key of its English twin) and its Vietnamese. */
export type Words<D extends Dictionary> = { readonly id: string; readonly vi: D };

/** What the English twin of an area's words must hold: every key, a string or the same function. */
export type EnglishOf<W> = W extends Words<infer D> ? { readonly [K in keyof D]: D[K] extends string ? string : D[K] } : never;

export function defineWords<D extends Dictionary>(id: string, vi: D): Words<D> {
  return { id, vi };
}

const english = new Map<string, Dictionary>();

/** Makes the English words known (the English pages' start, and the server's). */
export function setEnglish(all: Readonly<Record<string, Dictionary>>): void {
  for (const [id, words] of Object.entries(all)) english.set(id, words);
}

/** An area's words in `locale`: Vietnamese, or English once setEnglish has run (else Vietnamese). */
export function wordsIn<D extends Dictionary>(locale: Locale, words: Words<D>): D {
  if (locale === "vi") return words.vi;
  return (english.get(words.id) as D | undefined) ?? words.vi;
}

/** An area's words in this page's language. */
export function useWords<D extends Dictionary>(words: Words<D>): D {
  return wordsIn(useLocale(), words);
}
