// The store's two languages (docs/decisions/0041-english-beside-vietnamese-api.md): Vietnamese, the
// default and every text's original, and English beside it. Pure, so the API, the mails and the
// pages agree on what a request or an account asks for.

export const LANGS = ["vi", "en"] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return value === "vi" || value === "en";
}

/**
 * The language an Accept-Language header puts first: English when its most preferred language is
 * English (`en`, `en-US,en;q=0.9`, `vi;q=0.5, en-GB`), Vietnamese otherwise, and for a request that
 * sends none. Ties keep the header's order; `q=0` refuses a language.
 */
export function langOfAcceptLanguage(header: string | null | undefined): Lang {
  if (!header) return "vi";
  let best: { tag: string; q: number } | null = null;
  // A header is short; a long one is not read past its first few hundred characters.
  for (const part of header.slice(0, 500).split(",")) {
    const [rawTag, ...params] = part.split(";");
    const tag = rawTag.trim().toLowerCase();
    if (!tag) continue;
    const weight = params.map((param) => param.trim().toLowerCase()).find((param) => param.startsWith("q="));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (best === null || q > best.q) best = { tag, q };
  }
  return best !== null && (best.tag === "en" || best.tag.startsWith("en-")) ? "en" : "vi";
}

/** The language a request's Accept-Language header asks for. */
export function langOfRequest(request: Request): Lang {
  return langOfAcceptLanguage(request.headers.get("Accept-Language"));
}

const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

/** Whether a text holds a letter only Vietnamese writes (what the English answers must not hold). */
export function hasVietnameseLetters(text: string): boolean {
  return VIETNAMESE.test(text);
}
