// One key's details (docs/product.md §2; issue #16 item 5): its code with a copy button, dates, the device it
// is bound to, its checks and device resets, and the changes it allows: revoke, deactivate or
// activate an unsold key; reset the device, extend, ban or unban a sold one.
import type { ReactNode } from "react";
import { BUTTON_DANGER, BUTTON_SECONDARY, BUTTON_SMALL } from "~/owner/AdminShell";
import { Modal } from "~/owner/AdminDialogs";
import { formatDateTime, formatNumber, formatPrice } from "@workers/shared/format";
import { toast } from "~/ui/toast";
import type { KeyChange } from "./KeyChangeDialog";
import type { AdminKey } from "@workers/licensing/key-admin";
import { keyTypeText } from "./KeyTable";
import { StatusBadge } from "./StatusBadge";

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-white/5 py-2 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm text-zinc-400 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-white">{children}</dd>
    </div>
  );
}

const when = (value: string | null) => (value ? formatDateTime(value) : "—");

function expiryText(key: AdminKey): string {
  if (key.expires_at) return formatDateTime(key.expires_at);
  if (key.trial_hours !== null) return `Dùng thử ${key.trial_hours} giờ, tính từ lần kích hoạt`;
  return key.lifetime ? "Vĩnh viễn" : "Tính từ lần kích hoạt";
}

/** The changes a key allows in its state, each confirmed by the list's dialog. */
function keyChanges(key: AdminKey): { kind: KeyChange | "revoke"; label: string; danger?: boolean }[] {
  if (key.status === "available") {
    return [
      { kind: "revoke", label: "Thu hồi" },
      { kind: "deactivate", label: "Vô hiệu hóa" },
    ];
  }
  if (key.status === "revoked") return [{ kind: "activate", label: "Kích hoạt" }];
  const changes: { kind: KeyChange; label: string; danger?: boolean }[] = [];
  if (key.device_id) changes.push({ kind: "reset-device", label: "Gỡ thiết bị" });
  if (key.activated_at && !key.lifetime) changes.push({ kind: "extend", label: "Gia hạn" });
  changes.push(key.banned ? { kind: "unban", label: "Mở khóa" } : { kind: "ban", label: "Khóa key", danger: true });
  return changes;
}

export function KeyDetailModal({ keyRow, onClose, onChange }: { keyRow: AdminKey; onClose: () => void; onChange: (kind: KeyChange | "revoke", key: AdminKey) => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(keyRow.key_code);
      toast.success("Đã copy key vào clipboard!");
    } catch {
      toast.error("Không thể copy key. Vui lòng copy thủ công.");
    }
  }
  return (
    <Modal open onClose={onClose} title="Chi tiết key" testId="key-detail">
      <div className="mb-3 flex items-center gap-2 rounded-xl bg-zinc-950/60 p-3">
        <code className="min-w-0 flex-1 font-mono text-sm break-all text-white select-all">{keyRow.key_code}</code>
        <button type="button" className={BUTTON_SMALL} onClick={copy}>
          Sao chép
        </button>
      </div>
      <dl>
        <DetailRow label="Trạng thái">
          <StatusBadge status={keyRow.status} banned={keyRow.banned} />
        </DetailRow>
        <DetailRow label="Loại key">{keyTypeText(keyRow)}</DetailRow>
        <DetailRow label="Giá">{keyRow.price === null ? "—" : formatPrice(keyRow.price, keyRow.currency ?? "VND")}</DetailRow>
        <DetailRow label="Lô">{keyRow.batch?.batch_name ?? "—"}</DetailRow>
        <DetailRow label="Ngày tạo">{when(keyRow.created_at)}</DetailRow>
        <DetailRow label="Ngày bán">{when(keyRow.sold_at)}</DetailRow>
        <DetailRow label="Kích hoạt">{when(keyRow.activated_at)}</DetailRow>
        <DetailRow label="Hết hạn">{expiryText(keyRow)}</DetailRow>
        <DetailRow label="Thiết bị">
          {keyRow.device_id ? (
            <span title={keyRow.device_id} data-testid="key-device">
              …{keyRow.device_hint}
            </span>
          ) : (
            "—"
          )}
        </DetailRow>
        <DetailRow label="Kiểm tra gần nhất">{when(keyRow.last_check_at)}</DetailRow>
        <DetailRow label="Số lần kiểm tra">{formatNumber(keyRow.check_count)}</DetailRow>
        <DetailRow label="Số lần đổi thiết bị">{formatNumber(keyRow.device_reset_count)}</DetailRow>
        {keyRow.banned && <DetailRow label="Khóa từ">{when(keyRow.banned_at)}</DetailRow>}
      </dl>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {keyChanges(keyRow).map((change) => (
          <button key={change.kind} type="button" className={change.danger ? BUTTON_DANGER : BUTTON_SECONDARY} onClick={() => onChange(change.kind, keyRow)}>
            {change.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
