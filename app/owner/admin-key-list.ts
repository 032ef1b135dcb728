// Pure helpers of the admin's key list (docs/product.md §4): statuses, cleanup and selection,
// beside app/owner/admin.ts.
import { KEY_STATUSES, type KeyStatus } from "@workers/shared/enums";

export const KEY_STATUS_LABELS: Record<KeyStatus, string> = {
  available: "Có sẵn",
  sold: "Đã bán",
  used: "Đang dùng",
  expired: "Hết hạn",
  revoked: "Thu hồi",
};

export const KEY_STATUS_TONES: Record<KeyStatus, string> = {
  available: "bg-emerald-500/15 text-emerald-300 ring-emerald-400/30",
  sold: "bg-indigo-500/15 text-indigo-300 ring-indigo-400/30",
  used: "bg-sky-500/15 text-sky-300 ring-sky-400/30",
  expired: "bg-amber-500/15 text-amber-300 ring-amber-400/30",
  revoked: "bg-red-500/15 text-red-300 ring-red-400/30",
};

export function keyStatusLabel(status: string): string {
  return (KEY_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export function isKeyStatus(value: string | null | undefined): value is KeyStatus {
  return (KEY_STATUSES as readonly string[]).includes(value ?? "");
}

/** The statuses the "by status" cleanup offers (docs/product.md §4 "Cleanup modes"). */
export const CLEANUP_STATUSES = ["sold", "used", "expired", "revoked"] as const satisfies readonly KeyStatus[];

/** Ticking "all on this page" adds or removes exactly the page's ids. */
export function toggleAll(selected: ReadonlySet<number>, pageIds: number[], on: boolean): Set<number> {
  const next = new Set(selected);
  for (const id of pageIds) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
