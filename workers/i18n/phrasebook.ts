// How a Vietnamese text the store said finds its English and its code (docs/decisions/0041):
// every refusal is built in Vietnamese, as it always was, and turned into the reader's language
// only where it is answered. A text is known exactly (a dictionary's text, a phrase), or by the
// shape of the template that wrote it: each template is called once with probe arguments and
// its output, with the arguments cut out, becomes a pattern whose captures are read back into
// arguments for the English template. A captured text is itself looked up, so a reason inside
// a message ("Tệp IPA không hợp lệ: <reason>") is English too.
import { formatNumber } from "../shared/format";
import type { Catalogue, EnglishOf, MessageSpec } from "../shared/message";

// biome-ignore lint/suspicious/noExplicitAny: a template's arguments are whatever it declares.
type Template = (...args: any[]) => string;

/** A module's Vietnamese words: texts, and templates that put values into a text. */
export type Dictionary = Readonly<Record<string, string | Template>>;


/**
 * For each template of a dictionary, the arguments it is called with to learn its shape: one set
 * per form it can take (an argument that switches a branch, "" for an empty part). `{ samples }`:
 * the shape is a pattern written by hand (patterns.ts), and the samples only test it.
 */
export type ProbesOf<T extends Dictionary> = {
  readonly [K in keyof T as T[K] extends string ? never : K]: T[K] extends (...args: infer A) => string ? readonly A[] | { readonly samples: readonly A[] } : never;
};

/** What a Vietnamese text is in English, and the refusal's code when the text names one. */
export type Known = { code: string | null; english: string };

type Pattern = { regex: RegExp; code: string | null; english: (parts: string[], text: string) => string | null; weight: number };

/** A template's probe argument, for a string: a private-use mark found again in the output. */
const mark = (arg: number, item = 0) => `\uE000${arg}.${item}\uE001`;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A number as a Vietnamese text writes it ("1.000.000"), read back. */
const viNumber = (text: string) => Number(text.replace(/\./g, ""));

type Slot = { at: number; length: number; arg: number; item?: number; kind: "number" | "text" };

export class Phrasebook {
  readonly #exact = new Map<string, Known>();
  readonly #patterns: Pattern[] = [];
  /** Each registered text and template, for the tests that walk them (tests/unit/english.test.ts). */
  readonly entries: { name: string; vietnamese: string; known: Known }[] = [];
  readonly samples: { name: string; vietnamese: string }[] = [];
  /** The registered Vietnamese dictionaries themselves. */
  readonly dictionaries = new Set<object>();

  /**
   * Registers a dictionary and its English twin. `code`: each key's code (null: the refusal's
   * status names it, see refusals.ts). A text already known keeps its first English and code.
   */
  dictionary<T extends Dictionary>(name: string, vietnamese: T, english: EnglishOf<T>, code: (key: string) => string | null, probes: ProbesOf<T>): this {
    this.dictionaries.add(vietnamese);
    for (const [key, said] of Object.entries(vietnamese)) {
      const englishOf = (english as Record<string, string | Template>)[key];
      const entryCode = code(key);
      if (typeof said === "string") {
        this.phrase(said, englishOf as string, entryCode, `${name}.${key}`);
        continue;
      }
      const probe = (probes as Record<string, readonly unknown[][] | { samples: readonly unknown[][] }>)[key];
      const sets = Array.isArray(probe) ? probe : (probe as { samples: readonly unknown[][] }).samples;
      for (const args of sets) this.samples.push({ name: `${name}.${key}`, vietnamese: said(...args) });
      if (!Array.isArray(probe)) continue;
      for (const args of probe) this.#learn(said, englishOf as Template, args, entryCode);
    }
    return this;
  }

  /**
   * A declared catalogue (workers/shared/message.ts), while texts not yet declared are still looked
   * up: its Vietnamese is known with the English and code it declares. The answers never need this
   * (a Message speaks for itself); the walks of tests/unit/english.test.ts and a declared text that
   * still travels as a text do.
   */
  catalogue<T>(name: string, catalogue: Catalogue<T>, probes: Readonly<Record<string, readonly (readonly unknown[])[] | { readonly samples: readonly (readonly unknown[])[] }>>): this {
    const vietnamese: Record<string, string | Template> = {};
    const english: Record<string, string | Template> = {};
    const codes: Record<string, string> = {};
    for (const [key, entry] of Object.entries(catalogue as Record<string, { spec: MessageSpec }>)) {
      const { spec } = entry;
      vietnamese[key] = spec.vi;
      english[key] = spec.en;
      codes[key] = spec.code;
    }
    this.dictionary(name, vietnamese, english as EnglishOf<typeof vietnamese>, (key) => codes[key], probes as ProbesOf<typeof vietnamese>);
    this.dictionaries.add(catalogue);
    return this;
  }

  /** One text and its English (a schema's own words, a message no dictionary holds). */
  phrase(vietnamese: string, english: string, code: string | null = null, name = vietnamese): this {
    const known = { code, english };
    this.entries.push({ name, vietnamese, known });
    if (!this.#exact.has(vietnamese)) this.#exact.set(vietnamese, known);
    return this;
  }

  /**
   * A shape written by hand: `english` gets the captures, each already put into English where it
   * is a known text; it may answer null (this shape is not the text's after all). The longer the
   * fixed text of a pattern, the sooner it is tried. `samples`: texts of this shape, for the tests.
   */
  pattern(regex: RegExp, english: (...parts: string[]) => string | null, code: string | null, samples: readonly string[]): this {
    for (const sample of samples) this.samples.push({ name: `pattern ${regex.source}`, vietnamese: sample });
    const fixed = regex.source.replace(/\\./g, "x").replace(/\([^)]*\)[*+?]?|[\^$]/g, "").length;
    // A capture as long as the text is the text itself: looking it up again would never end.
    this.#add({ regex, code, weight: fixed, english: (parts, text) => english(...parts.map((part) => (part.length < text.length ? this.inner(part) : part))) });
    return this;
  }

  #add(pattern: Pattern): void {
    const at = this.#patterns.findIndex((other) => other.weight < pattern.weight);
    this.#patterns.splice(at < 0 ? this.#patterns.length : at, 0, pattern);
  }

  /** Learns a template's shape from one call with `probe`. */
  #learn(vietnamese: Template, english: Template, probe: readonly unknown[], code: string | null): void {
    const marked = probe.map((value, arg) => {
      if (typeof value === "string") return value === "" ? value : mark(arg);
      if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.map((_, item) => mark(arg, item));
      return value;
    });
    const text = vietnamese(...marked);
    const slots: Slot[] = [];
    const find = (needle: string, slot: Omit<Slot, "at" | "length">) => {
      const at = text.indexOf(needle);
      if (at < 0) throw new Error(`phrasebook: the probe ${needle} is not in ${JSON.stringify(text)}`);
      slots.push({ ...slot, at, length: needle.length });
    };
    marked.forEach((value, arg) => {
      if (typeof value === "string" && value.startsWith("\uE000")) find(value, { arg, kind: "text" });
      else if (typeof value === "number") find(text.includes(formatNumber(value)) ? formatNumber(value) : String(value), { arg, kind: "number" });
      else if (Array.isArray(value)) for (const [index, item] of (value as string[]).entries()) find(item, { arg, item: index, kind: "text" });
    });
    slots.sort((a, b) => a.at - b.at);
    let source = "^";
    let last = 0;
    for (const slot of slots) {
      if (slot.at < last) throw new Error(`phrasebook: the probes of ${JSON.stringify(text)} overlap`);
      source += `${escapeRegex(text.slice(last, slot.at))}${slot.kind === "number" ? "(-?\\d[\\d.]*)" : "([\\s\\S]+?)"}`;
      last = slot.at + slot.length;
    }
    source += `${escapeRegex(text.slice(last))}$`;
    const weight = text.length - slots.reduce((sum, slot) => sum + slot.length, 0);
    if (weight === 0) throw new Error("phrasebook: a template that is only its arguments has no shape");
    this.#add({
      regex: new RegExp(source),
      code,
      weight,
      english: (parts) => {
        const args: unknown[] = probe.map((value) => (Array.isArray(value) ? [...value] : value));
        slots.forEach((slot, index) => {
          const value = slot.kind === "number" ? viNumber(parts[index]) : this.inner(parts[index]);
          if (slot.item === undefined) args[slot.arg] = value;
          else (args[slot.arg] as unknown[])[slot.item] = value;
        });
        return english(...args);
      },
    });
  }

  /** A text's English and code, or null when no entry knows it. */
  lookUp(text: string): Known | null {
    const exact = this.#exact.get(text);
    if (exact) return exact;
    for (const pattern of this.#patterns) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      const english = pattern.english(match.slice(1), text);
      if (english !== null) return { code: pattern.code, english };
    }
    return null;
  }

  /** A part of a text: its English when known, else as it was (a name, a key, a file name). */
  inner(text: string): string {
    return this.lookUp(text)?.english ?? text;
  }
}
