import { describe, expect, it } from "vitest";
import {
  bankLabel,
  formatCountdown,
  formatPercent,
  groupDigits,
  isCardFinal,
  learnServerClock, localDeadline,
  normaliseVietQrConfig,
  parseAmount,
  QUICK_AMOUNTS,
  savingRate,
  secondsLeft,
  TOPUP_TIMINGS,
  totalToppedUp,
  VIETQR_DEFAULTS,
  vietqrOutcome,
} from "../../app/money/topup/topup";
import { BALANCE_REFETCH_MS, profileTabFrom, topupFrom } from "../../app/accounts/profile/profile-query";
import { TOPUP_MESSAGES } from "../../workers/shared/money/messages";
import { type CardInput, cardErrors as cardSays } from "../../workers/shared/money/card-rule";
import { type AmountRules, cardEstimate, digitsOnly, vietqrAmountError as amountSays, wrongValueCredit } from "../../workers/shared/money/topup";

// The rules say the API's declared Messages (or a page's words); read here in Vietnamese, the specification's.
const vietqrAmountError = (amount: number | null, rules: AmountRules) => amountSays(amount, rules, TOPUP_MESSAGES)?.in("vi") ?? null;
const cardFormErrors = (card: CardInput) => Object.fromEntries(Object.entries(cardSays(card, TOPUP_MESSAGES)).map(([field, message]) => [field, message.in("vi")]));

const NBSP = "\u00a0";

describe("the VietQR amount", () => {
  it("keeps only digits and shows them grouped", () => {
    expect(digitsOnly("1a5b0.000 ₫")).toBe("150000");
    expect(digitsOnly("-60,000")).toBe("60000");
    expect(parseAmount("")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
    expect(parseAmount("000150000")).toBe(150000);
    expect(parseAmount("0")).toBe(0);
    expect(parseAmount("9".repeat(30))).toBeNull();
    expect(groupDigits("150000")).toBe("150.000");
    expect(groupDigits("0060000")).toBe("60.000");
    expect(groupDigits("")).toBe("");
  });

  it("follows docs/product.md §5 in order: valid, minimum, maximum, step", () => {
    const rules = VIETQR_DEFAULTS;
    expect(vietqrAmountError(null, rules)).toBe("Vui lòng nhập số tiền hợp lệ");
    expect(vietqrAmountError(0, rules)).toBe("Vui lòng nhập số tiền hợp lệ");
    expect(vietqrAmountError(-5, rules)).toBe("Vui lòng nhập số tiền hợp lệ");
    expect(vietqrAmountError(1.5, rules)).toBe("Vui lòng nhập số tiền hợp lệ");
    expect(vietqrAmountError(59_999, rules)).toBe(`Số tiền tối thiểu là 60.000${NBSP}₫`);
    expect(vietqrAmountError(50_001_000, rules)).toBe(`Số tiền tối đa là 50.000.000${NBSP}₫`);
    expect(vietqrAmountError(60_500, rules)).toBe("Số tiền phải là bội số của 1.000 VND");
    expect(vietqrAmountError(60_000, rules)).toBeNull();
    expect(vietqrAmountError(50_000_000, rules)).toBeNull();
    for (const amount of QUICK_AMOUNTS) expect(vietqrAmountError(amount, rules)).toBeNull();
  });

  it("uses the config's own figures and texts", () => {
    const rules = normaliseVietQrConfig({ minimum_amount: 10_000, maximum_amount: 200_000, formatted_minimum: "10.000 đ", formatted_maximum: "200.000 đ", step: 5_000 });
    expect(vietqrAmountError(5_000, rules)).toBe("Số tiền tối thiểu là 10.000 đ");
    expect(vietqrAmountError(205_000, rules)).toBe("Số tiền tối đa là 200.000 đ");
    expect(vietqrAmountError(12_000, rules)).toBe("Số tiền phải là bội số của 5.000 VND");
    expect(vietqrAmountError(15_000, rules)).toBeNull();
  });

  it("falls back to the docs/product.md §9 defaults for a missing or broken config", () => {
    expect(normaliseVietQrConfig(null)).toEqual(VIETQR_DEFAULTS);
    const broken = normaliseVietQrConfig({ minimum_amount: -1, step: 0, formatted_minimum: "" } as never);
    expect(broken.minimum_amount).toBe(60_000);
    expect(broken.step).toBe(1_000);
    expect(broken.formatted_minimum).toBe(`60.000${NBSP}₫`);
    expect(VIETQR_DEFAULTS).toMatchObject({ maximum_amount: 50_000_000, transaction_timeout_minutes: 30 });
    expect(VIETQR_DEFAULTS.suggested_amounts).toEqual([60_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000]);
    expect([...QUICK_AMOUNTS]).toEqual([60_000, 150_000, 350_000, 500_000]);
  });
});

describe("VietQR transactions", () => {
  it("each status has its outcome", () => {
    expect(vietqrOutcome("pending")).toBe("pending");
    expect(vietqrOutcome("paid")).toBe("paid");
    expect(vietqrOutcome("cancelled")).toBe("cancelled");
    expect(vietqrOutcome("expired")).toBe("ended");
    expect(vietqrOutcome("failed")).toBe("ended");
    expect(TOPUP_MESSAGES.failed("Đã hết hạn").in("vi")).toBe("Giao dịch thất bại: Đã hết hạn");
  });

  it("counts down on the server's remaining time, else from expires_at", () => {
    const received = Date.UTC(2026, 0, 1, 10, 0, 0);
    // The browser's clock is 5 minutes fast: time_remaining still gives the full 30 minutes.
    const fast = { expires_at: new Date(received - 5 * 60_000 + 30 * 60_000).toISOString(), time_remaining: 1800 };
    learnServerClock(fast, received);
    expect(localDeadline(fast, received)).toBe(received + 1_800_000);
    // A clock in step with the server's (learned from a fresh answer): expires_at as it is.
    learnServerClock({ expires_at: new Date(received + 120_000).toISOString(), time_remaining: 120 }, received);
    expect(localDeadline({ expires_at: new Date(received + 60_000).toISOString(), time_remaining: null }, received)).toBe(received + 60_000);
    expect(localDeadline({ expires_at: "not a date" }, received)).toBe(received);
    expect(secondsLeft(received + 1_800_000, received)).toBe(1800);
    expect(secondsLeft(received + 1_500, received)).toBe(2);
    expect(secondsLeft(received, received + 10)).toBe(0);
  });

  it("formats the countdown", () => {
    expect(formatCountdown(1800)).toBe("30:00");
    expect(formatCountdown(125)).toBe("02:05");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-3)).toBe("00:00");
    expect(formatCountdown(3725)).toBe("1:02:05");
  });

  it("names the bank", () => {
    expect(bankLabel("VCB")).toBe("Vietcombank (VCB)");
    expect(bankLabel("bidv")).toBe("BIDV");
    expect(bankLabel("XYZ")).toBe("XYZ");
    expect(bankLabel("")).toBe("—");
  });

  it("has the docs/product.md §9 timings", () => {
    expect(TOPUP_TIMINGS).toEqual({ vietqrPollMs: 10_000, countdownTickMs: 1_000, cardPollMs: 5_000, cardPollLimitMs: 600_000, sessionRedirectMs: 2_000 });
    expect(BALANCE_REFETCH_MS).toBe(1_000);
  });
});

describe("phone cards", () => {
  it("estimates floor(value × (1 − fee/100)) without floating-point loss", () => {
    expect(cardEstimate(100_000, 20)).toBe(80_000);
    expect(cardEstimate(10_000, 22)).toBe(7_800);
    // 10000 × (1 − 0.29) is 7099.999… in floating point; the estimate is 7100.
    expect(cardEstimate(10_000, 29)).toBe(7_100);
    expect(cardEstimate(30_000, 12.5)).toBe(26_250);
    expect(cardEstimate(15_000, 33.3)).toBe(10_005);
    expect(cardEstimate(50_000, 0)).toBe(50_000);
    expect(cardEstimate(0, 20)).toBe(0);
    expect(cardEstimate(100_000, 150)).toBe(0);
  });

  it("explains a wrong-value card's credit: the real value less the fee, then what the gateway kept beyond it (issue 43 item 5)", () => {
    // The simulated gateway's wrong value: 50.000 ₫ real, 20% fee, half of the rest kept.
    expect(wrongValueCredit(50_000, 20, 20_000)).toBe(`50.000${NBSP}₫ trừ phí 20% còn 40.000${NBSP}₫, cổng thẻ trừ thêm 20.000${NBSP}₫ vì khai sai mệnh giá`);
    // CARD_CREDIT=fee_formula credits exactly the real value less the fee: nothing more to say.
    expect(wrongValueCredit(100_000, 22, 78_000)).toBe(`100.000${NBSP}₫ trừ phí 22% còn 78.000${NBSP}₫`);
    // A gateway that paid more than the formula is named as such, never as a penalty.
    expect(wrongValueCredit(50_000, 20, 45_000)).toBe(`50.000${NBSP}₫ trừ phí 20% còn 40.000${NBSP}₫, cổng thẻ trả thêm 5.000${NBSP}₫`);
  });

  it("checks the form with the docs/product.md §5 messages", () => {
    expect(cardFormErrors({ telco: "", card_serial: "", card_code: "", card_value: "" })).toEqual({
      telco: "Vui lòng chọn nhà mạng",
      card_serial: "Số serial phải có ít nhất 10 ký tự",
      card_code: "Mã thẻ phải có ít nhất 10 ký tự",
      card_value: "Vui lòng chọn mệnh giá thẻ",
    });
    expect(cardFormErrors({ telco: "VIETTEL", card_serial: "123456789", card_code: "12345678901", card_value: "100000" })).toEqual({ card_serial: "Số serial phải có ít nhất 10 ký tự" });
    expect(cardFormErrors({ telco: "VIETTEL", card_serial: "1234567890", card_code: "1234567890", card_value: "100000" })).toEqual({});
  });

  it("checks the form with the server's rule: carriers and values of the lists, serial and code of 10 to 20 digits", () => {
    const good = { telco: "MOBIFONE", card_serial: "12345678901234", card_code: "1234567890123", card_value: "50000" };
    expect(cardFormErrors(good)).toEqual({});
    // The API reads the value as a number, the form as the digits its list wrote: the same values.
    expect(cardFormErrors({ ...good, card_value: 1_000_000 })).toEqual({});
    for (const card_value of [15_000, "15000", 0, "0100000", "1e5", " 50000", null]) expect([card_value, cardFormErrors({ ...good, card_value })]).toEqual([card_value, { card_value: "Vui lòng chọn mệnh giá thẻ" }]);
    for (const telco of ["viettel", "VIETNAMOBILE", 5, undefined]) expect([telco, cardFormErrors({ ...good, telco })]).toEqual([telco, { telco: "Vui lòng chọn nhà mạng" }]);
    // Short is said first; then only 10 to 20 digits.
    expect(cardFormErrors({ ...good, card_serial: "123456789" })).toEqual({ card_serial: "Số serial phải có ít nhất 10 ký tự" });
    expect(cardFormErrors({ ...good, card_serial: "12345abcde12" })).toEqual({ card_serial: "Chỉ được nhập chữ số" });
    expect(cardFormErrors({ ...good, card_serial: "1".repeat(20), card_code: "1".repeat(21) })).toEqual({ card_code: "Chỉ được nhập chữ số" });
    expect(cardFormErrors({ ...good, card_code: "12ab" })).toEqual({ card_code: "Mã thẻ phải có ít nhất 10 ký tự" });
    expect(cardFormErrors({ ...good, card_code: 12345678901 })).toEqual({ card_code: "Mã thẻ phải có ít nhất 10 ký tự" });
    // The API's codes for them (workers/money/cards.ts answers with CARD_MESSAGES, the same texts).
    expect(Object.values(cardSays({ telco: "X", card_serial: "abcdefghijk", card_code: "", card_value: 1 }, TOPUP_MESSAGES)).map((message) => message.code)).toEqual(["card_telco", "card_digits", "card_code", "card_value"]);
  });

  it("only pending is not final", () => {
    expect(isCardFinal("pending")).toBe(false);
    for (const status of ["success", "failed", "invalid_card", "used_card", "wrong_amount", "system_error"]) expect(isCardFinal(status)).toBe(true);
  });
});

describe("the wallet tab", () => {
  it("total topped up and saving rate", () => {
    expect(totalToppedUp(80_000, 120_000)).toBe(200_000);
    expect(savingRate(80_000, 120_000)).toBe(40);
    expect(savingRate(150_000, 0)).toBe(100);
    expect(savingRate(0, 0)).toBe(100);
    expect(savingRate(0, 50_000)).toBe(0);
    expect(formatPercent(200 / 3)).toBe("66,7%");
    expect(formatPercent(100)).toBe("100%");
    // Written without Intl (workers/shared/format.ts says why), and the same as Intl's one-decimal percent.
    const intlPercent = new Intl.NumberFormat("vi-VN", { maximumFractionDigits: 1 });
    for (const value of [0, 0.04, 0.05, 0.15, 9.95, 12.5, 33.333, 66.65, 99.94, 99.96]) expect(formatPercent(value)).toBe(`${intlPercent.format(value)}%`);
  });

  it("reads the profile's query", () => {
    expect(profileTabFrom("wallet")).toBe("wallet");
    expect(profileTabFrom("purchases")).toBe("purchases");
    expect(profileTabFrom("profile")).toBe("profile");
    expect(profileTabFrom("nope")).toBe("profile");
    expect(profileTabFrom(null)).toBe("profile");
    expect(topupFrom("vietqr")).toBe("vietqr");
    expect(topupFrom("card")).toBe("card");
    expect(topupFrom("bank")).toBeNull();
  });
});

describe("a pending top-up opened long after its list was read", () => {
  it("counts down from the server's clock, not from when the list loaded", () => {
    const loaded = Date.UTC(2026, 0, 1, 10, 0, 0);
    // The list's answer: 30 minutes left, the browser 2 minutes slow.
    const pending = { expires_at: new Date(loaded + 2 * 60_000 + 30 * 60_000).toISOString(), time_remaining: 1800 };
    learnServerClock(pending, loaded);
    // Twenty minutes later the dialog opens it: ten minutes are left, not thirty.
    const opened = loaded + 20 * 60_000;
    expect(secondsLeft(localDeadline(pending), opened)).toBe(600);
  });
});
