// The admin screens' building blocks (page heading, buttons, badges; the lists' tables, pager and
// filters are ./AdminTable.tsx, the dialogs ./AdminDialogs.tsx); the guard and the section links
// are the layout's (routes/admin.tsx).
import type { ReactNode } from "react";

export const BUTTON_PRIMARY =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-indigo-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400 disabled:cursor-not-allowed disabled:opacity-50";
export const BUTTON_SECONDARY =
  "inline-flex items-center justify-center gap-2 rounded-xl border border-white/10 bg-zinc-800 px-4 py-2 text-sm font-medium text-zinc-100 transition hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400 disabled:cursor-not-allowed disabled:opacity-50";
export const BUTTON_DANGER =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-400 disabled:cursor-not-allowed disabled:opacity-50";
export const BUTTON_SMALL =
  "inline-flex items-center justify-center rounded-lg border border-white/10 px-2.5 py-1 text-xs font-medium text-zinc-200 transition hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-indigo-400 disabled:cursor-not-allowed disabled:opacity-50";
export const CARD = "rounded-2xl border border-white/5 bg-zinc-900";
export const SELECT_CLASS =
  "rounded-xl border border-white/10 bg-zinc-950/60 px-3 py-2 text-sm text-white hover:border-white/20 focus-visible:border-indigo-400";

/** The screen's heading, subtitle and actions (the section links come from routes/admin.tsx). */
export function AdminPage({ title, subtitle, actions, children }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-black text-white sm:text-3xl">{title}</h1>
          {subtitle && <div className="mt-1 text-sm text-zinc-400">{subtitle}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </>
  );
}

export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone}`}>{children}</span>;
}

export function StatCard({ label, value, tone = "text-white" }: { label: string; value: ReactNode; tone?: string }) {
  return (
    <div className={`${CARD} p-4`}>
      <p className="text-sm text-zinc-400">{label}</p>
      <p className={`mt-1 text-xl font-black break-words ${tone}`}>{value}</p>
    </div>
  );
}
