// The one rule that turns a key price into what the wallet pays (workers/owner/store-settings.ts).
import { describe, expect, it } from "vitest";
import { formatPriceWithVnd } from "../../workers/shared/format";
import { parseConfig } from "../../workers/platform/config";
import { vndPrice } from "../../workers/shared/money/currency";
import { MINIMAL_SETTINGS } from "../fixtures/settings";

const NBSP = "\u00a0";

describe("vndPrice", () => {
  it("charges a VND price as it is, whatever the rate", () => {
    expect(vndPrice(50_000, "VND", 25_500)).toBe(50_000);
    expect(vndPrice(50_000, "VND", null)).toBe(50_000);
    expect(vndPrice(0, "VND", null)).toBe(0);
  });

  it("charges a USD price at the rate, never as its raw number", () => {
    expect(vndPrice(5, "USD", 25_500)).toBe(127_500);
    expect(vndPrice(1, "USD", 1)).toBe(1);
    expect(vndPrice(0, "USD", 25_500)).toBe(0);
  });

  it("rounds a fraction of a đồng up, so the shop never undercharges", () => {
    expect(vndPrice(1.5, "USD", 3)).toBe(5);
    expect(vndPrice(0.01, "USD", 25_500)).toBe(255);
  });

  it("has no VND price for USD without a usable rate, or past a safe integer", () => {
    expect(vndPrice(5, "USD", null)).toBeNull();
    expect(vndPrice(5, "USD", 0)).toBeNull();
    expect(vndPrice(5, "USD", -1)).toBeNull();
    expect(vndPrice(5, "USD", Number.NaN)).toBeNull();
    expect(vndPrice(Number.MAX_SAFE_INTEGER, "USD", 25_500)).toBeNull();
  });
});

describe("formatPriceWithVnd", () => {
  it("shows a USD price with what the wallet pays, and a VND price as itself", () => {
    expect(formatPriceWithVnd(5, "USD", 127_500)).toBe(`5,00${NBSP}US$ ≈ 127.500${NBSP}₫`);
    expect(formatPriceWithVnd(5, "USD", null)).toBe(`5,00${NBSP}US$`);
    expect(formatPriceWithVnd(40_000, "VND", 40_000)).toBe(`40.000${NBSP}₫`);
  });
});

describe("USD_VND_RATE", () => {
  const base = MINIMAL_SETTINGS;

  it("is an optional positive whole number of đồng per US$", () => {
    expect(parseConfig(base).USD_VND_RATE).toBeNull();
    expect(parseConfig({ ...base, USD_VND_RATE: "" }).USD_VND_RATE).toBeNull();
    expect(parseConfig({ ...base, USD_VND_RATE: "25500" }).USD_VND_RATE).toBe(25_500);
    expect(parseConfig({ ...base, USD_VND_RATE: 26_000 }).USD_VND_RATE).toBe(26_000);
  });

  it("stops the start with a message naming it when it is not", () => {
    for (const bad of ["0", "-1", "25.5", "abc", "99999999"]) expect(() => parseConfig({ ...base, USD_VND_RATE: bad })).toThrow(/USD_VND_RATE/);
  });
});
