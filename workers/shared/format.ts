// Vietnamese formatting (docs/product.md §2, §9), shared by every screen and the API. Times are shown in
// Vietnam's time zone on the server and in the browser alike, so the hydrated page matches the HTML.

/** The store's clock: every time a person reads is Vietnam's. */
export const TIME_ZONE = "Asia/Ho_Chi_Minh";
const vnd = new Intl.NumberFormat("vi-VN", { style: "currency", currency: "VND" });
const usd = new Intl.NumberFormat("vi-VN", { style: "currency", currency: "USD" });
const grouped = new Intl.NumberFormat("vi-VN");
const dateFormat = new Intl.DateTimeFormat("vi-VN", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("vi-VN", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** 60000 → "60.000 ₫" */
export function formatVND(amount: number): string {
  return vnd.format(amount);
}

export function formatPrice(amount: number, currency: "VND" | "USD" = "VND"): string {
  return currency === "USD" ? usd.format(amount) : vnd.format(amount);
}

/**
 * A price with what the wallet pays for it: "5,00 US$ ≈ 127.500 ₫". A VND price, or a USD price
 * with no VND amount (no rate), is shown as itself.
 */
export function formatPriceWithVnd(amount: number, currency: "VND" | "USD" | string, vndAmount: number | null | undefined): string {
  if (currency !== "USD") return vnd.format(amount);
  return typeof vndAmount === "number" ? `${usd.format(amount)} ≈ ${vnd.format(vndAmount)}` : usd.format(amount);
}

/**
 * A wallet movement as everyone reads it, the buyer and the admin alike: the sign follows the
 * amount, whatever the movement's type (an admin adjustment can be either). 60000 → credit
 * "+60.000 ₫"; -7000 → debit "−7.000 ₫" (a true minus sign).
 */
export function signedVND(amount: number): { credit: boolean; text: string } {
  const credit = amount >= 0;
  return { credit, text: `${credit ? "+" : "−"}${vnd.format(Math.abs(amount))}` };
}

/** 1234567 → "1.234.567" */
export function formatNumber(value: number): string {
  return grouped.format(value);
}

export function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "25/11/2026" */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : "Chưa rõ thời gian";
}

/** "14:05 25/11/2026" */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : "Chưa rõ thời gian";
}

const MINUTE = 60_000;
const UNITS: [number, string][] = [
  [365 * 24 * 60 * MINUTE, "năm"],
  [30 * 24 * 60 * MINUTE, "tháng"],
  [7 * 24 * 60 * MINUTE, "tuần"],
  [24 * 60 * MINUTE, "ngày"],
  [60 * MINUTE, "giờ"],
  [MINUTE, "phút"],
];

/** "3 ngày trước"; a time under a minute ago or in the future is "Vừa xong". */
export function formatRelativeTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return "Chưa rõ thời gian";
  const elapsed = now - date.getTime();
  for (const [size, unit] of UNITS) {
    if (elapsed >= size) return `${Math.floor(elapsed / size)} ${unit} trước`;
  }
  return "Vừa xong";
}

/** A card's time label: updated_at, else created_at (docs/product.md §2). */
export function appTimeLabel(app: { updated_at?: string | null; created_at?: string | null }, now?: number): string {
  return formatRelativeTime(app.updated_at || app.created_at, now);
}

const SIZE_UNITS = ["B", "KB", "MB", "GB"];

/** 1572864 → "1.5 MB": B, KB, MB or GB with at most 2 decimals. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "Chưa rõ";
  if (bytes === 0) return "0 B";
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}
