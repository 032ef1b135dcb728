// What the store settings say and the limit they keep, each message declared once with its code and
// both its texts (workers/shared/message.ts): pure, so the settings schema, the rules
// (store-settings.ts) and the routes share one home.
import { number } from "../shared/english/format";
import { formatNumber } from "../shared/format";
import { defineMessages } from "../shared/message";
import { MAX_USD_VND_RATE } from "../shared/money/currency";

export { MAX_USD_VND_RATE };

export const SETTINGS_MESSAGES = defineMessages({
  saved: { code: "settings_saved", vi: "Đã lưu cài đặt", en: "Settings saved" },
  rateInvalid: {
    code: "usd_rate_invalid",
    vi: `Tỷ giá phải là số nguyên từ 1 đến ${formatNumber(MAX_USD_VND_RATE)} (số đồng cho 1 US$)`,
    en: `The exchange rate must be a whole number from 1 to ${number(MAX_USD_VND_RATE)} (dong per US$1)`,
  },
  noRate: {
    code: "usd_rate_missing",
    vi: "Chưa có tỷ giá USD: vào Quản trị → Cài đặt để nhập tỷ giá trước khi đặt giá bằng USD.",
    en: "No USD exchange rate yet: go to Admin → Settings and enter one before setting prices in USD.",
  },
  cryptoSaved: { code: "crypto_settings_saved", vi: "Đã lưu cài đặt crypto", en: "Crypto settings saved" },
  cryptoUsd: { code: "crypto_usd_invalid", vi: "Số USD phải là số nguyên từ 1 đến 100000", en: "The amount in US dollars must be a whole number from 1 to 100,000" },
  cryptoRange: { code: "crypto_range", vi: "Số tiền tối thiểu phải nhỏ hơn hoặc bằng tối đa", en: "The minimum must not be above the maximum" },
});

/** The CSV exports (routes/exports.ts). */
export const EXPORT_MESSAGES = defineMessages({
  tooManyRows: {
    code: "export_too_many_rows",
    vi: (max: number) => `Khoảng thời gian có hơn ${formatNumber(max)} dòng. Vui lòng chọn ít ngày hơn.`,
    en: (max: number) => `This period has more than ${number(max)} rows. Please choose fewer days.`,
  },
});
