// The version rule of the key check (decision 0031): digits and dots, compared part by part as numbers.
import { describe, expect, it } from "vitest";
import { compareVersions, isVersion, updateRequired } from "../../workers/shared/version";

describe("compareVersions", () => {
  it("compares each part as a number: 1.10 is newer than 1.9", () => {
    expect(compareVersions("1.10", "1.9")).toBe(1);
    expect(compareVersions("1.9", "1.10")).toBe(-1);
    expect(compareVersions("2.0", "10.0")).toBe(-1);
  });
  it("treats a missing part as 0 and leading zeros as nothing", () => {
    expect(compareVersions("1.2", "1.2.0")).toBe(0);
    expect(compareVersions("1.2.0.1", "1.2")).toBe(1);
    expect(compareVersions("01.02", "1.2")).toBe(0);
  });
});

describe("isVersion", () => {
  it("takes digits and dots only, with no empty part and a bounded length", () => {
    expect(["1", "1.2", "10.0.3", "2026.11.26"].every(isVersion)).toBe(true);
    expect(["", "1.", ".1", "1..2", "1.2b", "v1.2", " 1.2", "1,2", "1.2.3.4.5.6.7.8.9", "1234567890"].some(isVersion)).toBe(false);
  });
});

describe("updateRequired", () => {
  it("is true only when the sent version is below the minimum", () => {
    expect(updateRequired("1.9", "1.10")).toBe(true);
    expect(updateRequired("1.10", "1.10")).toBe(false);
    expect(updateRequired("1.10.1", "1.10")).toBe(false);
  });
  it("is false when the mod sent no version or the app has no minimum", () => {
    expect(updateRequired(undefined, "2.0")).toBe(false);
    expect(updateRequired("1.0", null)).toBe(false);
  });
});
