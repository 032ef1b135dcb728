import { describe, expect, it } from "vitest";
import { english, startEnglish } from "~/i18n/en";
import { walletWords } from "~/i18n/vi/wallet/wallet";
import { topupWords } from "~/i18n/vi/wallet/topup";
import { formatVND } from "@workers/shared/format";
import { wrongValueCredit } from "@workers/shared/money/topup";
import { LEDGER_MESSAGES, ledgerLine } from "@workers/money/messages";
import fixture from "../fixtures/ledger-lines.json";
import type { Message } from "@workers/shared/message";
import { formatPercent, groupDigits } from "~/money/topup/topup";

// The wallet in English (issue 45): each ledger line is declared once with its code, arguments and
// both texts (workers/money/messages.ts LEDGER_MESSAGES); the store keeps the line's code and
// arguments beside the Vietnamese it wrote, and the API says the line in the reader's language
// (workers/money/buyer-wallet.ts). A row with no code is shown by its stored Vietnamese, or in
// English by its kind. Each form's Vietnamese is the line the store wrote before (issue 51).

const NBSP = "\u00a0";
const { movement } = english.wallet;
// The English pages' start (their layout route does it in the browser, entry.server.tsx on the server).
startEnglish();

/** A declared line in both languages. */
const both = (line: Message) => [line.in("vi"), line.in("en")];

describe("a ledger line in English", () => {
  it("shows the line the API said, else the Vietnamese line as stored, and falls back on the type", () => {
    expect(walletWords.vi.movement("Nạp tiền VietQR IGHABCD1234", "Nạp tiền VietQR IGHABCD1234", "deposit", "vietqr")).toBe("Nạp tiền VietQR IGHABCD1234");
    expect(walletWords.vi.movement(null, "Nạp tiền VietQR IGHABCD1234", "deposit", "vietqr")).toBe("Nạp tiền VietQR IGHABCD1234");
    expect(walletWords.vi.movement(null, "", "purchase", "purchase")).toBe("Mua key");
    expect(movement("VietQR top-up IGHABCD1234", "Nạp tiền VietQR IGHABCD1234", "deposit", "vietqr")).toBe("VietQR top-up IGHABCD1234");
  });

  it("says each form the store writes, its Vietnamese the stored line word for word", () => {
    expect(both(LEDGER_MESSAGES.vietqr("IGHABCD1234"))).toEqual(["Nạp tiền VietQR IGHABCD1234", "VietQR top-up IGHABCD1234"]);
    expect(both(LEDGER_MESSAGES.card("VIETTEL", 100_000, "4321", null, 100_000))).toEqual([`Nạp tiền bằng thẻ cào Viettel ${formatVND(100_000)}, serial …4321`, `Phone card top-up: Viettel 100,000${NBSP}₫, serial …4321`]);
    expect(both(LEDGER_MESSAGES.purchase("1 Ngày", "Chiến Binh Rồng", null))).toEqual(["Mua key 1 Ngày - Chiến Binh Rồng", "Key purchase: 1 Ngày - Chiến Binh Rồng"]);
    // A purchase names its key type in English by the type's code (issue 54 item 5), the app as the shop named it.
    expect(both(LEDGER_MESSAGES.purchase("1 Ngày", "Chiến Binh Rồng", "1day"))).toEqual(["Mua key 1 Ngày - Chiến Binh Rồng", "Key purchase: 1 day - Chiến Binh Rồng"]);
    expect(both(LEDGER_MESSAGES.bonus("Tặng 20%"))).toEqual(["Khuyến mãi nạp tiền: Tặng 20%", "Top-up bonus: Tặng 20%"]);
    expect(both(LEDGER_MESSAGES.transferByHand("Khách quên mã"))).toEqual(["Nạp tiền chuyển khoản (duyệt thủ công): Khách quên mã", "Bank transfer top-up (approved by hand): Khách quên mã"]);
    expect(both(LEDGER_MESSAGES.cardByHand(""))).toEqual(["Nạp tiền bằng thẻ cào (duyệt thủ công)", "Phone card top-up (approved by hand)"]);
    expect(both(LEDGER_MESSAGES.adjustment(""))).toEqual(["Điều chỉnh số dư bởi quản trị viên", "Adjustment by the store"]);
    expect(both(LEDGER_MESSAGES.adjustment("Refund for order 12"))).toEqual(["Refund for order 12", "Adjustment by the store: Refund for order 12"]);
    expect(movement(null, "", "deposit", "vietqr")).toBe("VietQR top-up");
    expect(movement(null, "Một dòng chưa biết", "deposit", "card")).toBe("Phone card top-up");
  });

  it("says what the fee took from a good card", () => {
    const line = `Nạp tiền bằng thẻ cào Viettel ${formatVND(100_000)}, serial …4321: ${wrongValueCredit(100_000, 20, 80_000)}`;
    expect(both(LEDGER_MESSAGES.card("VIETTEL", 100_000, "4321", 20, 80_000))).toEqual([line, `Phone card top-up: Viettel 100,000${NBSP}₫, serial …4321: 100,000${NBSP}₫ less the 20% fee is 80,000${NBSP}₫`]);
  });

  it("says how a wrong-value card's credit came about", () => {
    const how = wrongValueCredit(50_000, 20, 20_000);
    const line = `Nạp tiền bằng thẻ cào Viettel ${formatVND(100_000)}, serial …9999; sai mệnh giá, khai báo ${formatVND(100_000)}, giá trị thật ${formatVND(50_000)}: ${how}`;
    expect(both(LEDGER_MESSAGES.cardWrongValue("VIETTEL", 100_000, "9999", 50_000, 20, 20_000))).toEqual([
      line,
      `Phone card top-up: Viettel 100,000${NBSP}₫, serial …9999; wrong declared value: declared 100,000${NBSP}₫, real value 50,000${NBSP}₫: 50,000${NBSP}₫ less the 20% fee is 40,000${NBSP}₫; the card gateway kept 20,000${NBSP}₫ more for the wrong declared value`,
    ]);
    expect(english.topup.howCounted(50_000, 20, 40_000, 20_000)).toBe(`How it was counted: 50,000${NBSP}₫ less the 20% fee is 40,000${NBSP}₫; the card gateway kept 20,000${NBSP}₫ more for the wrong declared value.`);
    expect(topupWords.vi.howCounted(50_000, 20, 40_000, 20_000)).toBe(`Cách tính: ${how}.`);
  });
});

describe("a ledger row migration 0026 gave a code", () => {
  // The rows tests/scripts/ledger-backfill.test.mjs backfills: each code and its arguments say the stored Vietnamese, word for word.
  it("says what the row stored", () => {
    const coded = fixture.lines.filter((line) => line.code !== null);
    expect(coded.map((line) => ledgerLine(line.code, JSON.stringify(line.args))?.in("vi"))).toEqual(coded.map((line) => line.description));
    // Every form but the crypto refund's, whose arguments no source row keeps (its rows stay uncoded).
    expect(new Set(coded.map((line) => line.code)).size).toBe(Object.keys(LEDGER_MESSAGES).length - 1);
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
