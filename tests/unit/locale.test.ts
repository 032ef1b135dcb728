import { describe, expect, test } from "vitest";
import { inLocale, localeOf, withoutLocale } from "~/i18n/locale";
import { loginPathFor } from "~/accounts/session/login-path";
import { formatDate, formatVND } from "@workers/shared/format";
import * as english from "@workers/shared/format-en";

describe("the locale in the address", () => {
  test("English is /en and what is under it; nothing else", () => {
    expect(localeOf("/en")).toBe("en");
    expect(localeOf("/en/")).toBe("en");
    expect(localeOf("/en/login")).toBe("en");
    expect(localeOf("/")).toBe("vi");
    expect(localeOf("/english-app")).toBe("vi");
    expect(localeOf("/enx/login")).toBe("vi");
  });

  test("a path moves between the languages, its query kept", () => {
    expect(inLocale("en", "/")).toBe("/en/");
    expect(inLocale("en", "/profile?tab=wallet")).toBe("/en/profile?tab=wallet");
    expect(inLocale("en", "/en/login")).toBe("/en/login");
    expect(inLocale("vi", "/en/")).toBe("/");
    expect(inLocale("vi", "/en")).toBe("/");
    expect(inLocale("vi", "/en?q=x")).toBe("/?q=x");
    expect(inLocale("vi", "/en/app/5")).toBe("/app/5");
    expect(withoutLocale("/english-app")).toBe("/english-app");
  });

  test("the sign-in page is in the language of the page it returns to", () => {
    expect(loginPathFor("/en/app/5")).toBe("/en/login?redirect=%2Fen%2Fapp%2F5");
    expect(loginPathFor("/app/5?x=1")).toBe("/login?redirect=%2Fapp%2F5%3Fx%3D1");
  });
});

describe("English numbers, money and dates", () => {
  test("money groups with commas, USD as USD; Vietnamese unchanged", () => {
    expect(english.formatVND(60000)).toBe("60,000\u00a0₫");
    expect(formatVND(60000)).toBe("60.000\u00a0₫");
    expect(english.formatPrice(5, "USD")).toBe("$5.00");
    expect(english.formatPriceWithVnd(5, "USD", 127500)).toBe("$5.00 ≈ 127,500\u00a0₫");
    expect(english.signedVND(-7000).text).toBe("−7,000\u00a0₫");
    expect(english.formatNumber(1234567)).toBe("1,234,567");
  });

  test("dates name the month; relative times count in English", () => {
    const moment = Date.UTC(2026, 10, 25, 7, 5);
    expect(english.formatDate(moment)).toBe("25 Nov 2026");
    expect(english.formatDateTime(moment)).toBe("14:05, 25 Nov 2026");
    expect(formatDate(moment)).toBe("25/11/2026");
    expect(english.formatRelativeTime(moment, moment + 3 * 86_400_000)).toBe("3 days ago");
    expect(english.formatRelativeTime(moment, moment + 3_600_000)).toBe("1 hour ago");
    expect(english.formatRelativeTime(moment, moment)).toBe("Just now");
    expect(english.formatDate(null)).toBe("Unknown time");
  });
});
