// The cleanup dialog (docs/product.md §4 "Cleanup modes"): every sold key, keys of one status, or the ticked
// keys. Mounted when opened, so it starts on "the ticked keys" when some are ticked.
import { useState } from "react";
import { SELECT_CLASS } from "~/owner/AdminShell";
import { Modal, ModalActions } from "~/owner/AdminDialogs";
import { CLEANUP_STATUSES, KEY_STATUS_LABELS } from "~/owner/admin-key-list";
import { formatNumber } from "@workers/shared/format";

type CleanupMode = "sold" | "status" | "selected";
type CleanupStatus = (typeof CLEANUP_STATUSES)[number];
export type Cleanup = { mode: CleanupMode; status: CleanupStatus };

export function CleanupModal({ selected, busy, onRun, onClose }: { selected: number[]; busy: boolean; onRun: (cleanup: Cleanup) => void; onClose: () => void }) {
  const [mode, setMode] = useState<CleanupMode>(selected.length > 0 ? "selected" : "sold");
  const [status, setStatus] = useState<CleanupStatus>("sold");

  const modes: { value: CleanupMode; label: string }[] = [
    { value: "sold", label: "Xóa tất cả key đã bán" },
    { value: "status", label: "Xóa key theo trạng thái" },
    ...(selected.length > 0 ? [{ value: "selected" as const, label: `Xóa ${formatNumber(selected.length)} key đã chọn` }] : []),
  ];

  return (
    <Modal open onClose={onClose} title="Dọn dẹp key" busy={busy} testId="cleanup-modal">
      <fieldset className="space-y-2">
        <legend className="sr-only">Chế độ dọn dẹp</legend>
        {modes.map((item) => (
          <label key={item.value} className="flex cursor-pointer items-center gap-3 rounded-xl border border-white/10 px-3 py-2.5 text-sm text-zinc-200 has-[:checked]:border-indigo-400">
            <input type="radio" name="cleanup-mode" value={item.value} checked={mode === item.value} onChange={() => setMode(item.value)} className="accent-indigo-500" />
            {item.label}
          </label>
        ))}
      </fieldset>
      {mode === "status" && (
        <div className="mt-3">
          <label htmlFor="cleanup-status" className="mb-1.5 block text-sm font-medium text-zinc-200">
            Trạng thái
          </label>
          <select id="cleanup-status" className={`${SELECT_CLASS} w-full`} value={status} onChange={(event) => setStatus(event.target.value as CleanupStatus)}>
            {CLEANUP_STATUSES.map((value) => (
              <option key={value} value={value}>
                {KEY_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="mt-3 text-sm text-amber-300">Hành động này không thể hoàn tác.</p>
      <ModalActions className="mt-5" onCancel={onClose} busy={busy} label="Dọn dẹp" onConfirm={() => onRun({ mode, status })} />
    </Modal>
  );
}
