// What the two top-up dialogs share: their title row, their buttons, and the 401-while-creating
// path of docs/product.md §8 "Wallet".
import { useSessionExpired } from "~/lib/auth";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { TOPUP_TIMINGS } from "~/lib/topup";
import { TOPUP_MESSAGES } from "@workers/shared/topup";
import { DialogCloseButton } from "~/components/Dialog";

export const TOPUP_PRIMARY =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl bg-indigo-600 px-4 py-3 font-bold text-white shadow-lg hover:bg-indigo-500 aria-busy:cursor-wait aria-busy:opacity-80 disabled:cursor-not-allowed disabled:bg-zinc-700 disabled:text-zinc-400 disabled:shadow-none";
export const TOPUP_SECONDARY =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl border border-white/10 bg-white/5 px-4 py-3 font-semibold text-zinc-100 hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50";
export const TOPUP_DANGER =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl border border-red-500/30 px-4 py-3 font-semibold text-red-300 hover:bg-red-500/10 aria-busy:cursor-wait aria-busy:opacity-80 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * A dialog that swaps its content (form → transaction → result) removes the focused button with
 * it; put focus back inside on `target` so Tab and screen readers stay in the dialog.
 */
export function keepFocusInDialog(target: HTMLElement | null) {
  const dialog = target?.closest("dialog");
  if (target && dialog && !dialog.contains(document.activeElement)) target.focus();
}

/** True while the dialog is on screen: answers that arrive after it closed are dropped. */
export function useStillOpen(): RefObject<boolean> {
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  return open;
}

export function TopupDialogTitle({ id, title, subtitle, onClose, busy }: { id: string; title: string; subtitle?: ReactNode; onClose: () => void; busy?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <h2 id={id} className="text-xl font-bold text-white">
          {title}
        </h2>
        {subtitle && <p className="mt-1 text-sm text-zinc-400">{subtitle}</p>}
      </div>
      <DialogCloseButton onClick={onClose} disabled={busy} />
    </div>
  );
}

/**
 * A 401 while creating a top-up (docs/product.md §8 "Wallet"): 'Phiên đăng nhập đã hết hạn', the session
 * forgotten, /login after 2 s (with this page as the way back). One toast however often it fires.
 */
export function useTopupSessionExpired(): () => void {
  return useSessionExpired(TOPUP_MESSAGES.sessionExpired, TOPUP_TIMINGS.sessionRedirectMs);
}
