import { describe, expect, it } from "vitest";
import { appTimeLabel, formatDate, formatDateTime, formatFileSize, formatNumber, formatPrice, formatRelativeTime, formatVND, signedVND } from "../../workers/shared/format";

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

describe("file sizes", () => {
  it.each([
    [0, "0 B"],
    [512, "512 B"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1024 * 1024 * 1.256, "1.26 MB"],
    [500 * 1024 * 1024, "500 MB"],
    [3.5 * 1024 ** 3, "3.5 GB"],
    [5 * 1024 ** 4, "5120 GB"],
  ])("%i bytes is %s", (size, label) => {
    expect(formatFileSize(size)).toBe(label);
  });
  it("an unknown size says so", () => {
    expect(formatFileSize(null)).toBe("Chưa rõ");
    expect(formatFileSize(-1)).toBe("Chưa rõ");
  });
});
