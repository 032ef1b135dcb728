// The admin screens' building blocks (page heading, buttons, pager, badges, tables; the dialogs are
// ./AdminDialogs.tsx); the guard and the section links are the layout's (routes/admin.tsx).
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { inputClass } from "~/ui/input-class";

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
const TABLE_WRAP = "overflow-x-auto rounded-2xl border border-white/5 bg-zinc-900";
const TH = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-zinc-400 uppercase whitespace-nowrap";
export const TD = "px-3 py-2.5 align-middle";

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

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Phân trang" className="mt-4 flex items-center justify-center gap-3 text-sm text-zinc-300">
      <button type="button" className={BUTTON_SMALL} onClick={() => onPage(page - 1)} disabled={page <= 1}>
        ← Trước
      </button>
      <span>
        Trang {page} / {totalPages}
      </span>
      <button type="button" className={BUTTON_SMALL} onClick={() => onPage(page + 1)} disabled={page >= totalPages}>
        Sau →
      </button>
    </nav>
  );
}

/** A column heading: its text, or its content with extra classes (alignment, width). */
export type Column = string | { label: ReactNode; className: string };
export const RIGHT = (label: string): Column => ({ label, className: "text-right" });
export const ACTIONS_COLUMN = RIGHT("Thao tác");

/** An admin list: a table that scrolls sideways on a phone, its headings, and its rows, or the
 * `empty` message across the whole table when there are none. */
export function AdminTable({
  testId,
  minWidth,
  columns,
  empty,
  children,
}: {
  testId?: string;
  minWidth: string;
  columns: Column[];
  empty?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={TABLE_WRAP}>
      <table className={`w-full ${minWidth} text-sm text-zinc-200`} data-testid={testId}>
        <thead className="border-b border-white/5">
          <tr>
            {columns.map((column, index) =>
              typeof column === "string" ? (
                <th key={column} className={TH}>
                  {column}
                </th>
              ) : (
                <th key={index} className={`${TH} ${column.className}`}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {empty ? <EmptyRow colSpan={columns.length}>{empty}</EmptyRow> : null}
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** The search box above a list; its label is for screen readers. */
export function SearchInput({
  id,
  label,
  className = "max-w-sm",
  onValue,
  ...input
}: { id: string; label: string; onValue: (value: string) => void } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" className={`${inputClass(false)} ${className}`} onChange={(event) => onValue(event.target.value)} {...input} />
    </>
  );
}

/** A filter above a list: "all" first, then the given choices. */
export function FilterSelect({
  id,
  label,
  allLabel,
  options,
  onValue,
  ...select
}: {
  id: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  /** The value chosen, and the form the select is in (a filter form submits itself). */
  onValue: (value: string, form: HTMLFormElement | null) => void;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} className={SELECT_CLASS} onChange={(event) => onValue(event.target.value, event.target.form)} {...select}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-zinc-400">
        {children}
      </td>
    </tr>
  );
}

/** The last cell of an admin table row: its action buttons, right-aligned on one line. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className={`${TD} text-right whitespace-nowrap`}>
      <div className="inline-flex gap-1.5">{children}</div>
    </td>
  );
}
