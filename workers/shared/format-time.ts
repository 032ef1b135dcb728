// The short "21:19 27/11" form, apart from format.ts so the pages that never show it (home, the app
// page) do not carry it: format.ts rides in their shared chunk (vite.config.ts).
import { TIME_ZONE, toDate } from "./format";

const shortDateTimeFormat = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "21:19 27/11": a time within the coming days (vi-VN's own short form writes "27-11"). */
export function formatTimeDayMonth(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return "Chưa rõ thời gian";
  const part = Object.fromEntries(shortDateTimeFormat.formatToParts(date).map((piece) => [piece.type, piece.value]));
  return `${part.hour}:${part.minute} ${part.day}/${part.month}`;
}
