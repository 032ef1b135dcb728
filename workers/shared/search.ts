// The home page's search words, normalised the way the search index (migrations/0008) stores
// text: no case, no diacritics ("CHIẾN" → "chien"), "đ" as "d". The loader, the edge cache key
// and the index query all go through normaliseSearch, so every spelling of a search is one copy.
// The admin's app list filters the same way in the browser (matchesSearch).

/** At most this many words are searched (each one narrows the result). */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/** "Chiến Đỏ" → "chien do": lower case, without diacritics, "đ" as "d". */
function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/gi, "d").toLowerCase();
}

/** "  Chiến BINH, Đỏ! " → "chien binh do" (words of letters and digits, single-spaced). */
export function normaliseSearch(text: string): string {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH))
    .join(" ");
}

/** Case- and accent-insensitive match on name, developer or bundle id. */
export function matchesSearch(app: { name: string; developer?: string | null; bundle_identifier?: string | null }, query: string): boolean {
  const needle = foldText(query.trim());
  return !needle || [app.name, app.developer, app.bundle_identifier].some((value) => foldText(value ?? "").includes(needle));
}
