// The key list's "are you sure?" before deleting a key, the ticked keys or revoking a key: a file of
// its own, fetched when it opens (KeyListScreen.tsx).
import type { AdminKey } from "@workers/licensing/key-admin";
import { formatNumber } from "@workers/shared/format";
import { ConfirmDialog } from "~/owner/AdminDialogs";

export type KeyConfirm = { kind: "delete"; key: AdminKey } | { kind: "bulk" } | { kind: "revoke"; key: AdminKey };

export function KeyConfirmDialog({
  confirm,
  ticked,
  busy,
  onConfirm,
  onClose,
}: {
  confirm: KeyConfirm;
  /** How many keys are ticked: what a bulk delete removes. */
  ticked: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open
      busy={busy}
      title={confirm.kind === "revoke" ? "Thu hồi key" : "Xóa key"}
      confirmLabel={confirm.kind === "revoke" ? "Thu hồi" : "Xóa"}
      message={
        confirm.kind === "bulk"
          ? `Xóa ${formatNumber(ticked)} key đã chọn?`
          : confirm.kind === "revoke"
            ? `Thu hồi key ${confirm.key.key_code}?`
            : `Xóa key ${confirm.key.key_code}?`
      }
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
