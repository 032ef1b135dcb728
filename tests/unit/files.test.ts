import { describe, expect, it } from "vitest";
import { contentDisposition, parseRange } from "../../workers/catalogue/files";

describe("parseRange", () => {
  it.each([
    ["bytes=0-99", { offset: 0, length: 100 }],
    ["bytes=100-", { offset: 100, length: 900 }],
    ["bytes=-100", { offset: 900, length: 100 }],
    ["bytes=990-5000", { offset: 990, length: 10 }],
    ["bytes=-5000", { offset: 0, length: 1000 }],
  ])("%s of 1000 bytes", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
  it("a range past the end is unsatisfiable", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
  it("what we do not honour falls back to the whole object", () => {
    expect(parseRange(null, 1000)).toBeNull();
    expect(parseRange("bytes=0-1,5-9", 1000)).toBeNull();
    expect(parseRange("items=0-1", 1000)).toBeNull();
    expect(parseRange("bytes=50-10", 1000)).toBeNull();
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("attachment", "Cờ Tướng_1.0.ipa")).toBe(
      `attachment; filename="Co Tuong_1.0.ipa"; filename*=UTF-8''C%E1%BB%9D%20T%C6%B0%E1%BB%9Bng_1.0.ipa`,
    );
  });
  it("cannot be broken out of with quotes", () => {
    expect(contentDisposition("inline", 'a"b\\c.deb')).toMatch(/^inline; filename="a_b_c\.deb";/);
  });
});
