import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";
import { dismissToast, subscribeToasts, type Toast } from "~/ui/toast";
import { toastHost } from "~/ui/toast-host";

const STYLES: Record<Toast["kind"], string> = {
  success: "border-emerald-500/40 bg-emerald-950/90 text-emerald-100",
  error: "border-red-500/40 bg-red-950/90 text-red-100",
  warning: "border-amber-500/40 bg-amber-950/90 text-amber-100",
  info: "border-sky-500/40 bg-sky-950/90 text-sky-100",
};

/**
 * The toasts, top right under the header (its controls stay uncovered on a phone), drawn in the
 * element lib/toast.ts moves into an open modal dialog, above its backdrop and not inert. Nothing
 * is served: the first toast comes after hydration.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const words = useWords(shellWords);
  useEffect(() => subscribeToasts(setToasts), []);
  useEffect(() => setHost(toastHost()), []);
  const region = (
    <div className="pointer-events-none fixed top-20 right-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto" aria-live="polite" data-toaster>
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.kind === "error" ? "alert" : "status"}
          data-toast={item.kind}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm whitespace-pre-line shadow-xl backdrop-blur transition-all duration-300 ${STYLES[item.kind]} ${
            item.phase === "shown" ? "translate-x-0 opacity-100" : "translate-x-4 opacity-0"
          }`}
        >
          <span className="flex-1">{item.message}</span>
          <button type="button" onClick={() => dismissToast(item.id)} className="opacity-70 hover:opacity-100" aria-label={words.closeNotification}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return host && createPortal(region, host);
}
