// A message the store says, declared once with its code and its text in both languages
// (docs/decisions/0044-messages-by-code.md). A rule throws or returns a Message (the code and the
// arguments); the text is chosen where the answer is sent, in the reader's language. Pure and
// ground floor: it imports nothing of the store, so every domain, the schemas and the screens may
// declare their messages with it.
import type { Lang } from "./lang";

// biome-ignore lint/suspicious/noExplicitAny: a template's arguments are whatever it declares.
type Template = (...args: any[]) => string;

/** A message's text in one language: a text, or a template of the message's arguments. */
type Text = string | Template;

/** One message as a domain declares it: its code (the API's promise, docs/api.md "Refusals") and its two texts. */
export type MessageSpec = { readonly code: string; readonly vi: Text; readonly en: Text };

/**
 * What a declaration must hold: for a Vietnamese text an English text, for a Vietnamese template
 * an English template of the same arguments. tsc refuses a missing language, a text beside a
 * template, or an English template whose arguments differ.
 */
type Checked<T> = {
  readonly [K in keyof T]: T[K] extends { readonly vi: (...args: infer A) => string }
    ? { readonly code: string; readonly vi: (...args: A) => string; readonly en: (...args: A) => string }
    : { readonly code: string; readonly vi: string; readonly en: string };
};

/** A message with its arguments: what a rule throws (in a domain error) and a route answers. */
export class Message {
  constructor(
    readonly spec: MessageSpec,
    readonly args: readonly unknown[] = [],
  ) {}

  get code(): string {
    return this.spec.code;
  }

  /** The message in `lang`; an argument that is itself a message is said in `lang` too. */
  in(lang: Lang): string {
    const text = this.spec[lang];
    return typeof text === "string" ? text : text(...this.args.map((arg) => (arg instanceof Message ? arg.in(lang) : arg)));
  }

  /** Anything that prints a message without choosing (a log line, a body not yet rendered) prints the store's language. */
  toString(): string {
    return this.in("vi");
  }

  toJSON(): string {
    return this.in("vi");
  }

  /**
   * The message as zod carries it (an issue's message is a string): a token naming this message's
   * declaration and its arguments, turned back into the Message by `messageOfToken` where the issue
   * is read (the API's validator, the browser's pre-checks), then said in the reader's language.
   * Only for this JavaScript realm: a token is never sent, stored or compared.
   */
  get token(): string {
    let id = TOKEN_IDS.get(this.spec);
    if (id === undefined) {
      id = TOKEN_SPECS.push(this.spec) - 1;
      TOKEN_IDS.set(this.spec, id);
    }
    return `${TOKEN_MARK}${id}${TOKEN_MARK}${JSON.stringify(this.args)}`;
  }
}

// The declarations a token was made of, in this realm: a ground-floor lookup that knows no domain.
const TOKEN_SPECS: MessageSpec[] = [];
const TOKEN_IDS = new WeakMap<MessageSpec, number>();
const TOKEN_MARK = "\uE000";
const TOKEN = /^\uE000(\d+)\uE000([\s\S]*)$/;

/** The Message a token stands for (Message#token), or null for any other text. */
function messageOfToken(text: string): Message | null {
  const match = TOKEN.exec(text);
  const spec = match && TOKEN_SPECS[Number(match[1])];
  return spec ? new Message(spec, JSON.parse(match[2]) as unknown[]) : null;
}

/** What zod said: the Message of a token, any other text as it is. */
export function saidOfIssue(text: string): Said {
  return messageOfToken(text) ?? text;
}

/** A template message: called with its arguments, it is the Message; `spec` is its declaration. */
type MessageTemplate<A extends unknown[]> = ((...args: A) => Message) & { readonly spec: MessageSpec; readonly code: string };

/** A declared catalogue: a Message for each text, a function of the arguments for each template. */
export type Catalogue<T> = {
  readonly [K in keyof T]: T[K] extends { readonly vi: (...args: infer A) => string } ? MessageTemplate<A> : Message;
};

/**
 * A domain's messages, each declared once: `defineMessages({ codeInvalid: { code:
 * "promotion_code_invalid", vi: "…", en: "…" }, tooMany: { code: "rate_limited", vi: (s: number)
 * => …, en: (s: number) => … } })`.
 */
export function defineMessages<const T extends Record<string, MessageSpec>>(specs: T & Checked<T>): Catalogue<T> {
  const catalogue: Record<string, Message | MessageTemplate<unknown[]>> = {};
  for (const [key, spec] of Object.entries(specs as Record<string, MessageSpec>)) {
    catalogue[key] = typeof spec.vi === "string" ? new Message(spec) : Object.assign((...args: unknown[]) => new Message(spec, args), { spec, code: spec.code });
  }
  return Object.freeze(catalogue) as Catalogue<T>;
}

/** A catalogue's texts in one language (a page's words for it): a text for a message, a function of the arguments for a template. */
export type TextsOf<T> = { readonly [K in keyof T]: T[K] extends (...args: infer A) => Message ? (...args: A) => string : string };

/**
 * What a rule may say: a declared Message, or a plain text that is the same in every language (a
 * file's name, a reason a gateway sent); a plain text is never put into another language.
 */
export type Said = string | Message;

/** `said` in `lang` when it is a Message; a plain text as it is. */
export function textOf(said: Said, lang: Lang = "vi"): string {
  return typeof said === "string" ? said : said.in(lang);
}

export function isMessage(value: unknown): value is Message {
  return value instanceof Message;
}
