// A modal dialog: labelled, focus moves in and stays in, Escape and a backdrop click close it
// (unless `busy`), the page behind stops scrolling, and focus returns to the opener on close.
// On phones it sits at the bottom of the screen like a sheet.
import { type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** The id of the element holding the dialog's title (its accessible name). */
  labelledBy: string;
  describedBy?: string;
  /** While true (a purchase in flight) neither Escape nor the backdrop closes the dialog. */
  busy?: boolean;
  /** What gets focus when the dialog opens; else its first focusable element. */
  initialFocus?: RefObject<HTMLElement>;
  testId?: string;
  children: ReactNode;
};

export function Dialog({ open, onClose, labelledBy, describedBy, busy = false, initialFocus, testId, children }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  // The Escape listener lives as long as the dialog is open and reads the latest props here.
  const latest = useRef({ busy, onClose });
  latest.current = { busy, onClose };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening and closing (see the end of the effect).
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = initialFocus?.current ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current;
    target?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    // On the document, so Escape works wherever focus is.
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      if (!latest.current.busy) latest.current.onClose();
    };
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("keydown", onEscape);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // Only on opening and closing: a re-render must not pull focus back to the first button.
  }, [open]);

  if (!open) return null;

  function requestClose() {
    if (!busy) onClose();
  }

  // Keep Tab inside the dialog.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Tab" || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // Only a press and release both on the backdrop close: selecting the key code and letting go
  // outside the panel must not.
  function onBackdropDown(event: MouseEvent<HTMLDivElement>) {
    pressedOnBackdrop.current = event.target === event.currentTarget;
    // A press on the backdrop must not take focus out of the dialog.
    if (pressedOnBackdrop.current) event.preventDefault();
  }

  function onBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) requestClose();
    pressedOnBackdrop.current = false;
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse shortcut; the keyboard closes with Escape.
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 backdrop-blur-sm sm:items-center sm:p-4"
      onMouseDown={onBackdropDown}
      onClick={onBackdropClick}
      data-testid={testId ? `${testId}-backdrop` : undefined}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
        className="max-h-[100dvh] w-full overflow-y-auto overscroll-contain rounded-t-2xl border border-white/10 bg-zinc-900 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl outline-none sm:max-w-md sm:rounded-2xl sm:p-6"
      >
        {children}
      </div>
    </div>
  );
}

/** The × in a dialog's corner. */
export function DialogCloseButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="-mt-1 -mr-1 shrink-0 rounded-lg p-1.5 text-zinc-400 hover:bg-white/5 hover:text-white disabled:cursor-not-allowed disabled:opacity-40"
      aria-label="Đóng"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
