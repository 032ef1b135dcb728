// The characters a key code may hold, and the form in which look-alike codes are one (issue 41
// item 2, docs/licensing.md §2). A buyer types the code they see: two codes that look the same
// but differ in a character (a Cyrillic А for a Latin A) would be two keys sold as one.
// Pure: the import (key-admin.ts) and the owner's collision report use it; Node tests read it too.
import { normalKeyCode } from "./key-check";

/** Whether a character of a code's normal form is the shop's. */
export type KeyAlphabet = (character: string) => boolean;

const BASE = /^[A-Z0-9_-]$/;

/**
 * ASCII letters, digits, "-" and "_", and the characters the shop declares
 * (KEY_CODE_EXTRA_CHARACTERS, workers/platform/config.ts). Checked on the normal form, which is
 * upper-cased, so the declared ones are taken in normal form too ("đ" allows đ and Đ).
 */
export function keyAlphabet(extra: string): KeyAlphabet {
  const declared = new Set([...normalKeyCode(extra)]);
  return (character) => BASE.test(character) || declared.has(character);
}

/** The characters of the code's normal form that the alphabet lacks, each once, in order. */
export function foreignCharacters(code: string, alphabet: KeyAlphabet): string[] {
  return [...new Set([...normalKeyCode(code)].filter((character) => !alphabet(character)))];
}

/** "U+0410": how a message names a character that may not show, or show as another. */
export function codePoint(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The code as stored, with each character outside printable ASCII written ⟨U+0410⟩, so look-alikes read apart. */
export function shownCode(code: string): string {
  return [...code].map((character) => (/^[\x21-\x7e]$/.test(character) ? character : `⟨${codePoint(character)}⟩`)).join("");
}

// Upper-case Cyrillic and Greek letters drawn like a Latin one (the normal form is upper-cased
// first, so а, р, ο… land here too). Not every confusable: the ones a key code is made of.
const LATIN_LOOK_ALIKES: Record<string, string> = {
  А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", У: "Y", Х: "X",
  Ѕ: "S", І: "I", Ј: "J", Ԛ: "Q", Ԝ: "W", Ү: "Y", Һ: "H", Ӏ: "I", З: "3",
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
};

/** The normal form with look-alike letters read as the Latin ones: codes a buyer cannot tell apart share it. */
export function lookAlikeForm(code: string): string {
  return [...normalKeyCode(code)].map((character) => LATIN_LOOK_ALIKES[character] ?? character).join("");
}
