import { describe, expect, it } from "vitest";
import { PURCHASE_MESSAGES, TOPUP_MESSAGES } from "@workers/shared/money/messages";
import { purchaseWords } from "~/i18n/vi/catalogue/purchase";
import { purchasesWords } from "~/i18n/vi/wallet/purchases";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { topupOfferWords } from "~/i18n/vi/wallet/topup-offer";
import { topup } from "~/i18n/en/wallet/topup";

// The pages show the API's money messages in their own words (so a Vietnamese page loads no
// English): the browser's pre-checks and dialogs must say the very Vietnamese the API says.
describe("the pages' money words", () => {
  it("say the purchase messages' Vietnamese", () => {
    for (const [key, message] of Object.entries(PURCHASE_MESSAGES)) expect([key, purchaseWords.vi[key as keyof typeof PURCHASE_MESSAGES]]).toEqual([key, message.in("vi")]);
    expect(purchasesWords.vi.copied).toBe(PURCHASE_MESSAGES.copied.in("vi"));
    expect(purchasesWords.vi.copyFailed).toBe(PURCHASE_MESSAGES.copyFailed.in("vi"));
  });

  it("say the top-up messages' Vietnamese, templates with the same arguments", () => {
    const words = topupWords.vi;
    const same = {
      sessionExpired: words.sessionExpired,
      invalidAmount: words.invalidAmount,
      vietqrFailed: words.vietqrFailed,
      expired: words.expired,
      cancelledElsewhere: words.cancelledElsewhere,
      cancelled: words.cancelled,
      cannotCancel: words.cannotCancel,
      configFailed: words.configFailed,
      configMissing: words.configMissing,
      telco: words.telcoMissing,
      serial: words.serialShort,
      code: words.codeShort,
      digits: words.digitsRequired,
      value: words.valueMissing,
      cardUnavailable: words.cardUnavailable,
      cardFailed: words.cardFailed,
      cardPending: words.cardPending,
      cardFollow: words.cardFollow,
    } as const;
    for (const [key, text] of Object.entries(same)) expect([key, text]).toEqual([key, TOPUP_MESSAGES[key as keyof typeof same].in("vi")]);
    expect(topupOfferWords.vi.configFailed).toBe(TOPUP_MESSAGES.configFailed.in("vi"));
    expect(words.failed("Đã hết hạn")).toBe(TOPUP_MESSAGES.failed("Đã hết hạn").in("vi"));
    expect(words.minimum("60.000\u00a0₫")).toBe(TOPUP_MESSAGES.minimum(60_000).in("vi"));
    expect(words.maximum("50.000.000\u00a0₫")).toBe(TOPUP_MESSAGES.maximum(50_000_000).in("vi"));
    expect(words.step(1_000)).toBe(TOPUP_MESSAGES.step(1_000).in("vi"));
    // Every message the pages show is named above; the rest are the API's alone.
    expect(Object.keys(TOPUP_MESSAGES).filter((key) => !(key in same) && !["failed", "minimum", "maximum", "step"].includes(key))).toEqual([]);
  });
});

// The English pages word the dialogs their own way, but a figure is written as the API writes it:
// the step grouped, as the hint above the field groups it ("1,000", not "1000").
describe("the English pages' money words", () => {
  it("say the API's English step, grouped", () => {
    expect(topup.step(1_000)).toBe(TOPUP_MESSAGES.step(1_000).in("en"));
    expect(topup.step(10_000)).toBe("The amount must be a multiple of 10,000 VND");
  });
});
