import { describe, expect, it } from "vitest";
import { FALLBACK_ERROR } from "../../workers/shared/error-messages";
import { PURCHASE_MESSAGES } from "../../workers/shared/money/messages";
import {
  availabilityVerdict as verdictIn,
  hasEnoughBalance,
  insufficientBalanceMessage,
  isSelectable,
  type PricingOption,
  pricingState,
  preselectPricing,
  purchaseBlocker as blockerIn,
  type PurchaseMessages,
  purchaseFailure as failureIn,
  reconcileSelection,
  sortPricing,
} from "../../workers/shared/money/pricing";
import { WALLET_MESSAGES } from "../../workers/money/messages";

// The rules speak a page's words; here the API's Vietnamese, the specification's.
const VIETNAMESE = Object.fromEntries(Object.entries(PURCHASE_MESSAGES).map(([key, message]) => [key, message.in("vi")])) as PurchaseMessages;
const purchaseBlocker = (option: Parameters<typeof blockerIn>[0]) => blockerIn(option, VIETNAMESE);
const availabilityVerdict = (data: Parameters<typeof verdictIn>[0], serverMessage?: string | null) => verdictIn(data, serverMessage, VIETNAMESE);
const purchaseFailure = (status: number, serverMessage: string | null | undefined) => failureIn(status, serverMessage, VIETNAMESE);

let nextId = 1;

function option(overrides: Partial<PricingOption> & { name?: string } = {}): PricingOption {
  const { name = "1 Ngày", ...rest } = overrides;
  const id = rest.id ?? nextId++;
  const available = rest.available_count ?? 10;
  const active = rest.is_active ?? true;
  return {
    id,
    pricing_id: id,
    key_type: { id, name, display_name: name, description: "", duration_days: 1, is_active: true },
    key_type_name: name,
    price: 20000,
    currency: "VND",
    formatted_price: "20.000 ₫",
    vnd_price: rest.price ?? 20000,
    formatted_vnd_price: "20.000 ₫",
    formatted_total: "20.000 ₫",
    is_active: active,
    available_count: available,
    is_available: available > 0,
    is_low_stock: available > 0 && available <= 5,
    can_purchase: active && available > 0,
    ...rest,
  };
}

describe("sortPricing", () => {
  it("puts active options first, then the cheapest first", () => {
    const paused = option({ name: "30 Ngày", price: 10000, is_active: false });
    const lifetime = option({ name: "Vĩnh viễn", price: 350000 });
    const day = option({ name: "1 Ngày", price: 20000 });
    const week = option({ name: "7 Ngày", price: 50000, available_count: 0 });
    const sorted = sortPricing([paused, lifetime, week, day]);
    expect(sorted.map((item) => item.key_type_name)).toEqual(["1 Ngày", "7 Ngày", "Vĩnh viễn", "30 Ngày"]);
  });

  it("keeps the server's order for equal options and leaves its input alone", () => {
    const a = option({ price: 1000 });
    const b = option({ price: 1000 });
    const input = [b, a];
    expect(sortPricing(input)).toEqual([b, a]);
    expect(input).toEqual([b, a]);
  });
});

describe("pricingState", () => {
  it("labels paused, sold out, low stock and normal options", () => {
    expect(pricingState(option({ is_active: false, available_count: 6 }))).toEqual({ kind: "paused", label: "Tạm dừng" });
    expect(pricingState(option({ available_count: 0 }))).toEqual({ kind: "sold_out", label: "Hết hàng" });
    expect(pricingState(option({ available_count: 4 }))).toEqual({ kind: "low_stock", label: "Sắp hết (còn 4)" });
    expect(pricingState(option({ available_count: 25 }))).toEqual({ kind: "in_stock", label: "Còn 25 key" });
    expect(pricingState(option({ available_count: 1500 })).label).toBe("Còn 1.500 key");
  });

  it("shows a paused option as paused even when it is also empty", () => {
    expect(pricingState(option({ is_active: false, available_count: 0 })).label).toBe("Tạm dừng");
  });

  it("only active options in stock can be chosen", () => {
    expect(isSelectable(option())).toBe(true);
    expect(isSelectable(option({ is_active: false }))).toBe(false);
    expect(isSelectable(option({ available_count: 0 }))).toBe(false);
  });

  it("shows an option of a paused key type as paused, not for sale", () => {
    const typePaused = option({ available_count: 8 });
    typePaused.key_type = { ...typePaused.key_type, is_active: false };
    expect(pricingState(typePaused).kind).toBe("paused");
    expect(isSelectable(typePaused)).toBe(false);
    expect(purchaseBlocker(typePaused)).toEqual({ message: PURCHASE_MESSAGES.paused.in("vi"), kind: "error" });
  });
});

describe("preselection", () => {
  it("chooses the first option that can be bought", () => {
    const soldOut = option({ available_count: 0 });
    const paused = option({ is_active: false });
    const ok = option();
    expect(preselectPricing([soldOut, paused, ok])).toBe(ok.id);
  });

  it("falls back to the first option when none can be bought, and to nothing for an empty list", () => {
    const soldOut = option({ available_count: 0 });
    const paused = option({ is_active: false });
    expect(preselectPricing([soldOut, paused])).toBe(soldOut.id);
    expect(preselectPricing([])).toBeNull();
  });

  it("keeps the buyer's choice after a reload while it can still be bought", () => {
    const first = option();
    const chosen = option();
    expect(reconcileSelection([first, chosen], chosen.id)).toBe(chosen.id);
    const emptied = { ...chosen, available_count: 0, is_available: false, can_purchase: false };
    expect(reconcileSelection([first, emptied], chosen.id)).toBe(first.id);
    expect(reconcileSelection([first], 999_999)).toBe(first.id);
    expect(reconcileSelection([first], null)).toBe(first.id);
  });
});

describe("the pre-checks before the confirmation", () => {
  it("asks for a choice, refuses paused and sold-out options, lets the rest through", () => {
    expect(purchaseBlocker(null)).toEqual({ message: "Vui lòng chọn loại key", kind: "warning" });
    expect(purchaseBlocker(option({ is_active: false }))?.message).toBe("Loại key này đã tạm dừng bán. Vui lòng chọn loại key khác.");
    expect(purchaseBlocker(option({ available_count: 0 }))?.message).toBe("Key này đã hết hàng. Vui lòng chọn loại key khác.");
    expect(purchaseBlocker(option())).toBeNull();
  });

  it("reads the availability answer", () => {
    expect(availabilityVerdict({ can_purchase: true, available_count: 3 })).toEqual({ ok: true });
    expect(availabilityVerdict({ can_purchase: false, available_count: 0 })).toEqual({
      ok: false,
      message: "Key này đã hết hàng. Vui lòng chọn loại key khác hoặc chờ admin nhập thêm.",
    });
    expect(availabilityVerdict({ can_purchase: false, available_count: 3 }, "Loại key này đã tạm dừng bán.")).toEqual({ ok: false, message: "Loại key này đã tạm dừng bán." });
    expect(availabilityVerdict({ can_purchase: false, available_count: 3 })).toEqual({ ok: false, message: "Không thể mua key này lúc này." });
    expect(availabilityVerdict(undefined).ok).toBe(false);
  });
});

describe("balance and purchase failures", () => {
  it("words a short balance exactly as the server does", () => {
    expect(insufficientBalanceMessage(120000, 0)).toBe(WALLET_MESSAGES.insufficient(120000, 0).in("vi"));
    expect(insufficientBalanceMessage(120000, 0)).toMatch(/^Số dư không đủ\. Cần 120\.000.₫, số dư hiện tại 0.₫\./);
    expect(hasEnoughBalance(120000, 120000)).toBe(true);
    expect(hasEnoughBalance(119999, 120000)).toBe(false);
    expect(hasEnoughBalance(null, 0)).toBe(false);
  });

  it("maps each failure to its message, a reload, and whether the attempt is over", () => {
    const short = WALLET_MESSAGES.insufficient(50000, 0).in("vi");
    expect(purchaseFailure(402, short)).toEqual({ message: short, reload: false, definitive: true });
    expect(purchaseFailure(409, WALLET_MESSAGES.soldOut.in("vi"))).toEqual({ message: WALLET_MESSAGES.soldOut.in("vi"), reload: true, definitive: true });
    expect(purchaseFailure(400, WALLET_MESSAGES.balanceOnly.in("vi")).message).toBe("Chỉ hỗ trợ thanh toán bằng số dư...");
    expect(purchaseFailure(400, FALLBACK_ERROR).message).toBe(PURCHASE_MESSAGES.balanceOnly.in("vi"));
    expect(purchaseFailure(500, "Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau.")).toEqual({
      message: "Có lỗi xảy ra ở máy chủ. Vui lòng thử lại sau.",
      reload: false,
      definitive: false,
    });
    expect(purchaseFailure(500, FALLBACK_ERROR).message).toBe("Có lỗi xảy ra khi mua key.");
    // A lost answer (issue 43 finding 6): the sale may have gone through, and the retry is safe.
    expect(purchaseFailure(0, "Lỗi kết nối mạng.")).toEqual({
      message:
        "Mất kết nối trước khi nhận được kết quả, nên giao dịch có thể đã thành công. Bạn có thể bấm “Xác nhận mua” để thử lại an toàn: nếu đã mua, bạn sẽ nhận lại đúng key đó và chỉ bị trừ tiền một lần.",
      reload: false,
      definitive: false,
    });
  });
});
