// Phone-card top-ups through a `chargingws/v2` gateway (REFERENCE.md, DESIGN.md §4). The
// callback's signature covers neither status nor amount, so a card is re-checked with the gateway
// before anything is credited, and the amount actually received is credited once.
import { createHash, timingSafeEqual } from "node:crypto";
import { formatVND } from "../../app/lib/format";
import type { Config } from "../config";
import { cardTopups } from "../db/schema";
import { walletFor } from "../wallet/user-wallet";

type CardConfig = Pick<Config, "CARD_GATEWAY_URL" | "CARD_PARTNER_ID" | "CARD_PARTNER_KEY" | "CARD_FEES" | "CARD_CREDIT">;
export type CardRow = typeof cardTopups.$inferSelect;
export type Telco = CardRow["telco"];
export type CardStatus = CardRow["status"];

export const CARD_VALUES = [10_000, 20_000, 30_000, 50_000, 100_000, 200_000, 300_000, 500_000, 1_000_000];
const TELCO_LABELS: Record<Telco, string> = { VIETTEL: "Viettel", VINAPHONE: "Vinaphone", MOBIFONE: "Mobifone" };
export const PENDING_RECHECK_MS = 10 * 60_000;

export const CARD_MESSAGES = {
  telco: "Vui lòng chọn nhà mạng",
  serial: "Số serial phải có ít nhất 10 ký tự",
  code: "Mã thẻ phải có ít nhất 10 ký tự",
  digits: "Chỉ được nhập chữ số",
  value: "Vui lòng chọn mệnh giá thẻ",
  unavailable: "Dịch vụ thanh toán thẻ cào hiện không khả dụng",
  duplicate: "Thẻ này đã được gửi trước đó",
  pending: "Đang xử lý thẻ cào, vui lòng chờ...",
  notFound: "Không tìm thấy giao dịch thẻ cào",
  submitted: "Đã gửi thẻ cào, vui lòng chờ xử lý",
} as const;

export const CARD_STATUS_DISPLAY: Record<CardStatus, string> = {
  pending: "Đang xử lý",
  success: "Thành công",
  failed: "Thất bại",
  invalid_card: "Thẻ không hợp lệ",
  used_card: "Thẻ đã được sử dụng",
  wrong_amount: "Sai mệnh giá",
  system_error: "Lỗi hệ thống",
};

export function cardFees(config: Pick<Config, "CARD_FEES">): Record<Telco, number> {
  const fees: Record<Telco, number> = { VIETTEL: 20, VINAPHONE: 20, MOBIFONE: 20 };
  for (const pair of config.CARD_FEES.split(",")) {
    const [telco, fee] = pair.split(":");
    fees[telco as Telco] = Number(fee);
  }
  return fees;
}

export function cardSettings(config: CardConfig) {
  const fees = cardFees(config);
  return {
    enabled: Boolean(config.CARD_GATEWAY_URL),
    supported_telcos: (Object.keys(TELCO_LABELS) as Telco[]).map((telco) => ({ value: telco, label: TELCO_LABELS[telco], fee: fees[telco] })),
    supported_values: CARD_VALUES.map((value) => ({ value, label: formatVND(value) })),
  };
}

/** The rules of spec §5 as field errors; an empty object means the card may be sent. */
export function cardErrors(input: { telco?: unknown; card_serial?: unknown; card_code?: unknown; card_value?: unknown }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (typeof input.telco !== "string" || !(input.telco in TELCO_LABELS)) errors.telco = [CARD_MESSAGES.telco];
  const serial = typeof input.card_serial === "string" ? input.card_serial : "";
  const code = typeof input.card_code === "string" ? input.card_code : "";
  if (serial.length < 10) errors.card_serial = [CARD_MESSAGES.serial];
  else if (!/^\d{10,20}$/.test(serial)) errors.card_serial = [CARD_MESSAGES.digits];
  if (code.length < 10) errors.card_code = [CARD_MESSAGES.code];
  else if (!/^\d{10,20}$/.test(code)) errors.card_code = [CARD_MESSAGES.digits];
  if (typeof input.card_value !== "number" || !CARD_VALUES.includes(input.card_value)) errors.card_value = [CARD_MESSAGES.value];
  return errors;
}

export function cardSign(partnerKey: string, code: string, serial: string): string {
  return createHash("md5").update(partnerKey + code + serial).digest("hex");
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type GatewayAnswer = { status: number; message: string; value: number | null; amount: number | null; transId: string | null };

async function callGateway(config: CardConfig, card: Pick<CardRow, "telco" | "cardCode" | "cardSerial" | "cardValue" | "requestId">, command: "charging" | "check"): Promise<GatewayAnswer> {
  const response = await fetch(config.CARD_GATEWAY_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      telco: card.telco,
      code: card.cardCode,
      serial: card.cardSerial,
      amount: String(card.cardValue),
      request_id: card.requestId,
      partner_id: config.CARD_PARTNER_ID,
      command,
      sign: cardSign(config.CARD_PARTNER_KEY, card.cardCode, card.cardSerial),
    }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  const number = (value: unknown) => (value === null || value === undefined || value === "" ? null : Number(value));
  return {
    status: Number(body.status),
    message: String(body.message ?? ""),
    value: number(body.value),
    amount: number(body.amount),
    transId: body.trans_id ? String(body.trans_id) : null,
  };
}

export function submitCard(config: CardConfig, card: CardRow) {
  return callGateway(config, card, "charging");
}

export function recheckCard(config: CardConfig, card: CardRow) {
  return callGateway(config, card, "check");
}

/** The gateway's codes as the spec's statuses: 1 success, 2 wrong value, 3 bad card, 4 maintenance, 99 pending. */
export function mapGatewayStatus(answer: Pick<GatewayAnswer, "status" | "message">): CardStatus {
  switch (answer.status) {
    case 1:
      return "success";
    case 2:
      return "wrong_amount";
    case 3:
      return /used|đã (được )?sử dụng/i.test(answer.message) ? "used_card" : "invalid_card";
    case 4:
      return "system_error";
    case 99:
      return "pending";
    default:
      return "failed";
  }
}

/** What a finished card credits: the gateway's amount, or the value less the carrier's fee. */
export function amountToCredit(config: CardConfig, card: Pick<CardRow, "telco" | "feePercent">, answer: GatewayAnswer): number {
  if (config.CARD_CREDIT === "fee_formula") return Math.floor(((answer.value ?? 0) * (100 - card.feePercent)) / 100);
  return Math.max(0, Math.floor(answer.amount ?? 0));
}

/** The card's code is only needed to re-check it; once settled, keep only its last digits. */
export function maskCode(code: string): string {
  return code.length <= 4 ? code : `${"*".repeat(code.length - 4)}${code.slice(-4)}`;
}

export function toPublicCard(row: CardRow) {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    telco: row.telco,
    card_serial: row.cardSerial,
    card_value: row.cardValue,
    formatted_card_value: formatVND(row.cardValue),
    fee_percent: row.feePercent,
    status: row.status,
    status_display: CARD_STATUS_DISPLAY[row.status],
    amount_received: row.amountReceived,
    formatted_amount_received: row.amountReceived === null ? null : formatVND(row.amountReceived),
    message: row.status === "pending" ? CARD_MESSAGES.pending : (row.gatewayMessage ?? CARD_STATUS_DISPLAY[row.status]),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Applies what the gateway says about a card (after a callback, or when the cron re-checks it):
 * still pending changes nothing; a final answer settles the card through the user's wallet.
 */
export async function applyGatewayAnswer(env: Env, config: CardConfig, card: CardRow, answer: GatewayAnswer): Promise<CardStatus> {
  const status = mapGatewayStatus(answer);
  if (status === "pending") return "pending";
  const amount = status === "success" || status === "wrong_amount" ? amountToCredit(config, card, answer) : 0;
  await walletFor(env, card.userId).settleCard(card.userId, {
    cardId: card.id,
    status,
    amount,
    realValue: answer.value,
    gatewayStatus: answer.status,
    message: answer.message || CARD_STATUS_DISPLAY[status],
    maskedCode: maskCode(card.cardCode),
    reference: `card:${card.requestId}`,
  });
  return status;
}
