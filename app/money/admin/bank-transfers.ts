// The admin's bank transfers and parked cards (app/routes/admin.bank-transfers.tsx): what a row is,
// the statuses the list filters by, and the users the credit dialog finds.
import type { PublicPaymentEvent } from "@workers/money/transfer-review";
import type { UsersPage } from "@workers/accounts/user-admin";

export type Transfer = PublicPaymentEvent;


export const STATUSES: { value: string; label: string; tone: string }[] = [
  { value: "unmatched", label: "Chưa khớp", tone: "bg-amber-500/15 text-amber-300 ring-amber-400/30" },
  { value: "credited", label: "Đã cộng tiền", tone: "bg-emerald-500/15 text-emerald-300 ring-emerald-400/30" },
  { value: "dismissed", label: "Đã bỏ qua", tone: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30" },
  { value: "ignored", label: "Bị bỏ qua tự động", tone: "bg-zinc-500/15 text-zinc-400 ring-zinc-400/20" },
];

export function statusOf(value: string) {
  return STATUSES.find((item) => item.value === value) ?? { value, label: value, tone: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30" };
}

/** ?status= picks the list; without it, the transfers waiting for an admin. An empty value lists them all. */
export function statusFrom(params: URLSearchParams): string {
  return params.get("status") ?? "unmatched";
}

export type FoundUser = UsersPage["users"][number];
