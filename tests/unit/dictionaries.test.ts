import { describe, expect, test } from "vitest";
import { english } from "~/i18n/en";
import type { Dictionary, Words } from "~/i18n/words";

// Every area's Vietnamese words (app/i18n/vi/) and their English twins (app/i18n/en/): the typecheck
// holds each twin's keys to its area; this holds the set of areas, and that English is English.
const areas = Object.values(import.meta.glob<Record<string, Words<Dictionary>>>("../../app/i18n/vi/**/*.ts", { eager: true })).flatMap((module) => Object.values(module));

// Letters only Vietnamese writes (the language's own name, in the switch, is not in a dictionary).
const VIETNAMESE_LETTERS = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;

describe("the dictionaries", () => {
  test("every Vietnamese area has its English twin, and English has no area Vietnamese lacks", () => {
    expect(areas.length).toBeGreaterThan(0);
    const ids = areas.map((area) => area.id).sort();
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(english).sort()).toEqual(ids);
  });

  test.each(areas.map((area) => [area.id, area] as const))("%s: the same words in both languages, the English in English", (id, area) => {
    const twin = (english as Record<string, Dictionary>)[id];
    expect(Object.keys(twin).sort()).toEqual(Object.keys(area.vi).sort());
    for (const [key, vietnamese] of Object.entries(area.vi)) {
      const word = twin[key];
      expect(typeof word, `${id}.${key}`).toBe(typeof vietnamese);
      const text = typeof word === "function" ? (word as (...args: unknown[]) => string)(2, 2, 2) : word;
      expect(text, `${id}.${key}`).not.toMatch(VIETNAMESE_LETTERS);
      expect(text.trim(), `${id}.${key}`).not.toBe("");
    }
  });
});
