// What the store settings say and the limit they keep: pure, so the settings schema, the rules
// (store-settings.ts) and the settings screen share one home.
import { formatNumber } from "../shared/format";
import { MAX_USD_VND_RATE } from "../shared/money/currency";

export { MAX_USD_VND_RATE };

export const SETTINGS_MESSAGES = {
  saved: "Đã lưu cài đặt",
  rateInvalid: `Tỷ giá phải là số nguyên từ 1 đến ${formatNumber(MAX_USD_VND_RATE)} (số đồng cho 1 US$)`,
  noRate: "Chưa có tỷ giá USD: vào Quản trị → Cài đặt để nhập tỷ giá trước khi đặt giá bằng USD.",
} as const;

/** The CSV exports (routes/exports.ts). */
export const EXPORT_MESSAGES = {
  tooManyRows: (max: number) => `Khoảng thời gian có hơn ${formatNumber(max)} dòng. Vui lòng chọn ít ngày hơn.`,
} as const;
