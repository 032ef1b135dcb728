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
  sold_at: string | null;
  activated_at: string | null;
  expires_at: string | null;
  created_at: string | null;
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={isKeyStatus(status) ? KEY_STATUS_TONES[status] : "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30"}>{keyStatusLabel(status)}</Badge>;
}
