import { describe, expect, it } from "vitest";
import { approxUsd, formatVndWithUsd } from "../../workers/shared/format-en";
import { keyTypeNameEn } from "../../workers/shared/english/key-types";
import { appTimeLabel, formatDate, formatDateTime, formatFileSize, formatNumber, formatPrice, formatRelativeTime, formatTime, formatTimeDayMonth, formatVND, signedVND } from "../../workers/shared/format";

const NBSP = "\u00a0";
const now = Date.UTC(2026, 10, 25, 12, 0, 0);
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("money", () => {
  it("formats VND in the Vietnamese locale with the ₫ sign", () => {
    expect(formatVND(60000)).toBe(`60.000${NBSP}₫`);
    expect(formatVND(50_000_000)).toBe(`50.000.000${NBSP}₫`);
    expect(formatVND(0)).toBe(`0${NBSP}₫`);
  });
  it("formats USD pricing and plain grouped numbers", () => {
    expect(formatPrice(5, "USD")).toBe(`5,00${NBSP}US$`);
    expect(formatPrice(120000)).toBe(`120.000${NBSP}₫`);
    expect(formatNumber(1234567)).toBe("1.234.567");
  });
  it("signs a wallet movement by its amount, not its type: credits +, debits − (issue #17)", () => {
    expect(signedVND(7000)).toEqual({ credit: true, text: `+7.000${NBSP}₫` });
    expect(signedVND(-7000)).toEqual({ credit: false, text: `−7.000${NBSP}₫` });
    expect(signedVND(-120_000).text).toBe(`\u2212120.000${NBSP}₫`);
    expect(signedVND(0).credit).toBe(true);
  });
});

describe("prices for a reader abroad (issue 54 item 5)", () => {
  it("writes a VND price with its approximate US$ at the shop's rate, and the VND alone without one", () => {
    expect(formatVndWithUsd(60000, 25400)).toBe(`60,000${NBSP}₫ ≈ $2.36`);
    expect(formatVndWithUsd(20000, 25500)).toBe(`20,000${NBSP}₫ ≈ $0.78`);
    expect(formatVndWithUsd(20000, null)).toBe(`20,000${NBSP}₫`);
    expect(approxUsd(20000, 0)).toBeNull();
    expect(approxUsd(20000, Number.NaN)).toBeNull();
  });
  it("names the four key types in English by their code, and a type the shop added by its own name", () => {
    expect(["1day", "7days", "30days", "lifetime"].map((code) => keyTypeNameEn(code, "tên"))).toEqual(["1 day", "7 days", "30 days", "Lifetime"]);
    expect(keyTypeNameEn("vip", "Gói VIP")).toBe("Gói VIP");
    expect(keyTypeNameEn("toString", "Gói")).toBe("Gói");
    expect(keyTypeNameEn(null, "7 Ngày")).toBe("7 Ngày");
  });
});

// format.ts writes whole numbers and Vietnam's dates itself (a browser's first Intl formatter costs
// 100–230 ms of a throttled phone's main thread); what it writes must be Intl's, character for character.
describe("the store's own formatting is Intl's", () => {
  const intlVnd = new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" });
  const intlGrouped = new Intl.NumberFormat("vi-VN");
  const amounts = [0, -0, 1, 9, 10, 999, 1000, 9999, 10_000, 123_456, 999_999, 1_000_000, 50_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER];
  const fractions = [0.4, 0.5, 1.5, 2.5, 999.5, 123.456, 1e21, Number.POSITIVE_INFINITY, Number.NaN];

  it.each([...amounts, ...amounts.map((amount) => -amount), ...fractions, ...fractions.map((amount) => -amount)])("%d in VND and grouped", (amount) => {
    expect(formatVND(amount)).toBe(intlVnd.format(amount));
    expect(formatPrice(amount)).toBe(intlVnd.format(amount));
    expect(formatNumber(amount)).toBe(intlGrouped.format(amount));
  });

  it("a signed movement keeps Intl's digits behind its own sign", () => {
    expect(signedVND(-1_234_567.5).text).toBe(`−${intlVnd.format(1_234_567.5)}`);
  });

  it("dates and times on Vietnam's clock, across days, months, years and leap days", () => {
    const vietnam = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("vi-VN", { timeZone: "Asia/Ho_Chi_Minh", ...options });
    const date = vietnam({ day: "2-digit", month: "2-digit", year: "numeric" });
    const dateTime = vietnam({ day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
    const parts = (at: Date) => Object.fromEntries(vietnam({ day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at).map((part) => [part.type, part.value]));
    const instants = [Date.UTC(1976, 0, 1), Date.UTC(2024, 1, 28, 16, 59), Date.UTC(2024, 1, 28, 17, 0), Date.UTC(2026, 11, 31, 16, 59, 59), Date.UTC(2026, 11, 31, 17, 0), Date.UTC(2099, 6, 15, 23, 30)];
    // Every 7 h 13 min over two years as well, so each hour of the day and each day of the month is met.
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 433 * 60_000) instants.push(at);
    for (const at of instants) {
      const instant = new Date(at);
      expect(formatDate(instant)).toBe(date.format(instant));
      expect(formatDateTime(instant)).toBe(dateTime.format(instant));
      const part = parts(instant);
      expect(formatTimeDayMonth(instant)).toBe(`${part.hour}:${part.minute} ${part.day}/${part.month}`);
    }
  });
});

describe("relative time", () => {
  it.each([
    [30 * 1000, "Vừa xong"],
    [MIN, "1 phút trước"],
    [59 * MIN, "59 phút trước"],
    [2 * 60 * MIN, "2 giờ trước"],
    [DAY, "1 ngày trước"],
    [6 * DAY, "6 ngày trước"],
    [7 * DAY, "1 tuần trước"],
    [29 * DAY, "4 tuần trước"],
    [30 * DAY, "1 tháng trước"],
    [200 * DAY, "6 tháng trước"],
    [365 * DAY, "1 năm trước"],
    [800 * DAY, "2 năm trước"],
  ])("%i ms ago reads '%s'", (elapsed, label) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(label);
  });

  it("a time in the future reads 'Vừa xong'", () => {
    expect(formatRelativeTime(new Date(now + 5 * DAY).toISOString(), now)).toBe("Vừa xong");
  });

  it("a missing or unreadable time reads 'Chưa rõ thời gian'", () => {
    expect(formatRelativeTime(null, now)).toBe("Chưa rõ thời gian");
    expect(formatRelativeTime("not a date", now)).toBe("Chưa rõ thời gian");
  });

  it("a card uses updated_at, else created_at", () => {
    expect(appTimeLabel({ updated_at: ago(2 * DAY), created_at: ago(400 * DAY) }, now)).toBe("2 ngày trước");
    expect(appTimeLabel({ updated_at: null, created_at: ago(3 * 60 * MIN) }, now)).toBe("3 giờ trước");
    expect(appTimeLabel({}, now)).toBe("Chưa rõ thời gian");
  });
});

describe("dates", () => {
  it("shows dates in Vietnam's time zone", () => {
    // 20:30 UTC is 03:30 the next day in Hà Nội.
    expect(formatDate("2026-11-25T20:30:00Z")).toBe("26/11/2026");
    expect(formatDateTime("2026-11-25T20:30:00Z")).toBe("03:30 26/11/2026");
    expect(formatDate(null)).toBe("Chưa rõ thời gian");
  });
});

describe("a time of day", () => {
  it("is Vietnam's clock, hours and minutes, whatever the machine's zone", () => {
    expect(formatTime(Date.UTC(2026, 10, 27, 15, 45))).toBe("22:45");
    expect(formatTime("2026-11-27T17:05:00Z")).toBe("00:05");
    expect(formatTime(null)).toBe("Chưa rõ thời gian");
  });
});

describe("file sizes", () => {
  it.each([
    [0, "0 B"],
    [512, "512 B"],
    [1024, "1 KB"],
    // The decimal comma of Vietnamese numbers (issue 53 overrules "1.5 KB": it read as 15 thousand beside "48.213 lượt tải").
    [1536, "1,5 KB"],
    [1024 * 1024 * 1.256, "1,26 MB"],
    [500 * 1024 * 1024, "500 MB"],
    [3.5 * 1024 ** 3, "3,5 GB"],
    [5 * 1024 ** 4, "5120 GB"],
  ])("%i bytes is %s", (size, label) => {
    expect(formatFileSize(size)).toBe(label);
  });
  it("an unknown size says so", () => {
    expect(formatFileSize(null)).toBe("Chưa rõ");
    expect(formatFileSize(-1)).toBe("Chưa rõ");
  });
});
