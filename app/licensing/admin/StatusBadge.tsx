// A key's status badge (the key list and the detail dialog).
import { Badge } from "~/owner/AdminShell";
import { isKeyStatus, KEY_STATUS_TONES, keyStatusLabel } from "~/owner/admin-key-list";


/** The key's status, and "Đã khóa" beside it while an admin's ban holds. */
export function StatusBadge({ status, banned = false }: { status: string; banned?: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={isKeyStatus(status) ? KEY_STATUS_TONES[status] : "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30"}>{keyStatusLabel(status)}</Badge>
      {banned && <Badge tone="bg-red-500/15 text-red-300 ring-red-400/30">Đã khóa</Badge>}
    </span>
  );
}
