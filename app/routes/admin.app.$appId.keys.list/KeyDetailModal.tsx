// One key's details (spec §2): its code with a copy button, dates, device, and Thu hồi while available.
import type { ReactNode } from "react";
import { BUTTON_SECONDARY, BUTTON_SMALL, Modal } from "~/components/admin/AdminShell";
import { formatDateTime } from "../../../workers/shared/format";
import { toast } from "~/lib/toast";
import { type AdminKey, StatusBadge } from "./StatusBadge";

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-white/5 py-2 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm text-zinc-400 sm:w-32 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-white">{children}</dd>
    </div>
  );
}

export function KeyDetailModal({ keyRow, onClose, onRevoke }: { keyRow: AdminKey | null; onClose: () => void; onRevoke: (key: AdminKey) => void }) {
  async function copy() {
    if (!keyRow) return;
    try {
      await navigator.clipboard.writeText(keyRow.key_code);
      toast.success("Đã copy key vào clipboard!");
    } catch {
      toast.error("Không thể copy key. Vui lòng copy thủ công.");
    }
  }
  return (
    <Modal open={keyRow !== null} onClose={onClose} title="Chi tiết key" testId="key-detail">
      {keyRow && (
        <>
          <div className="mb-3 flex items-center gap-2 rounded-xl bg-zinc-950/60 p-3">
            <code className="min-w-0 flex-1 font-mono text-sm break-all text-white select-all">{keyRow.key_code}</code>
            <button type="button" className={BUTTON_SMALL} onClick={copy}>
              Copy
            </button>
          </div>
          <dl>
            <DetailRow label="Trạng thái">
              <StatusBadge status={keyRow.status} />
            </DetailRow>
            <DetailRow label="Loại key">{keyRow.key_type_name}</DetailRow>
            <DetailRow label="Giá">{keyRow.formatted_price ?? "—"}</DetailRow>
            <DetailRow label="Lô">{keyRow.batch?.batch_name ?? "—"}</DetailRow>
            <DetailRow label="Ngày tạo">{formatDateTime(keyRow.created_at)}</DetailRow>
            <DetailRow label="Ngày bán">{keyRow.sold_at ? formatDateTime(keyRow.sold_at) : "—"}</DetailRow>
            <DetailRow label="Kích hoạt">{keyRow.activated_at ? formatDateTime(keyRow.activated_at) : "—"}</DetailRow>
            <DetailRow label="Hết hạn">{keyRow.expires_at ? formatDateTime(keyRow.expires_at) : "—"}</DetailRow>
            <DetailRow label="Thiết bị">{keyRow.device_id || "—"}</DetailRow>
          </dl>
          {keyRow.status === "available" && (
            <div className="mt-4 flex justify-end">
              <button type="button" className={BUTTON_SECONDARY} onClick={() => onRevoke(keyRow)}>
                Thu hồi
              </button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
