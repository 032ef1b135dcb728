import type { ReactNode } from "react";
import { Spinner } from "../ui/Spinner";
import { PRIMARY_BUTTON } from "../ui/button-class";

/** The frame of the account screens: a centred card with a heading, comfortable at 375 px. */
export function AuthCard({ title, description, wide, children, footer }: { title: string; description?: ReactNode; wide?: boolean; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:py-14 ${wide ? "max-w-xl" : "max-w-md"}`}>
      <section className="rounded-2xl border border-white/5 bg-zinc-900/70 p-5 shadow-2xl sm:p-8" aria-labelledby="auth-title">
        <h1 id="auth-title" className="text-2xl font-black tracking-tight text-white">
          {title}
        </h1>
        {description && <div className="mt-2 text-sm text-zinc-400">{description}</div>}
        <div className="mt-6">{children}</div>
      </section>
      {footer && <div className="mt-6 text-center text-sm text-zinc-400">{footer}</div>}
    </div>
  );
}

/** The form's main button; while busy it says so and cannot be pressed twice. */
export function SubmitButton({ busy, busyLabel, disabled, children }: { busy: boolean; busyLabel: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy || disabled} aria-disabled={busy || disabled || undefined} className={PRIMARY_BUTTON}>
      {busy && <Spinner />}
      {busy ? busyLabel : children}
    </button>
  );
}

/** "hoặc" (`label`, in the page's words) between the form and the Google button. */
export function OrDivider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-zinc-500 uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-white/10" />
      {label}
      <span className="h-px flex-1 bg-white/10" />
    </div>
  );
}
