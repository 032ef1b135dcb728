// The admin screens' dialogs: a titled modal, its Cancel and confirm buttons, and the "are you
// sure?" before a deletion.
import { type ReactNode, useId } from "react";
import { Dialog, DialogCloseButton } from "~/ui/Dialog";
import { Spinner } from "~/ui/Spinner";
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY } from "./AdminShell";

/** A titled modal with a close button; `wide` for details and long forms (the panel's width is Dialog's). */
export function Modal({
  open,
  onClose,
  title,
  busy,
  testId,
  wide,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  busy?: boolean;
  testId?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={id} busy={busy} testId={testId} wide={wide}>
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-white">
          {title}
        </h2>
        <DialogCloseButton onClick={onClose} disabled={busy} />
      </div>
      {children}
    </Dialog>
  );
}

/** "Are you sure? This cannot be undone." */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Xóa",
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} busy={busy} testId="confirm-dialog">
      <div className="text-sm text-zinc-300">{message}</div>
      <p className="mt-2 text-sm text-amber-300">Hành động này không thể hoàn tác.</p>
      <ModalActions className="mt-5" onCancel={onClose} busy={busy} label={confirmLabel} onConfirm={onConfirm} danger />
    </Modal>
  );
}

/**
 * A modal's Cancel and confirm buttons. The confirm button submits the surrounding form, or
 * calls `onConfirm` when given; both are disabled while `busy`.
 */
export function ModalActions({
  onCancel,
  busy = false,
  label,
  onConfirm,
  disabled = false,
  danger = false,
  className = "",
}: {
  onCancel: () => void;
  busy?: boolean;
  label: ReactNode;
  onConfirm?: () => void;
  disabled?: boolean;
  danger?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex justify-end gap-2 ${className}`}>
      <button type="button" className={BUTTON_SECONDARY} onClick={onCancel} disabled={busy}>
        Hủy
      </button>
      <button type={onConfirm ? "button" : "submit"} className={danger ? BUTTON_DANGER : BUTTON_PRIMARY} onClick={onConfirm} disabled={busy || disabled}>
        {busy && <Spinner />}
        {label}
      </button>
    </div>
  );
}
