import { describe, expect, it } from "vitest";
import { english, startEnglish } from "~/i18n/en";
import { walletWords } from "~/i18n/vi/wallet/wallet";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { formatVND } from "@workers/shared/format";
import { wrongValueCredit } from "@workers/shared/money/topup";
import { formatPercent, groupDigits } from "~/money/topup/topup";

// The wallet in English (issue 45): ledger lines the store wrote in Vietnamese when the money moved
// (workers/money/wallet/money.ts) read back in English, keeping what they name; the Vietnamese
// words stay the stored line itself.

const NBSP = "\u00a0";
const { movement } = english.wallet;
// The English pages' start (their layout route does it in the browser, entry.server.tsx on the server).
startEnglish();

describe("a ledger line in English", () => {
  it("keeps the Vietnamese line as stored, and falls back on the type", () => {
    expect(walletWords.vi.movement("Nạp tiền VietQR IGHABCD1234", "deposit", "vietqr")).toBe("Nạp tiền VietQR IGHABCD1234");
    expect(walletWords.vi.movement("", "purchase", "purchase")).toBe("Mua key");
  });

  it("reads each form the store writes", () => {
    expect(movement("Nạp tiền VietQR IGHABCD1234", "deposit", "vietqr")).toBe("VietQR top-up IGHABCD1234");
    expect(movement(`Nạp tiền bằng thẻ cào Viettel ${formatVND(100_000)}, serial …4321`, "deposit", "card")).toBe(`Phone card top-up: Viettel 100,000${NBSP}₫, serial …4321`);
    expect(movement("Mua key 1 Ngày - Chiến Binh Rồng", "purchase", "purchase")).toBe("Key purchase: 1 Ngày - Chiến Binh Rồng");
    expect(movement("Khuyến mãi nạp tiền: Tặng 20%", "deposit", "bonus")).toBe("Top-up bonus: Tặng 20%");
    expect(movement("Nạp tiền chuyển khoản (duyệt thủ công): Khách quên mã", "deposit", "bank_transfer")).toBe("Bank transfer top-up (approved by hand): Khách quên mã");
    expect(movement("Nạp tiền bằng thẻ cào (duyệt thủ công)", "deposit", "card")).toBe("Phone card top-up (approved by hand)");
    expect(movement("Điều chỉnh số dư bởi quản trị viên", "admin_adjustment", "admin")).toBe("Adjustment by the store");
    expect(movement("Refund for order 12", "admin_adjustment", "admin")).toBe("Adjustment by the store: Refund for order 12");
    expect(movement("", "deposit", "vietqr")).toBe("VietQR top-up");
    expect(movement("Một dòng chưa biết", "deposit", "card")).toBe("Phone card top-up");
  });

  it("says what the fee took from a good card", () => {
    const line = `Nạp tiền bằng thẻ cào Viettel ${formatVND(100_000)}, serial …4321: ${wrongValueCredit(100_000, 20, 80_000)}`;
    expect(movement(line, "deposit", "card")).toBe(`Phone card top-up: Viettel 100,000${NBSP}₫, serial …4321: 100,000${NBSP}₫ less the 20% fee is 80,000${NBSP}₫`);
  });

  it("says how a wrong-value card's credit came about", () => {
    const how = wrongValueCredit(50_000, 20, 20_000);
    const line = `Nạp tiền bằng thẻ cào Viettel ${formatVND(100_000)}, serial …9999; sai mệnh giá, khai báo ${formatVND(100_000)}, giá trị thật ${formatVND(50_000)}: ${how}`;
    expect(movement(line, "deposit", "card")).toBe(
      `Phone card top-up: Viettel 100,000${NBSP}₫, serial …9999; wrong declared value: declared 100,000${NBSP}₫, real value 50,000${NBSP}₫: 50,000${NBSP}₫ less the 20% fee is 40,000${NBSP}₫; the card gateway kept 20,000${NBSP}₫ more for the wrong declared value`,
    );
    expect(english.topup.howCounted(50_000, 20, 40_000, 20_000)).toBe(`How it was counted: 50,000${NBSP}₫ less the 20% fee is 40,000${NBSP}₫; the card gateway kept 20,000${NBSP}₫ more for the wrong declared value.`);
    expect(topupWords.vi.howCounted(50_000, 20, 40_000, 20_000)).toBe(`Cách tính: ${how}.`);
  });
});

describe("the wallet's figures in English", () => {
  it("writes percents and typed amounts the English way, Vietnamese unchanged", () => {
    expect(formatPercent(200 / 3, "en")).toBe("66.7%");
    expect(formatPercent(1234.56, "en")).toBe("1,234.6%");
    expect(formatPercent(200 / 3)).toBe("66,7%");
    expect(groupDigits("150000", "en")).toBe("150,000");
    expect(groupDigits("150000")).toBe("150.000");
  });
});
