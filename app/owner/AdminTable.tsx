// The admin lists' building blocks (table, pager, search and filter), beside ./AdminShell.tsx: a
// file of their own, as the screens without a list (a form, a tab of the key pages) do not show them.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { inputClass } from "~/ui/input-class";
import { BUTTON_SMALL, SELECT_CLASS } from "./AdminShell";

const TABLE_WRAP = "overflow-x-auto rounded-2xl border border-white/5 bg-zinc-900";
const TH = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-zinc-400 uppercase whitespace-nowrap";
export const TD = "px-3 py-2.5 align-middle";

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
