// The building blocks every input schema is made of (issue #24): how a whole number, an id, a
// page, a search and a name are written, in a JSON body, a path and a query string alike. One rule
// each, here; the schemas of workers/schemas/ and the few services that read a gateway's body use
// them, so "0x10", "1e1", true or [1] is never read as a number anywhere.
import { z } from "zod";
import { number } from "./english/format";
import { defineMessages, type Message } from "./message";

/** The building blocks' own words: an id, a page, a list's size, a search. */
export const FIELD_MESSAGES = defineMessages({
  badId: { code: "id_invalid", vi: "ID không hợp lệ", en: "Invalid ID" },
  badPage: { code: "page_invalid", vi: "Trang không hợp lệ", en: "Invalid page" },
  badPageSize: { code: "page_size_invalid", vi: "Số dòng không hợp lệ", en: "Invalid number of rows" },
  pageSizeRange: { code: "page_size_invalid", vi: (max: number) => `Số dòng từ 1 đến ${max}`, en: (max: number) => `The number of rows must be from 1 to ${number(max)}` },
  searchTooLong: { code: "search_too_long", vi: "Từ khóa tìm kiếm quá dài", en: "The search is too long" },
});

/** Digits without a leading zero: what String(n) writes for a whole n ≥ 0. */
const DECIMAL = /^(0|[1-9]\d*)$/;
const SIGNED_DECIMAL = /^(0|-?[1-9]\d*)$/;

/**
 * A whole number as a client may send one: a JSON number, or a canonical decimal string (forms
 * and query strings send text), with a leading minus only when `negative` makes sense. Booleans,
 * arrays, hex, exponents, blanks, padding, fractions and numbers past 2^53 are none: null.
 */
export function wholeNumber(value: unknown, { negative = false } = {}): number | null {
  let number: number;
  if (typeof value === "number") number = value;
  else if (typeof value === "string" && (negative ? SIGNED_DECIMAL : DECIMAL).test(value)) number = Number(value);
  else return null;
  if (!Number.isSafeInteger(number) || (!negative && number < 0)) return null;
  return number === 0 ? 0 : number; // never -0
}

type IntegerRule = {
  min: number;
  max: number;
  /** Said when the value is missing. */
  message: string;
  /** Said when a value is there but is not a whole number written as one (default: `message`). */
  invalid?: string;
  tooSmall?: string;
  tooBig?: string;
};

/**
 * A whole number from `min` to `max` (money, ids, counts, pages): a JSON number or a canonical
 * decimal string, negative only when `min` is. The schema's input type is number | string.
 */
export function integerField({ min, max, message, invalid = message, tooSmall = invalid, tooBig = invalid }: IntegerRule) {
  return z
    .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined || issue.input === null ? message : invalid) })
    .transform((value, context) => {
      const number = wholeNumber(value, { negative: min < 0 });
      if (number === null || number < min || number > max) {
        context.addIssue({ code: "custom", message: number === null ? invalid : number < min ? tooSmall : tooBig, input: value });
        return z.NEVER;
      }
      return number;
    });
}

/** A row's id (a key, a user, a pricing…): a whole number ≥ 1. */
export function idField(message = FIELD_MESSAGES.badId.token) {
  return integerField({ min: 1, max: Number.MAX_SAFE_INTEGER, message });
}

/** A path whose `:id` is a row's id; anything else names nothing (validate.ts readParams answers 404). */
export const idPath = z.object({ id: idField() });

/** A row named by text (an app's slug or id, a transaction's public id): as sent, never padded; the lookup decides. */
export const refField = z
  .string()
  .min(1)
  .max(200)
  .refine((text) => text === text.trim());

/** A path whose `:id` names a row by text (a top-up's, a card's or an upload's id; an app's slug or id). */
export const refPath = z.object({ id: refField });

/** A path whose `:app` names an app by its slug or id. */
export const appPath = z.object({ app: refField });

/** A path whose `:url` names an app by its slug. */
export const urlPath = z.object({ url: refField });

// ---------------------------------------------------------------- lists

/** Pages past this are refused: offsets stay small integers whatever the page size. */
const MAX_PAGE = 100_000;

export const pageField = integerField({ min: 1, max: MAX_PAGE, message: FIELD_MESSAGES.badPage.token });

export function pageSizeField(max: number) {
  return integerField({ min: 1, max, message: FIELD_MESSAGES.badPageSize.token, tooBig: FIELD_MESSAGES.pageSizeRange(max).token });
}

/** A list's `page` and `page_size` query parameters, both bounded whole numbers. */
export function pageQuery({ size, max }: { size: number; max: number }) {
  return { page: pageField.default(1), page_size: pageSizeField(max).default(size) };
}

/** An optional number a form may leave blank: "" and null are "not given", anything else a whole number. */
export function optionalIntegerField(rule: IntegerRule) {
  return z.preprocess((value) => (value === "" ? null : value), integerField(rule).nullable());
}

/** An instant as text (ISO 8601, as a form's date sends it); true, [2026] or a number are not dates. */
export function dateField(message: string) {
  return z
    .string({ error: message })
    .max(40, message)
    .transform((text, context) => {
      const date = new Date(Date.parse(text));
      if (Number.isNaN(date.getTime())) {
        context.addIssue({ code: "custom", message, input: text });
        return z.NEVER;
      }
      return date;
    });
}

/** A list's filter (a status, an action): a blank one, as a cleared select sends it, filters nothing. */
export function filterField<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

// ---------------------------------------------------------------- searches

/** SQLite's LIKE refuses a pattern longer than this (D1 keeps SQLITE_LIMIT_LIKE_PATTERN_LENGTH at 50 bytes). */
const MAX_LIKE_PATTERN_BYTES = 50;

/** `%text%` with LIKE's wildcards and escape escaped, for `LIKE ? ESCAPE '\'`: a typed '%' is just a character. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const SEARCH_TOO_LONG = FIELD_MESSAGES.searchTooLong.token;

/** A search matched with LIKE: trimmed, and refused when its pattern would pass D1's limit. */
export const searchField = z
  .string({ error: SEARCH_TOO_LONG })
  .trim()
  .refine((text) => new TextEncoder().encode(containsPattern(text)).byteLength <= MAX_LIKE_PATTERN_BYTES, SEARCH_TOO_LONG);

// ---------------------------------------------------------------- names

/** Control characters (NUL among them) and the bidi overrides and isolates that reorder what follows. */
const HIDDEN_OR_REORDERING = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** In free text, the same but line breaks and tabs, and the non-characters (U+FFFF and the like). */
const HIDDEN_IN_TEXT = /(?![\t\n\r])[\p{Cc}\u202a-\u202e\u2066-\u2069\p{Noncharacter_Code_Point}]/u;

export const TEXT_MESSAGES = defineMessages({
  hidden: { code: "text_hidden", vi: "Nội dung chứa ký tự không hợp lệ", en: "The text contains characters that are not allowed" },
});

/**
 * Free text a page shows or a mod is sent (a description, a changelog, an announcement): it may
 * hold lines and tabs, and holds nothing that hides or reorders what the reader sees.
 */
export function showsWhatItSays(text: string): boolean {
  return !HIDDEN_IN_TEXT.test(text);
}

/** What shows nothing: spaces and format characters (zero-width space, joiners, BOM…). */
const SHOWS_NOTHING = /[\s\p{Cf}\p{Z}]/gu;

// The English is the browser's pre-checks' (they run the account schemas, which name people).
export const NAME_MESSAGES = defineMessages({
  required: { code: "name_required", vi: "Vui lòng nhập tên", en: "Please enter a name" },
  hidden: { code: "name_hidden", vi: "Tên chứa ký tự không hợp lệ", en: "The name holds characters that are not allowed" },
});

/**
 * Why a name (of a person, an app, a promotion…) cannot be stored, or null: it must show something
 * (not only zero-width or blank characters) and hide nothing (no control characters or bidi overrides).
 * A joiner inside an emoji is part of a visible name.
 */
function nameProblem(name: string): Message | null {
  if (HIDDEN_OR_REORDERING.test(name)) return NAME_MESSAGES.hidden;
  if (!name.replace(SHOWS_NOTHING, "")) return NAME_MESSAGES.required;
  return null;
}

type NameRule = {
  /** zod's message (a Message's token, workers/shared/message.ts). */
  tooLong: string;
  /** Said when the name is missing or shows nothing: a token too. */
  required?: string;
  /** A blank name means "none" (the service names it): only a non-blank one is checked. */
  blankAllowed?: boolean;
};

/** A name, trimmed, at most `max` characters, that shows something and hides nothing (nameProblem). */
export function nameField(max: number, { tooLong, required = NAME_MESSAGES.required.token, blankAllowed = false }: NameRule) {
  return z
    .string({ error: required })
    .trim()
    .max(max, tooLong)
    .superRefine((name, context) => {
      if (blankAllowed && name === "") return;
      const problem = nameProblem(name);
      if (problem) context.addIssue({ code: "custom", message: problem === NAME_MESSAGES.required ? required : problem.token });
    });
}
