// The top-up rules both sides apply (docs/product.md §5 "VietQR amount", "Card", §9): the amount and card
// checks and the card estimate, with the product's texts. The server decides; the screens pre-check
// with the same rules and words so the buyer hears about a mistake before sending.
import { formatNumber, formatVND } from "../format";

/** The product's texts, word for word. */
export const TOPUP_MESSAGES = {
  invalidAmount: "Vui lòng nhập số tiền hợp lệ",
  minimum: (formatted: string) => `Số tiền tối thiểu là ${formatted}`,
  maximum: (formatted: string) => `Số tiền tối đa là ${formatted}`,
  // The step grouped as the hint above the field writes it ("1.000", issue 53).
  step: (step: number) => `Số tiền phải là bội số của ${formatNumber(step)} VND`,
  configFailed: "Không thể tải cấu hình thanh toán",
  vietqrFailed: "Không thể tạo giao dịch VietQR",
  expired: "Giao dịch đã hết hạn",
  cancelledElsewhere: "Giao dịch đã bị hủy",
  failed: (statusDisplay: string) => `Giao dịch thất bại: ${statusDisplay}`,
  cancelled: "Đã hủy giao dịch",
  cannotCancel: "Không thể hủy giao dịch",
  sessionExpired: "Phiên đăng nhập đã hết hạn",
  telco: "Vui lòng chọn nhà mạng",
  serial: "Số serial phải có ít nhất 10 ký tự",
  code: "Mã thẻ phải có ít nhất 10 ký tự",
  value: "Vui lòng chọn mệnh giá thẻ",
  cardUnavailable: "Dịch vụ thanh toán thẻ cào hiện không khả dụng",
  cardFailed: "Không thể gửi thẻ cào",
  configMissing: "Cấu hình chưa được tải",
  cardPending: "Đang xử lý thẻ cào, vui lòng chờ...",
  cardFollow: "Thẻ đang được kiểm tra. Bạn có thể theo dõi trong Ví tiền, mục Đang chờ thanh toán.",
} as const;

// ---------------------------------------------------------------- amounts

/** Keeps only the digits, as the amount, serial and code inputs do (docs/product.md §5). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}

/** The VietQR config's amount figures (GET /api/vietqr/config/). */
export type AmountRules = { minimum_amount: number; maximum_amount: number; formatted_minimum: string; formatted_maximum: string; step: number };

/** docs/product.md §5 "VietQR amount", in the product's order; null when the amount may be sent. */
export function vietqrAmountError(amount: number | null, rules: AmountRules): string | null {
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) return TOPUP_MESSAGES.invalidAmount;
  if (amount < rules.minimum_amount) return TOPUP_MESSAGES.minimum(rules.formatted_minimum || formatVND(rules.minimum_amount));
  if (amount > rules.maximum_amount) return TOPUP_MESSAGES.maximum(rules.formatted_maximum || formatVND(rules.maximum_amount));
  if (rules.step > 0 && amount % rules.step !== 0) return TOPUP_MESSAGES.step(rules.step);
  return null;
}

// ---------------------------------------------------------------- phone cards

/** docs/product.md §9: floor(value × (1 − fee/100)), in integer steps so 0.1 + 0.2 never loses a đồng. */
/** How a carrier is written wherever a person reads it (the API keeps the gateway's code, "VIETTEL"). */
export const TELCO_LABELS: Readonly<Record<string, string>> = { VIETTEL: "Viettel", VINAPHONE: "Vinaphone", MOBIFONE: "Mobifone" };

export function telcoLabel(telco: string): string {
  return TELCO_LABELS[telco] ?? telco;
}

export function cardEstimate(value: number, feePercent: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  const fee = Number.isFinite(feePercent) ? Math.min(100, Math.max(0, feePercent)) : 0;
  return Math.floor(Math.round(value * (100 - fee) * 100) / 10_000);
}

/**
 * How a wrong-value card's credit came about, for its message and its ledger line: the real value
 * less the fee (cardEstimate), then the gap to what was credited. By default the store credits
 * the gateway's amount (CARD_CREDIT, workers/money/cards.ts amountToCredit), and a gateway keeps
 * more of a wrongly declared card (scripts/card-gateway.mjs: half), which is that gap.
 */
export function wrongValueCredit(realValue: number, feePercent: number, credited: number): string {
  const afterFee = cardEstimate(realValue, feePercent);
  const steps = `${formatVND(realValue)} trừ phí ${feePercent}% còn ${formatVND(afterFee)}`;
  if (credited < afterFee) return `${steps}, cổng thẻ trừ thêm ${formatVND(afterFee - credited)} vì khai sai mệnh giá`;
  return credited > afterFee ? `${steps}, cổng thẻ trả thêm ${formatVND(credited - afterFee)}` : steps;
}

export type CardForm = { telco: string; card_serial: string; card_code: string; card_value: string };
export type CardField = keyof CardForm;

/** docs/product.md §5 "Card"; an empty object means the card may be sent. */
export function cardFormErrors(form: CardForm): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!form.telco) errors.telco = TOPUP_MESSAGES.telco;
  if (digitsOnly(form.card_serial).length < 10) errors.card_serial = TOPUP_MESSAGES.serial;
  if (digitsOnly(form.card_code).length < 10) errors.card_code = TOPUP_MESSAGES.code;
  if (!form.card_value || !(Number(form.card_value) > 0)) errors.card_value = TOPUP_MESSAGES.value;
  return errors;
}
