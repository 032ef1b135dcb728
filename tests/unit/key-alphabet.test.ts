// The shop's key alphabet (issue 41 item 2, docs/licensing.md §2): ASCII letters, digits, "-" and
// "_", plus what KEY_CODE_EXTRA_CHARACTERS declares; compared on the code's normal form.
import { describe, expect, it } from "vitest";
import { foreignCharacters, keyAlphabet, lookAlikeForm } from "../../workers/licensing/key-alphabet";
import { parseConfig } from "../../workers/platform/config";
import { MINIMAL_SETTINGS } from "../fixtures/settings";

describe("the shop's key alphabet", () => {
  it("takes ASCII letters in either case, digits, - and _, and full-width forms that are those", () => {
    const alphabet = keyAlphabet("");
    expect(foreignCharacters("abc-XYZ_019", alphabet)).toEqual([]);
    expect(foreignCharacters("ＡＢＣ-1", alphabet)).toEqual([]);
  });

  it("a code with a Cyrillic А, a Greek Ο, a space inside or an emoji names what is foreign", () => {
    const alphabet = keyAlphabet("");
    expect(foreignCharacters("KEY-\u0410", alphabet)).toEqual(["\u0410"]);
    expect(foreignCharacters("KEY-\u039f\u039f", alphabet)).toEqual(["\u039f"]);
    expect(foreignCharacters("KEY 1", alphabet)).toEqual([" "]);
    expect(foreignCharacters("KEY-\u{1F511}", alphabet)).toEqual(["\u{1F511}"]);
  });

  it("a shop that declares Đ stocks codes with Đ in either case, and still nothing else", () => {
    const alphabet = keyAlphabet("đ");
    expect(foreignCharacters("KHÓA-Đ1", alphabet)).toEqual(["Ó"]);
    expect(foreignCharacters("đ-1", alphabet)).toEqual([]);
  });

  it("reads Cyrillic and Greek letters that look Latin as the Latin letters", () => {
    expect(lookAlikeForm("key-\u0430\u0412\u0441-\u039f")).toBe("KEY-ABC-O");
  });

  it("a declared invisible character or space is refused by the settings", () => {
    expect(parseConfig({ ...MINIMAL_SETTINGS, KEY_CODE_EXTRA_CHARACTERS: "Đ" }).KEY_CODE_EXTRA_CHARACTERS).toBe("Đ");
    expect(parseConfig(MINIMAL_SETTINGS).KEY_CODE_EXTRA_CHARACTERS).toBe("");
    for (const extra of ["Đ\u200b", "Đ ", "\u00ad"]) {
      expect(() => parseConfig({ ...MINIMAL_SETTINGS, KEY_CODE_EXTRA_CHARACTERS: extra }), JSON.stringify(extra)).toThrow(/KEY_CODE_EXTRA_CHARACTERS/);
    }
  });
});
