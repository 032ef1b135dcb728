// A key as the admin key list sends it, and its status badge (the list and the detail dialog).
import { Badge } from "~/components/admin/AdminShell";
import { isKeyStatus, KEY_STATUS_TONES, keyStatusLabel } from "~/lib/admin";

export type AdminKey = {
  id: number;
  key_code: string;
  key_type_name: string;
  formatted_price: string | null;
  status: string;
  batch: { id: number; batch_name: string } | null;
  device_id: string | null;
  /** The last 4 characters of the bound device's id. */
  device_hint: string | null;
  lifetime: boolean;
  sold_at: string | null;
  activated_at: string | null;
  expires_at: string | null;
  last_check_at: string | null;
  check_count: number;
  device_reset_count: number;
  banned: boolean;
  banned_at: string | null;
  created_at: string | null;
};

/** The key's status, and "Đã khóa" beside it while an admin's ban holds. */
export function StatusBadge({ status, banned = false }: { status: string; banned?: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={isKeyStatus(status) ? KEY_STATUS_TONES[status] : "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30"}>{keyStatusLabel(status)}</Badge>
      {banned && <Badge tone="bg-red-500/15 text-red-300 ring-red-400/30">Đã khóa</Badge>}
    </span>
  );
}
