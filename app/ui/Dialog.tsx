// The one modal dialog, on the native <dialog> element: showModal() makes the page behind inert,
// Escape arrives as the `cancel` event, focus moves in on opening and returns to the opener on
// close, a backdrop click closes it (unless `busy`), and the page behind stops scrolling.
// The <dialog> itself is the dimmed full-screen backdrop; the panel inside holds the content.
// On phones it sits at the bottom of the screen like a sheet; `fullScreen` fills the screen instead
// (the gallery's viewer). While it is open the toasts are drawn inside it (lib/toast.ts).
import { type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject, type SyntheticEvent, useCallback, useEffect, useRef } from "react";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";
import { holdToasts } from "~/ui/toast-host";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** The id of the element holding the dialog's title (its accessible name). */
  labelledBy: string;
  describedBy?: string;
  /** While true (a purchase in flight) neither Escape nor the backdrop closes the dialog. */
  busy?: boolean;
  /** What gets focus when the dialog opens; else the element marked `data-autofocus`, else the first focusable one. */
  initialFocus?: RefObject<HTMLElement>;
  testId?: string;
  /** The whole screen, black, no panel frame (a media viewer). */
  fullScreen?: boolean;
  /** A wider panel on larger screens (details, long forms); never wider than the window. */
  wide?: boolean;
  children: ReactNode;
};

export function Dialog({ open, onClose, labelledBy, describedBy, busy = false, initialFocus, testId, fullScreen = false, wide = false, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement | null>(null);
  const releaseToasts = useRef<(() => void) | null>(null);
  // While the dialog is shown the toasts are drawn inside it (lib/toast.ts), from showModal on.
  // React calls a ref with null before it takes the node out, so they are back on the page first.
  const placeDialog = useCallback((node: HTMLDialogElement | null) => {
    dialog.current = node;
    if (node) return;
    releaseToasts.current?.();
    releaseToasts.current = null;
  }, []);
  const panel = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);

  // Focus and the top layer: only on opening and closing, so a re-render does not pull focus
  // back to the first button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening and closing (see above).
  useEffect(() => {
    const node = dialog.current;
    if (!open || !node) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) node.showModal();
    releaseToasts.current ??= holdToasts(node);
    const target = initialFocus?.current ?? panel.current?.querySelector<HTMLElement>("[data-autofocus]") ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current;
    target?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      if (node.open) node.close();
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  function requestClose() {
    if (!busy) onClose();
  }

  // Escape: the browser would close the <dialog> itself; the caller decides instead.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    requestClose();
  }

  // The browser may still close it on a repeated Escape; while it is meant to stay, show it again.
  function onNativeClose() {
    const node = dialog.current;
    if (!node?.isConnected) return;
    if (busy) node.showModal();
    else onClose();
  }

  // Keep Tab inside the panel.
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
  function onBackdropDown(event: MouseEvent<HTMLDialogElement>) {
    pressedOnBackdrop.current = event.target === event.currentTarget;
    // A press on the backdrop must not take focus out of the panel.
    if (pressedOnBackdrop.current) event.preventDefault();
  }

  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) requestClose();
    pressedOnBackdrop.current = false;
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse shortcut; the keyboard closes with Escape (the cancel event).
    <dialog
      ref={placeDialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={onCancel}
      onClose={onNativeClose}
      onMouseDown={onBackdropDown}
      onClick={onBackdropClick}
      data-testid={testId ? `${testId}-backdrop` : undefined}
      className={`fixed inset-0 z-50 m-0 h-full max-h-none w-full max-w-none justify-center border-0 p-0 text-inherit open:flex backdrop:bg-transparent ${
        fullScreen ? "items-stretch bg-black" : "items-end bg-black/70 backdrop-blur-sm sm:items-center sm:p-4"
      }`}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the panel keeps Tab inside the dialog; it is not a control. */}
      <div
        ref={panel}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
        className={
          fullScreen
            ? "flex h-[100dvh] w-full flex-col outline-none"
            : `max-h-[100dvh] w-full overflow-y-auto overscroll-contain rounded-t-2xl border border-white/10 bg-zinc-900 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl outline-none sm:rounded-2xl sm:p-6 ${
                wide ? "sm:max-w-2xl" : "sm:max-w-md"
              }`
        }
      >
        {children}
      </div>
    </dialog>
  );
}

/** The × in a dialog's corner. */
export function DialogCloseButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  const words = useWords(shellWords);
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="-mt-1 -mr-1 shrink-0 rounded-lg p-1.5 text-zinc-400 hover:bg-white/5 hover:text-white disabled:cursor-not-allowed disabled:opacity-40"
      aria-label={words.dismiss}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
