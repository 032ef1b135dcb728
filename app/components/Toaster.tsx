import { useEffect, useState } from "react";
import { dismissToast, subscribeToasts, type Toast } from "~/lib/toast";

const STYLES: Record<Toast["kind"], string> = {
  success: "border-emerald-500/40 bg-emerald-950/90 text-emerald-100",
  error: "border-red-500/40 bg-red-950/90 text-red-100",
  warning: "border-amber-500/40 bg-amber-950/90 text-amber-100",
  info: "border-sky-500/40 bg-sky-950/90 text-sky-100",
};

export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <div className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto" aria-live="polite">
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
          <button type="button" onClick={() => dismissToast(item.id)} className="opacity-70 hover:opacity-100" aria-label="Đóng thông báo">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
